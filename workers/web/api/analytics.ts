import type { Context } from "hono";
import { z } from "zod";
import {
  analyticsBatchSchema,
  analyticsEventSchema,
  chunkForQueue,
  toEventRecord,
  type AnalyticsEvent,
} from "../../core/analytics/event";
import { metricsQuerySchema, readMetrics } from "../../core/analytics/metrics";
import { readUserEvents, readUserJourney, userEventsQuerySchema } from "../../core/analytics/user-events";
import type { JobMessage } from "../../core/jobs/messages";
import { ipThrottleKey } from "../../core/throttle";
import type { AppBindings } from "../bindings";
import { clientIp } from "../lib/auth";
import { exampleUser } from "./auth";
import { operation, timestamp } from "./operation";

const GROUP = "Аналитика";

const ENQUEUE_FAILED = "Не удалось принять события, повторите позже";

/**
 * Puts accepted events on the jobs queue; the jobs Worker writes them to the database. Answers
 * how many were accepted, or null when the queue did not take them.
 */
async function enqueueEvents(c: Context<AppBindings>, events: AnalyticsEvent[]): Promise<number | null> {
  const receivedAt = Date.now();
  const userId = c.get("caller")?.user.id ?? null;
  const records = events.map((event) => toEventRecord(event, { userId, receivedAt }));
  try {
    await Promise.all(
      chunkForQueue(records).map((chunk) =>
        c.env.JOBS.send({ kind: "analytics.ingest", events: chunk } satisfies JobMessage),
      ),
    );
  } catch (error) {
    console.error("analytics: enqueue failed", error);
    return null;
  }
  return records.length;
}

/**
 * The ANALYTICS_LIMITER binding (wrangler.toml) counts one unit per this many events of a request:
 * the browser client's batch, which it sends at 10 events (app/lib/analytics-queue.ts). With the
 * binding's 300 units a minute, one client may send 3,000 events a minute (decision 0043).
 */
const EVENTS_PER_UNIT = 10;
const LIMITER_PERIOD_SECONDS = 60;
const TOO_MANY_EVENTS = "Слишком много событий аналитики. Повторите через минуту.";

/**
 * Charges the request's events to its sender: the signed-in user, or else the client's address.
 * False, with Retry-After set, when the sender is over its limit. A request naming neither (only
 * in tests: Cloudflare always names the client) is not limited.
 */
async function chargeEvents(c: Context<AppBindings>, events: number): Promise<boolean> {
  const caller = c.get("caller");
  const ip = clientIp(c);
  const key = caller ? `user:${caller.user.id}` : ip ? `ip:${ipThrottleKey(ip)}` : null;
  if (!key) return true;
  const units = Math.ceil(events / EVENTS_PER_UNIT);
  const charges = await Promise.all(
    Array.from({ length: units }, () => c.env.ANALYTICS_LIMITER.limit({ key })),
  );
  if (charges.every((charge) => charge.success)) return true;
  c.header("Retry-After", String(LIMITER_PERIOD_SECONDS));
  return false;
}

const acceptedSchema = z.strictObject({ accepted: z.number().int() });

const isoDay = z.iso.date();

const countsSchema = {
  events: z.number().int(),
  sessions: z.number().int(),
  users: z.number().int(),
  errors: z.number().int(),
};

const metricsSchema = z.strictObject({
  dateFrom: isoDay,
  dateTo: isoDay,
  totals: z.strictObject(countsSchema),
  byDay: z.array(z.strictObject({ date: isoDay, ...countsSchema })),
  byType: z.array(
    z.strictObject({
      eventType: z.string(),
      eventCategory: z.string(),
      events: z.number().int(),
      sessions: z.number().int(),
    }),
  ),
});

const userEventsSchema = z.strictObject({
  events: z.array(
    z.strictObject({
      id: z.string(),
      sessionId: z.string(),
      eventType: z.string(),
      eventCategory: z.string().nullable(),
      eventAction: z.string().nullable(),
      eventLabel: z.string().nullable(),
      // Whatever the client attached to the event: free-form by nature.
      metadata: z.record(z.string(), z.unknown()).nullable(),
      pageUrl: z.string().nullable(),
      createdAt: timestamp,
    }),
  ),
  limit: z.number().int(),
  offset: z.number().int(),
});

const journeySchema = z.strictObject({
  userId: z.string(),
  sessions: z.array(
    z.strictObject({
      sessionId: z.string(),
      startedAt: timestamp,
      steps: z.array(z.strictObject({ path: z.string().nullable(), at: timestamp })),
    }),
  ),
});

const userId = z.object({ userId: z.string().describe("Идентификатор пользователя") });

/** Product analytics: events in (public), reports out (admins only). */
export const analyticsOperations = [
  operation(
    {
      method: "POST",
      path: "/analytics/events",
      group: GROUP,
      summary: "Пакет событий аналитики (1–100)",
      description:
        "События принимаются в очередь (202) и записываются один раз по их id, даже если пакет отправлен повторно. События вошедшего пользователя получают его id. Не больше 3000 событий в минуту от одного пользователя или, без входа, с одного IP: запрос считается десятками событий (1–10 событий — один десяток, 11–20 — два), и в минуту их не больше 300; сверх этого — 429 с заголовком Retry-After. События, которые записывает сам сервер (partner_link_viewed, partner_registered), не принимаются (400). Токен партнерской ссылки и короткий код в pageUrl, referrer и eventLabel не сохраняются.",
      access: "public",
      body: analyticsBatchSchema,
      success: { status: 202, data: acceptedSchema, example: { accepted: 25 } },
      errors: [429, 503],
    },
    async (c, { body }, reply) => {
      if (!(await chargeEvents(c, body.events.length))) return reply.fail(429, TOO_MANY_EVENTS);
      const accepted = await enqueueEvents(c, body.events);
      return accepted === null ? reply.fail(503, ENQUEUE_FAILED) : reply.ok({ accepted });
    },
  ),
  operation(
    {
      method: "POST",
      path: "/analytics/event",
      group: GROUP,
      summary: "Одно событие аналитики",
      description: "То же, что /analytics/events, для одного события (старые клиенты).",
      access: "public",
      body: analyticsEventSchema,
      success: { status: 202, data: acceptedSchema, example: { accepted: 1 } },
      errors: [429, 503],
    },
    async (c, { body }, reply) => {
      if (!(await chargeEvents(c, 1))) return reply.fail(429, TOO_MANY_EVENTS);
      const accepted = await enqueueEvents(c, [body]);
      return accepted === null ? reply.fail(503, ENQUEUE_FAILED) : reply.ok({ accepted });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/analytics/metrics",
      group: GROUP,
      summary: "Сводка по дням за период",
      description:
        "Даты в формате ГГГГ-ММ-ДД (UTC). Без dateTo — по сегодня, без dateFrom — 30 дней до dateTo; период не длиннее 366 дней.",
      access: "admin",
      query: metricsQuerySchema,
      success: {
        status: 200,
        data: metricsSchema,
        example: {
          dateFrom: "2026-11-21",
          dateTo: "2026-11-22",
          totals: { events: 260, errors: 1, sessions: 40, users: 12 },
          byDay: [
            { date: "2026-11-21", events: 140, errors: 1, sessions: 22, users: 9 },
            { date: "2026-11-22", events: 120, errors: 0, sessions: 18, users: 7 },
          ],
          byType: [{ eventType: "page_view", eventCategory: "navigation", events: 180, sessions: 40 }],
        },
      },
      errors: [],
    },
    async (c, { query }, reply) => reply.ok(await readMetrics(c.get("db"), query)),
  ),
  operation(
    {
      method: "GET",
      path: "/analytics/user/:userId/events",
      group: GROUP,
      summary: "События пользователя",
      access: "admin",
      params: userId,
      query: userEventsQuerySchema,
      success: {
        status: 200,
        data: userEventsSchema,
        example: {
          events: [
            {
              id: "9d4c2b1a-8e7f-4a6b-9c5d-3e2f1a0b9c8d",
              sessionId: "c1a2b3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
              eventType: "page_view",
              eventCategory: "navigation",
              eventAction: null,
              eventLabel: "/dashboard",
              metadata: null,
              pageUrl: "https://reys.example/dashboard",
              createdAt: "2026-11-22T09:30:00.000Z",
            },
          ],
          limit: 100,
          offset: 0,
        },
      },
      errors: [],
    },
    async (c, { params, query }, reply) => reply.ok(await readUserEvents(c.get("db"), params.userId, query)),
  ),
  operation(
    {
      method: "GET",
      path: "/analytics/user/:userId/journey",
      group: GROUP,
      summary: "Путь пользователя по сеансам",
      access: "admin",
      params: userId,
      success: {
        status: 200,
        data: journeySchema,
        example: {
          userId: exampleUser.id,
          sessions: [
            {
              sessionId: "c1a2b3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
              startedAt: "2026-11-22T09:28:00.000Z",
              steps: [
                { path: "/dashboard", at: "2026-11-22T09:28:00.000Z" },
                { path: "/sessions", at: "2026-11-22T09:30:00.000Z" },
              ],
            },
          ],
        },
      },
      errors: [],
    },
    async (c, { params }, reply) => reply.ok(await readUserJourney(c.get("db"), params.userId)),
  ),
];
