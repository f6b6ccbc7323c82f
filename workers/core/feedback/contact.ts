// The public contact form (/contact and POST /api/feedback/contact): a message lands in the
// feedback store. Public, so it is limited per IP and carries a honeypot field for bots.
import { z } from "zod";
import type { Db } from "../../../db/client";
import { feedbackMessages } from "../../../db/schema";
import { ipThrottleKey, takeSlot } from "../throttle";
import { emailField, personNameField } from "../validation/fields";
import { FEEDBACK_MESSAGES, feedbackMessageField } from "./rules";

export { MAX_MESSAGE_LENGTH } from "./rules";
/** Messages one IP may send in the window. */
export const MAX_CONTACT_MESSAGES_PER_IP = 5;
export const CONTACT_WINDOW_MS = 60 * 60 * 1000;

export const CONTACT_MESSAGES = {
  sent: FEEDBACK_MESSAGES.sent,
  messageRequired: FEEDBACK_MESSAGES.messageRequired,
  messageTooLong: FEEDBACK_MESSAGES.messageTooLong,
  phoneInvalid: "Введите корректный номер телефона",
  rateLimited: "Слишком много сообщений с этого адреса. Попробуйте через час или напишите нам на почту.",
} as const;

const PHONE = /^\+?[1-9]\d{1,14}$/;

/** One schema for the /contact form and the API (the honeypot `website` must stay empty). */
export const contactMessageSchema = z.object({
  name: personNameField("firstName"),
  email: emailField,
  phone: z
    .string({ error: CONTACT_MESSAGES.phoneInvalid })
    .trim()
    .transform((phone) => phone.replace(/[\s()-]/g, ""))
    .refine((phone) => phone === "" || PHONE.test(phone), { error: CONTACT_MESSAGES.phoneInvalid })
    .optional(),
  message: feedbackMessageField,
  /** Hidden from people; a bot that fills every field fills this one too. */
  website: z.string().max(200).optional(),
});

export type ContactMessageInput = z.output<typeof contactMessageSchema>;

export type ContactResult = { ok: true } | { ok: false; retryAfterSeconds: number; message: string };

/**
 * Stores the message. A filled honeypot gets the same answer as a person and nothing is stored,
 * so a bot learns nothing. The IP's slot is taken before the write: a burst cannot pass the limit.
 */
export async function submitContactMessage(
  db: Db,
  input: ContactMessageInput,
  context: { ip: string | null; userId: string | null; userAgent: string | null; now: number },
): Promise<ContactResult> {
  if (input.website && input.website.trim() !== "") return { ok: true };
  const rules = context.ip
    ? [
        {
          key: `contact:ip:${ipThrottleKey(context.ip)}`,
          limit: MAX_CONTACT_MESSAGES_PER_IP,
          windowMs: CONTACT_WINDOW_MS,
        },
      ]
    : [];
  const slot = await takeSlot(db, rules, context.now);
  if (!slot.ok)
    return { ok: false, retryAfterSeconds: slot.retryAfterSeconds, message: CONTACT_MESSAGES.rateLimited };
  await db.insert(feedbackMessages).values({
    id: crypto.randomUUID(),
    userId: context.userId,
    userName: input.name,
    userEmail: input.email.toLowerCase(),
    phone: input.phone || null,
    screen: "contact",
    message: input.message,
    metadata: context.userAgent ? JSON.stringify({ userAgent: context.userAgent.slice(0, 300) }) : null,
    createdAt: new Date(context.now),
  });
  return { ok: true };
}
