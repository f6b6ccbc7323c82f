import { createScheduledController, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "../../db/schema";
import cronWorker from "../../workers/cron/index";
import { createCompanyUser, deliver, recordingQueue, testDb } from "./support";

describe("cron Worker", () => {
  it("asks for two payment checks a minute (now and in 30 s), an analytics roll-up, an hourly session sweep, an hourly platform refresh and an EDO refresh every ten minutes", async () => {
    const tick = async (scheduledTime: number) => {
      const jobs = recordingQueue();
      await cronWorker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), {
        ...env,
        JOBS: jobs.queue,
      });
      return jobs.sent;
    };
    const onTheHour = Date.parse("2026-11-21T10:00:00Z");
    expect(await tick(onTheHour)).toEqual([
      { body: { kind: "payments.check", scheduledAt: onTheHour } },
      { body: { kind: "payments.check", scheduledAt: onTheHour + 30_000 }, delaySeconds: 30 },
      { body: { kind: "analytics.rollup" } },
      { body: { kind: "auth.sweep" } },
    ]);
    const minuteLater = onTheHour + 60_000;
    expect(await tick(minuteLater)).toEqual([
      { body: { kind: "payments.check", scheduledAt: minuteLater } },
      { body: { kind: "payments.check", scheduledAt: minuteLater + 30_000 }, delaySeconds: 30 },
      { body: { kind: "analytics.rollup" } },
    ]);
    const halfPast = onTheHour + 30 * 60_000;
    expect((await tick(halfPast)).map((message) => message.body.kind)).toEqual([
      "payments.check",
      "payments.check",
      "analytics.rollup",
      "platforms.refresh",
    ]);
    for (const minute of [5, 15, 55]) {
      expect((await tick(onTheHour + minute * 60_000)).map((message) => message.body.kind)).toContain(
        "edo.refresh",
      );
    }
    expect((await tick(onTheHour + 10 * 60_000)).map((message) => message.body.kind)).not.toContain(
      "edo.refresh",
    );
  });

  it("a payment check looks at pending payments and leaves settled ones alone", async () => {
    const db = testDb();
    const { companyId, userId } = await createCompanyUser();
    const pendingId = crypto.randomUUID();
    const paidId = crypto.randomUUID();
    const payment = (id: string, status: "pending" | "succeeded") => ({
      id,
      companyId,
      userId,
      planId: "basic",
      description: "Тариф «Базовый», 1 месяц",
      amountKopecks: 99_000,
      idempotenceKey: crypto.randomUUID(),
      returnUrl: `http://reys.test/payment/success?payment_id=${id}`,
      // Unknown to the provider: the check asks, gets no answer it can apply, and stamps it.
      providerPaymentId: `unknown-${id}`,
      status,
      createdAt: new Date(),
      updatedAt: new Date(),
      appliedAt: status === "succeeded" ? new Date() : null,
    });
    await db.insert(payments).values([payment(pendingId, "pending"), payment(paidId, "succeeded")]);
    const result = await deliver([{ kind: "payments.check", scheduledAt: Date.now() }]);
    expect(result.explicitAcks).toHaveLength(1);
    const [pending] = await db.select().from(payments).where(eq(payments.id, pendingId));
    const [paid] = await db.select().from(payments).where(eq(payments.id, paidId));
    expect(pending.checkedAt).not.toBeNull();
    expect(paid.checkedAt).toBeNull();
  });

  it("the jobs Worker runs the session sweep the cron asks for", async () => {
    const result = await deliver([{ kind: "auth.sweep" }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
  });
});
