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

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a driver value travels through SQLite's JSON functions unchanged: null, a string
 * without U+0000 (SQLite's text functions stop at it) or a lone surrogate, a safe integer. Not a
 * fraction: SQLite's text-to-double conversion may land a unit in the last place away from the
 * double JavaScript wrote (3.976643009677619e-246 came back …193e-246), so a row holding one goes
 * with typed parameters.
 */
function jsonSafe(value: InValue): boolean {
  if (value === null) return true;
  if (typeof value === "string") return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
  if (typeof value === "number") return Number.isSafeInteger(value);
  return false;
}

/**
 * Inserts of `table` whose rows travel as ONE text parameter each statement: a JSON array of
 * rows (each an array of its driver values), unpacked by sqld with `json_each` and `->>`.
 * Encoding one string costs the libSQL client a fraction of encoding each value as a typed
 * parameter of its JSON protocol, which was half of the jobs Worker's time storing analytics
 * (decision 0052). What is stored is what `multiRowInsert` stores: rows holding a value JSON
 * cannot carry exactly (a blob, a bigint, a fraction, a string with U+0000) go through it instead, after the
 * others (so with "update", two rows of one call with the same key may land in another order).
 */
export function jsonRowsInsert<T extends SQLiteTable>(
  table: T,
  options: InsertOptions,
): (rows: InferInsertModel<T>[]) => InStatement[] {
  const { columns, head, conflict, driverValues } = insertParts(table, options);
  const sql = `${head} select ${columns.map((_, i) => `value ->> ${i}`).join(", ")} from json_each(?) where true ${conflict}`;
  const withParameters = multiRowInsert(table, options);
  return (rows) => {
    const carried: InValue[][] = [];
    const others: InferInsertModel<T>[] = [];
    for (const row of rows) {
      const values = driverValues(row);
      if (values.every(jsonSafe)) carried.push(values);
      else others.push(row);
    }
    const statements: InStatement[] = [];
    for (let i = 0; i < carried.length; i += options.rowsPerStatement)
      statements.push({ sql, args: [JSON.stringify(carried.slice(i, i + options.rowsPerStatement))] });
    return [...statements, ...withParameters(others)];
  };
}
