// Feedback from signed-in users (spec 1 §2 "Feedback", §3, §5, §9; decision 0066): the dialog's
// message with the screen it was written on, and the admin's list and stats over every message
// to the team (the public contact form's too, under the screen "contact").
import { and, count, desc, eq, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { feedbackMessages } from "../../../db/schema";
import { releaseSlot, takeSlot } from "../throttle";
import { feedbackMessageField } from "./rules";

/** Messages one user may send in the window: far above a person's pace, well below a script's. */
export const MAX_FEEDBACK_PER_USER = 10;
export const FEEDBACK_WINDOW_MS = 60 * 60 * 1000;
/** The same message on the same screen again within this time is the first one repeated. */
export const REPEAT_WINDOW_MS = 10 * 60 * 1000;
export const FEEDBACK_PAGE_SIZE = 20;
/** Stats show the top 5 screens and users (spec 1 §9). */
export const FEEDBACK_TOP = 5;

export const rateLimitedMessage = (seconds: number) =>
  `Слишком много сообщений. Попробуйте снова через ${Math.ceil(seconds / 60)} мин.`;

const text = (max: number, error: string) => z.string({ error }).max(max, { error });

/** What the browser tells about where the message was written (spec 1 §3 "Sent metadata"). */
export const feedbackMetadataSchema = z.object({
  url: text(2000, "url — строка до 2000 символов"),
  userAgent: text(500, "userAgent — строка до 500 символов"),
  timestamp: z.iso.datetime({ offset: true, error: "timestamp — дата и время в ISO 8601" }),
  viewport: z.object({
    width: z.number().int().min(0).max(100_000),
    height: z.number().int().min(0).max(100_000),
  }),
});

/** POST /feedback: the dialog's payload (spec 1 §7). */
export const feedbackSchema = z.object({
  message: feedbackMessageField,
  screen: z
    .string({ error: "Укажите экран" })
    .trim()
    .min(1, { error: "Укажите экран" })
    .max(100, { error: "Название экрана не длиннее 100 символов" }),
  metadata: feedbackMetadataSchema.optional(),
});
export type FeedbackInput = z.output<typeof feedbackSchema>;

/** GET /feedback: a page of 20 by default, optionally one screen's or one user's. */
export const feedbackListQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page должен быть числом" })
    .int({ error: "page должен быть целым числом" })
    .min(1, { error: "page от 1" })
    .max(100_000, { error: "page до 100000" })
    .default(1),
  limit: z.coerce
    .number({ error: "limit должен быть числом" })
    .int({ error: "limit должен быть целым числом" })
    .min(1, { error: "limit от 1 до 100" })
    .max(100, { error: "limit от 1 до 100" })
    .default(FEEDBACK_PAGE_SIZE),
  screen: z
    .string()
    .trim()
    .max(100, { error: "screen не длиннее 100 символов" })
    .transform((value) => value || undefined)
    .optional(),
  user_id: z
    .string()
    .trim()
    .max(100, { error: "user_id не длиннее 100 символов" })
    .transform((value) => value || undefined)
    .optional(),
  status: z.enum(["open", "done"], { error: "status — open или done" }).optional(),
});
export type FeedbackListQuery = z.output<typeof feedbackListQuerySchema>;

/** A message as the API and the admin page show it (spec 1 §3 "Feedback message"). */
export type FeedbackView = {
  id: string;
  user_name: string;
  user_email: string;
  user_id: string | null;
  screen: string;
  message: string;
  created_at: string;
  metadata: Record<string, unknown> | null;
  /** When an admin marked it dealt with; null while open. */
  done_at: string | null;
};

export type FeedbackSender = { id: string; firstName: string; lastName: string; email: string };

export type SubmitFeedbackResult =
  | { ok: true; created: boolean; feedback: { id: string; screen: string; created_at: string } }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number; message: string };

/**
 * Stores the message once. A double click or a retry of the same message on the same screen
 * within 10 minutes answers the stored one (created: false) and takes no slot of the user's limit;
 * the check and the insert are one statement, so two requests in flight together store one row.
 */
export async function submitFeedback(
  db: Db,
  sender: FeedbackSender,
  input: FeedbackInput,
  now: number,
): Promise<SubmitFeedbackResult> {
  const earlier = await repeatOf(db, sender.id, input, now);
  if (earlier) return { ok: true, created: false, feedback: earlier };
  const slot = await takeSlot(
    db,
    [{ key: `feedback:user:${sender.id}`, limit: MAX_FEEDBACK_PER_USER, windowMs: FEEDBACK_WINDOW_MS }],
    now,
  );
  if (!slot.ok) {
    return {
      ok: false,
      reason: "rate_limited",
      retryAfterSeconds: slot.retryAfterSeconds,
      message: rateLimitedMessage(slot.retryAfterSeconds),
    };
  }
  const id = crypto.randomUUID();
  const metadata = input.metadata ? JSON.stringify(input.metadata) : null;
  const inserted = await db.all<{ id: string }>(sql`
    INSERT INTO ${feedbackMessages} (id, user_id, user_name, user_email, screen, message, metadata, created_at)
    SELECT ${id}, ${sender.id}, ${`${sender.firstName} ${sender.lastName}`.trim()}, ${sender.email},
      ${input.screen}, ${input.message}, ${metadata}, ${now}
    WHERE NOT EXISTS (SELECT 1 FROM ${feedbackMessages} WHERE ${sameMessage(sender.id, input, now)})
    RETURNING id`);
  if (inserted.length > 0) {
    return {
      ok: true,
      created: true,
      feedback: { id, screen: input.screen, created_at: new Date(now).toISOString() },
    };
  }
  // Another request with the same message got there first: it was stored once, by that one.
  await releaseSlot(db, slot.hitIds);
  const stored = await repeatOf(db, sender.id, input, now);
  if (!stored) throw new Error("feedback: a repeated message was neither stored nor found");
  return { ok: true, created: false, feedback: stored };
}

function sameMessage(userId: string, input: FeedbackInput, now: number): SQL {
  return and(
    eq(feedbackMessages.userId, userId),
    eq(feedbackMessages.screen, input.screen),
    eq(feedbackMessages.message, input.message),
    gt(feedbackMessages.createdAt, new Date(now - REPEAT_WINDOW_MS)),
  )!;
}

async function repeatOf(db: Db, userId: string, input: FeedbackInput, now: number) {
  const [row] = await db
    .select({
      id: feedbackMessages.id,
      screen: feedbackMessages.screen,
      createdAt: feedbackMessages.createdAt,
    })
    .from(feedbackMessages)
    .where(sameMessage(userId, input, now))
    .orderBy(desc(feedbackMessages.createdAt))
    .limit(1);
  return row ? { id: row.id, screen: row.screen, created_at: row.createdAt.toISOString() } : undefined;
}

function parseMetadata(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export type FeedbackPage = {
  feedback: FeedbackView[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
};

/** A page of messages, newest first, with the count the filters leave (one round trip). */
export async function listFeedback(db: Db, query: FeedbackListQuery): Promise<FeedbackPage> {
  const where = and(
    query.screen ? eq(feedbackMessages.screen, query.screen) : undefined,
    query.user_id ? eq(feedbackMessages.userId, query.user_id) : undefined,
    query.status === "open" ? isNull(feedbackMessages.doneAt) : undefined,
    query.status === "done" ? isNotNull(feedbackMessages.doneAt) : undefined,
  );
  const [rows, [counted]] = await db.batch([
    db
      .select()
      .from(feedbackMessages)
      .where(where)
      .orderBy(desc(feedbackMessages.createdAt), desc(feedbackMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(feedbackMessages).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    feedback: rows.map((row) => ({
      id: row.id,
      user_name: row.userName,
      user_email: row.userEmail,
      user_id: row.userId,
      screen: row.screen,
      message: row.message,
      created_at: row.createdAt.toISOString(),
      metadata: parseMetadata(row.metadata),
      done_at: row.doneAt?.toISOString() ?? null,
    })),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/** spec 1 §3 "Stats": the total and the top 5 screens and users (by their full id), most first. */
export type FeedbackStats = {
  total: number;
  by_screen: Record<string, number>;
  by_user: Record<string, number>;
};

/** The stats in one round trip; a message of nobody signed in (the contact form) counts for no user. */
export async function feedbackStats(db: Db): Promise<FeedbackStats> {
  const messages = count().as("messages");
  const [[counted], screens, senders] = await db.batch([
    db.select({ total: count() }).from(feedbackMessages),
    db
      .select({ key: feedbackMessages.screen, messages })
      .from(feedbackMessages)
      .groupBy(feedbackMessages.screen)
      .orderBy(desc(messages), feedbackMessages.screen)
      .limit(FEEDBACK_TOP),
    db
      .select({ key: feedbackMessages.userId, messages })
      .from(feedbackMessages)
      .where(isNotNull(feedbackMessages.userId))
      .groupBy(feedbackMessages.userId)
      .orderBy(desc(messages), feedbackMessages.userId)
      .limit(FEEDBACK_TOP),
  ]);
  const mapOf = (rows: { key: string | null; messages: number }[]) =>
    Object.fromEntries(rows.map((row) => [row.key ?? "", row.messages]));
  return { total: counted?.total ?? 0, by_screen: mapOf(screens), by_user: mapOf(senders) };
}

export const FEEDBACK_NOT_FOUND = "Сообщение не найдено";

/** POST /feedback/done: marks a message dealt with, or (done: false) open again. */
export const feedbackDoneSchema = z.object({
  id: z
    .string({ error: "Укажите id сообщения" })
    .trim()
    .min(1, { error: "Укажите id сообщения" })
    .max(100, { error: "id не длиннее 100 символов" }),
  // A boolean in JSON; "true"/"false" from the panel's form.
  done: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")], {
      error: "done — true или false",
    })
    .default(true),
});
export type FeedbackDoneInput = z.output<typeof feedbackDoneSchema>;

export type FeedbackDoneResult =
  | { ok: true; feedback: { id: string; done_at: string | null } }
  | { ok: false; reason: "not_found"; message: string };

/** Marking an already done message again keeps when it was first marked. */
export async function markFeedbackDone(
  db: Db,
  input: FeedbackDoneInput,
  now: number,
): Promise<FeedbackDoneResult> {
  const [row] = await db
    .update(feedbackMessages)
    .set({ doneAt: input.done ? sql`coalesce(${feedbackMessages.doneAt}, ${now})` : null })
    .where(eq(feedbackMessages.id, input.id))
    .returning({ id: feedbackMessages.id, doneAt: feedbackMessages.doneAt });
  if (!row) return { ok: false, reason: "not_found", message: FEEDBACK_NOT_FOUND };
  return { ok: true, feedback: { id: row.id, done_at: row.doneAt?.toISOString() ?? null } };
}
