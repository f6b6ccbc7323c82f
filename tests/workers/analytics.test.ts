import { count, countDistinct, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsDaily, analyticsDirtyDays, analyticsEvents, deadJobs } from "../../db/schema";
import { utcDay } from "../../workers/core/analytics/days";
import { DEMO_ACCOUNTS } from "../../scripts/seed/demo";
import { apiLogin, bearer, callWeb, deliver, ingestMessage, postJson, testDb } from "./support";

function events(count: number, sessionId = crypto.randomUUID()) {
  return Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    eventType: i === 0 ? "error" : "click",
    eventCategory: "dashboard",
    sessionId,
  }));
}

describe("analytics ingestion", () => {
  it("queues a whole batch and the jobs Worker stores every event exactly once, even when redelivered", async () => {
    const batch = events(25);
    const { response, sent } = await callWeb("/api/analytics/events", postJson({ events: batch }));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ success: true, data: { accepted: 25 } });
    expect(sent.every((m) => m.body.kind === "analytics.ingest")).toBe(true);

    const first = await deliver(sent.map((m) => m.body));
    expect(first.explicitAcks).toHaveLength(sent.length);
    await deliver(
      sent.map((m) => m.body),
      { attempts: 2 },
    );
    const ids = batch.map((e) => e.id);
    const stored = await testDb().select().from(analyticsEvents).where(inArray(analyticsEvents.id, ids));
    expect(stored).toHaveLength(25);
    expect(stored[0].sessionId).toBe(batch[0].sessionId);
  });

  it("accepts the single-event call of old clients", async () => {
    const [event] = events(1);
    const { response, sent } = await callWeb("/api/analytics/event", postJson(event));
    expect(response.status).toBe(202);
    expect(sent).toHaveLength(1);
  });

  it("refuses bad input with a Russian message and queues nothing", async () => {
    const cases: [RequestInit, number, string][] = [
      [postJson({ events: [] }), 400, "Пакет должен содержать хотя бы одно событие (events)"],
      [postJson({ events: events(101) }), 400, "В пакете не больше 100 событий (events)"],
      [{ method: "POST", headers: { "content-type": "application/json" }, body: "{oops" }, 400, ""],
      [{ method: "POST", headers: { "content-type": "application/xml" }, body: "<e/>" }, 415, ""],
      [postJson({ events: events(1), pad: "x".repeat(300_000) }), 413, ""],
    ];
    for (const [init, status, message] of cases) {
      const { response, sent } = await callWeb("/api/analytics/events", init);
      expect(response.status).toBe(status);
      const body = await response.json<{ success: boolean; message?: string; error: string }>();
      expect(body.success).toBe(false);
      expect(body.error).toMatch(/[А-Яа-я]/);
      if (message) expect(body.message).toBe(message);
      expect(sent).toHaveLength(0);
    }
  });

  it("rolls events up on the cron's job and serves them from /api/analytics/metrics to an admin", async () => {
    const asAdmin = bearer((await apiLogin(DEMO_ACCOUNTS.admin)).body.data.tokens.accessToken);
    const day = utcDay(Date.now());
    const before = await testDb().select().from(analyticsDaily).where(eq(analyticsDaily.day, day));
    const batch = events(3);
    const { sent } = await callWeb("/api/analytics/events", postJson({ events: batch }));
    await deliver(sent.map((m) => m.body));
    await deliver([{ kind: "analytics.rollup" }]);

    const { response } = await callWeb(`/api/analytics/metrics?dateFrom=${day}&dateTo=${day}`, asAdmin);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { totals: { events: number; errors: number } } }>();
    expect(data.totals.events).toBeGreaterThanOrEqual((before[0]?.events ?? 0) + 3);
    expect(data.totals.errors).toBeGreaterThanOrEqual(1);
  });

  it("rejects a malformed metrics range", async () => {
    const asAdmin = bearer((await apiLogin(DEMO_ACCOUNTS.admin)).body.data.tokens.accessToken);
    const { response } = await callWeb(
      "/api/analytics/metrics?dateFrom=2026-12-01&dateTo=2026-11-01",
      asAdmin,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Дата начала периода позже даты окончания" });
  });
});

/** Rows stored for the session, and how many distinct ids among them. */
async function storedFor(sessionId: string) {
  const [row] = await testDb()
    .select({ rows: count(), ids: countDistinct(analyticsEvents.id) })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionId, sessionId));
  return row;
}

/** A day of its own, long ago, so no other test's events mark it. */
const dayOfItsOwn = () => Date.UTC(1990, 0, 1) + Math.floor(Math.random() * 10_000) * 86_400_000;

describe("a queue batch of analytics.ingest messages", () => {
  it("stores every event once in one write, and a redelivered batch adds nothing", async () => {
    const sessionId = crypto.randomUUID();
    const at = dayOfItsOwn();
    const batch = Array.from({ length: 100 }, () => ingestMessage(sessionId, at, 30));

    const first = await deliver(batch);
    expect(first.explicitAcks).toHaveLength(100);
    expect(first.retryMessages).toEqual([]);
    expect(await storedFor(sessionId)).toEqual({ rows: 3_000, ids: 3_000 });
    // One write for the whole batch marks its day once (one by one, it was marked 100 times);
    // a roll-up elsewhere may have taken the mark since.
    const [mark] = await testDb()
      .select()
      .from(analyticsDirtyDays)
      .where(eq(analyticsDirtyDays.day, utcDay(at)));
    expect(mark?.version ?? 1).toBe(1);

    const again = await deliver(batch, { attempts: 2 });
    expect(again.explicitAcks).toHaveLength(100);
    expect(await storedFor(sessionId)).toEqual({ rows: 3_000, ids: 3_000 });
  });

  it("retries poisoned messages alone while the rest of their batch is stored", async () => {
    const sessionId = crypto.randomUUID();
    const at = Date.now();
    const poisoned = ingestMessage(sessionId, at, 5);
    // A session id is required: the database refuses the row, and with it a write of the whole batch.
    if (poisoned.kind === "analytics.ingest")
      poisoned.events[2] = { ...poisoned.events[2], sessionId: null as unknown as string };
    const good = () => Array.from({ length: 20 }, () => ingestMessage(sessionId, at, 10));

    // A message whose events are no list at all cannot join the batch's write either.
    const shapeless = { kind: "analytics.ingest", events: "none" };

    const result = await deliver([...good(), poisoned, shapeless, ...good()]);
    expect(result.explicitAcks).toHaveLength(40);
    expect(result.retryMessages).toHaveLength(2);
    for (const { msgId } of result.retryMessages) expect(result.explicitAcks).not.toContain(msgId);
    expect(await storedFor(sessionId)).toEqual({ rows: 400, ids: 400 });
  });
});

describe("jobs Worker", () => {
  it("retries a failed job with backoff instead of losing it", async () => {
    const result = await deliver([{ kind: "analytics.rollup" }], {
      attempts: 3,
      env: { DATABASE_URL: "http://127.0.0.1:9" },
    });
    expect(result.explicitAcks).toHaveLength(0);
    // getQueueResult does not report the delay; retryDelaySeconds has its own unit test.
    expect(result.retryMessages).toEqual([expect.objectContaining({ msgId: expect.any(String) })]);
  });

  it("keeps messages of unknown shape and dead letters in dead_jobs", async () => {
    const unknown = await deliver([{ kind: "no.such.job" }]);
    expect(unknown.explicitAcks).toHaveLength(1);
    const dead = await deliver([{ kind: "analytics.rollup" }], { queue: "reys-jobs-dlq", attempts: 7 });
    const [deadId] = dead.explicitAcks;
    const rows = await testDb()
      .select()
      .from(deadJobs)
      .where(inArray(deadJobs.id, [...unknown.explicitAcks, deadId]));
    expect(rows.map((r) => r.kind).sort()).toEqual(["analytics.rollup", "no.such.job"]);
  });
});
