import { and, count, desc, eq, inArray, sql, sum, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { paymentRequests, platformOrders } from "../../../db/schema";
import type { EdoOrderInfo } from "../../../db/schema";
import { ORDER_PLATFORM_IDS, ORDER_STATUSES, type OrderStatus } from "../../../db/vocabulary";
import type { PlatformOrder } from "../../providers/customer-platform";
import { connectionQuery, type EdoConnectionRow } from "../edo/connection";
import { edoOrdersSyncFrom, edoOrdersSyncQuery } from "../edo/orders";
import type { EdoOrdersSyncView } from "../edo/orders-sync-view";
import { settingsOf, settingsStatement, type ListView } from "../settings/settings";
import {
  companyNumber,
  fewMatches,
  type ListTuning,
  matchCount,
  matchedIn,
  PAGE_FROM_MATCHES_AT_MOST,
  pageRowids,
  scopeToken,
  substringFilters,
} from "../text/trigram";

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

/**
 * Where a page of the list begins when it is reached from the page beside it: right after the
 * order a cursor names (the next page) or right before it (the previous one). A cursor is that
 * order's creation time (ms) and id, the list's sort key: `1732345200000.3b9f6a2c-…`.
 */
export type OrdersCursor = { createdAt: number; id: string };

/** A keyset cursor query parameter (`<createdAt ms>.<id>`), read as an OrdersCursor. */
export const cursorParam = (description: string) =>
  z
    .string()
    .regex(/^\d{1,15}\.\S{1,100}$/, { error: "Курсор страницы не читается: возьмите его из pagination" })
    .transform((value): OrdersCursor => {
      const dot = value.indexOf(".");
      return { createdAt: Number(value.slice(0, dot)), id: value.slice(dot + 1) };
    })
    .optional()
    .describe(description);

/** The cursor of an order as `after`/`before` take it. */
export const cursorOf = (order: Pick<OrderView, "created_at" | "id">) =>
  `${Date.parse(order.created_at)}.${order.id}`;

/** GET /platforms/orders: the page's filters (spec 2 §2.1, §5), a search and a page. */
export const ordersQuerySchema = z
  .object({
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
    after: cursorParam("Следующая страница: заказы сразу после этого (pagination.nextCursor)"),
    before: cursorParam("Предыдущая страница: заказы сразу перед этим (pagination.prevCursor)"),
  })
  .refine((query) => !(query.after && query.before), {
    error: "Укажите after или before, не оба",
    path: ["before"],
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

/** The orders' trigram index (migration 0020). */
const SEARCH_INDEX = "platform_orders_search";

/**
 * One page of the company's orders, newest first, filtered on the server (platform, status,
 * search) so the page stays fast with tens of thousands of orders (decisions 0020, 0048).
 */
export async function listOrders(
  db: Db,
  companyId: string,
  query: OrdersQuery,
  tuning: ListTuning = {},
): Promise<OrdersList> {
  const [rows, counted] = await db.batch(listQueries(db, companyId, query, tuning));
  return listFrom(query, rows, counted);
}

/**
 * A page of the list, how many orders match, and the cursors of the pages beside it: null past
 * the list's end (its orders are picked with one more to tell), or before its first page.
 */
export type OrdersList = {
  orders: OrderView[];
  total: number;
  nextCursor: string | null;
  prevCursor: string | null;
};

/**
 * The page's orders (each with its payment request joined in) and how many match. The page's
 * rowids are picked off the list's index first (decision 0048): after or before a cursor (keyset:
 * a page 100 deep costs what the first does, and orders arriving meanwhile neither repeat nor
 * hide one), or by offset over index entries, not rows. A search of three characters or more
 * goes to the trigram index within the company's scope token; alone, it is counted there and, when
 * its matches are few, paged from them; shorter terms are looked for in the rows.
 */
function listQueries(
  db: Db,
  companyId: string,
  query: OrdersQuery,
  { pageFromMatchesAtMost = PAGE_FROM_MATCHES_AT_MOST }: ListTuning = {},
) {
  const o = platformOrders;
  const conditions: SQL[] = [eq(o.companyId, companyId)];
  if (query.platform) conditions.push(sql`${o.platformId} = ${query.platform}`);
  if (query.status) conditions.push(eq(o.status, query.status));
  const { match, scanned } = substringFilters(scopeToken(companyNumber(companyId)), [
    [o.searchText, query.search?.toLowerCase()],
  ]);
  conditions.push(...scanned);
  const searchOnly = conditions.length === 1 ? match : undefined;
  const listed = and(...conditions, match ? matchedIn(o, SEARCH_INDEX, match) : undefined);
  const counted = searchOnly
    ? matchCount(SEARCH_INDEX, searchOnly)
    : sql`SELECT count(*) FROM ${o} WHERE ${listed}`;

  const { after, before } = query;
  const cursor = after ?? before;
  // Backwards from `before`: the page's orders are the nearest newer ones, picked oldest first.
  const direction = before ? sql`ASC` : sql`DESC`;
  const keyset = cursor
    ? before
      ? sql`(${o.createdAt}, ${o.id}) > (${cursor.createdAt}, ${cursor.id})`
      : sql`(${o.createdAt}, ${o.id}) < (${cursor.createdAt}, ${cursor.id})`
    : undefined;
  const page = {
    where: and(listed, keyset),
    order: sql`${o.createdAt} ${direction}, ${o.id} ${direction}`,
    // One more than the page, to tell whether the list goes on beyond it.
    limit: query.limit + 1,
    offset: cursor ? 0 : (query.page - 1) * query.limit,
  };
  const rowids = searchOnly
    ? pageRowids(o, page, {
        index: SEARCH_INDEX,
        match: searchOnly,
        where: and(eq(o.companyId, companyId), keyset),
        few: fewMatches(SEARCH_INDEX, searchOnly, pageFromMatchesAtMost),
      })
    : pageRowids(o, page);
  return [
    db
      .select({ order: o, requestedAt: paymentRequests.requestedAt })
      .from(o)
      .leftJoin(paymentRequests, eq(paymentRequests.orderId, o.id))
      .where(sql`${o}.rowid IN (${rowids})`)
      .orderBy(desc(o.createdAt), desc(o.id)),
    db.all<{ total: number }>(sql`SELECT (${counted}) AS total`),
  ] as const;
}
type ListRows = Awaited<ReturnType<typeof listQueries>[0]>;

function listFrom(query: OrdersQuery, rows: ListRows, counted: { total: number }[]): OrdersList {
  const orders = rows.map((row) => toView(row.order, row.requestedAt));
  // The extra order lies beyond the page in the direction it was picked: older, or newer for `before`.
  const beyond = orders.length > query.limit;
  if (beyond && query.before) orders.shift();
  else if (beyond) orders.pop();
  const [first, last] = [orders.at(0), orders.at(-1)];
  // The side a page was reached from has orders: the cursor's own, or those an offset skipped.
  const cameFromNewer = query.after !== undefined || (!query.before && query.page > 1);
  return {
    orders,
    total: counted[0]?.total ?? 0,
    nextCursor: last && (query.before || beyond) ? cursorOf(last) : null,
    prevCursor: first && (query.before ? beyond : cameFromNewer) ? cursorOf(first) : null,
  };
}

/**
 * What the orders page shows in one round trip to the database: a page of orders, their count
 * and cursors, the metrics, the EDO connection and its orders sync for the banner and panel, and
 * the viewer's chosen layout of the list (decision 0083).
 */
export async function ordersPage(
  db: Db,
  { companyId, userId }: { companyId: string; userId: string },
  query: OrdersQuery,
  now: number,
): Promise<
  OrdersList & {
    metrics: OrderMetrics;
    edoConnection: EdoConnectionRow | undefined;
    edoOrdersSync: EdoOrdersSyncView;
    listView: ListView;
  }
> {
  const [rows, counted, metricRows, [edoConnection], edoRuns, [settings]] = await db.batch([
    ...listQueries(db, companyId, query),
    metricsQuery(db, companyId),
    connectionQuery(db, companyId),
    edoOrdersSyncQuery(db, companyId),
    settingsStatement(db, userId),
  ]);
  return {
    ...listFrom(query, rows, counted),
    metrics: metricsFrom(metricRows),
    edoConnection,
    edoOrdersSync: edoOrdersSyncFrom(edoRuns, now),
    listView: settingsOf(settings).ordersListView,
  };
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
