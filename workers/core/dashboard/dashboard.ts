// The first screen's figures (spec 1 §2 «Dashboard»; issue 24 item 1; decision 0069): active
// trips, clients, this month's income and efficiency, and the weekly income and trips, from the
// company's orders (the platforms' and those made from the EDO mirror) and its ledger, in one
// round trip. The old dashboard showed fixed demo numbers; every figure here is counted.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ledgerEntries, platformOrders } from "../../../db/schema";
import { moscowMonthBounds } from "../billing/moscow-calendar";
import {
  paymentHref,
  subscriptionQuery,
  subscriptionStateOf,
  subscriptionViewOf,
  type SubscriptionView,
} from "../billing/subscriptions";
import type { OrderStatus } from "../../../db/vocabulary";
import {
  changePercent,
  DAY_MS,
  DONE_STATUSES,
  doneAt,
  inStatuses,
  moscowDate,
  moscowWeekStartOf,
  price,
  rubles,
  WEEK_MS,
  when,
} from "../crm/crm";

/** A trip under way: an order the carrier has taken and not yet delivered. */
export const TRIP_STATUSES = [
  "accepted",
  "confirmed",
  "in_transit",
] as const satisfies readonly OrderStatus[];
/** Offers not yet taken: they are no one's trip, so efficiency does not count them. */
const UNTAKEN = ["new", "reviewed"] as const satisfies readonly OrderStatus[];
/** Efficiency looks at the orders due for delivery within this many days. */
export const EFFICIENCY_DAYS = 30;
/** Clients: customers with an order created within this many days. */
export const CLIENT_DAYS = 90;
/** The chart's calendar weeks, the current one last. */
export const DASHBOARD_WEEKS = 12;

export type DashboardWeek = { weekStart: string; income: number; trips: number };

export type DashboardFigures = {
  /** The company has no order at all yet: the page says where to start. */
  empty: boolean;
  activeTrips: { count: number; inTransit: number; overdue: number };
  clients: { count: number; platforms: number };
  monthIncome: {
    /** The Moscow month it is counted for, YYYY-MM. */
    month: string;
    /** Done orders' prices with their (planned) delivery this month up to now, rubles. */
    amount: number;
    /** Against the previous month up to the same day and hour; null when it had none. */
    change: number | null;
    /** Paid out to the company's bank account this month (the ledger), rubles. */
    receivedToAccount: number;
  };
  efficiency: { percent: number | null; due: number; delivered: number };
  weeks: DashboardWeek[];
};

const o = platformOrders;

function clockOf(now: number) {
  const { start, end } = moscowMonthBounds(now);
  const month = { start, next: end, previous: moscowMonthBounds(start - 1).start };
  const weeksFrom = moscowWeekStartOf(now) - (DASHBOARD_WEEKS - 1) * WEEK_MS;
  // The previous month up to the same point, clipped to its end (31 March against February).
  const previousTo = Math.min(month.previous + (now - month.start), month.start);
  return { now, month, previousTo, weeksFrom };
}

/** One pass over the covering index platform_orders_metrics_idx (decision 0068). */
function ordersStatement(db: Db, companyId: string, clock: ReturnType<typeof clockOf>) {
  const { now, month, previousTo, weeksFrom } = clock;
  const done = inStatuses(DONE_STATUSES);
  const trip = inStatuses(TRIP_STATUSES);
  const doneWithin = (from: number, to: number) =>
    sql`${done} AND ${doneAt} >= ${from} AND ${doneAt} < ${to}`;
  const due = sql`NOT ${inStatuses(UNTAKEN)} AND ${doneAt} >= ${now - EFFICIENCY_DAYS * DAY_MS} AND ${doneAt} < ${now}`;
  const weeks = Array.from({ length: DASHBOARD_WEEKS }, (_, week) => {
    const inWeek = doneWithin(weeksFrom + week * WEEK_MS, weeksFrom + (week + 1) * WEEK_MS);
    return sql`${when(inWeek)} AS ${sql.raw(`t${week}`)}, ${when(inWeek, price)} AS ${sql.raw(`i${week}`)}`;
  });
  return db.all<
    {
      orders: number;
      active: number;
      inTransit: number;
      overdue: number;
      income: number;
      previousIncome: number;
      due: number;
      delivered: number;
      shipments: number;
    } & Record<`t${number}` | `i${number}`, number>
  >(sql`SELECT count(*) AS orders,
      ${when(trip)} AS active, ${when(sql`${o.status} = 'in_transit'`)} AS inTransit,
      ${when(sql`${trip} AND ${doneAt} < ${now}`)} AS overdue,
      ${when(doneWithin(month.start, now), price)} AS income,
      ${when(doneWithin(month.previous, previousTo), price)} AS previousIncome,
      ${when(due)} AS due, ${when(sql`${due} AND ${done}`)} AS delivered,
      ${when(sql`${o.createdAt} >= ${month.start} AND ${o.createdAt} < ${month.next}`)} AS shipments,
      ${sql.join(weeks, sql`, `)}
    FROM ${o} WHERE ${o.companyId} = ${companyId}`);
}

/** Distinct customers (by name; an order without one counts as its platform) of recent orders. */
function clientsStatement(db: Db, companyId: string, now: number) {
  return db.all<{ clients: number; platforms: number }>(sql`SELECT
      count(DISTINCT coalesce(nullif(trim(${o.customerName}), ''), ${o.platformId})) AS clients,
      count(DISTINCT ${o.platformId}) AS platforms
    FROM ${o} WHERE ${o.companyId} = ${companyId} AND ${o.createdAt} >= ${now - CLIENT_DAYS * DAY_MS}`);
}

/** Executed payouts to the company's bank account since `from` (a movement's completed row). */
function receivedStatement(db: Db, companyId: string, from: number) {
  const e = ledgerEntries;
  return db.all<{ kopecks: number }>(sql`SELECT coalesce(sum(${e.amountKopecks}), 0) AS kopecks FROM ${e}
    WHERE ${e.companyId} = ${companyId} AND ${e.createdAt} >= ${from}
      AND ${e.type} = 'payout' AND ${e.status} = 'completed'`);
}

/** The figures from the statements' rows. */
function figuresOf(
  clock: ReturnType<typeof clockOf>,
  row: Awaited<ReturnType<typeof ordersStatement>>[number] | undefined,
  clients: { clients: number; platforms: number } | undefined,
  received: { kopecks: number } | undefined,
): DashboardFigures {
  const n = (value: number | null | undefined) => Number(value ?? 0);
  const due = n(row?.due);
  const delivered = n(row?.delivered);
  return {
    empty: n(row?.orders) === 0,
    activeTrips: { count: n(row?.active), inTransit: n(row?.inTransit), overdue: n(row?.overdue) },
    clients: { count: n(clients?.clients), platforms: n(clients?.platforms) },
    monthIncome: {
      month: moscowDate(clock.now).slice(0, 7),
      amount: rubles(n(row?.income)),
      change: changePercent(n(row?.income), n(row?.previousIncome)),
      receivedToAccount: rubles(n(received?.kopecks)),
    },
    efficiency: {
      percent: due > 0 ? Math.round((delivered / due) * 1000) / 10 : null,
      due,
      delivered,
    },
    weeks: Array.from({ length: DASHBOARD_WEEKS }, (_, week) => ({
      weekStart: moscowDate(clock.weeksFrom + week * WEEK_MS),
      income: rubles(n(row?.[`i${week}`])),
      trips: n(row?.[`t${week}`]),
    })),
  };
}

export async function dashboardFigures(db: Db, companyId: string, now: number): Promise<DashboardFigures> {
  const clock = clockOf(now);
  const [[row], [clients], [received]] = await db.batch([
    ordersStatement(db, companyId, clock),
    clientsStatement(db, companyId, now),
    receivedStatement(db, companyId, clock.month.start),
  ]);
  return figuresOf(clock, row, clients, received);
}

/**
 * The whole /dashboard in one round trip: the figures, and the plan block's subscription and
 * its link (the month's orders for the plan's limit counted in the figures' own pass).
 */
export async function dashboardPage(
  db: Db,
  companyId: string,
  now: number,
): Promise<{ figures: DashboardFigures; subscription: SubscriptionView | null; paymentHref: string }> {
  const clock = clockOf(now);
  const [[row], [clients], [received], [company]] = await db.batch([
    ordersStatement(db, companyId, clock),
    clientsStatement(db, companyId, now),
    receivedStatement(db, companyId, clock.month.start),
    subscriptionQuery(db, companyId),
  ]);
  const subscription = company
    ? subscriptionViewOf(subscriptionStateOf(company, now), Number(row?.shipments ?? 0), now)
    : null;
  return {
    figures: figuresOf(clock, row, clients, received),
    subscription,
    paymentHref: subscription
      ? paymentHref(subscription, { chosenPlan: company?.chosenPlan ?? null })
      : "/payment",
  };
}
