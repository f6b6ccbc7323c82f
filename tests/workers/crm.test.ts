// The CRM (issue 22 item 4; spec 3 §2 «CRM dashboard», §3 «CRM quick stats», «Platform
// analytics», §7; decision 0060): every figure against a small fixture of orders checked by hand,
// at a fixed moment; the operations answer the caller's company only; the 1С CSV export.
import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { platformOrders, quickPayments } from "../../db/schema";
import { crmAnalytics, crmDashboard, crmQuickStats, receivableOrders } from "../../workers/core/crm/crm";
import { receivablesCsv } from "../../workers/core/crm/receivables-csv";
import { fixture, NOW, type Fixture, type OrderSpec } from "./crm-fixture";
import { callWeb, createCompanyUser, sessionFor, testDb } from "./support";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (moscow: string) => Date.parse(`${moscow}+03:00`);
const daysAgo = (days: number) => NOW - days * DAY;

/** The orders of decision 0060's worked example, by number. */
const ORDERS: Record<number, OrderSpec> = {
  1: {
    platform: "magnit",
    status: "new",
    rubles: 100_000,
    createdAt: at("2026-11-25T10:00:00"),
    pickupAt: at("2026-11-26T09:00:00"),
  },
  2: {
    platform: "magnit",
    status: "accepted",
    rubles: 50_000,
    createdAt: at("2026-11-25T08:00:00"),
    pickupAt: at("2026-11-28T09:00:00"),
  },
  3: {
    platform: "x5",
    status: "in_transit",
    rubles: 70_000,
    createdAt: at("2026-11-24T09:00:00"),
    deliveryAt: at("2026-11-24T20:00:00"),
  },
  4: { platform: "magnit", status: "new", rubles: null, createdAt: at("2026-11-24T15:00:00") },
  5: {
    platform: "magnit",
    status: "delivered",
    rubles: 200_000,
    createdAt: daysAgo(10),
    deliveryAt: daysAgo(3),
  },
  6: { platform: "x5", status: "paid", rubles: 80_000, createdAt: daysAgo(12), deliveryAt: daysAgo(10) },
  7: {
    platform: "magnit",
    status: "invoiced",
    rubles: 120_000,
    createdAt: daysAgo(50),
    deliveryAt: daysAgo(45),
    customerName: "=ООО «Формула»; склад",
  },
  8: { platform: "magnit", status: "свободен", rubles: 40_000, createdAt: daysAgo(20) },
  9: {
    platform: "magnit",
    status: "delivered",
    rubles: 30_000,
    createdAt: daysAgo(100),
    deliveryAt: daysAgo(95),
  },
  10: { platform: "x5", status: "delivered", rubles: 60_000, createdAt: daysAgo(5), deliveryAt: daysAgo(2) },
  11: { platform: "x5", status: "invoiced", rubles: null, createdAt: daysAgo(75), deliveryAt: daysAgo(70) },
};

/** Order 10 sold through quick payment: its receivable is Рейс's now. */
async function sell(f: Fixture, number: number, status: "approved" | "paid_out" | "held") {
  await testDb()
    .insert(quickPayments)
    .values({
      id: crypto.randomUUID(),
      companyId: f.companyId,
      orderId: f.orders[number],
      platformId: "x5",
      amountKopecks: 60_000_00,
      feeRateBp: 200,
      feeKopecks: 1_200_00,
      netKopecks: 58_800_00,
      status,
      consentAt: new Date(daysAgo(1)),
      requestedAt: new Date(daysAgo(1)),
      updatedAt: new Date(daysAgo(1)),
    });
}

const week = (weekStart: string, orders: number, amount: number) => ({ weekStart, orders, amount });
const weeksWith = (filled: Record<number, [number, number]>) =>
  [
    "2026-09-07",
    "2026-09-14",
    "2026-09-21",
    "2026-09-28",
    "2026-10-05",
    "2026-10-12",
    "2026-10-19",
    "2026-10-26",
    "2026-11-02",
    "2026-11-09",
    "2026-11-16",
    "2026-11-23",
  ].map((start, index) => week(start, ...(filled[index] ?? [0, 0])));

describe("CRM figures over a hand-checked fixture", () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture(ORDERS);
    await sell(f, 10, "approved");
  });

  it("quick stats: today against yesterday by the same hour, urgent, the week, its target, platforms", async () => {
    expect(await crmQuickStats(testDb(), f.companyId, NOW)).toEqual({
      // Orders 1 and 2 today; yesterday by 12:00 only order 3 (order 4 came at 15:00).
      todayOrders: { count: 2, change: 100, amount: 150_000 },
      // 1, 2, 3 and 4; urgent: 1 (pickup in 21 h) and 3 (delivery overdue); 2's pickup is in 3 days.
      activeOrders: { count: 4, urgent: 2, amount: 220_000 },
      // Done in the last 7 days: 5 and 10; the 7 before: 6; the 4 weeks before: 6 and 8 (by creation).
      weeklyRevenue: { amount: 260_000, change: 225, target: 30_000 },
      // Magnit and X5 have orders this month; Pepsi is connected without; X5 was connected 2 days ago.
      platformsActive: { count: 2, total: 3, newThisWeek: 1 },
    });
  });

  it("per-platform totals, average, completion, 4-week trend and 12 calendar weeks", async () => {
    const { platforms, weekly } = await crmAnalytics(testDb(), f.companyId, NOW);
    expect(platforms).toEqual([
      {
        platform: "magnit",
        name: "Магнит",
        totalOrders: 7,
        totalAmount: 540_000,
        avgOrderAmount: 90_000,
        unpricedOrders: 1,
        // 5, 7, 8 («свободен») and 9 of 7.
        completionRate: 57.1,
        activeOrders: 3,
        // Last 28 days: 1, 2, 4, 5, 8 (390 000 ₽); the 28 before: 7 (120 000 ₽).
        trend: { amount: 225, orders: 400 },
        weekly: weeksWith({ 4: [1, 120_000], 8: [1, 40_000], 9: [1, 200_000], 11: [3, 150_000] }),
      },
      {
        platform: "x5",
        name: "X5 Group",
        totalOrders: 4,
        totalAmount: 210_000,
        avgOrderAmount: 70_000,
        unpricedOrders: 1,
        completionRate: 75,
        activeOrders: 1,
        trend: { amount: null, orders: null },
        weekly: weeksWith({ 0: [1, 0], 9: [1, 80_000], 10: [1, 60_000], 11: [1, 70_000] }),
      },
    ]);
    expect(weekly).toEqual(
      weeksWith({
        0: [1, 0],
        4: [1, 120_000],
        8: [1, 40_000],
        9: [2, 280_000],
        10: [1, 60_000],
        11: [4, 220_000],
      }),
    );
  });

  it("receivables by age of delivery, without what quick payment sold", async () => {
    const { receivables } = await crmAnalytics(testDb(), f.companyId, NOW);
    expect(receivables).toEqual({
      asOf: "2026-11-25",
      platforms: [
        {
          platform: "magnit",
          name: "Магнит",
          orders: 4,
          // 5 (3 days) and 8 (20 days since creation: no delivery time); 7 (45); 9 (95).
          buckets: { current: 240_000, days31to60: 120_000, days61to90: 0, over90: 30_000 },
          total: 390_000,
          unpricedOrders: 0,
        },
        {
          platform: "x5",
          name: "X5 Group",
          orders: 1,
          buckets: { current: 0, days31to60: 0, days61to90: 0, over90: 0 },
          total: 0,
          unpricedOrders: 1,
        },
      ],
      totals: {
        orders: 5,
        buckets: { current: 240_000, days31to60: 120_000, days61to90: 0, over90: 30_000 },
        total: 390_000,
        unpricedOrders: 1,
      },
    });
  });

  it("the dashboard: top platforms by amount, efficiency by completion", async () => {
    const dashboard = await crmDashboard(testDb(), f.companyId, NOW);
    expect(dashboard.quickStats).toEqual(await crmQuickStats(testDb(), f.companyId, NOW));
    expect(dashboard.topPlatforms.map((p) => [p.platform, p.totalAmount])).toEqual([
      ["magnit", 540_000],
      ["x5", 210_000],
    ]);
    expect(dashboard.efficiency.map((p) => [p.platform, p.completionRate])).toEqual([
      ["x5", 75],
      ["magnit", 57.1],
    ]);
  });

  it("the 1С file: every receivable order oldest first, windows-1251, «;», decimal comma", async () => {
    const bytes = receivablesCsv(await receivableOrders(testDb(), f.companyId, NOW));
    const text = iconv.decode(Buffer.from(bytes), "win1251");
    const lines = text.split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1).map((line) => line.replace(/CRM-(\d+)-\w+/, "CRM-$1"))).toEqual([
      "Платформа;Номер заказа;Грузоотправитель;Статус;Дата доставки;Дней с доставки;Срок;Сумма, руб.",
      "Магнит;CRM-9;АО «Тандер»;Доставлен;22.08.2026;95;Более 90 дней;30000,00",
      "X5 Group;CRM-11;АО «Тандер»;Счёт выставлен;16.09.2026;70;61–90 дней;",
      // A name that starts like a formula is defused; one with «;» is quoted.
      'Магнит;CRM-7;"\'=ООО «Формула»; склад";Счёт выставлен;11.10.2026;45;31–60 дней;120000,00',
      "Магнит;CRM-8;АО «Тандер»;Готов к оплате;05.11.2026;20;0–30 дней;40000,00",
      "Магнит;CRM-5;АО «Тандер»;Доставлен;22.11.2026;3;0–30 дней;200000,00",
    ]);
  });

  it("a held quick payment leaves the receivable the carrier's; a paid-out one takes it", async () => {
    const g = await fixture({ 1: ORDERS[10], 2: ORDERS[10] });
    await sell(g, 1, "held");
    await sell(g, 2, "paid_out");
    const { receivables } = await crmAnalytics(testDb(), g.companyId, NOW);
    expect(receivables.totals).toMatchObject({ orders: 1, total: 60_000 });
  });
});

describe("figures that follow the orders as they change", () => {
  it("a new status or price counts at once; a platform whose orders are gone leaves the lists", async () => {
    const g = await fixture({ 1: ORDERS[3], 2: ORDERS[4], 3: ORDERS[6] });
    const db = testDb();
    const platformsOf = async () =>
      (await crmAnalytics(db, g.companyId, NOW)).platforms.map((p) => ({
        platform: p.platform,
        orders: p.totalOrders,
        amount: p.totalAmount,
        unpriced: p.unpricedOrders,
        completion: p.completionRate,
        active: p.activeOrders,
      }));
    expect(await platformsOf()).toEqual([
      { platform: "x5", orders: 2, amount: 150_000, unpriced: 0, completion: 50, active: 1 },
      { platform: "magnit", orders: 1, amount: 0, unpriced: 1, completion: 0, active: 1 },
    ]);
    // X5's trip in transit is delivered; Magnit's order gets its price.
    await db.update(platformOrders).set({ status: "delivered" }).where(eq(platformOrders.id, g.orders[1]));
    await db
      .update(platformOrders)
      .set({ priceKopecks: 90_000_00 })
      .where(eq(platformOrders.id, g.orders[2]));
    expect(await platformsOf()).toEqual([
      { platform: "x5", orders: 2, amount: 150_000, unpriced: 0, completion: 100, active: 0 },
      { platform: "magnit", orders: 1, amount: 90_000, unpriced: 0, completion: 0, active: 1 },
    ]);
    expect((await crmQuickStats(db, g.companyId, NOW)).activeOrders).toEqual({
      count: 1,
      urgent: 0,
      amount: 90_000,
    });
    // X5's orders are gone: its row of kept counts falls to 0 and it leaves the figures.
    await db
      .delete(platformOrders)
      .where(and(eq(platformOrders.companyId, g.companyId), eq(platformOrders.platformId, "x5")));
    expect((await platformsOf()).map((p) => p.platform)).toEqual(["magnit"]);
    expect((await crmDashboard(db, g.companyId, NOW)).efficiency.map((p) => p.platform)).toEqual(["magnit"]);
  });
});

describe("a company with no orders", () => {
  it("sees zeros and no comparisons, never made-up numbers", async () => {
    const { companyId } = await createCompanyUser();
    expect(await crmQuickStats(testDb(), companyId, NOW)).toEqual({
      todayOrders: { count: 0, change: null, amount: 0 },
      activeOrders: { count: 0, urgent: 0, amount: 0 },
      weeklyRevenue: { amount: 0, change: null, target: null },
      platformsActive: { count: 0, total: 0, newThisWeek: 0 },
    });
    const analytics = await crmAnalytics(testDb(), companyId, NOW);
    expect(analytics.platforms).toEqual([]);
    expect(analytics.weekly.every((point) => point.orders === 0 && point.amount === 0)).toBe(true);
    expect(analytics.receivables.platforms).toEqual([]);
  });
});

describe("the CRM operations", () => {
  it("answer the caller's own company: another's orders are not in its figures", async () => {
    const mine = await fixture({
      1: { ...ORDERS[5], createdAt: Date.now() - DAY, deliveryAt: Date.now() - HOUR },
    });
    await fixture(ORDERS); // another company's orders, the same platforms
    const auth = { authorization: `Bearer ${(await sessionFor(mine.userId)).bearer}` };
    const read = async <T>(path: string) => {
      const { response } = await callWeb(path, { headers: auth });
      expect(response.status).toBe(200);
      return (await response.json<{ data: T }>()).data;
    };
    const stats = await read<{ weeklyRevenue: { amount: number } }>("/api/crm/quick-stats");
    expect(stats.weeklyRevenue.amount).toBe(200_000);
    const analytics = await read<{ platforms: { platform: string; totalOrders: number }[] }>(
      "/api/crm/analytics/platforms",
    );
    expect(analytics.platforms).toEqual([expect.objectContaining({ platform: "magnit", totalOrders: 1 })]);
    const dashboard = await read<{ topPlatforms: unknown[] }>("/api/crm/dashboard");
    expect(dashboard.topPlatforms).toHaveLength(1);

    const { response } = await callWeb("/api/crm/receivables/export", { headers: auth });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=windows-1251");
    expect(response.headers.get("content-disposition")).toMatch(
      /filename="receivables-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = iconv
      .decode(Buffer.from(await response.arrayBuffer()), "win1251")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Магнит;CRM-1-\w+;АО «Тандер»;Доставлен;.*;200000,00$/);
  });

  it("answer 401 to a caller who is not signed in", async () => {
    for (const path of ["/api/crm/quick-stats", "/api/crm/dashboard", "/api/crm/analytics/platforms"]) {
      const { response } = await callWeb(path);
      expect(response.status).toBe(401);
    }
  });
});
