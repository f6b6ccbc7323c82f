import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { ORDER_PLATFORM_IDS, ORDER_STATUSES, PLATFORM_IDS } from "../vocabulary";
import { companies } from "./auth";
import { edoConnections } from "./edo";

/** A carrier's account on a customer platform; the platform's orders are synced through it. */
export const platformConnections = sqliteTable(
  "platform_connections",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    platformId: text("platform_id", { enum: PLATFORM_IDS }).notNull(),
    connectionName: text("connection_name").notNull(),
    /** AES-GCM ciphertext of the platform login and password (workers/core/crypto): never sent anywhere. */
    credentials: text("credentials").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("platform_connections_company_idx").on(t.companyId)],
);

/** The EDO docflow an order was made from (spec 3 §3 «Order», edoInfo): its id and its titles. */
export type EdoOrderInfo = { edoId: string; documents: { id: string; type: string; dateTime: string }[] };

/**
 * An order as the platform listed it at the last sync, or as an EDO docflow describes it
 * (platform "edo", decision 0028); one row per company, platform and order.
 */
export const platformOrders = sqliteTable(
  "platform_orders",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The platform connection that synced it; null for an EDO order. */
    connectionId: text("connection_id").references(() => platformConnections.id, { onDelete: "cascade" }),
    /** The EDO connection whose mirror it was made from; null for a platform's order. */
    edoConnectionId: text("edo_connection_id").references(() => edoConnections.id, { onDelete: "cascade" }),
    platformId: text("platform_id", { enum: ORDER_PLATFORM_IDS }).notNull(),
    /** The platform's id of the order; an EDO order's is its docflow id. */
    externalOrderId: text("external_order_id").notNull(),
    /** The number people know it by when that is not the external id: an EDO document's number. */
    orderNumber: text("order_number"),
    customerName: text("customer_name"),
    pickupAddress: text("pickup_address").notNull(),
    pickupContactName: text("pickup_contact_name"),
    pickupContactPhone: text("pickup_contact_phone"),
    pickupLongitude: real("pickup_longitude"),
    pickupLatitude: real("pickup_latitude"),
    deliveryAddress: text("delivery_address").notNull(),
    deliveryContactName: text("delivery_contact_name"),
    deliveryContactPhone: text("delivery_contact_phone"),
    deliveryLongitude: real("delivery_longitude"),
    deliveryLatitude: real("delivery_latitude"),
    cargoType: text("cargo_type"),
    cargoDescription: text("cargo_description"),
    cargoWeightKg: real("cargo_weight_kg"),
    cargoVolumeM3: real("cargo_volume_m3"),
    /** Packages (pallets), when known. */
    cargoPackages: integer("cargo_packages"),
    documentsRequired: text("documents_required", { mode: "json" }).$type<string[]>().notNull(),
    priceKopecks: integer("price_kopecks"),
    currency: text("currency").notNull(),
    paymentTerms: text("payment_terms"),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    vehicleRequirements: text("vehicle_requirements"),
    edoInfo: text("edo_info", { mode: "json" }).$type<EdoOrderInfo>(),
    /** When the platform created the order. */
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    pickupTimeFrom: integer("pickup_time_from", { mode: "timestamp_ms" }),
    deliveryTimeFrom: integer("delivery_time_from", { mode: "timestamp_ms" }),
    /** When a sync last wrote this row. */
    syncedAt: integer("synced_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * Shipper, consignee, cargo description and order number, lower-cased in JS: SQLite's
     * lower() and LIKE fold only ASCII, and the search must fold Cyrillic too. The FTS5 trigram
     * index `platform_orders_search` (migration 0020, kept in step by triggers) finds substrings
     * of three characters or more in it without reading the rows.
     */
    searchText: text("search_text").notNull().default(""),
  },
  (t) => [
    uniqueIndex("platform_orders_external_unique").on(t.companyId, t.platformId, t.externalOrderId),
    // The list in its order (newest first, then id, both walked backwards): a page is picked off
    // the index, by offset or after a page's last order (keyset), without reading skipped rows.
    index("platform_orders_list_idx").on(t.companyId, t.createdAt, t.id),
    // Covers every CRM figure (decision 0068: times and id too; the orders page's metrics and the
    // new-orders count read platform_orders_counts since decision 0087): none reads the table's rows,
    // which carry addresses, contacts and the EDO details.
    index("platform_orders_metrics_idx").on(
      t.companyId,
      t.platformId,
      t.status,
      t.priceKopecks,
      t.createdAt,
      t.pickupTimeFrom,
      t.deliveryTimeFrom,
      t.id,
    ),
    // When an order is (planned to be) done, coalesce(delivery_time_from, created_at), as the
    // dashboard's window, weekly chart and perfect weeks ask for it (decision 0084): those
    // statements read only the weeks they sum, from the index alone, instead of every order.
    index("platform_orders_done_idx").on(
      t.companyId,
      sql`coalesce(${t.deliveryTimeFrom}, ${t.createdAt})`,
      t.status,
      t.priceKopecks,
      t.deliveryTimeFrom,
      t.createdAt,
    ),
    index("platform_orders_connection_idx").on(t.connectionId),
    index("platform_orders_edo_connection_idx").on(t.edoConnectionId),
    // Each order comes from exactly one place: a platform connection or an EDO connection.
    // Bare column names: drizzle would qualify them with the table's name, which a rebuild renames.
    check("platform_orders_one_source", sql`(connection_id IS NULL) <> (edo_connection_id IS NULL)`),
  ],
);

/**
 * How many orders each company has by platform and status, and the sum of their prices (kopecks,
 * an order without a price counting 0), kept by triggers on platform_orders (migration 0036,
 * decision 0087). The orders page's metrics and count and the layout's new-orders badge read a
 * handful of these rows instead of every order. Rows that fall to 0 stay.
 */
export const platformOrdersCounts = sqliteTable(
  "platform_orders_counts",
  {
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    platformId: text("platform_id", { enum: ORDER_PLATFORM_IDS }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    orders: integer("orders").notNull(),
    priceKopecks: integer("price_kopecks").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.platformId, t.status] })],
);

/** A carrier's request to be paid for a delivered order (the factoring issue builds on it). */
export const paymentRequests = sqliteTable(
  "payment_requests",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => platformOrders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["requested"] }).notNull(),
    /** The order's price when the request was made, kopecks. */
    amountKopecks: integer("amount_kopecks"),
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("payment_requests_order_unique").on(t.orderId),
    index("payment_requests_company_idx").on(t.companyId),
  ],
);

/**
 * The company's X5 API token from the X5 integration page (spec 3 §2, §4): obtained with the
 * carrier's X5 login, sealed like platform credentials, shown back only to the company.
 */
export const x5Tokens = sqliteTable("x5_tokens", {
  companyId: text("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  userName: text("user_name").notNull(),
  /** AES-GCM ciphertext of the token (workers/core/crypto). */
  token: text("token").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});
