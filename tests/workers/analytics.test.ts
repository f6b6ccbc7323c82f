import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsDaily, analyticsEvents, deadJobs } from "../../db/schema";
import { utcDay } from "../../workers/core/analytics/days";
import { DEMO_ACCOUNTS } from "../../scripts/seed/demo";
import { apiLogin, bearer, callWeb, deliver, postJson, testDb } from "./support";

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
