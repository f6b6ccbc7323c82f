// The first screen's figures (spec 1 §2 «Dashboard»; issue 24 item 1; decision 0069): active
// trips, clients, this month's income and efficiency, and the weekly income and trips, from the
// company's orders (the platforms' and those made from the EDO mirror) and its ledger, in one
// round trip. The old dashboard showed fixed demo numbers; every figure here is counted.
import { sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { preparedSql } from "../../../db/prepared-sql";
import { ledgerEntries, platformOrders } from "../../../db/schema";
import { moscowMonthBounds } from "../billing/moscow-calendar";
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

export type DashboardClock = ReturnType<typeof clockOf>;

export function clockOf(now: number) {
  const { start, end } = moscowMonthBounds(now);
  const month = { start, next: end, previous: moscowMonthBounds(start - 1).start };
  const weeksFrom = moscowWeekStartOf(now) - (DASHBOARD_WEEKS - 1) * WEEK_MS;
  // The previous month up to the same point, clipped to its end (31 March against February).
  const previousTo = Math.min(month.previous + (now - month.start), month.start);
  return { now, month, previousTo, weeksFrom };
}

const done = inStatuses(DONE_STATUSES);

/**
 * The figures over all of a company's orders, a few cheap sums per row of the covering index
 * platform_orders_metrics_idx (decision 0068); the achievements' order count and revenue too.
 * Decision 0075 split the old single pass: its 40 conditional sums per order cost 8 ms at 3,000
 * orders, and most of them only concern the last weeks (windowStatement, weeksStatement).
 */
export function orderTotalsStatement(db: Db, companyId: string, clock: DashboardClock) {
  return db.all<{
    orders: number;
    active: number;
    inTransit: number;
    overdue: number;
    revenue: number;
    shipments: number;
  }>(
    orderTotalsSql({ companyId, now: clock.now, monthStart: clock.month.start, monthNext: clock.month.next }),
  );
}
const orderTotalsSql = preparedSql<{ companyId: string; now: number; monthStart: number; monthNext: number }>(
  (p) => {
    const trip = inStatuses(TRIP_STATUSES);
    return sql`SELECT count(*) AS orders,
      ${when(trip)} AS active, ${when(sql`${o.status} = 'in_transit'`)} AS inTransit,
      ${when(sql`${trip} AND ${doneAt} < ${p.now}`)} AS overdue,
      ${when(done, price)} AS revenue,
      ${when(sql`${o.createdAt} >= ${p.monthStart} AND ${o.createdAt} < ${p.monthNext}`)} AS shipments
    FROM ${o} WHERE ${o.companyId} = ${p.companyId}`;
  },
);

/**
 * This month's and the previous month's income and the efficiency window: every one of them ends
 * before now, so only the orders done (or due) since the earliest of their starts are summed.
 */
export function windowStatement(db: Db, companyId: string, clock: DashboardClock) {
  const { now, month, previousTo } = clock;
  const dueFrom = now - EFFICIENCY_DAYS * DAY_MS;
  return db.all<{ income: number; previousIncome: number; due: number; delivered: number }>(
    windowSql({
      companyId,
      now,
      monthStart: month.start,
      previousStart: month.previous,
      previousTo,
      dueFrom,
      from: Math.min(month.previous, dueFrom),
    }),
  );
}
const windowSql = preparedSql<{
  companyId: string;
  now: number;
  monthStart: number;
  previousStart: number;
  previousTo: number;
  dueFrom: number;
  from: number;
}>((p) => {
  const due = sql`NOT ${inStatuses(UNTAKEN)} AND ${doneAt} >= ${p.dueFrom}`;
  return sql`SELECT
      ${when(sql`${done} AND ${doneAt} >= ${p.monthStart}`, price)} AS income,
      ${when(sql`${done} AND ${doneAt} >= ${p.previousStart} AND ${doneAt} < ${p.previousTo}`, price)} AS previousIncome,
      ${when(due)} AS due, ${when(sql`${due} AND ${done}`)} AS delivered
    FROM ${o} WHERE ${o.companyId} = ${p.companyId} AND ${doneAt} >= ${p.from} AND ${doneAt} < ${p.now}`;
});

/**
 * The number of the week since `from` an order is done in. The cast makes it whole: the driver
 * sends numbers as floats, so a plain division would give each order its own "week".
 */
export const weekOf = (from: number | Placeholder) =>
  sql`CAST((${doneAt} - ${from}) / ${WEEK_MS} AS INTEGER)`;

/** The chart's weeks: done orders grouped by the calendar week of their delivery. */
export function weeksStatement(db: Db, companyId: string, clock: DashboardClock) {
  const { weeksFrom } = clock;
  return db.all<{ week: number; trips: number; income: number }>(
    weeksSql({ companyId, weeksFrom, weeksTo: weeksFrom + DASHBOARD_WEEKS * WEEK_MS }),
  );
}
const weeksSql = preparedSql<{ companyId: string; weeksFrom: number; weeksTo: number }>(
  (p) => sql`SELECT
      ${weekOf(p.weeksFrom)} AS week, count(*) AS trips, sum(${price}) AS income
    FROM ${o} WHERE ${o.companyId} = ${p.companyId} AND ${done}
      AND ${doneAt} >= ${p.weeksFrom} AND ${doneAt} < ${p.weeksTo}
    GROUP BY week`,
);

/** Distinct customers (by name; an order without one counts as its platform) of recent orders. */
function clientsStatement(db: Db, companyId: string, now: number) {
  return db.all<{ clients: number; platforms: number }>(
    clientsSql({ companyId, from: now - CLIENT_DAYS * DAY_MS }),
  );
}
const clientsSql = preparedSql<{ companyId: string; from: number }>(
  (p) => sql`SELECT
      count(DISTINCT coalesce(nullif(trim(${o.customerName}), ''), ${o.platformId})) AS clients,
      count(DISTINCT ${o.platformId}) AS platforms
    FROM ${o} WHERE ${o.companyId} = ${p.companyId} AND ${o.createdAt} >= ${p.from}`,
);

/** Executed payouts to the company's bank account since `from` (a movement's completed row). */
function receivedStatement(db: Db, companyId: string, from: number) {
  return db.all<{ kopecks: number }>(receivedSql({ companyId, from }));
}
const receivedSql = preparedSql<{ companyId: string; from: number }>((p) => {
  const e = ledgerEntries;
  return sql`SELECT coalesce(sum(${e.amountKopecks}), 0) AS kopecks FROM ${e}
    WHERE ${e.companyId} = ${p.companyId} AND ${e.createdAt} >= ${p.from}
      AND ${e.type} = 'payout' AND ${e.status} = 'completed'`;
});

/** A row of what a statement-making function's statement reads. */
export type RowOf<T extends (...args: never[]) => PromiseLike<unknown[]>> = Awaited<ReturnType<T>>[number];

/** What the figures are made of: the rows of the statements above, read in one batch. */
export type FigureRows = {
  totals: RowOf<typeof orderTotalsStatement> | undefined;
  window: RowOf<typeof windowStatement> | undefined;
  weeks: RowOf<typeof weeksStatement>[];
  clients: RowOf<typeof clientsStatement> | undefined;
  received: RowOf<typeof receivedStatement> | undefined;
};

/** The statements of the figures, in FigureRows' order, for a caller's batch. */
export function figureStatements(db: Db, companyId: string, clock: DashboardClock) {
  return [
    orderTotalsStatement(db, companyId, clock),
    windowStatement(db, companyId, clock),
    weeksStatement(db, companyId, clock),
    clientsStatement(db, companyId, clock.now),
    receivedStatement(db, companyId, clock.month.start),
  ] as const;
}

const n = (value: number | null | undefined) => Number(value ?? 0);

/** Efficiency (decision 0069): delivered of the taken orders due in the last 30 days, 0.1 %. */
export function efficiencyOf(window: FigureRows["window"]): DashboardFigures["efficiency"] {
  const due = n(window?.due);
  const delivered = n(window?.delivered);
  return { percent: due > 0 ? Math.round((delivered / due) * 1000) / 10 : null, due, delivered };
}

/** The figures from the statements' rows. */
export function figuresOf(clock: DashboardClock, rows: FigureRows): DashboardFigures {
  const { totals, window, clients, received } = rows;
  const byWeek = new Map(rows.weeks.map((row) => [n(row.week), row]));
  return {
    empty: n(totals?.orders) === 0,
    activeTrips: { count: n(totals?.active), inTransit: n(totals?.inTransit), overdue: n(totals?.overdue) },
    clients: { count: n(clients?.clients), platforms: n(clients?.platforms) },
    monthIncome: {
      month: moscowDate(clock.now).slice(0, 7),
      amount: rubles(n(window?.income)),
      change: changePercent(n(window?.income), n(window?.previousIncome)),
      receivedToAccount: rubles(n(received?.kopecks)),
    },
    efficiency: efficiencyOf(window),
    weeks: Array.from({ length: DASHBOARD_WEEKS }, (_, week) => ({
      weekStart: moscowDate(clock.weeksFrom + week * WEEK_MS),
      income: rubles(n(byWeek.get(week)?.income)),
      trips: n(byWeek.get(week)?.trips),
    })),
  };
}

export async function dashboardFigures(db: Db, companyId: string, now: number): Promise<DashboardFigures> {
  const clock = clockOf(now);
  const [[totals], [window], weeks, [clients], [received]] = await db.batch(
    figureStatements(db, companyId, clock),
  );
  return figuresOf(clock, { totals, window, weeks, clients, received });
}
