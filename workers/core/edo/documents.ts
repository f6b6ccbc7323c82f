import { and, count, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { multiRowInsert } from "../../../db/statements";
import type { InStatement } from "@libsql/client/web";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { edoDocuments, edoDocumentsCounts, type EdoDocument } from "../../../db/schema";
import {
  companyNumber,
  contains,
  type ListTuning,
  matchCount,
  matchedIn,
  PAGE_FROM_MATCHES_AT_MOST,
  pageRowids,
  scopeToken,
  substringFilters,
} from "../text/trigram";
import type { WireDocument } from "../../providers/edo-operator";
import { addressPlaceKey, STREET_STARTS } from "./place-key";
import type { EdoDocumentsQuery } from "./schemas";
import type { DriverScope } from "../members/roles";

export { addressPlaceKey, STREET_STARTS };

/** The operator's clock: dates and quarters are Moscow's (UTC+3 all year). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The instant a Moscow day (YYYY-MM-DD) begins, `plusDays` later. */
export function moscowDayStart(day: string, plusDays: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * 86_400_000 - MOSCOW_OFFSET_MS);
}

/** Year × 10 + quarter of the Moscow date of an instant (20243: 2024, third quarter). */
export function periodOf(at: number): number {
  const day = new Date(at + MOSCOW_OFFSET_MS);
  return day.getUTCFullYear() * 10 + Math.floor(day.getUTCMonth() / 3) + 1;
}

const lower = (value: string | null | undefined) => (value ? value.toLowerCase() : null);
/** Vehicle numbers compare without spaces: «А 123 ВС 77» is «а123вс77». */
export const vehicleKey = (value: string) => value.toLowerCase().replace(/\s+/g, "");

/**
 * An address as `geo_places` keys it: spaces trimmed as SQLite's trim() does (spaces only, so the
 * rows placed before migration 0026 keep matching); null when nothing is left.
 */
export function trimmedAddress(address: string | null | undefined): string | null {
  return address?.replace(/^ +| +$/g, "") || null;
}

/** SQL: the place key of an address column, the same as addressPlaceKey. */
export function placeKey(column: string) {
  const end = `length(${column}) + 1`;
  const cuts = STREET_STARTS.map((start) => `coalesce(nullif(instr(${column}, '${start}'), 0), ${end})`);
  const cut = `min(${cuts.join(", ")})`;
  const head = `substr(${column}, 1, ${cut} - 1)`;
  return `trim(CASE WHEN ${head} GLOB '[0-9][0-9][0-9][0-9][0-9][0-9],*' THEN substr(${head}, 8) ELSE ${head} END)`;
}

/**
 * The mirror keeps the operator's document as the adapter read it, under the database's own type
 * (db/schema/edo.ts): the two must stay the same shape, which this line checks both ways.
 */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _mirrorKeepsWireDocuments: SameShape<WireDocument, EdoDocument> = true;

/** The mirror row of an operator docflow: its document and the columns the list filters on. */
export function documentRow(companyId: string, doc: WireDocument, now: number) {
  const { info } = doc;
  const createdAt = Date.parse(doc.createDate);
  const parties = [info.go, info.gp, info.tk];
  const searchText = [
    info.doc.num,
    ...parties.flatMap((party) => (party ? [party.accName, party.inn] : [])),
    info.loading?.addr,
    info.unloading?.addr,
    info.ts?.num,
    info.driver?.accName,
  ]
    .filter(Boolean)
    .join("\n")
    .toLowerCase();
  return {
    companyId,
    id: doc.id,
    category: doc.docflowType,
    statusCode: doc.statusCode,
    period: periodOf(createdAt),
    createdAt: new Date(createdAt),
    expired: doc.expired,
    deleted: doc.deleted,
    goInn: info.go?.inn ?? null,
    gpInn: info.gp?.inn ?? null,
    tkInn: info.tk?.inn ?? null,
    vehicle: info.ts ? vehicleKey(info.ts.num) : null,
    driver: lower(info.driver?.accName ?? info.doc.driver),
    trip: lower(info.doc.trip),
    docNum: info.doc.num.toLowerCase(),
    titleTypes: `|${info.documents.map((title) => title.type).join("|")}|`,
    handedOver: info.documents.some((title) => title.type === "ON_TRNACLPVYN"),
    hasRoute: Boolean(info.loading?.addr && info.unloading?.addr),
    hasCargo: info.cargo !== null,
    searchText,
    data: doc,
    syncedAt: new Date(now),
    role: doc.roleCode,
    loadingPlace: info.loading ? addressPlaceKey(info.loading.addr) : null,
    unloadingPlace: info.unloading ? addressPlaceKey(info.unloading.addr) : null,
    chainId: info.doc.chainId,
    loadingAddress: trimmedAddress(info.loading?.addr),
    unloadingAddress: trimmedAddress(info.unloading?.addr),
  };
}

type DocumentRow = ReturnType<typeof documentRow>;

/** Rows per upsert statement: 28 columns each stays well under SQLite's bound-parameter limit. */
export const DOCUMENT_ROWS_PER_STATEMENT = 400;

/**
 * The upserts of mirror rows (a re-synced document refreshes everything but its key), as
 * statements for the libSQL client, built by hand: a page of 1,000 costs a tenth of drizzle's
 * query builder (decision 0035).
 */
export const documentUpserts: (rows: DocumentRow[]) => InStatement[] = multiRowInsert(edoDocuments, {
  target: [edoDocuments.companyId, edoDocuments.id],
  onConflict: "update",
  rowsPerStatement: DOCUMENT_ROWS_PER_STATEMENT,
});

/**
 * The categories in the order migration 0009 numbers them in scope tokens: never reorder, only
 * append (and append to the migration's triggers alike).
 */
export const SCOPE_CATEGORIES = "|ETRN|TRNS|PTL|XR|PX|TORG13|TRNPUD|DOV|REQUEST|TRIPREG|";

/** The mirror's trigram index (migrations 0008, 0009). */
const SEARCH_INDEX = "edo_documents_search";

/**
 * The search index's `scope` token of a company's list (decision 0024): company (its rowid) ×
 * category × deleted × expired, so no two lists share one. The same number as migration 0009's
 * triggers.
 */
function listScope(companyId: string, query: EdoDocumentsQuery): SQL {
  return scopeToken(
    sql`((${companyNumber(companyId)} * 256 + instr(${SCOPE_CATEGORIES}, ${`|${query.category}|`})) * 4 + ${query.deleted ? 2 : 0} + ${query.expired ? 1 : 0})`,
  );
}

/**
 * The substring filters: terms of three characters or more go to the trigram index
 * `edo_documents_search` as one MATCH, within the company's list's scope token (each term on its
 * own column); shorter ones are looked for in the rows themselves.
 */
function substringConditions(companyId: string, query: EdoDocumentsQuery): { match?: SQL; scanned: SQL[] } {
  const d = edoDocuments;
  return substringFilters(listScope(companyId, query), [
    [d.searchText, query.search?.toLowerCase()],
    [d.driver, query.driver?.toLowerCase()],
    [d.trip, query.trip?.toLowerCase()],
    [d.docNum, query.docNum?.toLowerCase()],
    [d.vehicle, query.transport && vehicleKey(query.transport)],
  ]);
}

/** The filters beyond the list itself (company, category, deleted, expired) and the search. */
function narrowing(query: EdoDocumentsQuery): SQL[] {
  const d = edoDocuments;
  const conditions: (SQL | undefined)[] = [
    ...keyedNarrowing(query, d),
    // Moscow days as ranges of createdAt, so the list's index serves them.
    query.dateFrom ? gte(d.createdAt, moscowDayStart(query.dateFrom, 0)) : undefined,
    query.dateTo ? lt(d.createdAt, moscowDayStart(query.dateTo, 1)) : undefined,
    query.goInn ? eq(d.goInn, query.goInn) : undefined,
    query.gpInn ? eq(d.gpInn, query.gpInn) : undefined,
    query.tkInn ? eq(d.tkInn, query.tkInn) : undefined,
    query.docType ? contains(d.titleTypes, `|${query.docType}|`) : undefined,
    query.hasRoute === undefined ? undefined : eq(d.hasRoute, query.hasRoute),
    query.hasCargo === undefined ? undefined : eq(d.hasCargo, query.hasCargo),
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * The two filters `edo_documents_counts` keeps apart (period and status), on the mirror or on
 * the counts.
 */
function keyedNarrowing(
  query: EdoDocumentsQuery,
  table: { period: AnySQLiteColumn; statusCode: AnySQLiteColumn },
): (SQL | undefined)[] {
  return [
    query.period ? eq(table.period, query.period) : undefined,
    query.status ? eq(table.statusCode, query.status) : undefined,
  ];
}

/**
 * The list's total from `edo_documents_counts` (decision 0036): a few rows summed instead of the
 * list's index walked.
 */
function keptTotal(companyId: string, query: EdoDocumentsQuery): SQL {
  const c = edoDocumentsCounts;
  const where = and(
    eq(c.companyId, companyId),
    eq(c.category, query.category),
    eq(c.deleted, query.deleted),
    eq(c.expired, query.expired),
    ...keyedNarrowing(query, c),
  );
  return sql`SELECT coalesce(sum(${c.documents}), 0) FROM ${c} WHERE ${where}`;
}

/**
 * GET /api/edo/documents (spec 2 §7) from the mirror: a page of the company's docflows with
 * every filter (decision 0021's meanings), newest first, and how many match, in one statement.
 * The page's rows are picked by rowid first and only those 20-odd documents are read. A search
 * alone is counted inside the trigram index (its scope token stands for the company's list);
 * with other filters the list's indexes are walked and the search's matches probed
 * (decisions 0023, 0024). A list narrowed by nothing but period and status takes its total from
 * `edo_documents_counts` (decision 0036).
 */
/** How a list is read: its tuning, and for a driver only the documents that name them. */
type ListOptions = ListTuning & { driver?: DriverScope };

export async function listEdoDocuments(
  db: Db,
  companyId: string,
  query: EdoDocumentsQuery,
  options: ListOptions = {},
): Promise<EdoDocumentsPage> {
  return documentsPage(await documentsStatement(db, companyId, query, options));
}

/**
 * A driver's own documents (decision 0077): the lower-cased driver column is their name or
 * begins with it and a space (the patronymic follows). Not LIKE: a name is compared as written.
 */
export function driverCondition(column: AnySQLiteColumn, scope: { driverName: string }): SQL {
  const prefix = `${scope.driverName} `;
  return sql`(${column} = ${scope.driverName} or substr(${column}, 1, ${prefix.length}) = ${prefix})`;
}

export type EdoDocumentsPage = { docs: EdoDocument[]; total: number };
type PageRow = { data: string | null; total: number | null };

/** listEdoDocuments' one statement, to run alone or in a batch; `documentsPage` reads its rows. */
export function documentsStatement(
  db: Db,
  companyId: string,
  query: EdoDocumentsQuery,
  { pageFromMatchesAtMost = PAGE_FROM_MATCHES_AT_MOST, driver = null }: ListOptions = {},
) {
  const d = edoDocuments;
  const { match, scanned } = substringConditions(companyId, query);
  const narrowed = [...narrowing(query), ...scanned, ...(driver ? [driverCondition(d.driver, driver)] : [])];
  const where = and(
    eq(d.companyId, companyId),
    eq(d.category, query.category),
    eq(d.deleted, query.deleted),
    eq(d.expired, query.expired),
    ...narrowed,
    match ? matchedIn(d, SEARCH_INDEX, match) : undefined,
  );
  // A search that narrows the list by nothing else is counted inside the index (decision 0024).
  const searchOnly = narrowed.length === 0 ? match : undefined;
  // Only period and status narrow the list: its total is kept (decision 0036).
  const kept = match === undefined && narrowed.length === keyedNarrowing(query, d).filter(Boolean).length;
  const counted = searchOnly
    ? matchCount(SEARCH_INDEX, searchOnly)
    : kept
      ? keptTotal(companyId, query)
      : sql`SELECT count(*) FROM ${d} WHERE ${where}`;
  const listed = {
    where,
    order: sql`${d.createdAt} DESC, ${d.id}`,
    limit: query.limit,
    offset: query.offset,
  };
  const page = searchOnly
    ? pageRowids(d, listed, {
        index: SEARCH_INDEX,
        match: searchOnly,
        where: eq(d.companyId, companyId),
        few: sql`(SELECT total FROM n) <= ${pageFromMatchesAtMost}`,
      })
    : pageRowids(d, listed);
  return db.all<PageRow>(sql`
    WITH n(total) AS MATERIALIZED (${counted}), page(r) AS (${page})
    SELECT NULL AS data, total, NULL AS created_at, NULL AS id FROM n
    UNION ALL
    SELECT data, NULL, created_at, id FROM ${d} WHERE rowid IN (SELECT r FROM page)
    ORDER BY created_at DESC, id`);
}

/** The total row and the documents, in the list's order, of `documentsStatement`'s answer. */
export function documentsPage(rows: PageRow[]): EdoDocumentsPage {
  let total = 0;
  const docs: EdoDocument[] = [];
  for (const row of rows) {
    if (row.data === null) total = Number(row.total ?? 0);
    else docs.push(JSON.parse(row.data) as EdoDocument);
  }
  return { docs, total };
}

/** How many docflows the company's mirror holds. */
export async function mirroredCount(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(edoDocuments)
    .where(eq(edoDocuments.companyId, companyId));
  return row?.total ?? 0;
}
