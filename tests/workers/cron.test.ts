import { createScheduledController, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "../../db/schema";
import cronWorker from "../../workers/cron/index";
import { deliver, recordingQueue, testDb } from "./support";

describe("cron Worker", () => {
  it("asks for two payment checks a minute (now and in 30 s) and an analytics roll-up", async () => {
    const jobs = recordingQueue();
    const scheduledTime = Date.parse("2026-11-21T10:00:00Z");
    await cronWorker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), {
      ...env,
      JOBS: jobs.queue,
    });
    expect(jobs.sent).toEqual([
      { body: { kind: "payments.check", scheduledAt: scheduledTime } },
      { body: { kind: "payments.check", scheduledAt: scheduledTime + 30_000 }, delaySeconds: 30 },
      { body: { kind: "analytics.rollup" } },
    ]);
  });

  it("a payment check looks at pending payments and leaves settled ones alone", async () => {
    const db = testDb();
    const pendingId = crypto.randomUUID();
    const paidId = crypto.randomUUID();
    await db.insert(payments).values([
      { id: pendingId, status: "pending", amountKopecks: 99_000, createdAt: new Date() },
      { id: paidId, status: "succeeded", amountKopecks: 99_000, createdAt: new Date() },
    ]);
    const result = await deliver([{ kind: "payments.check", scheduledAt: Date.now() }]);
    expect(result.explicitAcks).toHaveLength(1);
    const [pending] = await db.select().from(payments).where(eq(payments.id, pendingId));
    const [paid] = await db.select().from(payments).where(eq(payments.id, paidId));
    expect(pending.checkedAt).not.toBeNull();
    expect(paid.checkedAt).toBeNull();
  });
});
