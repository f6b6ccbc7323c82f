// The first-steps checklist, the tour's flag, hints and achievements (spec 1 §3-4, §9; issue 24
// items 3, 4, 6; decision 0071): each checklist item is done by the real action, the user's own
// state is kept per user on the server, achievements are counted from the company's data.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsEvents, companies, edoDocuments, payments, platformOrders } from "../../db/schema";
import { moscowWeekStartOf, WEEK_MS } from "../../workers/core/crm/crm";
import type { Achievement } from "../../workers/core/onboarding/achievements";
import type { OnboardingState } from "../../workers/core/onboarding/checklist";
import { settlementAccountWithKey } from "../../workers/core/requisites/bank-account";
import { fixture, type OrderSpec } from "./crm-fixture";
import {
  activeBank,
  callWeb,
  createCompanyUser,
  createConnectionFor,
  drain,
  EDO_PASSWORD,
  mirrorEdoDocuments,
  operatorDocuments,
  paymentNotification,
  postJson,
  sessionFor,
  testDb,
} from "./support";

type Member = { userId: string; companyId: string; headers: Record<string, string>; cookie: string };

async function member(): Promise<Member> {
  const { userId, companyId } = await createCompanyUser();
  const { bearer, cookie } = await sessionFor(userId);
  return { userId, companyId, headers: { authorization: `Bearer ${bearer}` }, cookie };
}

async function api<T>(who: Pick<Member, "headers">, path: string, body?: unknown) {
  const init = body === undefined ? { headers: who.headers } : postJson(body, who.headers);
  const { response, sent } = await callWeb(`/api${path}`, init);
  const answer = await response.json<{ success: boolean; data: T }>();
  return { status: response.status, data: answer.data, sent };
}

const stateOf = async (who: Member) => (await api<OnboardingState>(who, "/onboarding")).data;
const doneItems = (state: OnboardingState) => state.checklist.filter((i) => i.completed).map((i) => i.id);

describe("the checklist", () => {
  it("starts with none of the six items done, in the spec's order", async () => {
    const state = await stateOf(await member());
    expect(state.checklist.map((i) => i.id)).toEqual([
      "profile",
      "first-order",
      "transport",
      "analytics",
      "edo",
      "plan",
    ]);
    expect(state).toMatchObject({ completed: 0, total: 6, checklistDismissed: false, tourDone: false });
  });

  it("marks each item done by its real action: requisites, an order synced, EDO connected, a vehicle mirrored, analytics seen, a plan paid", async () => {
    const who = await member();
    const db = testDb();

    // Profile: INN and address alone are not enough; the bank requisites complete it.
    await db
      .update(companies)
      .set({ inn: "7707083893", address: "г Москва, ул Тверская, д 1" })
      .where(eq(companies.id, who.companyId));
    expect(doneItems(await stateOf(who))).toEqual([]);
    const bank = await activeBank();
    const saved = await api(who, "/companies/requisites", {
      settlementAccount: settlementAccountWithKey("40702810000000012345", bank.bic),
      bic: bank.bic,
      bankName: bank.name,
      correspondentAccount: bank.correspondentAccount,
    });
    expect(saved.status).toBe(200);
    expect(doneItems(await stateOf(who))).toEqual(["profile"]);

    // First order: a platform's sync loads the orders.
    const connectionId = await createConnectionFor(who.companyId, { platformId: "magnit" });
    const sync = await api(who, `/platforms/connections/${connectionId}/sync`, {});
    expect(sync.status).toBe(202);
    await drain(sync.sent);
    expect(doneItems(await stateOf(who))).toEqual(["profile", "first-order"]);

    // EDO: a successful sign-in at the operator connects it; its documents bring the vehicles.
    const login = await api(who, "/edo/auth", { login: "carrier-3", password: EDO_PASSWORD });
    expect(login.status).toBe(200);
    expect(doneItems(await stateOf(who))).toEqual(["profile", "first-order", "edo"]);
    await mirrorEdoDocuments(who.companyId, await operatorDocuments("carrier-3", { limit: "20" }));
    const mirrored = await db
      .select({ vehicle: edoDocuments.vehicle })
      .from(edoDocuments)
      .where(eq(edoDocuments.companyId, who.companyId));
    expect(mirrored.some((row) => row.vehicle)).toBe(true);
    expect(doneItems(await stateOf(who))).toEqual(["profile", "first-order", "transport", "edo"]);

    // Analytics: the page's visit is recorded once.
    const visited = await api<OnboardingState>(who, "/onboarding/visit", { item: "analytics" });
    expect(visited.status).toBe(200);
    expect(doneItems(visited.data)).toEqual(["profile", "first-order", "transport", "analytics", "edo"]);

    // Plan: a payment created is not enough; paid at the provider (the webhook), it is.
    const created = await api<{ id: string }>(who, "/payments/create", {
      planId: "basic",
      returnUrl: "http://reys.test/payment/success",
    });
    expect(created.status).toBe(201);
    expect((await stateOf(who)).completed).toBe(5);
    const [payment] = await db.select().from(payments).where(eq(payments.id, created.data.id));
    const sandbox = env.YOOKASSA_API_URL.replace(/\/v3$/, "");
    const paid = await fetch(
      `${sandbox}/__sandbox/yookassa/payments/${payment!.providerPaymentId}/pay`,
      postJson({ card: "5555 5555 5555 4477" }),
    );
    expect(paid.status).toBe(200);
    await callWeb("/api/payments/webhook", paymentNotification(payment!.providerPaymentId!));
    const all = await stateOf(who);
    expect(all).toMatchObject({ completed: 6, total: 6 });

    // The dashboard congratulates at six of six.
    const page = await callWeb("/dashboard", { headers: { cookie: who.cookie } });
    const html = await page.response.text();
    expect(html).toContain("Поздравляем! Все шесть шагов пройдены");
  });

  it("keeps a dismissal, the tour's outcome and hints per user, leaving another user's state alone", async () => {
    const [one, other] = [await member(), await member()];
    const dismissed = await api<OnboardingState>(one, "/onboarding/dismiss", { key: "checklist" });
    expect(dismissed.data.checklistDismissed).toBe(true);
    await api(one, "/onboarding/dismiss", { key: "dashboard-figures" });
    await api(one, "/onboarding/dismiss", { key: "dashboard-figures" });
    const skipped = await api<OnboardingState>(one, "/onboarding/tour", { outcome: "skipped" });
    expect(skipped.data).toMatchObject({
      tourDone: true,
      tourOutcome: "skipped",
      dismissedHints: ["dashboard-figures"],
    });
    // Read again (another device): the same.
    expect(await stateOf(one)).toMatchObject({
      checklistDismissed: true,
      tourDone: true,
      dismissedHints: ["dashboard-figures"],
    });
    expect(await stateOf(other)).toMatchObject({
      checklistDismissed: false,
      tourDone: false,
      tourOutcome: null,
      dismissedHints: [],
    });
    // The analytics visit of one user is not another's.
    await api(one, "/onboarding/visit", { item: "analytics" });
    expect(doneItems(await stateOf(other))).toEqual([]);

    // A dismissed checklist is not on the dashboard; the other user's is.
    const pageOf = async (who: Member) =>
      (await callWeb("/dashboard", { headers: { cookie: who.cookie } })).response.text();
    expect(await pageOf(one)).not.toContain('data-testid="onboarding-checklist"');
    expect(await pageOf(other)).toContain('data-testid="onboarding-checklist"');

    expect((await api(one, "/onboarding/dismiss", { key: "everything" })).status).toBe(400);
    expect((await api(one, "/onboarding/tour", { outcome: "maybe" })).status).toBe(400);
  });
});

describe("achievements", () => {
  const DAY = 86_400_000;
  // The API counts at the real now: the fixture's times are set back from it.
  const now = Date.now();
  /** Monday 00:00 Moscow of last week. */
  const LAST_WEEK = moscowWeekStartOf(now) - WEEK_MS;

  it("count orders, revenue, a perfect week, the dashboard's efficiency and days in a row from the data", async () => {
    const order = (spec: Partial<OrderSpec>): OrderSpec => ({
      platform: "magnit",
      status: "delivered",
      rubles: 100_000,
      createdAt: now - 40 * DAY,
      ...spec,
    });
    const orders: Record<number, OrderSpec> = {
      // Last week: three taken trips due, all delivered → a perfect week.
      1: order({ deliveryAt: LAST_WEEK + DAY, rubles: 300_000 }),
      2: order({ deliveryAt: LAST_WEEK + 2 * DAY, status: "paid", rubles: 250_000 }),
      3: order({ deliveryAt: LAST_WEEK + 3 * DAY, status: "invoiced", rubles: 200_000 }),
      // The week before: one of two due still on the road → not perfect.
      4: order({ deliveryAt: LAST_WEEK - 5 * DAY, rubles: 150_000 }),
      5: order({ deliveryAt: LAST_WEEK - 4 * DAY, status: "in_transit", rubles: 90_000 }),
      // An offer not taken: neither a trip nor revenue.
      6: order({ status: "new", deliveryAt: LAST_WEEK - 4 * DAY, rubles: 500_000 }),
      // A done order without a price.
      7: order({ deliveryAt: LAST_WEEK - 6 * DAY, rubles: null }),
    };
    const f = await fixture(orders, now);
    const { bearer } = await sessionFor(f.userId);
    const who = { userId: f.userId, companyId: f.companyId, headers: { authorization: `Bearer ${bearer}` } };
    // Activity: 5 days in a row, a gap, then 3 days in a row (the longest run is 5), each at
    // another hour of its Moscow day (a morning, an evening).
    const HOUR = 3_600_000;
    const moscowToday = Math.floor((now + 3 * HOUR) / DAY) * DAY - 3 * HOUR;
    const days = [1, 2, 3, 4, 5, 7, 8, 9].map(
      (back) => moscowToday - back * DAY + (back % 2 === 0 ? 8 : 19) * HOUR + back * 60_000,
    );
    await testDb()
      .insert(analyticsEvents)
      .values(
        days.map((at) => ({
          id: crypto.randomUUID(),
          userId: f.userId,
          sessionId: "s",
          eventType: "page_view",
          createdAt: new Date(at),
          receivedAt: new Date(at),
        })),
      );

    const { status, data } = await api<Achievement[]>(who, "/onboarding/achievements");
    expect(status).toBe(200);
    const byId = Object.fromEntries(data.map((a) => [a.id, a]));
    expect(new Set(data.map((a) => a.category))).toEqual(
      new Set(["orders", "efficiency", "growth", "engagement"]),
    );
    expect(byId["orders-1"]).toMatchObject({ unlocked: true, progress: 1, total: 1 });
    expect(byId["orders-10"]).toMatchObject({ unlocked: false, progress: 7, total: 10 });
    expect(byId["orders-50"]).toMatchObject({ unlocked: false, progress: 7, total: 50 });
    expect(byId["perfect-week"]).toMatchObject({ unlocked: true, progress: 1, total: 1 });
    // Revenue: the done orders' prices, 300 000 + 250 000 + 200 000 + 150 000.
    expect(byId["revenue-1m"]).toMatchObject({ unlocked: false, progress: 900_000, total: 1_000_000 });
    expect(byId["streak-7"]).toMatchObject({ unlocked: false, progress: 5, total: 7 });

    // Efficiency is the dashboard's: of the 6 taken trips due in 30 days, 5 delivered → 83.3 %.
    const dashboard = await callWeb("/dashboard", {
      headers: { cookie: (await sessionFor(f.userId)).cookie },
    });
    const html = await dashboard.response.text();
    expect(html).toContain("Доставлено 5 из 6 рейсов");
    expect(byId["efficiency-95"]).toMatchObject({ unlocked: false, progress: 83, total: 95 });
    // The dashboard's panel shows the same progress.
    expect(html).toContain('data-testid="achievements"');
    expect(html).toMatch(/data-testid="achievement-revenue-1m"[^]*?900\u00a0000 \/ 1\u00a0000\u00a0000/);
  });

  it("count a week perfect only when every trip due in it was delivered, not order by order", async () => {
    // One week: two trips due, one delivered and one still on the road → no perfect week.
    const f = await fixture(
      {
        1: {
          platform: "magnit",
          status: "delivered",
          rubles: 1_000,
          createdAt: now - 40 * DAY,
          deliveryAt: LAST_WEEK + DAY,
        },
        2: {
          platform: "x5",
          status: "in_transit",
          rubles: 1_000,
          createdAt: now - 40 * DAY,
          deliveryAt: LAST_WEEK + 2 * DAY,
        },
      },
      now,
    );
    const who = { headers: { authorization: `Bearer ${(await sessionFor(f.userId)).bearer}` } };
    const { data } = await api<Achievement[]>(who, "/onboarding/achievements");
    expect(data.find((a) => a.id === "perfect-week")).toMatchObject({ unlocked: false, progress: 0 });
  });

  it("stay unlocked once reached, even when the data no longer shows it", async () => {
    const f = await fixture({
      1: { platform: "magnit", status: "delivered", rubles: 1_200_000, createdAt: Date.now() - 3 * DAY },
    });
    const who = { headers: { authorization: `Bearer ${(await sessionFor(f.userId)).bearer}` } };
    const first = await api<Achievement[]>(who, "/onboarding/achievements");
    const million = first.data.find((a) => a.id === "revenue-1m")!;
    expect(million).toMatchObject({ unlocked: true, progress: 1_000_000 });
    // The order goes away (a platform dropped it): the medal stays, with its first moment.
    await testDb().delete(platformOrders).where(eq(platformOrders.companyId, f.companyId));
    const again = await api<Achievement[]>(who, "/onboarding/achievements");
    expect(again.data.find((a) => a.id === "revenue-1m")).toEqual(million);
    expect(again.data.find((a) => a.id === "orders-1")).toMatchObject({ unlocked: true });
  });
});
