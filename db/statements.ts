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
export function multiRowInsert<T extends SQLiteTable>(
  table: T,
  options: { target: SQLiteColumn[]; onConflict: "update" | "nothing"; rowsPerStatement: number },
): (rows: InferInsertModel<T>[]) => InStatement[] {
  const columns = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
  const { rowsPerStatement } = options;
  if (rowsPerStatement < 1 || rowsPerStatement * columns.length > SQLITE_MAX_VARIABLES)
    throw new Error(
      `${rowsPerStatement} rows of ${columns.length} columns do not fit ${SQLITE_MAX_VARIABLES} parameters`,
    );
  const names = columns.map(([, column]) => `"${column.name}"`);
  const row = `(${names.map(() => "?").join(", ")})`;
  const target = options.target.map((column) => column.name);
  const refreshed = columns
    .filter(([, column]) => !target.includes(column.name))
    .map(([, column]) => `"${column.name}" = excluded."${column.name}"`)
    .join(", ");
  const conflict = `on conflict (${target.map((name) => `"${name}"`).join(", ")}) do ${
    options.onConflict === "update" ? `update set ${refreshed}` : "nothing"
  }`;
  const texts = new Map<number, string>();
  const text = (count: number) => {
    let sql = texts.get(count);
    if (sql === undefined) {
      sql = `insert into "${getTableName(table)}" (${names.join(", ")}) values ${Array.from({ length: count }, () => row).join(", ")} ${conflict}`;
      texts.set(count, sql);
    }
    return sql;
  };
  return (rows) => {
    const statements: InStatement[] = [];
    for (let i = 0; i < rows.length; i += rowsPerStatement) {
      const chunk = rows.slice(i, i + rowsPerStatement);
      const args: InValue[] = [];
      for (const values of chunk) {
        const fields = values as Record<string, unknown>;
        for (const [field, column] of columns) {
          const value = fields[field];
          args.push(
            value === null || value === undefined ? null : (column.mapToDriverValue(value) as InValue),
          );
        }
      }
      statements.push({ sql: text(chunk.length), args });
    }
    return statements;
  };
}
