import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import {
  CONTACT_MESSAGES,
  contactMessageSchema,
  MAX_CONTACT_MESSAGES_PER_IP,
  submitContactMessage,
} from "../../core/feedback/contact";
import {
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_TOP,
  FEEDBACK_WINDOW_MS,
  feedbackListQuerySchema,
  feedbackSchema,
  feedbackStats,
  feedbackDoneSchema,
  listFeedback,
  markFeedbackDone,
  MAX_FEEDBACK_PER_USER,
  REPEAT_WINDOW_MS,
  submitFeedback,
} from "../../core/feedback/messages";
import { FEEDBACK_MESSAGES } from "../../core/feedback/rules";
import { clientIp } from "../lib/auth";
import { exampleUser } from "./auth";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Обратная связь";

const feedbackSchemaOut = z.strictObject({
  id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  user_id: z.string().nullable(),
  screen: z.string(),
  message: z.string(),
  created_at: timestamp,
  metadata: z.record(z.string(), z.unknown()).nullable(),
  done_at: timestamp.nullable(),
});

const exampleFeedback = {
  id: "5b0e4c1f-7d2a-4e8b-9f3c-1a2b3c4d5e6f",
  user_name: `${exampleUser.firstName} ${exampleUser.lastName}`,
  user_email: exampleUser.email,
  user_id: exampleUser.id,
  screen: "Заказы",
  message: "Добавьте, пожалуйста, фильтр по дате погрузки.",
  created_at: "2026-11-24T09:15:00.000Z",
  metadata: {
    url: "https://reys.example/dashboard/orders",
    userAgent: "Mozilla/5.0",
    timestamp: "2026-11-24T09:15:00.000Z",
    viewport: { width: 1440, height: 900 },
  },
  done_at: null,
};

const countMap = z.record(z.string(), z.number().int());

/** Messages to the team: the signed-in dialog, the admin's panel and the public contact form. */
export const feedbackOperations = [
  operation(
    {
      method: "POST",
      path: "/feedback",
      group: GROUP,
      summary: "Отправить отзыв из приложения",
      description: `Сообщение (до 2000 символов, не пустое после обрезки пробелов), экран, на котором оно написано, и metadata: url, userAgent, timestamp (ISO 8601), viewport {width, height}. Автор — вошедший пользователь. То же сообщение на том же экране повторно в течение ${REPEAT_WINDOW_MS / 60_000} минут (двойной клик, повтор запроса) не сохраняется второй раз: ответ 200 с уже сохранённым сообщением. Не больше ${MAX_FEEDBACK_PER_USER} сообщений в ${FEEDBACK_WINDOW_MS / 60_000} минут от одного пользователя (429 с заголовком Retry-After).`,
      access: "signed-in",
      roles: ROLES.all,
      body: feedbackSchema,
      success: {
        status: [201, 200],
        data: z.strictObject({ id: z.string(), screen: z.string(), created_at: timestamp }),
        message: FEEDBACK_MESSAGES.sent,
        example: {
          id: exampleFeedback.id,
          screen: exampleFeedback.screen,
          created_at: exampleFeedback.created_at,
        },
      },
      errors: [429],
    },
    async (c, { body }, reply) => {
      const result = await submitFeedback(c.get("db"), callerOf(c).user, body, Date.now());
      if (!result.ok) return reply.refuse(result);
      return reply.ok(result.feedback, { status: result.created ? 201 : 200 });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/feedback",
      group: GROUP,
      summary: "Список обратной связи (для администратора)",
      description: `Все сообщения, новые сверху, по ${FEEDBACK_PAGE_SIZE} на странице (limit до 100); фильтры screen (экран), user_id (автор) и status (open — не отмеченные, done — отмеченные администратором). pagination рядом с data: page, limit, total, totalPages. Сообщения формы «Контакты» — экран contact, user_id у них null, если автор не входил.`,
      access: "admin",
      query: feedbackListQuerySchema,
      success: {
        status: 200,
        data: z.array(feedbackSchemaOut),
        extra: {
          pagination: z.strictObject({
            page: z.number().int(),
            limit: z.number().int(),
            total: z.number().int(),
            totalPages: z.number().int(),
          }),
        },
        example: [exampleFeedback],
        exampleExtra: { pagination: { page: 1, limit: FEEDBACK_PAGE_SIZE, total: 1, totalPages: 1 } },
      },
      errors: [],
    },
    async (c, { query }, reply) => {
      const { feedback, pagination } = await listFeedback(c.get("db"), query);
      return reply.ok(feedback, { extra: { pagination } });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/feedback/stats",
      group: GROUP,
      summary: "Сводка обратной связи (для администратора)",
      description: `total — всего сообщений; by_screen и by_user — по ${FEEDBACK_TOP} экранов и пользователей (полный id) с наибольшим числом сообщений, по убыванию. Сообщения без автора (форма «Контакты» без входа) в by_user не входят.`,
      access: "admin",
      success: {
        status: 200,
        data: z.strictObject({ total: z.number().int(), by_screen: countMap, by_user: countMap }),
        example: {
          total: 42,
          by_screen: { Заказы: 12, ЭДО: 9, Финансы: 6, contact: 5, Главная: 4 },
          by_user: { [exampleUser.id]: 7 },
        },
      },
      errors: [],
    },
    async (c, _input, reply) => reply.ok(await feedbackStats(c.get("db"))),
  ),
  operation(
    {
      method: "POST",
      path: "/feedback/done",
      group: GROUP,
      summary: "Отметить сообщение выполненным (для администратора)",
      description:
        "id сообщения и done: true (по умолчанию) — отметить, false — вернуть в работу. Повторная отметка сохраняет время первой.",
      access: "admin",
      body: feedbackDoneSchema,
      success: {
        status: 200,
        data: z.strictObject({ id: z.string(), done_at: timestamp.nullable() }),
        example: { id: exampleFeedback.id, done_at: "2026-11-24T12:00:00.000Z" },
      },
      errors: [404],
    },
    async (c, { body }, reply) => {
      const result = await markFeedbackDone(c.get("db"), body, Date.now());
      return result.ok ? reply.ok(result.feedback) : reply.refuse(result);
    },
  ),
  operation(
    {
      method: "POST",
      path: "/feedback/contact",
      group: GROUP,
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
