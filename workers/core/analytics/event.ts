import { z } from "zod";
import { SERVER_RECORDED_EVENTS } from "../partners/funnel";
import { withoutLinkSecretsOrNull } from "../partners/link-secrets";

/** Oldest client timestamp accepted as is; older events are dated when received. */
export const MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_BATCH_EVENTS = 100;
const MAX_METADATA_CHARS = 4000;

const optionalText = (max: number) => z.string().max(max).optional();

const SERVER_ONLY = new Set(SERVER_RECORDED_EVENTS.map((type) => type.toLowerCase()));

/** One product analytics event as the browser sends it (spec 1 §3 "Analytics event"). */
export const analyticsEventSchema = z.object({
  id: z.uuid({ error: "Идентификатор события должен быть UUID" }),
  eventType: z
    .string({ error: "Укажите тип события" })
    .trim()
    .min(1, { error: "Укажите тип события" })
    .max(100)
    // The server's own events (the partner funnel's views and registrations) cannot be forged.
    .refine((type) => !SERVER_ONLY.has(type.toLowerCase()), {
      error: "События этого типа записывает только сервер",
    }),
  eventCategory: optionalText(100),
  eventAction: optionalText(200),
  eventLabel: optionalText(500),
  metadata: z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= MAX_METADATA_CHARS, {
      error: `Метаданные события длиннее ${MAX_METADATA_CHARS} символов`,
    })
    .optional(),
  sessionId: z
    .string({ error: "Укажите идентификатор сессии" })
    .min(1, { error: "Укажите идентификатор сессии" })
    .max(100),
  pageUrl: optionalText(2048),
  referrer: optionalText(2048),
  /** Accepted for compatibility with old clients; the server uses the signed-in user instead. */
  userId: z.union([z.string(), z.number()]).optional(),
  timestamp: z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true })]).optional(),
});

export const analyticsBatchSchema = z.object({
  events: z
    .array(analyticsEventSchema)
    .min(1, { error: "Пакет должен содержать хотя бы одно событие" })
    .max(MAX_BATCH_EVENTS, { error: `В пакете не больше ${MAX_BATCH_EVENTS} событий` }),
});

export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;

/** An event as stored: server-dated and attributed. Plain JSON so it can travel on a queue. */
export type AnalyticsEventRecord = {
  id: string;
  userId: string | null;
  sessionId: string;
  eventType: string;
  eventCategory: string | null;
  eventAction: string | null;
  eventLabel: string | null;
  metadata: Record<string, unknown> | null;
  pageUrl: string | null;
  referrer: string | null;
  createdAt: number;
  receivedAt: number;
};

/**
 * Dates an event by the client clock unless it lies in the future or too far in the past,
 * attributes it to the signed-in user (never to a user id the client claims) and strips a
 * partner link's token or short code from its page, referrer and label (decision 0043).
 */
export function toEventRecord(
  event: AnalyticsEvent,
  context: { userId: string | null; receivedAt: number },
): AnalyticsEventRecord {
  const claimed =
    event.timestamp === undefined
      ? context.receivedAt
      : typeof event.timestamp === "number"
        ? event.timestamp
        : Date.parse(event.timestamp);
  const tooOld = claimed < context.receivedAt - MAX_EVENT_AGE_MS;
  const createdAt = tooOld || claimed > context.receivedAt ? context.receivedAt : claimed;
  return {
    id: event.id.toLowerCase(),
    userId: context.userId,
    sessionId: event.sessionId,
    eventType: event.eventType,
    eventCategory: event.eventCategory ?? null,
    eventAction: event.eventAction ?? null,
    eventLabel: withoutLinkSecretsOrNull(event.eventLabel),
    metadata: event.metadata ?? null,
    pageUrl: withoutLinkSecretsOrNull(event.pageUrl),
    referrer: withoutLinkSecretsOrNull(event.referrer),
    createdAt,
    receivedAt: context.receivedAt,
  };
}

/** Splits records into chunks whose JSON stays under a queue message's size limit (128 KB). */
export function chunkForQueue<T>(items: T[], maxBytes = 100_000): T[][] {
  const encoder = new TextEncoder();
  const bytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;
  // Nearly every request fits one message (a browser's 10 events, 100 events are ~30 KB):
  // one measure of the whole instead of one per item.
  if (items.length === 0) return [];
  // A UTF-16 code unit is at most three bytes of UTF-8: short enough JSON needs no encoding.
  const json = JSON.stringify(items);
  if (json.length * 3 <= maxBytes || encoder.encode(json).length <= maxBytes) return [items];
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = bytes(item) + 1;
    if (current.length > 0 && size + itemSize > maxBytes) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemSize;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
