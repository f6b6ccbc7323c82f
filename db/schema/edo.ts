import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { EdoCategory, EdoRole } from "../vocabulary";
import { companies } from "./auth";

/**
 * A company's account at the EDO operator (spec 2 §3 «EDO connection status»): one per company.
 * Only the operator's token is kept (sealed), never the password; a new login replaces the row.
 */
export const edoConnections = sqliteTable(
  "edo_connections",
  {
    /** New on every sign-in with another login: sync runs of an old connection find it gone. */
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    login: text("login").notNull(),
    /** AES-GCM ciphertext of the operator's token (workers/core/crypto). */
    token: text("token").notNull(),
    /** When the token stops working: the operator's expiry, or when the operator refused it. */
    tokenExpiresAt: integer("token_expires_at", { mode: "timestamp_ms" }).notNull(),
    userName: text("user_name").notNull(),
    shortName: text("short_name").notNull(),
    companyName: text("company_name").notNull(),
    /** The operator's change-feed cursor the mirror has read up to ("0": nothing yet). */
    cursor: text("cursor").notNull().default("0"),
    lastSyncedAt: integer("last_synced_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("edo_connections_company_unique").on(t.companyId)],
);

/** A party of a docflow (shipper, receiver or carrier) as the mirror keeps it. */
export type EdoParty = { accName: string; inn: string; kpp: string | null };

/** One signed title of a docflow. `contentSize` is its archive's size in bytes (0: no content). */
export type EdoTitle = { id: string; type: string; dateTime: string; contentSize: number };

/**
 * A docflow as the mirror keeps it (`edo_documents.data`): the shape of spec 2 §3 «EDO document»,
 * plus flags. The database's own type, not the adapter's: it is the operator's document
 * (WireDocument, workers/providers/edo-operator.ts) field for field, as the sync stores it;
 * workers/core/edo/documents.ts checks that the two types stay the same.
 */
export type EdoDocument = {
  id: string;
  docflowType: EdoCategory;
  /** ISO 8601 with the operator's offset (+03:00). */
  createDate: string;
  updateDate: string;
  read: boolean;
  statusCode: string;
  /** The account's own role in this docflow. */
  roleCode: EdoRole;
  /** Past its deadline without being finished. */
  expired: boolean;
  /** Moved to the bin by the account. */
  deleted: boolean;
  info: {
    doc: {
      num: string;
      /** YYYY-MM-DD */
      date: string;
      /** The operator's transaction number of the docflow. */
      trns: string;
      /** The driver's name as the first title gives it (null: not a transport document). */
      driver: string | null;
      chainId: string;
      /** The carrier's trip number, when the docflow belongs to a trip. */
      trip: string | null;
    };
    go: EdoParty | null;
    gp: EdoParty | null;
    tk: EdoParty | null;
    driver: { accName: string } | null;
    ts: { num: string } | null;
    loading: { addr: string } | null;
    unloading: { addr: string } | null;
    cargo: { name: string; weightKg: number; pallets: number | null } | null;
    documents: EdoTitle[];
    lastdoc: { type: string; dateTime: string } | null;
  };
};

/**
 * The mirror of a company's EDO docflows (decision 0021): the operator's document as it sent
 * it (`data`), plus the columns the documents list filters and sorts on. Text columns used for
 * substring filters are lower-cased in JS, because SQLite folds only ASCII; the FTS5 trigram
 * index `edo_documents_search` (migration 0008, kept in step by triggers) finds substrings of
 * three characters or more in them without reading the rows.
 */
export const edoDocuments = sqliteTable(
  "edo_documents",
  {
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    category: text("category").notNull(),
    statusCode: text("status_code").notNull(),
    /** Year × 10 + quarter of createDate in Moscow time. */
    period: integer("period").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expired: integer("expired", { mode: "boolean" }).notNull(),
    deleted: integer("deleted", { mode: "boolean" }).notNull(),
    goInn: text("go_inn"),
    gpInn: text("gp_inn"),
    tkInn: text("tk_inn"),
    /** Lower-cased, spaces removed. */
    vehicle: text("vehicle"),
    driver: text("driver"),
    trip: text("trip"),
    docNum: text("doc_num").notNull(),
    /** The chain's title types as `|ON_TRNACLGROT|ON_TRNACLPPRIN|`. */
    titleTypes: text("title_types").notNull(),
    /** The chain holds ON_TRNACLPVYN: the cargo was handed to the receiver. */
    handedOver: integer("handed_over", { mode: "boolean" }).notNull(),
    hasRoute: integer("has_route", { mode: "boolean" }).notNull(),
    hasCargo: integer("has_cargo", { mode: "boolean" }).notNull(),
    searchText: text("search_text").notNull(),
    data: text("data", { mode: "json" }).$type<EdoDocument>().notNull(),
    syncedAt: integer("synced_at", { mode: "timestamp_ms" }).notNull(),
    /** The account's own role (`roleCode`), for the analytics (decision 0059). */
    role: text("role"),
    /**
     * The place part of the loading and unloading addresses (before the street or house, without
     * a postal code; null: no address): what the analytics group by and the gazetteer reads into a
     * city and region (workers/core/edo/analytics.ts `placeKey`, decision 0059).
     */
    loadingPlace: text("loading_place"),
    unloadingPlace: text("unloading_place"),
    /**
     * The chain the document belongs to (`info.doc.chainId`): never null once the sync has
     * written the row (decision 0065), so null marks a row written before migration 0026.
     */
    chainId: text("chain_id"),
    /**
     * The loading and unloading addresses as written, spaces trimmed (null: none, or only
     * spaces): what `geo_places` is keyed by, so the map's read and the `edo.geo` job join them
     * without parsing the document (decision 0065).
     */
    loadingAddress: text("loading_address"),
    unloadingAddress: text("unloading_address"),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // The list in its order (newest first, then id), so a page is read off the index and a
    // deep page skips index entries, not rows; with dates it is a range of createdAt.
    index("edo_documents_list_idx").on(
      t.companyId,
      t.category,
      t.deleted,
      t.expired,
      sql`${t.createdAt} DESC`,
      t.id,
    ),
    // The filter panel's two commonest narrowings, counted and paged the same way.
    index("edo_documents_period_idx").on(
      t.companyId,
      t.category,
      t.deleted,
      t.expired,
      t.period,
      sql`${t.createdAt} DESC`,
      t.id,
    ),
    index("edo_documents_status_idx").on(
      t.companyId,
      t.category,
      t.deleted,
      t.expired,
      t.statusCode,
      sql`${t.createdAt} DESC`,
      t.id,
    ),
    // The analytics (decision 0059): the most recent N documents and every column their figures
    // group by, read off the index without the rows (and without parsing their JSON).
    index("edo_documents_analytics_idx").on(
      t.companyId,
      t.category,
      t.deleted,
      t.expired,
      sql`${t.createdAt} DESC`,
      t.id,
      t.statusCode,
      t.role,
      t.vehicle,
      t.loadingPlace,
      t.unloadingPlace,
      t.goInn,
      t.gpInn,
      t.tkInn,
    ),
    // The `edo.geo` job (decision 0065): a company's distinct addresses and address pairs in
    // order, each once, off the index instead of a pass over every document's JSON.
    index("edo_documents_addresses_idx").on(t.companyId, t.loadingAddress, t.unloadingAddress),
    index("edo_documents_unloading_idx").on(t.companyId, t.unloadingAddress),
    // Rows an older sync wrote without those columns (none once migration 0026 has run): the job
    // fills them first, off this small index instead of a pass over the company's rows.
    index("edo_documents_unfilled_idx")
      .on(t.companyId)
      .where(sql`${t.chainId} IS NULL`),
  ],
);

/**
 * The EDO analytics' facts (decision 0090): one row per live transport waybill of the mirror
 * (category ETRN, neither deleted nor expired), kept by triggers on `edo_documents` (migration
 * 0037). `facts` is the JSON array the figures count, `[createdAt, status, role, loading place,
 * unloading place, shipper, receiver, carrier, vehicle]`: all but the time and role by their
 * numbers in the tables below, each party only where the document counts it (decision 0058). A
 * read takes the most recent N off the index and hands their facts to the Worker in one text.
 */
export const edoAnalyticsFacts = sqliteTable(
  "edo_analytics_facts",
  {
    /** The document's rowid in `edo_documents`. */
    document: integer("document").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    id: text("id").notNull(),
    statusCode: text("status_code").notNull(),
    facts: text("facts").notNull(),
  },
  (t) => [
    index("edo_analytics_facts_idx").on(t.companyId, sql`${t.createdAt} DESC`, t.id, t.statusCode, t.facts),
  ],
);

/** The analytics' place keys (`edo_documents.loading_place`, `unloading_place`), numbered per company. */
export const edoAnalyticsPlaces = sqliteTable(
  "edo_analytics_places",
  {
    id: integer("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
  },
  (t) => [uniqueIndex("edo_analytics_places_key_idx").on(t.companyId, t.key)],
);

/**
 * The analytics' counterparties, numbered per company by INN and the name a document gives them
 * (`accName`, "" when none): the top list shows each INN's name in its newest analysed document.
 */
export const edoAnalyticsParties = sqliteTable(
  "edo_analytics_parties",
  {
    id: integer("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    inn: text("inn").notNull(),
    name: text("name").notNull(),
  },
  (t) => [uniqueIndex("edo_analytics_parties_key_idx").on(t.companyId, t.inn, t.name)],
);

/** The analytics' vehicles (`edo_documents.vehicle`), numbered per company: only told apart. */
export const edoAnalyticsVehicles = sqliteTable(
  "edo_analytics_vehicles",
  {
    id: integer("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    vehicle: text("vehicle").notNull(),
  },
  (t) => [uniqueIndex("edo_analytics_vehicles_key_idx").on(t.companyId, t.vehicle)],
);

/** The operator's status codes the analytics met, numbered (the operator's words, no company's). */
export const edoAnalyticsStatuses = sqliteTable("edo_analytics_statuses", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
});

/**
 * How many mirror documents each company's list holds, by period and status (decision 0036):
 * kept by triggers on `edo_documents` (migration 0016), so the documents list counts its
 * unfiltered, period and status views from a few rows instead of walking the list's index.
 */
export const edoDocumentsCounts = sqliteTable(
  "edo_documents_counts",
  {
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    deleted: integer("deleted", { mode: "boolean" }).notNull(),
    expired: integer("expired", { mode: "boolean" }).notNull(),
    period: integer("period").notNull(),
    statusCode: text("status_code").notNull(),
    documents: integer("documents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.category, t.deleted, t.expired, t.period, t.statusCode] })],
);

/**
 * Files fetched from the EDO operator on demand and kept: a title's archive (zip with its XML and
 * signature) and print forms (PDF). A signed title never changes, so a copy is good forever; it
 * goes with the company's mirror when the company disconnects. `titleId` is "" for the print of
 * the whole docflow.
 */
export const edoFiles = sqliteTable(
  "edo_files",
  {
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    docflowId: text("docflow_id").notNull(),
    titleId: text("title_id").notNull(),
    kind: text("kind", { enum: ["archive", "print"] }).notNull(),
    bytes: blob("bytes", { mode: "buffer" }).notNull(),
    fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.docflowId, t.titleId, t.kind] })],
);
