// The company's credit score and maximum advance, and each customer's reliability, read from the
// company's own history (issue 21, item 8; decision 0055): its delivered orders, its ЭТрН chains,
// its quick payments. Every figure is one SQL aggregate; the scoring itself is a pure function.
import { and, count, eq, gte, inArray, max, min, ne, sql, sum, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { edoDocuments } from "../../../db/schema/edo";
import { ledgerEntries, quickPayments } from "../../../db/schema/finance";
import { platformOrders } from "../../../db/schema/platforms";
import type { OrderPlatformId } from "../../../db/vocabulary";
import { platformById } from "../platforms/catalogue";
import { READY_STATUSES } from "./quick-payments";

const DAY_MS = 86_400_000;
/** The window the score reads delivered orders and chains over. */
export const SCORE_WINDOW_DAYS = 180;
/** The docflow status of a chain the consignee or the carrier refused. */
const REJECTED_STATUS = "ON_TRNACLOTKL";
/** The consignee's title: the cargo was received (T3). With the carrier's T4 it closes the chain. */
const RECEIVED_TITLE = "ON_TRNACLGRPO";

/**
 * Chains whose outcome is known: closed (T3 and T4 signed), refused, or past their deadline
 * unfinished. A chain still under way says nothing yet, good or bad, so it is left out.
 */
function chainOutcomes(conditions: SQL[]) {
  const d = edoDocuments;
  const closed = sql`(${d.handedOver} = 1 AND instr(${d.titleTypes}, ${`|${RECEIVED_TITLE}|`}) > 0)`;
  return {
    where: and(
      ...conditions,
      eq(d.category, "ETRN"),
      eq(d.deleted, false),
      sql`(${closed} OR ${d.expired} = 1 OR ${d.statusCode} = ${REJECTED_STATUS})`,
    ),
    closed: sql<number>`coalesce(sum(CASE WHEN ${closed} THEN 1 ELSE 0 END), 0)`,
  };
}

/** What the score is computed from; every count and sum is the company's own. */
export type CreditInputs = {
  /** Orders in a final status created within the window, and the sum of their known prices. */
  deliveredOrders: number;
  deliveredVolumeKopecks: number;
  /** ЭТрН chains of the window with a known outcome, and how many of them closed. */
  decidedChains: number;
  closedChains: number;
  quickPaymentsPaidOut: number;
  quickPaymentsFailed: number;
  /** Days since the company's first order or chain; 0 without either. */
  historyDays: number;
};

export type CreditFactorCode =
  "history_age" | "delivered_orders" | "closed_chains" | "quick_paid_out" | "quick_failed";

export type CreditFactor = {
  code: CreditFactorCode;
  /** What it is, with its figures, in Russian. */
  label: string;
  effect: "raises" | "lowers";
  /** Points it adds to or takes from the neutral 50, rounded to a tenth. */
  weight: number;
};

export type CreditScore = {
  /** 0–100: 50 is neutral, each factor moves it (decision 0055). */
  score: number;
  /** The average month's delivered volume times score/100, whole rubles in kopecks; 0 without volume. */
  maxAdvanceKopecks: number;
  /** Those that moved the score, largest first. */
  factors: CreditFactor[];
  inputs: CreditInputs;
};

/** Where the score starts before any factor: no evidence either way. */
export const NEUTRAL_SCORE = 50;

const share = (part: number, whole: number) => Math.min(part / whole, 1);
const plural = (n: number, one: string, few: string, many: string) => {
  const tens = n % 100;
  const units = n % 10;
  if (tens >= 11 && tens <= 14) return many;
  return units === 1 ? one : units >= 2 && units <= 4 ? few : many;
};

/**
 * Each factor's points, signed. Every one is monotonic in its evidence: more delivered orders,
 * an older history, another closed chain or another paid-out quick payment never lower the
 * score; another failed quick payment or chain left open never raises it.
 */
function factorPoints(inputs: CreditInputs): { code: CreditFactorCode; points: number; label: string }[] {
  const { deliveredOrders: orders, historyDays: days, decidedChains: decided, closedChains: closed } = inputs;
  const months = Math.floor(days / 30);
  const factors = [
    {
      code: "history_age" as const,
      // A new company loses 10; two years of history earn 10.
      points: -10 + 20 * share(days, 730),
      label:
        days === 0
          ? "Нет истории перевозок"
          : months === 0
            ? `История перевозок: ${days} ${plural(days, "день", "дня", "дней")}`
            : `История перевозок: ${months} ${plural(months, "месяц", "месяца", "месяцев")}`,
    },
    {
      code: "delivered_orders" as const,
      // None in half a year loses 10; 60 or more earn 20.
      points: -10 + 30 * share(orders, 60),
      label: `Доставлено ${orders} ${plural(orders, "заказ", "заказа", "заказов")} за ${SCORE_WINDOW_DAYS} дней`,
    },
    {
      code: "closed_chains" as const,
      // ±15 at all or none closed, once 20 chains have an outcome; fewer count for less.
      points: decided === 0 ? 0 : (30 * (closed - decided / 2)) / Math.max(decided, 20),
      label: `Закрыто ${closed} из ${decided} ${plural(decided, "цепочки", "цепочек", "цепочек")} ЭТрН за ${SCORE_WINDOW_DAYS} дней`,
    },
    {
      code: "quick_paid_out" as const,
      points: 10 * share(inputs.quickPaymentsPaidOut, 5),
      label: `Выплачено быстрых оплат: ${inputs.quickPaymentsPaidOut}`,
    },
    {
      code: "quick_failed" as const,
      points: -15 * share(inputs.quickPaymentsFailed, 3),
      label: `Быстрых оплат отклонено: ${inputs.quickPaymentsFailed}`,
    },
  ];
  return factors;
}

/** The score, the maximum advance and the factors that moved the score, from the inputs alone. */
export function scoreFrom(inputs: CreditInputs): CreditScore {
  const factors = factorPoints(inputs);
  const total = NEUTRAL_SCORE + factors.reduce((sum, f) => sum + f.points, 0);
  const score = Math.max(0, Math.min(100, Math.round(total)));
  const monthlyVolume = inputs.deliveredVolumeKopecks / (SCORE_WINDOW_DAYS / 30);
  return {
    score,
    maxAdvanceKopecks: Math.floor((monthlyVolume * score) / 100 / 100) * 100,
    factors: factors
      .filter((f) => Math.abs(f.points) >= 0.05)
      .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))
      .map((f) => ({
        code: f.code,
        label: f.label,
        effect: f.points > 0 ? "raises" : "lowers",
        weight: Math.round(Math.abs(f.points) * 10) / 10,
      })),
    inputs,
  };
}

/** The company's inputs at `now`, four aggregates in one round trip. */
export async function creditInputs(db: Db, companyId: string, now: number): Promise<CreditInputs> {
  const o = platformOrders;
  const d = edoDocuments;
  const since = new Date(now - SCORE_WINDOW_DAYS * DAY_MS);
  const chains = chainOutcomes([eq(d.companyId, companyId), gte(d.createdAt, since)]);
  const [[delivered], [chainCounts], quick, [first]] = await db.batch([
    db
      .select({ orders: count(), volume: sql<number>`coalesce(${sum(o.priceKopecks)}, 0)` })
      .from(o)
      .where(
        and(eq(o.companyId, companyId), gte(o.createdAt, since), inArray(o.status, [...READY_STATUSES])),
      ),
    db.select({ decided: count(), closed: chains.closed }).from(d).where(chains.where),
    db
      .select({ status: quickPayments.status, n: count() })
      .from(quickPayments)
      .where(
        and(eq(quickPayments.companyId, companyId), inArray(quickPayments.status, ["paid_out", "failed"])),
      )
      .groupBy(quickPayments.status),
    db.all<{ at: number | null }>(
      sql`SELECT min(at) AS at FROM (SELECT ${min(o.createdAt)} AS at FROM ${o} WHERE ${o.companyId} = ${companyId}
        UNION ALL SELECT ${min(d.createdAt)} FROM ${d} WHERE ${d.companyId} = ${companyId})`,
    ),
  ]);
  const quickOf = (status: string) => quick.find((row) => row.status === status)?.n ?? 0;
  return {
    deliveredOrders: delivered.orders,
    deliveredVolumeKopecks: Number(delivered.volume),
    decidedChains: chainCounts.decided,
    closedChains: Number(chainCounts.closed),
    quickPaymentsPaidOut: quickOf("paid_out"),
    quickPaymentsFailed: quickOf("failed"),
    historyDays: first?.at ? Math.max(0, Math.floor((now - first.at) / DAY_MS)) : 0,
  };
}

export async function creditScore(db: Db, companyId: string, now: number): Promise<CreditScore> {
  return scoreFrom(await creditInputs(db, companyId, now));
}

/**
 * A customer of the company's orders: a platform for its orders, the shipper (by INN, else by
 * name) for orders made from EDO docflows.
 */
export type CustomerReliability = {
  /** `platform:magnit`, `inn:7707083893` or `name:ооо «ромашка»`. */
  key: string;
  kind: "platform" | "shipper";
  name: string;
  inn: string | null;
  ordersCount: number;
  /** ЭТрН chains with a known outcome where this customer is the shipper; 0 for a platform. */
  decidedChains: number;
  /** Closed of those, 0…1; null when there is none to judge by (a platform's orders have no chains). */
  closedChainsShare: number | null;
  /** Mean days from delivery to the customer's payment in the ledger; null when the ledger has none. */
  daysToPay: number | null;
};

/** An EDO order's customer: its docflow's shipper by INN, else by name (`d` its docflow, left-joined). */
function shipperKey(o: typeof platformOrders, d: typeof edoDocuments) {
  return sql<string>`CASE WHEN ${d.goInn} IS NOT NULL AND ${d.goInn} <> '' THEN 'inn:' || ${d.goInn}
    ELSE 'name:' || lower(coalesce(${o.customerName}, '')) END`;
}

/** The customer key of an order row (`o`), with `d` its docflow in the mirror when it is an EDO order. */
export function customerKey(o: typeof platformOrders, d: typeof edoDocuments) {
  return sql<string>`CASE WHEN ${o.platformId} <> 'edo' THEN 'platform:' || ${o.platformId} ELSE ${shipperKey(o, d)} END`;
}

/** The docflow an EDO order was made from (left join). */
export const docflowOf = (o: typeof platformOrders, d: typeof edoDocuments) =>
  and(eq(o.platformId, "edo"), eq(d.companyId, o.companyId), eq(d.id, o.externalOrderId));

const PLATFORM_KEY = "platform:";

/**
 * Each customer's reliability: orders, share of closed chains, days to pay. With `keys`, only
 * those customers (the keys readyOrders gives its orders). A platform's orders are counted off the
 * (company, platform) index; a shipper's among the company's EDO orders only.
 */
export async function customerReliability(
  db: Db,
  companyId: string,
  keys?: readonly string[],
): Promise<CustomerReliability[]> {
  if (keys?.length === 0) return [];
  const o = platformOrders;
  const d = edoDocuments;
  const e = ledgerEntries;
  const platforms = keys
    ?.filter((k) => k.startsWith(PLATFORM_KEY))
    .map((k) => k.slice(PLATFORM_KEY.length) as OrderPlatformId);
  const shippers = keys?.filter((k) => !k.startsWith(PLATFORM_KEY));
  const shipper = shipperKey(o, d);
  const chainShipper = sql<string>`'inn:' || ${d.goInn}`;
  const chains = chainOutcomes([
    eq(d.companyId, companyId),
    sql`${d.goInn} IS NOT NULL AND ${d.goInn} <> ''`,
  ]);
  const key = customerKey(o, d);
  const [platformRows, shipperRows, chainRows, paid] = await db.batch([
    db
      .select({ platform: o.platformId, orders: count() })
      .from(o)
      .where(
        and(
          eq(o.companyId, companyId),
          platforms ? inArray(o.platformId, platforms) : ne(o.platformId, "edo"),
        ),
      )
      .groupBy(o.platformId),
    db
      .select({ key: shipper, orders: count(), name: max(o.customerName), inn: max(d.goInn) })
      .from(o)
      .leftJoin(d, docflowOf(o, d))
      .where(
        and(
          eq(o.companyId, companyId),
          eq(o.platformId, "edo"),
          shippers ? inArray(shipper, shippers) : undefined,
        ),
      )
      .groupBy(shipper),
    db
      .select({ key: chainShipper, decided: count(), closed: chains.closed })
      .from(d)
      .where(and(chains.where, shippers ? inArray(chainShipper, shippers) : undefined))
      .groupBy(d.goInn),
    // A customer's payment for an order: a completed `payment` movement naming the order.
    db
      .select({
        key,
        days: sql<number>`avg((${e.createdAt} - coalesce(${o.deliveryTimeFrom}, ${o.createdAt})) * 1.0 / ${DAY_MS})`,
      })
      .from(e)
      .innerJoin(o, and(eq(o.id, e.orderId), eq(o.companyId, e.companyId)))
      .leftJoin(d, docflowOf(o, d))
      .where(
        and(
          sql`${e.companyId} = ${companyId} AND ${e.type} = 'payment' AND ${e.status} = 'completed'`,
          keys ? inArray(key, [...keys]) : undefined,
        ),
      )
      .groupBy(key),
  ]);
  const chainsOf = new Map(chainRows.map((row) => [row.key, row]));
  const daysOf = new Map(paid.map((row) => [row.key, row.days]));
  const reliability = (
    row: { key: string; orders: number },
    kind: CustomerReliability["kind"],
    name: string,
    inn: string | null,
  ): CustomerReliability => {
    const chain = chainsOf.get(row.key);
    const days = daysOf.get(row.key);
    return {
      key: row.key,
      kind,
      name,
      inn,
      ordersCount: row.orders,
      decidedChains: chain?.decided ?? 0,
      closedChainsShare: chain && chain.decided > 0 ? Number(chain.closed) / chain.decided : null,
      daysToPay: days === undefined || days === null ? null : Math.round(Math.max(0, days) * 10) / 10,
    };
  };
  return [
    ...platformRows.map((row) =>
      reliability(
        { key: `${PLATFORM_KEY}${row.platform}`, orders: row.orders },
        "platform",
        platformById(row.platform)?.display_name ?? row.platform,
        null,
      ),
    ),
    ...shipperRows.map((row) =>
      reliability(
        row,
        "shipper",
        row.name ?? "Грузоотправитель не указан",
        row.key.startsWith("inn:") ? row.inn : null,
      ),
    ),
  ];
}
