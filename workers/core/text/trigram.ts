import { sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * Substring search through FTS5 trigram indexes (decisions 0023, 0024, 0048): the EDO mirror's
 * `edo_documents_search` and the orders' `platform_orders_search`. Both are contentless, kept by
 * triggers, and hold a `scope` column whose one trigram says whose list a row is in.
 */

/** The trigram index finds substrings of at least this many characters. */
const TRIGRAM = 3;

/** Whether the index can find `term`; a shorter one is looked for in the rows themselves. */
const trigramFinds = (term: string) => [...term].length >= TRIGRAM;

/** `column` contains `needle` (both lower-cased in JS: SQLite folds only ASCII). */
export const contains = (column: AnySQLiteColumn, needle: string) => sql`instr(${column}, ${needle}) > 0`;

/** One column of the index holds `term` (an FTS5 phrase: the text as one literal string). */
const termIn = (column: AnySQLiteColumn, term: string) => `${column.name} : "${term.replaceAll('"', '""')}"`;

/** The company's number in scope tokens: its `companies.rowid`. */
export const companyNumber = (companyId: string) =>
  sql`(SELECT c.rowid FROM companies c WHERE c.id = ${companyId})`;

/**
 * A scope token: `k` (below 2^40) written as three CJK characters, one trigram, so no two
 * scopes share one. The migrations' triggers compute the tokens they index with the same
 * expression (0009 for EDO, 0020 for orders).
 */
export const scopeToken = (k: SQL) =>
  sql`(SELECT char(19968 + (k / 440664064) % 20992, 19968 + (k / 20992) % 20992, 19968 + k % 20992) FROM (SELECT ${k} AS k))`;

/** A MATCH expression: the scope's token and every term, so the index yields only the scope's matches. */
const scopedMatch = (token: SQL, terms: string[]) =>
  sql`('scope : "' || ${token} || '" AND ' || ${terms.join(" AND ")})`;

/**
 * Substring filters, each a term on a column: terms of three characters or more go to the
 * trigram index as one MATCH within `scope` (each term on its own column); shorter ones are
 * looked for in the rows themselves (`scanned`).
 */
export function substringFilters(
  scope: SQL,
  terms: [column: AnySQLiteColumn, term: string | undefined][],
): { match?: SQL; scanned: SQL[] } {
  const indexed: string[] = [];
  const scanned: SQL[] = [];
  for (const [column, term] of terms) {
    if (!term) continue;
    if (trigramFinds(term)) indexed.push(termIn(column, term));
    else scanned.push(contains(column, term));
  }
  return { match: indexed.length > 0 ? scopedMatch(scope, indexed) : undefined, scanned };
}

/** `table`'s rows whose rowid the trigram index `index` matches (probed while an index is walked). */
export const matchedIn = (table: SQLiteTable, index: string, match: SQL) =>
  sql`+${table}.rowid IN (SELECT rowid FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${match})`;

/** How many rows of the scope the index matches, counted inside the index. */
export const matchCount = (index: string, match: SQL) =>
  sql`SELECT count(*) FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${match}`;

/**
 * A search whose matches are at most this many is paged from the index's matches (their rows
 * read and sorted); a broader one walks the list's index in its order and stops after the page.
 */
export const PAGE_FROM_MATCHES_AT_MOST = 2_000;

/** The choice between paging from the matches and walking the list; tests move it. */
export type ListTuning = { pageFromMatchesAtMost?: number };

/** Whether the index matches at most `atMost` rows: it stops counting past that. */
export const fewMatches = (index: string, match: SQL, atMost: number) =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM ${sql.identifier(index)} WHERE ${sql.identifier(index)} MATCH ${match} LIMIT ${atMost + 1})) <= ${atMost}`;

/**
 * The rowids (`r`) of a list's page, picked off indexes so that only the page's rows are read
 * afterwards. The list's index is walked in `order` with `where` (a search's matches probed
 * through `matchedIn`). A search that narrows the list by nothing else may instead be paged from
 * its matches (their rows read and sorted): `fromMatches` says which rows of the index's answer
 * belong to the list, and `few` (SQL, true when the matches are few) chooses inside the statement.
 */
export function pageRowids(
  table: SQLiteTable,
  page: { where: SQL | undefined; order: SQL; limit: number; offset: number },
  fromMatches?: { index: string; match: SQL; where: SQL | undefined; few: SQL },
): SQL {
  const walked = (limit: SQL) =>
    sql`SELECT * FROM (SELECT ${table}.rowid AS r FROM ${table} WHERE ${page.where} ORDER BY ${page.order} LIMIT ${limit} OFFSET ${page.offset})`;
  if (!fromMatches) return walked(sql`${page.limit}`);
  const { index, match, where, few } = fromMatches;
  const search = sql.identifier(index);
  return sql`SELECT * FROM (SELECT ${table}.rowid AS r FROM ${search} CROSS JOIN ${table} ON ${table}.rowid = ${search}.rowid
      WHERE ${search} MATCH ${match} AND ${where}
      ORDER BY ${page.order} LIMIT CASE WHEN ${few} THEN ${page.limit} ELSE 0 END OFFSET ${page.offset})
    UNION ALL ${walked(sql`CASE WHEN ${few} THEN 0 ELSE ${page.limit} END`)}`;
}
