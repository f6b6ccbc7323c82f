// The CRM dashboard (spec 3 §2 «CRM dashboard», §3 «CRM quick stats», «Platform analytics»): the
// company's orders per customer platform, counted and summed in SQL in one round trip. Every
// figure rests on the orders as the platforms and the EDO mirror last described them; where the
// spec gives no formula (urgent, target, change, trend, receivables) decision 0060 defines it.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { platformConnections, platformOrders, platformOrdersCounts, quickPayments } from "../../../db/schema";
import {
  ORDER_PLATFORM_IDS,
  ORDER_STATUSES,
  type OrderPlatformId,
  type OrderStatus,
} from "../../../db/vocabulary";
import { listPlatforms } from "../platforms/catalogue";
import { ACTIVE_STATUSES, COMPLETED_STATUSES } from "../orders/orders";
import { keptOrdersOf } from "../orders/new-orders";

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
const MOSCOW_OFFSET_MS = 3 * HOUR_MS;

/** Done orders: spec 2 §4's completed statuses and «свободен», how some platforms say delivered. */
export const DONE_STATUSES = [...COMPLETED_STATUSES, "свободен"] as const satisfies readonly OrderStatus[];
/** Delivered and not yet paid by the customer: what the customer owes the carrier. */
export const RECEIVABLE_STATUSES = [
  "delivered",
  "invoiced",
  "свободен",
] as const satisfies readonly OrderStatus[];
/** Orders not yet picked up; their next deadline is the pickup. In transit: the delivery. */
const BEFORE_PICKUP = ["new", "reviewed", "accepted", "confirmed"] as const satisfies readonly OrderStatus[];
/** An active order is urgent when its next deadline is this close, or already past. */
export const URGENT_WITHIN_MS = DAY_MS;
/** The weekly trend: this many calendar weeks (Monday to Sunday, Moscow time), the current one last. */
export const TREND_WEEKS = 12;
/** Change figures compare this window with the one before it. */
const TREND_WINDOW_MS = 4 * WEEK_MS;
/** The weekly revenue target: the average of this many 7-day windows before the current one. */
export const TARGET_WEEKS = 4;
/** A platform counts as active with an order created within this many days. */
export const ACTIVE_PLATFORM_DAYS = 30;
/** The top platforms on the dashboard. */
export const TOP_PLATFORMS = 5;
/** Receivables ageing buckets: days since the (planned) delivery, upper bounds inclusive. */
export const AGEING_BUCKETS = [
  { key: "current", label: "0–30 дней", upTo: 30 },
  { key: "days31to60", label: "31–60 дней", upTo: 60 },
  { key: "days61to90", label: "61–90 дней", upTo: 90 },
  { key: "over90", label: "Более 90 дней", upTo: Number.POSITIVE_INFINITY },
] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number]["key"];
/** Quick-payment statuses under which the receivable has been sold to Рейс (decision 0054). */
const SOLD_STATUSES = ["approved", "paid_out"] as const;

/** The platforms' names as the product shows them; "edo" is an order made from an EDO docflow. */
export function platformName(id: string): string {
  if (id === "edo") return "ЭДО";
  return listPlatforms().find((platform) => platform.id === id)?.display_name ?? id;
}

/** Moscow midnight of the day `at` falls in. */
export function moscowDayStartOf(at: number): number {
  return Math.floor((at + MOSCOW_OFFSET_MS) / DAY_MS) * DAY_MS - MOSCOW_OFFSET_MS;
}

/** Moscow Monday midnight of the week `at` falls in (1970-01-01 was a Thursday). */
export function moscowWeekStartOf(at: number): number {
  const day = Math.floor((at + MOSCOW_OFFSET_MS) / DAY_MS);
  return (day - ((day + 3) % 7)) * DAY_MS - MOSCOW_OFFSET_MS;
}

/** Percentage change from `before` to `now`, one decimal; null when there was nothing before. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

export const rubles = (kopecks: number) => Math.round(kopecks) / 100;
const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

export type CrmQuickStats = {
  todayOrders: { count: number; change: number | null; amount: number };
  activeOrders: { count: number; urgent: number; amount: number };
  weeklyRevenue: { amount: number; change: number | null; target: number | null };
  platformsActive: { count: number; total: number; newThisWeek: number };
};

export type PlatformAnalytics = {
  platform: OrderPlatformId;
  name: string;
  totalOrders: number;
  /** Sum of the orders' prices (orders without a price add nothing), rubles. */
  totalAmount: number;
  /** totalAmount over the orders with a price, rubles; 0 without one. */
  avgOrderAmount: number;
  /** Orders without a price (an EDO docflow states none). */
  unpricedOrders: number;
  /** Done orders (delivered, invoiced, paid, «свободен») of all its orders, percent, one decimal. */
  completionRate: number;
  activeOrders: number;
  /** Change of the last 4 weeks against the 4 before, percent; null with nothing before. */
  trend: { amount: number | null; orders: number | null };
  /** The last 12 calendar weeks, oldest first, by when the orders were created. */
  weekly: WeekPoint[];
};

export type WeekPoint = { weekStart: string; orders: number; amount: number };

export type ReceivablesRow = {
  platform: OrderPlatformId;
  name: string;
  orders: number;
  /** Rubles per ageing bucket. */
  buckets: Record<AgeingBucket, number>;
  total: number;
  /** Delivered orders with no price: owed, but by how much the order does not say. */
  unpricedOrders: number;
};

export type Receivables = {
  /** The day the ages are counted to (Moscow). */
  asOf: string;
  platforms: ReceivablesRow[];
  totals: { orders: number; buckets: Record<AgeingBucket, number>; total: number; unpricedOrders: number };
};

export type CrmAnalytics = {
  platforms: PlatformAnalytics[];
  /** Every platform together, the same 12 weeks. */
  weekly: WeekPoint[];
  receivables: Receivables;
};

export type CrmDashboard = {
  quickStats: CrmQuickStats;
  /** The five platforms with the largest order amount, then the most orders. */
  topPlatforms: PlatformAnalytics[];
  /** Every platform with orders, by completion rate. */
  efficiency: PlatformAnalytics[];
};

/** The instants every figure is counted against, from one `now`. */
function clockOf(now: number) {
  const today = moscowDayStartOf(now);
  const trendFrom = moscowWeekStartOf(now) - (TREND_WEEKS - 1) * WEEK_MS;
  return { now, today, trendFrom, trendTo: trendFrom + TREND_WEEKS * WEEK_MS };
}
type Clock = ReturnType<typeof clockOf>;

const o = platformOrders;
export const inStatuses = (values: readonly string[]) => sql`${o.status} IN (${list(values)})`;
/** An order's price in kopecks, 0 without one. */
export const price = sql`coalesce(${o.priceKopecks}, 0)`;
/** A conditional sum: `value` (1 by default) over the rows where `condition` holds. */
export const when = (condition: SQL, value: SQL = sql`1`) =>
  sql`sum(CASE WHEN ${condition} THEN ${value} ELSE 0 END)`;
/** When an order is (planned to be) done: its delivery time, or its creation when none is given. */
export const doneAt = sql`coalesce(${o.deliveryTimeFrom}, ${o.createdAt})`;

/**
 * Every figure of the cards, the platforms and the weekly trend, one row per platform (decision
 * 0089). Each part reads only the orders its figures can count, off an index, never the rows of
 * every order:
 * - t: the totals, done and active orders by platform, from the counts the triggers keep by
 *   platform and status (platform_orders_counts, decision 0087); the orders without a price by
 *   seeking them on platform_orders_metrics_idx;
 * - c: the windows of creation time (today, yesterday, the 4-week change, the last 30 days, the
 *   12 weeks) over the orders created since the earliest of them (platform_orders_list_idx);
 * - d: the revenue windows over the orders done in the last 5 weeks (platform_orders_done_idx);
 * - u: the urgent orders, sought by platform and status on platform_orders_metrics_idx.
 * One pass of conditional sums over every order (decision 0068) cost four times as much.
 */
function ordersFiguresQuery(db: Db, companyId: string, clock: Clock) {
  const { now, today, trendFrom } = clock;
  const createdWithin = (from: number, to: number) =>
    sql`${o.createdAt} >= ${from} AND ${o.createdAt} < ${to}`;
  const createdToday = createdWithin(today, now);
  const active = inStatuses(ACTIVE_STATUSES);
  const urgentBy = now + URGENT_WITHIN_MS;
  const urgent = sql`(${inStatuses(BEFORE_PICKUP)} AND ${o.pickupTimeFrom} < ${urgentBy})
    OR (${o.status} = 'in_transit' AND ${o.deliveryTimeFrom} < ${urgentBy})`;
  const done = inStatuses(DONE_STATUSES);
  const doneWithin = (from: number, to: number) => sql`${doneAt} >= ${from} AND ${doneAt} < ${to}`;
  const recent = createdWithin(now - TREND_WINDOW_MS, now);
  const before = createdWithin(now - 2 * TREND_WINDOW_MS, now - TREND_WINDOW_MS);
  const lately = now - ACTIVE_PLATFORM_DAYS * DAY_MS;
  // The earliest instant a creation-time window starts at; the revenue windows' earliest start.
  const createdFrom = Math.min(trendFrom, now - 2 * TREND_WINDOW_MS, today - DAY_MS, lately);
  const doneFrom = now - (TARGET_WEEKS + 1) * WEEK_MS;
  const weeks = Array.from({ length: TREND_WEEKS }, (_, week) => {
    const inWeek = createdWithin(trendFrom + week * WEEK_MS, trendFrom + (week + 1) * WEEK_MS);
    return sql`${when(inWeek)} AS ${sql.raw(`w${week}`)}, ${when(inWeek, price)} AS ${sql.raw(`a${week}`)}`;
  });
  const columns = (names: string[]) =>
    sql.raw(names.map((name) => `coalesce(${name}, 0) AS ${name.slice(name.indexOf(".") + 1)}`).join(", "));
  const weekColumns = Array.from({ length: TREND_WEEKS }, (_, week) => [`c.w${week}`, `c.a${week}`]).flat();
  const by = (index: string) => sql`${o} INDEXED BY ${sql.raw(index)} WHERE ${o.companyId} = ${companyId}`;
  // The status IN lists (every status, every platform) let SQLite seek the index by its prefix.
  const ofCompany = by("platform_orders_metrics_idx");
  const k = platformOrdersCounts;
  const keptIn = (statuses: readonly string[]) => sql`${k.status} IN (${list(statuses)})`;
  return db.all<
    {
      platform: OrderPlatformId;
      orders: number;
      priced: number;
      amount: number;
      done: number;
      active: number;
      activeAmount: number;
      urgent: number;
      today: number;
      todayAmount: number;
      yesterday: number;
      weekRevenue: number;
      previousWeekRevenue: number;
      targetBase: number;
      recentOrders: number;
      recentAmount: number;
      beforeOrders: number;
      beforeAmount: number;
      createdLately: number;
      /** The company's first order, every platform's the same. */
      firstOrderAt: number;
    } & Record<`w${number}` | `a${number}`, number>
  >(sql`WITH t AS (SELECT ${k.platformId} AS platform, sum(${k.orders}) AS orders,
        sum(${k.orders}) - coalesce((SELECT count(*) FROM ${ofCompany} AND ${o.platformId} = ${k.platformId}
          AND ${o.status} IN (${list(ORDER_STATUSES)}) AND ${o.priceKopecks} IS NULL), 0) AS priced,
        sum(${k.priceKopecks}) AS amount,
        ${when(keptIn(DONE_STATUSES), sql`${k.orders}`)} AS done,
        ${when(keptIn(ACTIVE_STATUSES), sql`${k.orders}`)} AS active,
        ${when(keptIn(ACTIVE_STATUSES), sql`${k.priceKopecks}`)} AS activeAmount
      FROM ${k} WHERE ${keptOrdersOf({ companyId })}
      GROUP BY ${k.platformId} HAVING sum(${k.orders}) > 0),
    c AS (SELECT ${o.platformId} AS platform,
        ${when(createdToday)} AS today, ${when(createdToday, price)} AS todayAmount,
        ${when(createdWithin(today - DAY_MS, now - DAY_MS))} AS yesterday,
        ${when(recent)} AS recentOrders, ${when(recent, price)} AS recentAmount,
        ${when(before)} AS beforeOrders, ${when(before, price)} AS beforeAmount,
        ${when(sql`${o.createdAt} >= ${lately}`)} AS createdLately,
        ${sql.join(weeks, sql`, `)}
      FROM ${by("platform_orders_list_idx")} AND ${o.createdAt} >= ${createdFrom} GROUP BY 1),
    d AS (SELECT ${o.platformId} AS platform,
        ${when(doneWithin(now - WEEK_MS, now), price)} AS weekRevenue,
        ${when(doneWithin(now - 2 * WEEK_MS, now - WEEK_MS), price)} AS previousWeekRevenue,
        ${when(doneWithin(doneFrom, now - WEEK_MS), price)} AS targetBase
      FROM ${by("platform_orders_done_idx")} AND ${doneAt} >= ${doneFrom} AND ${doneAt} < ${now} AND ${done} GROUP BY 1),
    u AS (SELECT ${o.platformId} AS platform, count(*) AS urgent
      FROM ${ofCompany} AND ${o.platformId} IN (${list(ORDER_PLATFORM_IDS)}) AND ${active} AND (${urgent}) GROUP BY 1)
    SELECT t.platform AS platform, t.orders AS orders, t.priced AS priced, t.amount AS amount,
      t.done AS done, t.active AS active, t.activeAmount AS activeAmount,
      (SELECT min(${o.createdAt}) FROM ${o} WHERE ${o.companyId} = ${companyId}) AS firstOrderAt,
      ${columns(["u.urgent", "c.today", "c.todayAmount", "c.yesterday", "d.weekRevenue", "d.previousWeekRevenue", "d.targetBase", "c.recentOrders", "c.recentAmount", "c.beforeOrders", "c.beforeAmount", "c.createdLately", ...weekColumns])}
    FROM t LEFT JOIN c ON c.platform = t.platform LEFT JOIN d ON d.platform = t.platform
      LEFT JOIN u ON u.platform = t.platform
    ORDER BY t.platform`);
}

/** The company's connected platforms and when each was first connected. */
function connectionsQuery(db: Db, companyId: string) {
  const c = platformConnections;
  return db.all<{ platform: string; firstAt: number }>(
    sql`SELECT ${c.platformId} AS platform, min(${c.createdAt}) AS firstAt FROM ${c}
      WHERE ${c.companyId} = ${companyId} GROUP BY ${c.platformId}`,
  );
}

/** Not sold to Рейс through quick payment: the order's receivable is still the carrier's. */
const notSold = sql`NOT EXISTS (SELECT 1 FROM ${quickPayments} q WHERE q.order_id = ${o.id}
  AND q.status IN (${list(SOLD_STATUSES)}))`;

/**
 * Whole days from the order's (planned) delivery to the Moscow day the ages are counted to. The
 * client sends numbers as reals, so the division is cast: SQLite would divide them as reals.
 */
const ageDays = (clock: Clock) =>
  sql`max(0, CAST((${clock.today + DAY_MS - 1} - ${doneAt}) / ${DAY_MS} AS INTEGER))`;

function receivablesQuery(db: Db, companyId: string, clock: Clock) {
  const age = ageDays(clock);
  const bucket = sql`CASE WHEN ${age} <= 30 THEN 0 WHEN ${age} <= 60 THEN 1 WHEN ${age} <= 90 THEN 2 ELSE 3 END`;
  return db.all<{
    platform: OrderPlatformId;
    bucket: number;
    orders: number;
    priced: number;
    amount: number;
  }>(
    sql`SELECT ${o.platformId} AS platform, ${bucket} AS bucket, count(*) AS orders,
      count(${o.priceKopecks}) AS priced, sum(${price}) AS amount
    FROM ${o} WHERE ${o.companyId} = ${companyId} AND ${inStatuses(RECEIVABLE_STATUSES)} AND ${notSold}
    GROUP BY 1, 2`,
  );
}

export const moscowDate = (at: number) => new Date(at + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);

function emptyBuckets(): Record<AgeingBucket, number> {
  return { current: 0, days31to60: 0, days61to90: 0, over90: 0 };
}

function weeksOf(clock: Clock): WeekPoint[] {
  return Array.from({ length: TREND_WEEKS }, (_, week) => ({
    weekStart: moscowDate(clock.trendFrom + week * WEEK_MS),
    orders: 0,
    amount: 0,
  }));
}

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

type Figures = Rows<typeof ordersFiguresQuery>;

function quickStatsFrom(
  clock: Clock,
  figures: Figures,
  connections: Rows<typeof connectionsQuery>,
): CrmQuickStats {
  const total = (column: keyof Figures[number]) =>
    figures.reduce((sum, row) => sum + Number(row[column] ?? 0), 0);
  const firstOrderAt = figures[0]?.firstOrderAt ?? null;
  // The target needs the 4 weeks before this one: a company with a shorter history has none yet.
  const historyFrom = clock.now - (TARGET_WEEKS + 1) * WEEK_MS;
  const target =
    firstOrderAt !== null && firstOrderAt <= historyFrom ? rubles(total("targetBase") / TARGET_WEEKS) : null;
  const connected = new Set(connections.map((connection) => connection.platform));
  return {
    todayOrders: {
      count: total("today"),
      change: changePercent(total("today"), total("yesterday")),
      amount: rubles(total("todayAmount")),
    },
    activeOrders: {
      count: total("active"),
      urgent: total("urgent"),
      amount: rubles(total("activeAmount")),
    },
    weeklyRevenue: {
      amount: rubles(total("weekRevenue")),
      change: changePercent(total("weekRevenue"), total("previousWeekRevenue")),
      target,
    },
    platformsActive: {
      count: figures.filter((row) => row.platform !== "edo" && row.createdLately > 0).length,
      total: connected.size,
      newThisWeek: connections.filter((connection) => connection.firstAt >= clock.now - WEEK_MS).length,
    },
  };
}

function platformsFrom(
  clock: Clock,
  figures: Figures,
): { platforms: PlatformAnalytics[]; weekly: WeekPoint[] } {
  const weeksIn = (rows: Figures): WeekPoint[] =>
    weeksOf(clock).map((point, week) => ({
      ...point,
      orders: rows.reduce((sum, row) => sum + Number(row[`w${week}`] ?? 0), 0),
      amount: rubles(rows.reduce((sum, row) => sum + Number(row[`a${week}`] ?? 0), 0)),
    }));
  const platforms = figures
    .map((row): PlatformAnalytics => ({
      platform: row.platform,
      name: platformName(row.platform),
      totalOrders: row.orders,
      totalAmount: rubles(row.amount),
      avgOrderAmount: row.priced > 0 ? rubles(row.amount / row.priced) : 0,
      unpricedOrders: row.orders - row.priced,
      completionRate: row.orders > 0 ? Math.round((row.done / row.orders) * 1000) / 10 : 0,
      activeOrders: row.active,
      trend: {
        amount: changePercent(row.recentAmount, row.beforeAmount),
        orders: changePercent(row.recentOrders, row.beforeOrders),
      },
      weekly: weeksIn([row]),
    }))
    .sort(
      (a, b) =>
        b.totalAmount - a.totalAmount ||
        b.totalOrders - a.totalOrders ||
        a.platform.localeCompare(b.platform),
    );
  return { platforms, weekly: weeksIn(figures) };
}

function receivablesFrom(clock: Clock, rows: Rows<typeof receivablesQuery>): Receivables {
  const byPlatform = new Map<string, ReceivablesRow>();
  const totals = { orders: 0, buckets: emptyBuckets(), total: 0, unpricedOrders: 0 };
  for (const row of rows) {
    const entry = byPlatform.get(row.platform) ?? {
      platform: row.platform,
      name: platformName(row.platform),
      orders: 0,
      buckets: emptyBuckets(),
      total: 0,
      unpricedOrders: 0,
    };
    byPlatform.set(row.platform, entry);
    const key = AGEING_BUCKETS[row.bucket].key;
    for (const target of [entry, totals]) {
      target.orders += row.orders;
      target.unpricedOrders += row.orders - row.priced;
      target.buckets[key] += row.amount;
      target.total += row.amount;
    }
  }
  const inRubles = <T extends { buckets: Record<AgeingBucket, number>; total: number }>(entry: T): T => ({
    ...entry,
    buckets: Object.fromEntries(
      Object.entries(entry.buckets).map(([key, kopecks]) => [key, rubles(kopecks)]),
    ) as Record<AgeingBucket, number>,
    total: rubles(entry.total),
  });
  return {
    asOf: moscowDate(clock.now),
    platforms: [...byPlatform.values()]
      .map(inRubles)
      .sort((a, b) => b.total - a.total || b.orders - a.orders || a.platform.localeCompare(b.platform)),
    totals: inRubles(totals),
  };
}

/** GET /crm/quick-stats: the four cards. */
export async function crmQuickStats(db: Db, companyId: string, now: number): Promise<CrmQuickStats> {
  const clock = clockOf(now);
  const [figures, connections] = await db.batch([
    ordersFiguresQuery(db, companyId, clock),
    connectionsQuery(db, companyId),
  ]);
  return quickStatsFrom(clock, figures, connections);
}

/** GET /crm/dashboard and /crm: the cards, the top five platforms and every platform's efficiency. */
export async function crmDashboard(db: Db, companyId: string, now: number): Promise<CrmDashboard> {
  const clock = clockOf(now);
  const [figures, connections] = await db.batch([
    ordersFiguresQuery(db, companyId, clock),
    connectionsQuery(db, companyId),
  ]);
  const { platforms } = platformsFrom(clock, figures);
  return {
    quickStats: quickStatsFrom(clock, figures, connections),
    topPlatforms: platforms.slice(0, TOP_PLATFORMS),
    efficiency: [...platforms].sort(
      (a, b) => b.completionRate - a.completionRate || b.totalOrders - a.totalOrders,
    ),
  };
}

/** GET /crm/analytics/platforms and /crm/analytics: per-platform totals, 12 weeks, receivables. */
export async function crmAnalytics(db: Db, companyId: string, now: number): Promise<CrmAnalytics> {
  const clock = clockOf(now);
  const [figures, receivables] = await db.batch([
    ordersFiguresQuery(db, companyId, clock),
    receivablesQuery(db, companyId, clock),
  ]);
  return { ...platformsFrom(clock, figures), receivables: receivablesFrom(clock, receivables) };
}

/** One order the customer still owes for, as the 1С export lists it. */
export type ReceivableOrder = {
  platform: OrderPlatformId;
  platformName: string;
  orderNumber: string;
  customerName: string | null;
  status: OrderStatus;
  /** The (planned) delivery day, Moscow. */
  deliveredOn: string;
  ageDays: number;
  bucket: AgeingBucket;
  /** Rubles; null when the order has no price. */
  amount: number | null;
};

/** Every receivable order, oldest delivery first: the CSV export's rows. */
export async function receivableOrders(db: Db, companyId: string, now: number): Promise<ReceivableOrder[]> {
  const clock = clockOf(now);
  const rows = await db.all<{
    platform: OrderPlatformId;
    externalOrderId: string;
    orderNumber: string | null;
    customerName: string | null;
    status: OrderStatus;
    doneAt: number;
    age: number;
    price: number | null;
  }>(sql`SELECT ${o.platformId} AS platform, ${o.externalOrderId} AS externalOrderId,
      ${o.orderNumber} AS orderNumber, ${o.customerName} AS customerName, ${o.status} AS status,
      ${doneAt} AS doneAt, ${ageDays(clock)} AS age, ${o.priceKopecks} AS price
    FROM ${o} WHERE ${o.companyId} = ${companyId} AND ${inStatuses(RECEIVABLE_STATUSES)} AND ${notSold}
    ORDER BY ${doneAt}, ${o.id}`);
  return rows.map((row) => ({
    platform: row.platform,
    platformName: platformName(row.platform),
    orderNumber: row.orderNumber ?? row.externalOrderId,
    customerName: row.customerName,
    status: row.status,
    deliveredOn: moscowDate(row.doneAt),
    ageDays: row.age,
    bucket: AGEING_BUCKETS.find((bucket) => row.age <= bucket.upTo)!.key,
    amount: row.price === null ? null : rubles(row.price),
  }));
}
