import { createScheduledController, env } from "cloudflare:test";
import { eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  analyticsEvents,
  deadJobs,
  feedbackMessages,
  geoGeocodes,
  partnerLinks,
  payments,
} from "../../db/schema";
import { createLink } from "../../workers/core/partners/links";
import { partnerLinkSchema } from "../../workers/core/partners/link-schema";
import { CLEARED_LEAD } from "../../workers/core/retention";
import cronWorker from "../../workers/cron/index";
import { createCompanyUser, deliver, recordingQueue, testDb } from "./support";

describe("cron Worker", () => {
  it("asks for two payment and two payout checks a minute (now and in 30 s), an analytics roll-up, an hourly session sweep, an hourly platform refresh and retention sweep, and an EDO refresh every ten minutes", async () => {
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
      { body: { kind: "payouts.check", scheduledAt: onTheHour } },
      { body: { kind: "payouts.check", scheduledAt: onTheHour + 30_000 }, delaySeconds: 30 },
      { body: { kind: "analytics.rollup" } },
      { body: { kind: "auth.sweep" } },
    ]);
    const minuteLater = onTheHour + 60_000;
    expect(await tick(minuteLater)).toEqual([
      { body: { kind: "payments.check", scheduledAt: minuteLater } },
      { body: { kind: "payments.check", scheduledAt: minuteLater + 30_000 }, delaySeconds: 30 },
      { body: { kind: "payouts.check", scheduledAt: minuteLater } },
      { body: { kind: "payouts.check", scheduledAt: minuteLater + 30_000 }, delaySeconds: 30 },
      { body: { kind: "analytics.rollup" } },
    ]);
    const halfPast = onTheHour + 30 * 60_000;
    expect((await tick(halfPast)).map((message) => message.body.kind)).toEqual([
      "payments.check",
      "payments.check",
      "payouts.check",
      "payouts.check",
      "analytics.rollup",
      "platforms.refresh",
    ]);
    expect((await tick(onTheHour + 45 * 60_000)).map((message) => message.body.kind)).toContain(
      "retention.sweep",
    );
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
  it("the retention sweep deletes what the privacy policy keeps no longer, and only that", async () => {
    const db = testDb();
    const { companyId, userId } = await createCompanyUser();
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000);
    const creator = { companyId, userId, companyName: "ООО «Срок хранения»" };
    const lead = (n: number) =>
      partnerLinkSchema.parse({
        companyName: `ООО «Лид ${n}»`,
        companyInn: "7707083893",
        companyAddress: "г. Самара, ул. Заводская, д. 12",
        contactFirstName: "Пётр",
        contactLastName: "Сроков",
        contactEmail: `lead.${n}.${userId.slice(0, 8)}@example.ru`,
      });
    const link = async (n: number, days: number) =>
      (await createLink(db, creator, lead(n), { source: "web_dashboard", now: daysAgo(days).getTime() })).id;
    const [oldUnused, oldUsed, recentUnused] = [await link(1, 400), await link(2, 400), await link(3, 300)];
    await db
      .update(partnerLinks)
      .set({ usedAt: daysAgo(390) })
      .where(eq(partnerLinks.id, oldUsed));
    const feedback = (days: number) => ({
      id: crypto.randomUUID(),
      userId,
      userName: "Пётр Сроков",
      userEmail: "petr@example.ru",
      screen: "contact",
      message: "Вопрос о тарифах",
      createdAt: daysAgo(days),
    });
    const [oldFeedback, recentFeedback] = [feedback(366), feedback(300)];
    await db.insert(feedbackMessages).values([oldFeedback, recentFeedback]);
    const sessionId = crypto.randomUUID();
    const event = (days: number) => ({
      id: crypto.randomUUID(),
      sessionId,
      eventType: "page_view",
      createdAt: daysAgo(days),
      receivedAt: daysAgo(days),
    });
    await db.insert(analyticsEvents).values([event(366), event(10)]);
    const geocode = (key: string, days: number, found: boolean) => ({
      addressKey: `${key} ${sessionId}`,
      found,
      source: "geocoder" as const,
      createdAt: daysAgo(days),
    });
    // Found 100 days ago (trusted for 90) and not found 8 days ago (7): gone; found 30 days ago: kept.
    await db
      .insert(geoGeocodes)
      .values([geocode("old", 100, true), geocode("missing", 8, false), geocode("fresh", 30, true)]);

    const result = await deliver([{ kind: "retention.sweep" }]);
    expect(result.explicitAcks).toHaveLength(1);

    const links = await db
      .select({ id: partnerLinks.id })
      .from(partnerLinks)
      .where(eq(partnerLinks.companyId, companyId));
    expect(links.map((row) => row.id).sort()).toEqual([oldUsed, recentUnused].sort());
    expect(links.map((row) => row.id)).not.toContain(oldUnused);
    const messages = await db
      .select({ id: feedbackMessages.id })
      .from(feedbackMessages)
      .where(eq(feedbackMessages.userId, userId));
    expect(messages.map((row) => row.id)).toEqual([recentFeedback.id]);
    const events = await db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));
    expect(events.map((row) => row.createdAt.getTime())).toEqual([daysAgo(10).getTime()]);
    const places = await db
      .select({ key: geoGeocodes.addressKey })
      .from(geoGeocodes)
      .where(like(geoGeocodes.addressKey, `% ${sessionId}`));
    expect(places.map((row) => row.key)).toEqual([`fresh ${sessionId}`]);
  });

  it("the retention sweep clears the invited contact of a used link, keeping the link's statistics, and deletes dead jobs after 30 days", async () => {
    const db = testDb();
    const { companyId, userId } = await createCompanyUser();
    const registered = await createCompanyUser();
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000);
    const creator = { companyId, userId, companyName: "ООО «Пригласил»" };
    const lead = partnerLinkSchema.parse({
      companyName: "ООО «Приглашённый»",
      companyInn: "7707083893",
      companyAddress: "г. Самара, ул. Заводская, д. 12",
      companyPhone: "+7 846 200-10-20",
      companyEmail: "office@invited.example",
      contactFirstName: "Пётр",
      contactLastName: "Сроков",
      contactPhone: "+79161234567",
      contactEmail: `lead.${userId.slice(0, 8)}@invited.example`,
    });
    const link = async (days: number) =>
      createLink(db, creator, lead, { source: "web_dashboard", now: daysAgo(days).getTime() });
    const [used, unused] = [await link(10), await link(10)];
    // Clicked twice and used yesterday: the policy keeps the contact only until registration.
    await db
      .update(partnerLinks)
      .set({
        clicks: 2,
        lastClickedAt: daysAgo(2),
        usedAt: daysAgo(1),
        registeredCompanyId: registered.companyId,
      })
      .where(eq(partnerLinks.id, used.id));
    const deadJob = (days: number) => ({
      id: crypto.randomUUID(),
      kind: "analytics.ingest",
      body: { kind: "analytics.ingest", events: [] },
      attempts: 7,
      failedAt: daysAgo(days),
    });
    const [oldDead, recentDead] = [deadJob(31), deadJob(29)];
    await db.insert(deadJobs).values([oldDead, recentDead]);

    const result = await deliver([{ kind: "retention.sweep" }]);
    expect(result.explicitAcks).toHaveLength(1);

    const [usedNow] = await db.select().from(partnerLinks).where(eq(partnerLinks.id, used.id));
    const stored = JSON.stringify(usedNow);
    for (const value of Object.values(lead).filter(Boolean)) expect(stored).not.toContain(value);
    expect(usedNow).toMatchObject({
      ...CLEARED_LEAD,
      // What the carrier's statistics count stays.
      clicks: 2,
      lastClickedAt: daysAgo(2),
      usedAt: daysAgo(1),
      registeredCompanyId: registered.companyId,
      uniqueToken: used.uniqueToken,
      partnerSourceName: "ООО «Пригласил»",
    });
    // A link not used yet keeps its lead for the landing's form.
    const [unusedNow] = await db.select().from(partnerLinks).where(eq(partnerLinks.id, unused.id));
    expect(unusedNow).toMatchObject({ companyInn: "7707083893", contactEmail: lead.contactEmail });

    const dead = await db
      .select({ id: deadJobs.id })
      .from(deadJobs)
      .where(inArray(deadJobs.id, [oldDead.id, recentDead.id]));
    expect(dead).toEqual([{ id: recentDead.id }]);
  });
});
