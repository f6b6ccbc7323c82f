import { and, count, desc, eq, inArray, sql, sum, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { paymentRequests, platformOrders } from "../../../db/schema";
import type { EdoOrderInfo } from "../../../db/schema";
import { ORDER_PLATFORM_IDS, ORDER_STATUSES, type OrderStatus } from "../../../db/vocabulary";
import type { PlatformOrder } from "../../providers/customer-platform";

/** Statuses of spec 2 §4: in work, and done. */
export const ACTIVE_STATUSES = ["new", "reviewed", "accepted", "confirmed", "in_transit"] as const;
export const COMPLETED_STATUSES = ["delivered", "invoiced", "paid"] as const;
/** Payment may be requested for these (spec 2 §4); «свободен» is how some platforms say delivered. */
export const PAYABLE_STATUSES = ["delivered", "paid", "свободен"] as const satisfies readonly OrderStatus[];
/** The fixed margin the metrics report (spec 2 §9). */
export const PROFIT_MARGIN = 0.15;

export const ORDER_MESSAGES = {
  notFound: "Заказ не найден",
  paymentRequested: "Запрос на оплату отправлен успешно!",
  notPayable: "Оплату можно запросить только за выполненный заказ",
} as const;

/** Lower-cased text a search looks through: shipper, consignee, cargo description, order number. */
export function orderSearchText(order: PlatformOrder): string {
  return [order.customerName, order.delivery.contactName, order.cargo.description, order.externalOrderId]
    .filter(Boolean)
    .join("\n")
    .toLowerCase();
}

const allOr = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum(["all", ...values] as [string, ...string[]], { error: message })
    .transform((value) => (value === "all" ? undefined : (value as T[number])))
    .optional();

/** GET /platforms/orders: the page's filters (spec 2 §2.1, §5), a search and a page. */
export const ordersQuerySchema = z.object({
  platform: allOr(ORDER_PLATFORM_IDS, "Неизвестная платформа"),
  status: allOr(ORDER_STATUSES, "Неизвестный статус заказа"),
  search: z.string().trim().max(100, { error: "Поиск не длиннее 100 символов" }).optional(),
  page: z.coerce
    .number({ error: "page должен быть числом" })
    .int({ error: "page должен быть целым числом" })
    .min(1, { error: "page от 1" })
    .default(1),
  limit: z.coerce
    .number({ error: "limit должен быть числом" })
    .int({ error: "limit должен быть целым числом" })
    .min(1, { error: "limit от 1 до 200" })
    .max(200, { error: "limit от 1 до 200" })
    .default(50),
});
export type OrdersQuery = z.output<typeof ordersQuerySchema>;

/** GET /orders: one status or all. */
export const ordersByStatusQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: "Неизвестный статус заказа" }).optional(),
});

/** An order as the API shows it: the spec's Platform order fields (spec 2 §3), rubles, ISO dates. */
export type OrderView = {
  id: string;
  platform_name: string;
  platform_logo: string;
  external_order_id: string;
  customer_name: string | null;
  pickup_address: string;
  pickup_contact_name: string | null;
  pickup_contact_phone: string | null;
  delivery_address: string;
  delivery_contact_name: string | null;
  delivery_contact_phone: string | null;
  pickup_longitude: number | null;
  pickup_latitude: number | null;
  delivery_longitude: number | null;
  delivery_latitude: number | null;
  cargo_type: string | null;
  cargo_description: string | null;
  cargo_weight: number | null;
  cargo_volume: number | null;
  /** Packages (pallets), when known. */
  cargo_packages: number | null;
  documents_required: string[];
  price: number | null;
  currency: string;
  payment_terms: string | null;
  created_at: string;
  pickup_time_from: string | null;
  delivery_time_from: string | null;
  status: OrderStatus;
  vehicle_requirements: string | null;
  /** The number people know it by (an EDO document's number); null when it is external_order_id. */
  order_number: string | null;
  /** For an order made from an EDO docflow (platform "edo"): the docflow's id and its titles. */
  edo_info: EdoOrderInfo | null;
  /** Great-circle distance between pickup and delivery, km; null without both coordinates. */
  distance_km: number | null;
  /** When payment was requested for it (POST /orders/{id}/payment-request), if it was. */
  payment_requested_at: string | null;
};

type OrderRow = typeof platformOrders.$inferSelect;

const rubles = (kopecks: number | null) => (kopecks === null ? null : kopecks / 100);
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Kilometres along the Earth's surface (haversine); road distance needs the routing provider. */
export function greatCircleKm(from: [number, number], to: [number, number]): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const [lon1, lat1] = from.map(radians);
  const [lon2, lat2] = to.map(radians);
  const a =
    Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(a)));
}

function toView(row: OrderRow, requestedAt: Date | null): OrderView {
  const hasRoute =
    row.pickupLongitude !== null &&
    row.pickupLatitude !== null &&
    row.deliveryLongitude !== null &&
    row.deliveryLatitude !== null;
  return {
    id: row.id,
    platform_name: row.platformId,
    platform_logo: `/platforms/${row.platformId}.svg`,
    external_order_id: row.externalOrderId,
    customer_name: row.customerName,
    pickup_address: row.pickupAddress,
    pickup_contact_name: row.pickupContactName,
    pickup_contact_phone: row.pickupContactPhone,
    delivery_address: row.deliveryAddress,
    delivery_contact_name: row.deliveryContactName,
    delivery_contact_phone: row.deliveryContactPhone,
    pickup_longitude: row.pickupLongitude,
    pickup_latitude: row.pickupLatitude,
    delivery_longitude: row.deliveryLongitude,
    delivery_latitude: row.deliveryLatitude,
    cargo_type: row.cargoType,
    cargo_description: row.cargoDescription,
    cargo_weight: row.cargoWeightKg,
    cargo_volume: row.cargoVolumeM3,
    cargo_packages: row.cargoPackages,
    documents_required: row.documentsRequired,
    price: rubles(row.priceKopecks),
    currency: row.currency,
    payment_terms: row.paymentTerms,
    created_at: row.createdAt.toISOString(),
    pickup_time_from: iso(row.pickupTimeFrom),
    delivery_time_from: iso(row.deliveryTimeFrom),
    status: row.status,
    vehicle_requirements: row.vehicleRequirements,
    order_number: row.orderNumber,
    edo_info: row.edoInfo,
    distance_km: hasRoute
      ? greatCircleKm(
          [row.pickupLongitude!, row.pickupLatitude!],
          [row.deliveryLongitude!, row.deliveryLatitude!],
        )
      : null,
    payment_requested_at: iso(requestedAt),
  };
}

async function withRequests(db: Db, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const requests = await db
    .select({ orderId: paymentRequests.orderId, at: paymentRequests.requestedAt })
    .from(paymentRequests)
    .where(
      inArray(
        paymentRequests.orderId,
        rows.map((row) => row.id),
      ),
    );
  const requestedAt = new Map(requests.map((request) => [request.orderId, request.at]));
  return rows.map((row) => toView(row, requestedAt.get(row.id) ?? null));
}

/**
 * One page of the company's orders, newest first, filtered on the server (platform, status,
 * search) so the page stays fast with tens of thousands of orders (decision 0020).
 */
export async function listOrders(
  db: Db,
  companyId: string,
  query: OrdersQuery,
): Promise<{ orders: OrderView[]; total: number }> {
  const [rows, counted] = await db.batch(listQueries(db, companyId, query));
  return listFrom(rows, counted);
}

/** The page's orders (each with its payment request joined in) and how many match. */
function listQueries(db: Db, companyId: string, query: OrdersQuery) {
  const conditions: SQL[] = [eq(platformOrders.companyId, companyId)];
  if (query.platform) conditions.push(sql`${platformOrders.platformId} = ${query.platform}`);
  if (query.status) conditions.push(eq(platformOrders.status, query.status));
  if (query.search)
    conditions.push(sql`instr(${platformOrders.searchText}, ${query.search.toLowerCase()}) > 0`);
  const where = and(...conditions);
  return [
    db
      .select({ order: platformOrders, requestedAt: paymentRequests.requestedAt })
      .from(platformOrders)
      .leftJoin(paymentRequests, eq(paymentRequests.orderId, platformOrders.id))
      .where(where)
      .orderBy(desc(platformOrders.createdAt), desc(platformOrders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(platformOrders).where(where),
  ] as const;
}

type ListRows = Awaited<ReturnType<typeof listQueries>[0]>;

const listFrom = (rows: ListRows, counted: { total: number }[]) => ({
  orders: rows.map((row) => toView(row.order, row.requestedAt)),
  total: counted[0]?.total ?? 0,
});

/**
 * What the orders page shows (a page of orders, their count and the metrics) in one round
 * trip to the database.
 */
export async function ordersPage(
  db: Db,
  companyId: string,
  query: OrdersQuery,
): Promise<{ orders: OrderView[]; total: number; metrics: OrderMetrics }> {
  const [rows, counted, metricRows] = await db.batch([
    ...listQueries(db, companyId, query),
    metricsQuery(db, companyId),
  ]);
  return { ...listFrom(rows, counted), metrics: metricsFrom(metricRows) };
}

/** The company's orders in the given statuses (GET /orders?status=, the finance screen's source). */
export async function ordersInStatus(db: Db, companyId: string, status: OrderStatus | undefined) {
  const rows = await db
    .select()
    .from(platformOrders)
    .where(
      and(eq(platformOrders.companyId, companyId), status ? eq(platformOrders.status, status) : undefined),
    )
    .orderBy(desc(platformOrders.createdAt))
    .limit(500);
  return withRequests(db, rows);
}

/** Order metrics (spec 2 §3), counted and summed in SQL over every order of the company. */
export type OrderMetrics = {
  totalOrders: number;
  activeOrders: number;
  completedOrders: number;
  /** Sum of the completed orders' prices, rubles. */
  totalRevenue: number;
  /** totalRevenue / completedOrders, rubles; 0 without completed orders. */
  averageOrderValue: number;
  profitMargin: number;
  platformBreakdown: { platform: string; orders: number; revenue: number }[];
};

export async function orderMetrics(db: Db, companyId: string): Promise<OrderMetrics> {
  return metricsFrom(await metricsQuery(db, companyId));
}

/** Per platform: orders, active and completed ones, and the completed ones' revenue. */
function metricsQuery(db: Db, companyId: string) {
  const isActive = inArray(platformOrders.status, [...ACTIVE_STATUSES]);
  const isCompleted = inArray(platformOrders.status, [...COMPLETED_STATUSES]);
  return db
    .select({
      platform: platformOrders.platformId,
      orders: count(),
      active: sum(sql`CASE WHEN ${isActive} THEN 1 ELSE 0 END`).mapWith(Number),
      completed: sum(sql`CASE WHEN ${isCompleted} THEN 1 ELSE 0 END`).mapWith(Number),
      revenueKopecks: sum(
        sql`CASE WHEN ${isCompleted} THEN ${platformOrders.priceKopecks} ELSE 0 END`,
      ).mapWith(Number),
    })
    .from(platformOrders)
    .where(eq(platformOrders.companyId, companyId))
    .groupBy(platformOrders.platformId);
}

function metricsFrom(rows: Awaited<ReturnType<typeof metricsQuery>>): OrderMetrics {
  const total = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((acc, row) => acc + (pick(row) || 0), 0);
  const completedOrders = total((row) => row.completed);
  const revenueKopecks = total((row) => row.revenueKopecks);
  return {
    totalOrders: total((row) => row.orders),
    activeOrders: total((row) => row.active),
    completedOrders,
    totalRevenue: revenueKopecks / 100,
    averageOrderValue: completedOrders > 0 ? Math.round(revenueKopecks / completedOrders) / 100 : 0,
    profitMargin: PROFIT_MARGIN,
    platformBreakdown: rows
      .map((row) => ({
        platform: row.platform,
        orders: row.orders,
        revenue: (row.revenueKopecks || 0) / 100,
      }))
      .sort((a, b) => b.orders - a.orders),
  };
}

export type PaymentRequestResult =
  | { ok: true; requestedAt: string; created: boolean }
  | { ok: false; reason: "not_found" | "not_payable"; message: string };

/**
 * Records a request to be paid for a delivered order. Asking again answers the same request:
 * the unique order id makes a second one impossible, even from two clicks at once.
 */
export async function requestPayment(
  db: Db,
  companyId: string,
  orderId: string,
  now: number,
): Promise<PaymentRequestResult> {
  const [order] = await db
    .select({
      id: platformOrders.id,
      status: platformOrders.status,
      priceKopecks: platformOrders.priceKopecks,
    })
    .from(platformOrders)
    .where(and(eq(platformOrders.id, orderId), eq(platformOrders.companyId, companyId)));
  if (!order) return { ok: false, reason: "not_found", message: ORDER_MESSAGES.notFound };
  if (!(PAYABLE_STATUSES as readonly string[]).includes(order.status)) {
    return { ok: false, reason: "not_payable", message: ORDER_MESSAGES.notPayable };
  }
  const inserted = await db
    .insert(paymentRequests)
    .values({
      id: crypto.randomUUID(),
      companyId,
      orderId,
      status: "requested",
      amountKopecks: order.priceKopecks,
      requestedAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ requestedAt: paymentRequests.requestedAt });
  if (inserted.length > 0)
    return { ok: true, requestedAt: inserted[0].requestedAt.toISOString(), created: true };
  const [existing] = await db
    .select({ requestedAt: paymentRequests.requestedAt })
    .from(paymentRequests)
    .where(eq(paymentRequests.orderId, orderId));
  return { ok: true, requestedAt: existing.requestedAt.toISOString(), created: false };
}
