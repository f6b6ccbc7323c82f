import { Hono } from "hono";
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
import type { AppBindings } from "../bindings";
import { readJson, validate } from "../lib/body";
import { fail, ok } from "../lib/envelope";
import type { Context } from "hono";

/** Puts accepted events on the jobs queue; the jobs Worker writes them to the database. */
async function enqueueEvents(c: Context<AppBindings>, events: AnalyticsEvent[]) {
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
    return fail(c, 503, "Не удалось принять события, повторите позже");
  }
  return ok(c, { accepted: records.length }, 202);
}

export const analyticsRoutes = new Hono<AppBindings>()
  .post("/events", async (c) => {
    const body = await readJson(c, analyticsBatchSchema);
    if (!body.ok) return body.response;
    return enqueueEvents(c, body.data.events);
  })
  .post("/event", async (c) => {
    const body = await readJson(c, analyticsEventSchema);
    if (!body.ok) return body.response;
    return enqueueEvents(c, [body.data]);
  })
  .get("/metrics", async (c) => {
    const query = validate(c, metricsQuerySchema, c.req.query());
    if (!query.ok) return query.response;
    return ok(c, await readMetrics(c.get("db"), query.data));
  })
  .get("/user/:userId/events", async (c) => {
    const query = validate(c, userEventsQuerySchema, c.req.query());
    if (!query.ok) return query.response;
    return ok(c, await readUserEvents(c.get("db"), c.req.param("userId"), query.data));
  })
  .get("/user/:userId/journey", async (c) => {
    return ok(c, await readUserJourney(c.get("db"), c.req.param("userId")));
  });
