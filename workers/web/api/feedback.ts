import { z } from "zod";
import {
  CONTACT_MESSAGES,
  contactMessageSchema,
  MAX_CONTACT_MESSAGES_PER_IP,
  submitContactMessage,
} from "../../core/feedback/contact";
import { clientIp } from "../lib/auth";
import { operation } from "./operation";

/** Messages to the team; for now the public contact form (decision 0032). */
export const feedbackOperations = [
  operation(
    {
      method: "POST",
      path: "/feedback/contact",
      group: "Обратная связь",
      summary: "Сообщение с формы «Контакты»",
      description: `Имя, email, телефон (необязательно) и сообщение до 2000 символов. Поле website оставьте пустым: его заполняют только боты. Не больше ${MAX_CONTACT_MESSAGES_PER_IP} сообщений в час с одного IP (429 с заголовком Retry-After).`,
      access: "public",
      body: contactMessageSchema,
      success: {
        status: 201,
        data: z.strictObject({ received: z.literal(true) }),
        message: CONTACT_MESSAGES.sent,
        example: { received: true },
      },
      errors: [429],
    },
    async (c, { body }, reply) => {
      const result = await submitContactMessage(c.get("db"), body, {
        ip: clientIp(c),
        userId: c.get("caller")?.user.id ?? null,
        userAgent: c.req.header("user-agent") ?? null,
        now: Date.now(),
      });
      if (!result.ok) {
        c.header("Retry-After", String(result.retryAfterSeconds));
        return reply.fail(429, result.message);
      }
      return reply.ok({ received: true });
    },
  ),
];
