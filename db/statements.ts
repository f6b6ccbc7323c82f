import type { InStatement, InValue } from "@libsql/client/web";
import { getTableColumns, getTableName, type InferInsertModel } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/** A drizzle query as a statement for the libSQL client, to send in a batch of plain statements. */
export function statement(query: { toSQL(): { sql: string; params: unknown[] } }): InStatement {
  const { sql, params } = query.toSQL();
  return { sql, args: params as InValue[] };
}

/**
 * SQLite's limit on bound parameters in one statement (SQLITE_MAX_VARIABLE_NUMBER: 32,766 since
 * SQLite 3.32, kept by libSQL, sqld and Turso).
 */
export const SQLITE_MAX_VARIABLES = 32_766;

/**
 * Multi-row inserts of `table` as libSQL statements, for writes too big for drizzle's query
 * builder (about 50 ms per 1,000 rows, decision 0035): the SQL text of an n-row statement is built
 * once per n and kept, and each value goes through its column's own driver mapping, so what is
 * stored is exactly what drizzle would store. Rows go `rowsPerStatement` to a statement (its rows
 * × the table's columns must stay within SQLite's parameter limit); a value left out is stored as
 * null (column defaults are not applied). On a conflict on `target`, "update"
 * refreshes every other column from the new row and "nothing" keeps the stored row.
 */
export type InsertOptions = {
  target: readonly SQLiteColumn[];
  onConflict: "update" | "nothing";
  rowsPerStatement: number;
};

/** What both kinds of insert share: the columns, their quoted names, the conflict clause, each row's driver values. */
function insertParts<T extends SQLiteTable>(table: T, options: InsertOptions) {
  const columns = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
  const names = columns.map(([, column]) => `"${column.name}"`);
  const target = options.target.map((column) => column.name);
  const refreshed = columns
    .filter(([, column]) => !target.includes(column.name))
    .map(([, column]) => `"${column.name}" = excluded."${column.name}"`)
    .join(", ");
  const conflict = `on conflict (${target.map((name) => `"${name}"`).join(", ")}) do ${
    options.onConflict === "update" ? `update set ${refreshed}` : "nothing"
  }`;
  const head = `insert into "${getTableName(table)}" (${names.join(", ")})`;
  /** The row's values as the driver stores them, in the columns' order (null for a missing one). */
  const driverValues = (values: InferInsertModel<T>): InValue[] => {
    const fields = values as Record<string, unknown>;
    return columns.map(([field, column]) => {
      const value = fields[field];
      return value === null || value === undefined ? null : (column.mapToDriverValue(value) as InValue);
    });
  };
  return { columns, head, conflict, driverValues };
}

export function multiRowInsert<T extends SQLiteTable>(
  table: T,
  options: InsertOptions,
): (rows: InferInsertModel<T>[]) => InStatement[] {
  const { columns, head, conflict, driverValues } = insertParts(table, options);
  const { rowsPerStatement } = options;
  if (rowsPerStatement < 1 || rowsPerStatement * columns.length > SQLITE_MAX_VARIABLES)
    throw new Error(
      `${rowsPerStatement} rows of ${columns.length} columns do not fit ${SQLITE_MAX_VARIABLES} parameters`,
    );
  const row = `(${columns.map(() => "?").join(", ")})`;
  const texts = new Map<number, string>();
  const text = (count: number) => {
    let sql = texts.get(count);
    if (sql === undefined) {
      sql = `${head} values ${Array.from({ length: count }, () => row).join(", ")} ${conflict}`;
      texts.set(count, sql);
    }
    return sql;
  };
  return (rows) => {
    const statements: InStatement[] = [];
    for (let i = 0; i < rows.length; i += rowsPerStatement) {
      const chunk = rows.slice(i, i + rowsPerStatement);
      statements.push({ sql: text(chunk.length), args: chunk.flatMap(driverValues) });
    }
    return statements;
  };
}

/**
 * Whether a driver value can travel in JSON at all: null, a string, a safe integer. Not a
 * fraction: SQLite's text-to-double conversion may land a unit in the last place away from the
 * double JavaScript wrote (3.976643009677619e-246 came back …193e-246), so a row holding one goes
 * with typed parameters; nor a blob or a bigint.
 */
function jsonCarries(value: InValue): boolean {
  if (value === null || typeof value === "string") return true;
  if (typeof value === "number") return Number.isSafeInteger(value);
  return false;
}

/**
 * An escape in a row's JSON that SQLite would decode into what a text cannot hold exactly:
 * U+0000 (SQLite's text functions stop at it) or a lone surrogate (invalid UTF-8). JSON.stringify
 * writes exactly these as `\u0000` and `\ud800`–`\udfff`; a text that merely spells such an escape
 * (a backslash before "u0000") matches too and only takes the slower path.
 */
const UNSAFE_ESCAPE = /\\u(?:0000|d[89a-f])/;

const utf8 = new TextEncoder();

/**
 * Inserts of `table` whose rows travel as ONE parameter each statement: the JSON array of the
 * rows (each an array of its driver values) as UTF-8 bytes, which sqld reads back as text and
 * unpacks with `json_each` and `->>`. The libSQL client encodes a blob parameter as base64 with
 * the runtime's native encoder, where a text parameter would be escaped again by its JSON encoder,
 * and encoding each value as a typed parameter of its JSON protocol was half of the jobs Worker's
 * time storing analytics (decisions 0052, 0080). What is stored is what `multiRowInsert` stores:
 * rows holding a value JSON cannot carry exactly (a blob, a bigint, a fraction, a string with
 * U+0000 or a lone surrogate) go through it instead, after the others (so with "update", two rows
 * of one call with the same key may land in another order).
 */
export function jsonRowsInsert<T extends SQLiteTable>(
  table: T,
  options: InsertOptions,
): (rows: InferInsertModel<T>[]) => InStatement[] {
  const { columns, head, conflict, driverValues } = insertParts(table, options);
  const sql = `${head} select ${columns.map((_, i) => `value ->> ${i}`).join(", ")} from json_each(cast(? as text)) where true ${conflict}`;
  const withParameters = multiRowInsert(table, options);
  return (rows) => {
    const carried: string[] = [];
    const others: InferInsertModel<T>[] = [];
    for (const row of rows) {
      const values = driverValues(row);
      const text = values.every(jsonCarries) ? JSON.stringify(values) : undefined;
      if (text === undefined || UNSAFE_ESCAPE.test(text)) others.push(row);
      else carried.push(text);
    }
    const statements: InStatement[] = [];
    for (let i = 0; i < carried.length; i += options.rowsPerStatement) {
      const json = `[${carried.slice(i, i + options.rowsPerStatement).join(",")}]`;
      statements.push({ sql, args: [utf8.encode(json)] });
    }
    return [...statements, ...withParameters(others)];
  };
}
