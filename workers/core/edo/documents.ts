import { and, asc, count, desc, eq, getTableColumns, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { edoDocuments } from "../../../db/schema";
import type { WireDocument } from "../../providers/edo-operator";
import type { EdoDocumentsQuery } from "./schemas";

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
  };
}

/** What a re-sync refreshes: everything but the row's key. */
export const documentUpsertSet = Object.fromEntries(
  Object.entries(getTableColumns(edoDocuments))
    .filter(([field]) => field !== "companyId" && field !== "id")
    .map(([field, column]) => [field, sql.raw(`excluded.${column.name}`)]),
);

/** `column` contains `needle` (both lower-cased in JS: SQLite folds only ASCII). */
const contains = (column: AnySQLiteColumn, needle: string) => sql`instr(${column}, ${needle}) > 0`;

/** The trigram index finds substrings of at least this many characters. */
const TRIGRAM = 3;

/** An FTS5 phrase: the text as one literal string. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The substring filters: terms of three characters or more go to the trigram index
 * `edo_documents_search` in one MATCH (each on its own column), shorter ones are looked for
 * in the rows themselves.
 */
function substringConditions(query: EdoDocumentsQuery): (SQL | undefined)[] {
  const d = edoDocuments;
  const terms: [AnySQLiteColumn, string | undefined][] = [
    [d.searchText, query.search?.toLowerCase()],
    [d.driver, query.driver?.toLowerCase()],
    [d.trip, query.trip?.toLowerCase()],
    [d.docNum, query.docNum?.toLowerCase()],
    [d.vehicle, query.transport && vehicleKey(query.transport)],
  ];
  const indexed: string[] = [];
  const scanned: SQL[] = [];
  for (const [column, term] of terms) {
    if (!term) continue;
    if ([...term].length >= TRIGRAM) indexed.push(`${column.name} : ${phrase(term)}`);
    else scanned.push(contains(column, term));
  }
  // `+rowid`: the matches are probed while the company's index is walked in the list's order
  // (a page stops after its rows, a count reads no table rows), instead of each match's row
  // being read to check the company, category and flags.
  const match =
    indexed.length > 0
      ? sql`+${d}.rowid IN (SELECT rowid FROM edo_documents_search WHERE edo_documents_search MATCH ${indexed.join(" AND ")})`
      : undefined;
  return [match, ...scanned];
}

/** The WHERE of a documents query (decision 0021's filter meanings), always within the company. */
function documentsWhere(companyId: string, query: EdoDocumentsQuery): SQL | undefined {
  const d = edoDocuments;
  const conditions: (SQL | undefined)[] = [
    eq(d.companyId, companyId),
    eq(d.category, query.category),
    eq(d.deleted, query.deleted),
    eq(d.expired, query.expired),
    query.period ? eq(d.period, query.period) : undefined,
    query.status ? eq(d.statusCode, query.status) : undefined,
    // Moscow days as ranges of createdAt, so the list's index serves them.
    query.dateFrom ? gte(d.createdAt, moscowDayStart(query.dateFrom, 0)) : undefined,
    query.dateTo ? lt(d.createdAt, moscowDayStart(query.dateTo, 1)) : undefined,
    query.goInn ? eq(d.goInn, query.goInn) : undefined,
    query.gpInn ? eq(d.gpInn, query.gpInn) : undefined,
    query.tkInn ? eq(d.tkInn, query.tkInn) : undefined,
    query.docType ? contains(d.titleTypes, `|${query.docType}|`) : undefined,
    query.hasRoute === undefined ? undefined : eq(d.hasRoute, query.hasRoute),
    query.hasCargo === undefined ? undefined : eq(d.hasCargo, query.hasCargo),
    ...substringConditions(query),
  ];
  return and(...conditions);
}

/**
 * GET /api/edo/documents (spec 2 §7) from the mirror: a page of the company's docflows with
 * every filter, newest first, and how many match. One round trip to the database. The page's
 * rows are picked by rowid first (off the list's indexes, however deep the page) and only
 * those 20-odd documents are read.
 */
export async function listEdoDocuments(
  db: Db,
  companyId: string,
  query: EdoDocumentsQuery,
): Promise<{ docs: WireDocument[]; total: number }> {
  const where = documentsWhere(companyId, query);
  const order = [desc(edoDocuments.createdAt), asc(edoDocuments.id)];
  const page = db
    .select({ rowid: sql<number>`${edoDocuments}.rowid`.as("page_rowid") })
    .from(edoDocuments)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  const [rows, [counted]] = await db.batch([
    db
      .select({ data: edoDocuments.data })
      .from(edoDocuments)
      .where(sql`${edoDocuments}.rowid IN ${page}`)
      .orderBy(...order),
    db.select({ total: count() }).from(edoDocuments).where(where),
  ]);
  return { docs: rows.map((row) => row.data), total: counted?.total ?? 0 };
}

/** How many docflows the company's mirror holds. */
export async function mirroredCount(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(edoDocuments)
    .where(eq(edoDocuments.companyId, companyId));
  return row?.total ?? 0;
}
