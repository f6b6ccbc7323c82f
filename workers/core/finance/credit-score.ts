// The company's credit score and maximum advance, and each customer's reliability, read from the
// company's own history (issue 21, item 8; decision 0055): its delivered orders, its ЭТрН chains,
// its quick payments. Every figure is one SQL aggregate; the scoring itself is a pure function.
import { and, count, eq, gte, inArray, min, or, sql, sum, type SQL } from "drizzle-orm";
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

/** The customer key of an order row (`o`), with `d` its docflow in the mirror when it is an EDO order. */
export function customerKey(o: typeof platformOrders, d: typeof edoDocuments) {
  return sql<string>`CASE WHEN ${o.platformId} <> 'edo' THEN 'platform:' || ${o.platformId}
    WHEN ${d.goInn} IS NOT NULL AND ${d.goInn} <> '' THEN 'inn:' || ${d.goInn}
    ELSE 'name:' || lower(coalesce(${o.customerName}, '')) END`;
}

/** The docflow an EDO order was made from (left join). */
export const docflowOf = (o: typeof platformOrders, d: typeof edoDocuments) =>
  and(eq(o.platformId, "edo"), eq(d.companyId, o.companyId), eq(d.id, o.externalOrderId));

/**
 * The orders of the customers `keys` names, as conditions the indexes serve: a platform's orders by
 * (company, platform), a shipper's by its docflows' INN or its name; null when `keys` names none.
 */
function ofCustomers(o: typeof platformOrders, d: typeof edoDocuments, keys: readonly string[]) {
  const named = (prefix: string) =>
    keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  const [platforms, inns, names] = [named("platform:"), named("inn:"), named("name:")];
  const edo = eq(o.platformId, "edo");
  return or(
    platforms.length > 0 ? inArray(o.platformId, platforms as OrderPlatformId[]) : undefined,
    inns.length > 0 ? and(edo, inArray(d.goInn, inns)) : undefined,
    names.length > 0 ? and(edo, inArray(sql`lower(coalesce(${o.customerName}, ''))`, names)) : undefined,
  );
}

/**
 * Each customer's reliability: orders, share of closed chains, days to pay. With `keys`, only
 * those customers (the keys readyOrders gives its orders).
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
  const key = customerKey(o, d);
  const keyed = (rows: SQL) => (keys ? and(rows, ofCustomers(o, d, keys), inArray(key, [...keys])) : rows);
  const shipperKey = sql<string>`CASE WHEN ${d.goInn} IS NOT NULL AND ${d.goInn} <> '' THEN 'inn:' || ${d.goInn} END`;
  const chains = chainOutcomes([eq(d.companyId, companyId), sql`${shipperKey} IS NOT NULL`]);
  const [orders, chainRows, paid] = await db.batch([
    db
      .select({
        key,
        orders: count(),
        shipper: sql<string | null>`max(${o.customerName})`,
        inn: sql<string | null>`max(${d.goInn})`,
      })
      .from(o)
      .leftJoin(d, docflowOf(o, d))
      .where(keyed(sql`${o.companyId} = ${companyId}`))
      .groupBy(key),
    db
      .select({ key: shipperKey, decided: count(), closed: chains.closed })
      .from(d)
      .where(
        keys
          ? and(
              chains.where,
              inArray(
                d.goInn,
                keys.filter((k) => k.startsWith("inn:")).map((k) => k.slice("inn:".length)),
              ),
            )
          : chains.where,
      )
      .groupBy(shipperKey),
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
        keyed(sql`${e.companyId} = ${companyId} AND ${e.type} = 'payment' AND ${e.status} = 'completed'`),
      )
      .groupBy(key),
  ]);
  const chainsOf = new Map(chainRows.map((row) => [row.key, row]));
  const daysOf = new Map(paid.map((row) => [row.key, row.days]));
  return orders.map((row) => {
    const platform = row.key.startsWith("platform:") ? row.key.slice("platform:".length) : null;
    const chain = chainsOf.get(row.key);
    const days = daysOf.get(row.key);
    return {
      key: row.key,
      kind: platform ? "platform" : "shipper",
      name: platform
        ? (platformById(platform)?.display_name ?? platform)
        : (row.shipper ?? "Грузоотправитель не указан"),
      inn: platform ? null : row.inn,
      ordersCount: row.orders,
      decidedChains: chain?.decided ?? 0,
      closedChainsShare: chain && chain.decided > 0 ? Number(chain.closed) / chain.decided : null,
      daysToPay: days === undefined || days === null ? null : Math.round(Math.max(0, days) * 10) / 10,
    };
  });
}
