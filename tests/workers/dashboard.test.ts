// The first screen's figures (issue 24 item 1, decision 0069) against a hand-checked fixture:
// active trips, clients, this month's income against the previous month to the same day, the
// ledger's payouts, efficiency and the weekly chart; a new company's zeros; another company's
// orders never counted; the /dashboard page as a carrier sees it.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { edoConnections, ledgerEntries } from "../../db/schema";
import { paymentHref, paymentOfferFor, subscriptionView } from "../../workers/core/billing/subscriptions";
import { dashboardFigures } from "../../workers/core/dashboard/dashboard";
import { dashboardPage } from "../../workers/core/dashboard/page";
import { fixture, NOW, type Fixture } from "./crm-fixture";
import { callWeb, createCompanyUser, sessionFor, testDb } from "./support";
import { edoConnectionRow } from "../support/edo-rows";
import { textOf } from "../support/page-text";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const msk = (iso: string) => Date.parse(`${iso}+03:00`);

async function ledger(
  companyId: string,
  type: "payout" | "quick",
  status: "completed" | "pending",
  rubles: number,
  at: number,
) {
  const id = crypto.randomUUID();
  await testDb()
    .insert(ledgerEntries)
    .values({
      id,
      companyId,
      movementId: `test:${id}`,
      type,
      status,
      amountKopecks: rubles * 100,
      description: "Тест",
      createdAt: new Date(at),
    });
}

describe("dashboardFigures", () => {
  let f: Fixture;
  beforeAll(async () => {
    // Another carrier first, with far bigger numbers in every figure: none of it may count.
    const other = await fixture({
      1: {
        platform: "magnit",
        status: "in_transit",
        rubles: 9_000_000,
        createdAt: NOW - DAY,
        deliveryAt: NOW - HOUR,
      },
      2: {
        platform: "x5",
        status: "delivered",
        rubles: 8_000_000,
        createdAt: NOW - 3 * DAY,
        deliveryAt: NOW - 2 * DAY,
      },
    });
    await ledger(other.companyId, "payout", "completed", 5_000_000, NOW - DAY);
    f = await fixture({
      // Trips under way: taken (accepted, confirmed, in transit) and not delivered.
      1: {
        platform: "magnit",
        status: "accepted",
        rubles: 10_000,
        createdAt: NOW - 2 * DAY,
        deliveryAt: NOW + DAY,
      },
      2: {
        platform: "x5",
        status: "in_transit",
        rubles: 20_000,
        createdAt: NOW - 3 * DAY,
        deliveryAt: NOW - DAY,
        customerName: "ООО «Агроторг»",
      },
      3: {
        platform: "pepsi",
        status: "confirmed",
        rubles: 5_000,
        createdAt: NOW - DAY,
        deliveryAt: NOW + 2 * DAY,
      },
      // Delivered this month: 20 November (week of 16 Nov) and 2 November (week of 2 Nov).
      4: {
        platform: "magnit",
        status: "delivered",
        rubles: 30_000,
        createdAt: NOW - 10 * DAY,
        deliveryAt: msk("2026-11-20T10:00:00"),
      },
      5: {
        platform: "x5",
        status: "paid",
        rubles: 40_000,
        createdAt: msk("2026-10-30T09:00:00"),
        deliveryAt: msk("2026-11-02T10:00:00"),
        customerName: "  ",
      },
      // October: the 20th is before 25 October 12:00 (the previous month to the same point) and
      // before the 30-day window; the 28th is after both.
      6: {
        platform: "pepsi",
        status: "invoiced",
        rubles: 15_000,
        createdAt: msk("2026-10-15T09:00:00"),
        deliveryAt: msk("2026-10-20T10:00:00"),
      },
      7: {
        platform: "magnit",
        status: "delivered",
        rubles: 7_000,
        createdAt: msk("2026-10-25T09:00:00"),
        deliveryAt: msk("2026-10-28T10:00:00"),
      },
      // An offer not taken: its past delivery time makes it no one's late trip.
      8: {
        platform: "x5",
        status: "new",
        rubles: 9_000,
        createdAt: NOW - HOUR,
        deliveryAt: NOW - DAY,
        customerName: "ООО «Агроторг»",
      },
      // Long ago: outside the clients' 90 days and the chart's 12 weeks.
      9: {
        platform: "pepsi",
        status: "delivered",
        rubles: 1_000,
        createdAt: NOW - 120 * DAY,
        deliveryAt: NOW - 118 * DAY,
        customerName: "ООО «Пепсико»",
      },
    });
    await ledger(f.companyId, "payout", "completed", 50_000, msk("2026-11-10T12:00:00"));
    await ledger(f.companyId, "payout", "pending", 3_000, NOW - HOUR);
    await ledger(f.companyId, "payout", "completed", 1_000, msk("2026-10-20T12:00:00"));
    await ledger(f.companyId, "quick", "completed", 2_000, NOW - DAY);
  });

  it("counts the trips under way, those in transit and those past their delivery time", async () => {
    const figures = await dashboardFigures(testDb(), f.companyId, NOW);
    expect(figures.empty).toBe(false);
    expect(figures.activeTrips).toEqual({ count: 3, inTransit: 1, overdue: 1 });
  });

  it("counts distinct customers of the last 90 days, a nameless one as its platform", async () => {
    const figures = await dashboardFigures(testDb(), f.companyId, NOW);
    // «Тандер» (1, 3, 4, 6, 7), «Агроторг» (2, 8), X5 for the nameless 5; not «Пепсико» (9).
    expect(figures.clients).toEqual({ count: 3, platforms: 3 });
  });

  it("sums this month's delivered orders against October to the same point, and the payouts received", async () => {
    const figures = await dashboardFigures(testDb(), f.companyId, NOW);
    expect(figures.monthIncome).toEqual({
      month: "2026-11",
      amount: 70_000,
      // 70,000 against 15,000: +366.7 %.
      change: 366.7,
      // Completed payouts of November only; not the pending one, not a quick payment's credit.
      receivedToAccount: 50_000,
    });
  });

  it("measures efficiency as the taken trips due in 30 days that are delivered", async () => {
    const figures = await dashboardFigures(testDb(), f.companyId, NOW);
    // Due: 2 (late), 4, 5, 7; delivered: 4, 5, 7.
    expect(figures.efficiency).toEqual({ percent: 75, due: 4, delivered: 3 });
  });

  it("charts the delivered trips and their income by the Moscow week of delivery", async () => {
    const { weeks } = await dashboardFigures(testDb(), f.companyId, NOW);
    expect(weeks).toHaveLength(12);
    expect(weeks[0].weekStart).toBe("2026-09-07");
    expect(weeks[11].weekStart).toBe("2026-11-23");
    const byWeek = Object.fromEntries(weeks.filter((w) => w.trips > 0).map((w) => [w.weekStart, w]));
    expect(byWeek).toEqual({
      "2026-10-19": { weekStart: "2026-10-19", income: 15_000, trips: 1 },
      "2026-10-26": { weekStart: "2026-10-26", income: 7_000, trips: 1 },
      "2026-11-02": { weekStart: "2026-11-02", income: 40_000, trips: 1 },
      "2026-11-16": { weekStart: "2026-11-16", income: 30_000, trips: 1 },
    });
  });

  it("reads the whole page in one batch: the same figures, plan block and onboarding as read apart", async () => {
    const page = await dashboardPage(testDb(), { userId: f.userId, companyId: f.companyId }, NOW);
    expect(page.figures).toEqual(await dashboardFigures(testDb(), f.companyId, NOW));
    const subscription = await subscriptionView(testDb(), f.companyId, NOW);
    // November's orders for the plan's limit: 1, 2, 3, 4 and 8 were created this month.
    expect(subscription?.shipmentsUsed).toBe(5);
    expect(page.subscription).toEqual(subscription);
    expect(page.paymentHref).toBe(paymentHref(subscription!, await paymentOfferFor(testDb(), f.companyId)));
    // The checklist's «Выбрать тариф» leads where the plan block does; the achievements count
    // the company's orders from the figures' own pass.
    const plan = page.onboarding.state.checklist.find((item) => item.id === "plan");
    expect(plan?.action.href).toBe(page.paymentHref);
    expect(page.onboarding.facts.orders).toBe(Object.keys(f.orders).length);
  });

  it("gives a new company zeros, no percentages and an empty flag", async () => {
    const { companyId } = await createCompanyUser();
    const figures = await dashboardFigures(testDb(), companyId, NOW);
    expect(figures).toMatchObject({
      empty: true,
      activeTrips: { count: 0, inTransit: 0, overdue: 0 },
      clients: { count: 0, platforms: 0 },
      monthIncome: { amount: 0, change: null, receivedToAccount: 0 },
      efficiency: { percent: null, due: 0, delivered: 0 },
    });
    expect(figures.weeks.every((week) => week.income === 0 && week.trips === 0)).toBe(true);
  });
});

describe("/dashboard", () => {
  const open = async (userId: string) => {
    const { cookie } = await sessionFor(userId);
    const { response } = await callWeb("/dashboard", { headers: { cookie } });
    return { status: response.status, text: textOf(await response.text()) };
  };

  it("shows a new carrier the zeros and where to start", async () => {
    const { userId } = await createCompanyUser();
    const { status, text } = await open(userId);
    expect(status).toBe(200);
    expect(text).toContain("Здесь появятся ваши рейсы и доход");
    expect(text).toContain("Подключить платформу");
    expect(text).toContain("Активные рейсы 0");
    expect(text).toContain("За 90 дней заказов не было");
    expect(text).toContain("Эффективность —");
  });

  it("shows a carrier with orders its own counted figures and the weekly charts", async () => {
    const now = Date.now();
    const mine = await fixture(
      {
        1: {
          platform: "magnit",
          status: "in_transit",
          rubles: 12_345,
          createdAt: now - DAY,
          deliveryAt: now + DAY,
        },
        2: { platform: "x5", status: "accepted", rubles: 1_000, createdAt: now - DAY, deliveryAt: now + DAY },
      },
      now,
    );
    const { status, text } = await open(mine.userId);
    expect(status).toBe(200);
    expect(text).not.toContain("Здесь появятся ваши рейсы и доход");
    expect(text).toContain("Активные рейсы 2 В пути: 1");
    expect(text).toContain("Клиенты 1 С заказами за 90 дней, 2 платформы");
    expect(text).toContain("Доход по неделям");
    expect(text).toContain("Рейсы по неделям");
  });
});

describe("the signed-in frame's header", () => {
  const header = async (userId: string) => {
    const { cookie } = await sessionFor(userId);
    const { response } = await callWeb("/dashboard", { headers: { cookie } });
    const html = await response.text();
    return html.slice(html.indexOf("<header"), html.indexOf("</header>"));
  };
  const indicator = (html: string) => /data-testid="edo-indicator"[^>]*data-state="(\w+)"/.exec(html)?.[1];

  it("says whether EDO is connected, expired or not connected, and links to /edo", async () => {
    const { userId, companyId } = await createCompanyUser();
    let html = await header(userId);
    expect(indicator(html)).toBe("disconnected");
    expect(textOf(html)).toContain("ЭДО не подключено");

    const row = edoConnectionRow(companyId);
    await testDb().insert(edoConnections).values(row);
    html = await header(userId);
    expect(indicator(html)).toBe("connected");
    expect(textOf(html)).toContain("ЭДО подключено");
    expect(html).toContain('href="/edo"');

    await testDb()
      .update(edoConnections)
      .set({ tokenExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(edoConnections.id, row.id!));
    html = await header(userId);
    expect(indicator(html)).toBe("expired");
    expect(textOf(html)).toContain("Войдите в ЭДО");
  });

  it("has help for everyone and the feedback panel's link for an admin only", async () => {
    const user = await createCompanyUser();
    const admin = await createCompanyUser({ role: "admin" });
    const mine = await header(user.userId);
    expect(mine).toContain('href="/help"');
    expect(mine).not.toContain('href="/admin/feedback"');
    expect(await header(admin.userId)).toContain('href="/admin/feedback"');
  });
});
