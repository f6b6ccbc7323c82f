import { and, desc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { preparedQuery, preparedSql, type Placeholders, type PreparedRead } from "../../../db/prepared-sql";
import { paymentRequests, platformOrdersCounts, platformOrders } from "../../../db/schema";
import type { EdoOrderInfo } from "../../../db/schema";
import { ORDER_PLATFORM_IDS, ORDER_STATUSES, type OrderStatus } from "../../../db/vocabulary";
import type { PlatformOrder } from "../../providers/customer-platform";
import { connectionQuery, type EdoConnectionRow } from "../edo/connection";
import {
  quickPaymentsOfOrdersIn,
  quickPaymentView,
  type QuickPaymentView,
} from "../finance/quick-payment-views";
import { edoOrdersSyncFrom, edoOrdersSyncQuery } from "../edo/orders";
import { keptOrdersOf, keptOrdersSum } from "./new-orders";
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
    distance_km: distanceOf(row),
    payment_requested_at: iso(requestedAt),
  };
}

/** What the orders page's rows and cards show of an order (decision 0083), and all it reads. */
export type ListedOrder = Pick<
  OrderView,
  | "id"
  | "platform_name"
  | "external_order_id"
  | "order_number"
  | "status"
  | "edo_info"
  | "customer_name"
  | "pickup_address"
  | "delivery_contact_name"
  | "delivery_address"
  | "cargo_type"
  | "cargo_description"
  | "cargo_weight"
  | "cargo_packages"
  | "price"
  | "payment_terms"
  | "created_at"
  | "pickup_time_from"
  | "delivery_time_from"
  | "distance_km"
>;

/** The columns a ListedOrder is made of: a third of the row fewer to read, decode and map. */
const LISTED = {
  id: platformOrders.id,
  platformId: platformOrders.platformId,
  externalOrderId: platformOrders.externalOrderId,
  orderNumber: platformOrders.orderNumber,
  status: platformOrders.status,
  edoInfo: platformOrders.edoInfo,
  customerName: platformOrders.customerName,
  pickupAddress: platformOrders.pickupAddress,
  deliveryContactName: platformOrders.deliveryContactName,
  deliveryAddress: platformOrders.deliveryAddress,
  cargoType: platformOrders.cargoType,
  cargoDescription: platformOrders.cargoDescription,
  cargoWeightKg: platformOrders.cargoWeightKg,
  cargoPackages: platformOrders.cargoPackages,
  priceKopecks: platformOrders.priceKopecks,
  paymentTerms: platformOrders.paymentTerms,
  createdAt: platformOrders.createdAt,
  pickupTimeFrom: platformOrders.pickupTimeFrom,
  deliveryTimeFrom: platformOrders.deliveryTimeFrom,
  pickupLongitude: platformOrders.pickupLongitude,
  pickupLatitude: platformOrders.pickupLatitude,
  deliveryLongitude: platformOrders.deliveryLongitude,
  deliveryLatitude: platformOrders.deliveryLatitude,
};
type ListedRow = { [K in keyof typeof LISTED]: OrderRow[K] };

/** The distance between an order's ends when both are placed, else null. */
function distanceOf(
  row: Pick<OrderRow, "pickupLongitude" | "pickupLatitude" | "deliveryLongitude" | "deliveryLatitude">,
) {
  const { pickupLongitude, pickupLatitude, deliveryLongitude, deliveryLatitude } = row;
  if (
    pickupLongitude === null ||
    pickupLatitude === null ||
    deliveryLongitude === null ||
    deliveryLatitude === null
  )
    return null;
  return greatCircleKm([pickupLongitude, pickupLatitude], [deliveryLongitude, deliveryLatitude]);
}

function listedView(row: ListedRow): ListedOrder {
  return {
    id: row.id,
    platform_name: row.platformId,
    external_order_id: row.externalOrderId,
    order_number: row.orderNumber,
    status: row.status,
    edo_info: row.edoInfo,
    customer_name: row.customerName,
    pickup_address: row.pickupAddress,
    delivery_contact_name: row.deliveryContactName,
    delivery_address: row.deliveryAddress,
    cargo_type: row.cargoType,
    cargo_description: row.cargoDescription,
    cargo_weight: row.cargoWeightKg,
    cargo_packages: row.cargoPackages,
    price: rubles(row.priceKopecks),
    payment_terms: row.paymentTerms,
    created_at: row.createdAt.toISOString(),
    pickup_time_from: iso(row.pickupTimeFrom),
    delivery_time_from: iso(row.deliveryTimeFrom),
    distance_km: distanceOf(row),
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
  const list = listQueries(db, companyId, query, tuning);
  const [rows, counted] = await db.batch([
    db
      .select({ order: platformOrders, requestedAt: paymentRequests.requestedAt })
      .from(platformOrders)
      .leftJoin(paymentRequests, eq(paymentRequests.orderId, platformOrders.id))
      .where(list.picked)
      .orderBy(...NEWEST_FIRST),
    list.counted,
  ]);
  return listFrom(
    query,
    rows.map((row) => toView(row.order, row.requestedAt)),
    counted,
  );
}

/**
 * A page of the list, how many orders match, and the cursors of the pages beside it: null past
 * the list's end (its orders are picked with one more to tell), or before its first page.
 */
export type OrdersList<V = OrderView> = {
  orders: V[];
  total: number;
  nextCursor: string | null;
  prevCursor: string | null;
};

/**
 * Which orders are the page's (`picked`, for the caller to select what it reads of them) and how
 * many match. The page's
 * rowids are picked off the list's index first (decision 0048): after or before a cursor (keyset:
 * a page 100 deep costs what the first does, and orders arriving meanwhile neither repeat nor
 * hide one), or by offset over index entries, not rows. A search of three characters or more
 * goes to the trigram index within the company's scope token; alone, it is counted there and, when
 * its matches are few, paged from them; shorter terms are looked for in the rows.
 */
function listQueries(db: Db, companyId: string, query: OrdersQuery, tuning: ListTuning = {}) {
  const { picked, counted } = listStatements(
    {
      companyId,
      platform: query.platform,
      status: query.status,
      search: query.search,
      ...pageOf(query),
    },
    tuning,
  );
  return { picked, counted: db.all<{ total: number }>(counted) };
}

/** Where the query's page lies in the list: beside its cursor, or at its offset. */
function pageOf(query: OrdersQuery) {
  const cursor = query.after ?? query.before;
  return {
    cursorAt: cursor?.createdAt ?? null,
    cursorId: cursor?.id ?? null,
    backwards: query.before !== undefined,
    // One more than the page, to tell whether the list goes on beyond it.
    limit: query.limit + 1,
    offset: cursor ? 0 : (query.page - 1) * query.limit,
  };
}

/** What picks a page of the list: the values, or placeholders for them (pageListOf). */
type ListArgs = {
  companyId: string;
  platform?: string;
  status?: OrderStatus;
  search?: string;
  /** The cursor's order (its creation time and id) when the page is beside one, else null. */
  cursorAt?: number | null;
  cursorId?: string | null;
  /** Before the cursor: the page's orders are the nearest newer ones, picked oldest first. */
  backwards: boolean;
  limit: number;
  offset: number;
};

function listStatements(
  args: ListArgs,
  { pageFromMatchesAtMost = PAGE_FROM_MATCHES_AT_MOST }: ListTuning = {},
) {
  const o = platformOrders;
  const conditions: SQL[] = [eq(o.companyId, args.companyId)];
  if (args.platform) conditions.push(sql`${o.platformId} = ${args.platform}`);
  if (args.status) conditions.push(eq(o.status, args.status));
  const { match, scanned } = args.search
    ? substringFilters(scopeToken(companyNumber(args.companyId)), [[o.searchText, args.search.toLowerCase()]])
    : { match: undefined, scanned: [] };
  conditions.push(...scanned);
  const searchOnly = conditions.length === 1 ? match : undefined;
  const listed = and(...conditions, match ? matchedIn(o, SEARCH_INDEX, match) : undefined);
  const counted = searchOnly
    ? matchCount(SEARCH_INDEX, searchOnly)
    : args.search
      ? sql`SELECT count(*) FROM ${o} WHERE ${listed}`
      : keptCount(args);

  const direction = args.backwards ? sql`ASC` : sql`DESC`;
  const keyset =
    args.cursorAt === undefined || args.cursorAt === null
      ? undefined
      : args.backwards
        ? sql`(${o.createdAt}, ${o.id}) > (${args.cursorAt}, ${args.cursorId})`
        : sql`(${o.createdAt}, ${o.id}) < (${args.cursorAt}, ${args.cursorId})`;
  const page = {
    where: and(listed, keyset),
    order: sql`${o.createdAt} ${direction}, ${o.id} ${direction}`,
    limit: args.limit,
    offset: args.offset,
  };
  const rowids = searchOnly
    ? pageRowids(o, page, {
        index: SEARCH_INDEX,
        match: searchOnly,
        where: and(eq(o.companyId, args.companyId), keyset),
        few: fewMatches(SEARCH_INDEX, searchOnly, pageFromMatchesAtMost),
      })
    : pageRowids(o, page);
  return {
    /** Which rows are the page's (the caller selects what it reads of them, NEWEST_FIRST). */
    picked: sql`${o}.rowid IN (${rowids})`,
    counted: sql`SELECT (${counted}) AS total`,
  };
}

/**
 * An unsearched list's count: the kept counts' rows of the company, its platform and status
 * (platform_orders_counts, decision 0087), a handful of rows instead of every order.
 */
function keptCount(args: Pick<ListArgs, "companyId" | "platform" | "status">): SQL {
  return sql`SELECT ${keptOrdersSum()} FROM ${platformOrdersCounts} WHERE ${keptOrdersOf(args)}`;
}

type PreparedListArgs = {
  companyId: string;
  platform: string | null;
  status: string | null;
  cursorAt: number | null;
  cursorId: string | null;
  limit: number;
  offset: number;
};

/**
 * The orders page's statements (its orders, their count, their quick payments) for a query
 * without a search, made into text once per shape
 * of filters (platform, status, cursor side) and then filled with the query's values (decision
 * 0085): the page is the product's busiest after the dashboard. A search's statement depends on
 * its terms, and is built each time.
 */
const pageLists = new Map<
  string,
  {
    rows: (db: Db, args: PreparedListArgs) => PreparedRead<ListedRow[]>;
    counted: (args: PreparedListArgs) => SQL;
    quickPayments: (db: Db, args: PreparedListArgs) => PreparedRead<QuickPaymentRow[]>;
  }
>();
type QuickPaymentRow = Awaited<ReturnType<typeof quickPaymentsOfOrdersIn>>[number];

/** The ids of the orders `picked` selects. */
const idsOf = (picked: SQL) => sql`SELECT ${platformOrders.id} FROM ${platformOrders} WHERE ${picked}`;

function pageListOf(db: Db, companyId: string, query: OrdersQuery) {
  if (query.search) return null;
  const cursor = query.after ?? query.before;
  const shape = `${query.platform ? "p" : ""}${query.status ? "s" : ""}${query.after ? "a" : query.before ? "b" : ""}`;
  let prepared = pageLists.get(shape);
  if (!prepared) {
    // Placeholders stand where the values go; the statements' text is the same for every value.
    const statements = (p: Placeholders<PreparedListArgs>) =>
      listStatements({
        companyId: p.companyId as unknown as string,
        platform: query.platform ? (p.platform as unknown as string) : undefined,
        status: query.status ? (p.status as unknown as OrderStatus) : undefined,
        cursorAt: cursor ? (p.cursorAt as unknown as number) : undefined,
        cursorId: cursor ? (p.cursorId as unknown as string) : undefined,
        backwards: query.before !== undefined,
        limit: p.limit as unknown as number,
        offset: p.offset as unknown as number,
      });
    prepared = {
      rows: preparedQuery((compiler: Db, p: Placeholders<PreparedListArgs>) =>
        compiler
          .select(LISTED)
          .from(platformOrders)
          .where(statements(p).picked)
          .orderBy(...NEWEST_FIRST),
      ),
      counted: preparedSql((p: Placeholders<PreparedListArgs>) => statements(p).counted),
      quickPayments: preparedQuery((compiler: Db, p: Placeholders<PreparedListArgs>) =>
        quickPaymentsOfOrdersIn(compiler, p.companyId as unknown as string, idsOf(statements(p).picked)),
      ),
    };
    pageLists.set(shape, prepared);
  }
  // Its cursor side is in the shape; the rest of where the page lies are values.
  const args: PreparedListArgs = {
    companyId,
    platform: query.platform ?? null,
    status: query.status ?? null,
    ...pageOf(query),
  };
  return {
    rows: prepared.rows(db, args),
    counted: db.all<{ total: number }>(prepared.counted(args)),
    quickPayments: prepared.quickPayments(db, args),
  };
}

/** The page's statements for a searched list, built for its terms. */
function searchedList(db: Db, companyId: string, query: OrdersQuery) {
  const list = listQueries(db, companyId, query);
  return {
    rows: db
      .select(LISTED)
      .from(platformOrders)
      .where(list.picked)
      .orderBy(...NEWEST_FIRST),
    counted: list.counted,
    quickPayments: quickPaymentsOfOrdersIn(db, companyId, idsOf(list.picked)),
  };
}

/** The list's order: newest first, then by id. */
const NEWEST_FIRST = [desc(platformOrders.createdAt), desc(platformOrders.id)];

/** The page of views, its count and the cursors beside it, from the rows picked with one more. */
function listFrom<V extends Pick<OrderView, "created_at" | "id">>(
  query: OrdersQuery,
  orders: V[],
  counted: { total: number }[],
): OrdersList<V> {
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
  OrdersList<ListedOrder> & {
    /** The quick payments requested for the page's orders (one at most per order). */
    quickPayments: QuickPaymentView[];
    metrics: OrderMetrics;
    edoConnection: EdoConnectionRow | undefined;
    edoOrdersSync: EdoOrdersSyncView;
    listView: ListView;
  }
> {
  const list = pageListOf(db, companyId, query) ?? searchedList(db, companyId, query);
  const [rows, counted, quickPaymentRows, metricRows, [edoConnection], edoRuns, [settings]] = await db.batch([
    list.rows,
    list.counted,
    list.quickPayments,
    metricsQuery(db, companyId),
    connectionQuery(db, companyId),
    edoOrdersSyncQuery(db, companyId),
    settingsStatement(db, userId),
  ]);
  return {
    ...listFrom(query, rows.map(listedView), counted),
    quickPayments: quickPaymentRows.map((row) => quickPaymentView(row, now)),
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

/** The metrics' rows: orders and prices by platform and status (metricsRead). */
const metricsQuery = (db: Db, companyId: string) => metricsRead(db, { companyId });
/**
 * Orders and their prices by platform and status, as the triggers keep them (decision 0087): the
 * metrics fold them in JS. Grouping the company's orders off the covering metrics index cost SQLite
 * about 0.6 ms at the demo company's 2,881 orders, on every load of the orders page.
 */
const metricsRead = preparedQuery((db: Db, p: Placeholders<{ companyId: string }>) =>
  db
    .select({
      platform: platformOrdersCounts.platformId,
      status: platformOrdersCounts.status,
      orders: platformOrdersCounts.orders,
      priceKopecks: platformOrdersCounts.priceKopecks,
    })
    .from(platformOrdersCounts)
    .where(and(eq(platformOrdersCounts.companyId, p.companyId), gt(platformOrdersCounts.orders, 0))),
);

const ACTIVE = new Set<string>(ACTIVE_STATUSES);
const COMPLETED = new Set<string>(COMPLETED_STATUSES);

function metricsFrom(rows: Awaited<ReturnType<typeof metricsQuery>>): OrderMetrics {
  let [totalOrders, activeOrders, completedOrders, revenueKopecks] = [0, 0, 0, 0];
  const platforms = new Map<string, { platform: string; orders: number; revenueKopecks: number }>();
  for (const row of rows) {
    const orders = Number(row.orders);
    const completed = COMPLETED.has(row.status);
    const revenue = completed ? row.priceKopecks || 0 : 0;
    totalOrders += orders;
    if (ACTIVE.has(row.status)) activeOrders += orders;
    if (completed) completedOrders += orders;
    revenueKopecks += revenue;
    const platform = platforms.get(row.platform) ?? { platform: row.platform, orders: 0, revenueKopecks: 0 };
    platform.orders += orders;
    platform.revenueKopecks += revenue;
    platforms.set(row.platform, platform);
  }
  return {
    totalOrders,
    activeOrders,
    completedOrders,
    totalRevenue: revenueKopecks / 100,
    averageOrderValue: completedOrders > 0 ? Math.round(revenueKopecks / completedOrders) / 100 : 0,
    profitMargin: PROFIT_MARGIN,
    platformBreakdown: [...platforms.values()]
      .map(({ platform, orders, revenueKopecks: kopecks }) => ({ platform, orders, revenue: kopecks / 100 }))
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
