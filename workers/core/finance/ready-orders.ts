// Orders ready for quick payment (spec 3 §2 «Ready-payments tab», §3 «Order (factoring view)» and
// «Ready summary», §4, §5): the company's orders in a final status, as the finance and factoring
// pages and the order cards show them, each with whether it can be paid at once and why not.
import { and, count, desc, eq, gt, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { edoDocuments } from "../../../db/schema/edo";
import { quickPayments, type QuickPaymentStatus } from "../../../db/schema/finance";
import { platformOrders, type EdoOrderInfo } from "../../../db/schema/platforms";
import type { OrderPlatformId, OrderStatus } from "../../../db/vocabulary";
import { moscowDayStart } from "../edo/documents";
import type { OrdersCursor } from "../orders/orders";
import { orderStatusLabel } from "../orders/vocabulary";
import { platformById } from "../platforms/catalogue";
import { customerKey, customerReliability, docflowOf, type CustomerReliability } from "./credit-score";
import { publicStatusOf, type PublicQuickPaymentStatus } from "./quick-payment-views";
import { DELIVERY_TITLE, READY_STATUSES, whyNotPayable } from "./quick-payments";

/** Spec 3 §4's labels of the final statuses; «свободен» is worded by its chain (statusLabel). */
const STATUS_LABELS: Partial<Record<OrderStatus, string>> = {
  delivered: "Доставлен",
  invoiced: "Счет выставлен",
  paid: "Оплачен",
};

const hasDeliveryTitle = (edoInfo: EdoOrderInfo | null) =>
  edoInfo?.documents.some((title) => title.type === DELIVERY_TITLE) ?? false;

/** Spec 3 §4's label: «свободен» is worded by its chain, as on the orders page. */
export function statusLabel(status: OrderStatus, edoInfo: EdoOrderInfo | null): string {
  if (status === "свободен") return orderStatusLabel(status, hasDeliveryTitle(edoInfo));
  return STATUS_LABELS[status] ?? status;
}

/** A period code as the finance screen's select sends it: 0 for all, else year × 10 + quarter. */
export const isPeriod = (period: number) =>
  period === 0 ||
  (Number.isInteger(period) && period >= 20001 && period <= 20994 && period % 10 >= 1 && period % 10 <= 4);

/** The instants a Moscow quarter (20243: July to September 2024) begins and the next one begins. */
export function periodBounds(period: number): { from: Date; to: Date } {
  const year = Math.floor(period / 10);
  const quarter = period % 10;
  const month = (quarter - 1) * 3 + 1;
  const from = moscowDayStart(`${year}-${String(month).padStart(2, "0")}-01`, 0);
  const to =
    quarter === 4
      ? moscowDayStart(`${year + 1}-01-01`, 0)
      : moscowDayStart(`${year}-${String(month + 3).padStart(2, "0")}-01`, 0);
  return { from, to };
}

type OrderRow = typeof platformOrders.$inferSelect;

export type Payability = {
  /** The order has a price of its own; an EDO order has none (its documents carry no price). */
  priceKnown: boolean;
  payable: boolean;
  /** Why not, in Russian (§5); null when payable. */
  notPayableReason: string | null;
};

/**
 * §5 as quick-payments.ts words it, except that an EDO order without a price is payable once its
 * chain is closed: the carrier states the amount in the confirmation panel. Until whyNotPayable
 * says so itself, it is asked about such an order as if it had a price.
 */
export function payabilityOf(
  order: Pick<OrderRow, "status" | "priceKopecks" | "platformId" | "edoInfo">,
): Payability {
  const priceKnown = order.priceKopecks !== null && order.priceKopecks > 0;
  const notPayableReason = whyNotPayable(order);
  return { priceKnown, payable: notPayableReason === null, notPayableReason };
}

/** Spec 3 §3 «Order (factoring view)», with what the pages add: payability, the request, the customer. */
export type FactoringOrder = {
  id: string;
  platform: OrderPlatformId;
  platform_name: string;
  external_order_id: string;
  order_number: string | null;
  status: OrderStatus;
  statusLabel: string;
  /** `total` in rubles; null when the order has no price (an EDO order). */
  pricing: { total: number | null; currency: string };
  route: { from: { address: string }; to: { address: string } };
  cargo: { type: string | null; description: string | null; weight: number | null };
  /** ISO 8601. */
  timeline: { orderCreated: string; deliveryDate: string | null };
  edoInfo: EdoOrderInfo | null;
  quickPayment: { id: string; status: QuickPaymentStatus; publicStatus: PublicQuickPaymentStatus } | null;
  customer: CustomerReliability;
} & Payability;

export type ReadyOrdersQuery = {
  /** 0 or absent: all; else year × 10 + quarter of the order's creation in Moscow time (20243). */
  period?: number;
  /** One final status only (GET /orders?status=); a status that is not final lists nothing. */
  status?: OrderStatus;
  limit: number;
  /** Keyset: the orders after this one (the previous page's nextCursor). */
  after?: OrdersCursor;
};

/** The company's orders in a final status (one of them, if given), in the period if one is given. */
function final(companyId: string, period: number | undefined, status?: OrderStatus): SQL[] {
  const o = platformOrders;
  const conditions: SQL[] = [eq(o.companyId, companyId), inArray(o.status, [...READY_STATUSES])];
  if (status) conditions.push(eq(o.status, status));
  if (period) {
    const { from, to } = periodBounds(period);
    conditions.push(gte(o.createdAt, from), lt(o.createdAt, to));
  }
  return conditions;
}

/**
 * The company's listed orders, newest first, a page at a time, each with its quick payment (if
 * asked for) and its customer's reliability.
 */
export async function readyOrders(
  db: Db,
  companyId: string,
  query: ReadyOrdersQuery,
): Promise<{ orders: FactoringOrder[]; nextCursor: OrdersCursor | null }> {
  const o = platformOrders;
  const d = edoDocuments;
  const q = quickPayments;
  // Spec 3 §5 lists those with a price above 0 or EDO info.
  const conditions = [
    ...final(companyId, query.period, query.status),
    sql`(${o.priceKopecks} > 0 OR ${o.edoInfo} IS NOT NULL)`,
  ];
  if (query.after)
    conditions.push(sql`(${o.createdAt}, ${o.id}) < (${query.after.createdAt}, ${query.after.id})`);
  const rows = await db
    .select({ order: o, quickPaymentId: q.id, quickPaymentStatus: q.status, customer: customerKey(o, d) })
    .from(o)
    .leftJoin(q, eq(q.orderId, o.id))
    .leftJoin(d, docflowOf(o, d))
    .where(and(...conditions))
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const customers = new Map(
    (await customerReliability(db, companyId, [...new Set(page.map((row) => row.customer))])).map((c) => [
      c.key,
      c,
    ]),
  );
  const last = page.at(-1);
  return {
    orders: page.map(({ order, quickPaymentId, quickPaymentStatus, customer }) => ({
      id: order.id,
      platform: order.platformId,
      platform_name: platformById(order.platformId)?.display_name ?? "ЭДО",
      external_order_id: order.externalOrderId,
      order_number: order.orderNumber,
      status: order.status,
      statusLabel: statusLabel(order.status, order.edoInfo),
      pricing: {
        total: order.priceKopecks === null ? null : order.priceKopecks / 100,
        currency: order.currency,
      },
      route: { from: { address: order.pickupAddress }, to: { address: order.deliveryAddress } },
      cargo: { type: order.cargoType, description: order.cargoDescription, weight: order.cargoWeightKg },
      timeline: {
        orderCreated: order.createdAt.toISOString(),
        deliveryDate: order.deliveryTimeFrom?.toISOString() ?? null,
      },
      edoInfo: order.edoInfo,
      ...payabilityOf(order),
      quickPayment:
        quickPaymentId && quickPaymentStatus
          ? {
              id: quickPaymentId,
              status: quickPaymentStatus,
              publicStatus: publicStatusOf(quickPaymentStatus),
            }
          : null,
      customer: customers.get(customer)!,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? { createdAt: last.order.createdAt.getTime(), id: last.order.id }
        : null,
  };
}

/** Spec 3 §3 «Ready summary»: the orders that can be paid at once and have not been asked for yet. */
export type ReadySummary = {
  totalReadyOrders: number;
  edoOrdersCount: number;
  regularOrdersCount: number;
  /** The sum of their known prices (EDO orders have none: the carrier states it), kopecks. */
  totalAmountKopecks: number;
  /** EDO orders among them without a price: not in totalAmountKopecks. */
  unpricedOrdersCount: number;
};

/**
 * payabilityOf's rule in SQL for readySummary (a test holds the two to the same orders): a
 * platform's order with a price — on the metrics index's columns only, so it is counted off the
 * index — and an EDO order once its chain holds the carrier's delivery title.
 */
function payable(kind: "regular" | "edo"): SQL {
  const o = platformOrders;
  return kind === "regular"
    ? and(ne(o.platformId, "edo"), gt(o.priceKopecks, 0))!
    : and(
        eq(o.platformId, "edo"),
        // The title type as a JSON string: no other value of edoInfo (ids, times) can be it, and
        // finding it is a fraction of parsing every order's titles.
        sql`instr(${o.edoInfo}, ${JSON.stringify(DELIVERY_TITLE)}) > 0`,
      )!;
}

/**
 * The payable orders, less those already asked for: a platform's and the EDO ones counted apart
 * (the first off an index), and the asked-for ones from the company's quick payments.
 */
export async function readySummary(db: Db, companyId: string, period = 0): Promise<ReadySummary> {
  const o = platformOrders;
  const q = quickPayments;
  const priced = sql`coalesce(${o.priceKopecks}, 0) > 0`;
  const totals = {
    orders: count(),
    edo: sql<number>`coalesce(sum(${o.platformId} = 'edo'), 0)`,
    amount: sql<number>`coalesce(sum(CASE WHEN ${priced} THEN ${o.priceKopecks} END), 0)`,
    unpriced: sql<number>`coalesce(sum(NOT ${priced}), 0)`,
  };
  const ready = final(companyId, period);
  const [[regular], [edo], [asked]] = await db.batch([
    db
      .select(totals)
      .from(o)
      .where(and(...ready, payable("regular"))),
    db
      .select(totals)
      .from(o)
      .where(and(...ready, payable("edo"))),
    db
      .select(totals)
      .from(q)
      .innerJoin(o, eq(o.id, q.orderId))
      .where(and(eq(q.companyId, companyId), ...ready, or(payable("regular"), payable("edo")))),
  ]);
  const sum = (field: keyof typeof totals) =>
    Number(regular[field]) + Number(edo[field]) - Number(asked[field]);
  const total = sum("orders");
  return {
    totalReadyOrders: total,
    edoOrdersCount: sum("edo"),
    regularOrdersCount: total - sum("edo"),
    totalAmountKopecks: sum("amount"),
    unpricedOrdersCount: sum("unpriced"),
  };
}
