// Statements turned into text once per isolate (decision 0084). Drizzle turns an `sql` template
// or a query builder into its text on every call, walking every nested fragment, table and column
// with its entity checks: a tenth of a signed-in page's CPU went there (the dashboard's figures
// are a few large templates; the session lookup and the layout are select builders on every
// page). `preparedSql` and `preparedQuery` build the statement once with placeholders, keep the
// text between them, and on each call hand drizzle an `SQL` of those texts and the call's values,
// which it turns into the same statement at almost no cost.
import { is, Param, Placeholder, SQL, StringChunk } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/** Marks each parameter in the text with its number, so the text can be cut at them. */
class MarkingDialect extends SQLiteAsyncDialect {
  override escapeParam(num: number): string {
    return `\uffff${num}\uffff`;
  }
}
const MARK = /\uffff(\d+)\uffff/;

/** Where a parameter's value comes from: a named argument (encoded as its column says), or fixed. */
type Slot = { name: string; encode?: (value: unknown) => unknown } | { value: unknown };

export type Placeholders<Args> = { readonly [K in keyof Args & string]: Placeholder<K> };

const placeholders = <Args>() =>
  new Proxy({} as Placeholders<Args>, { get: (_, name) => new Placeholder(String(name)) });

/**
 * The statement of `template` (made with placeholders) as a function of the values: the text is
 * cut at its parameters once; each call puts the values between the pieces.
 */
function fillerOf<Args extends Record<string, unknown>>(template: SQL): (args: Args) => SQL {
  const query = new MarkingDialect().sqlToQuery(template);
  const pieces = query.sql.split(MARK);
  // split() with a capturing group alternates text, number, text, …, text.
  const slots = query.params.map((param: unknown, i): Slot => {
    if (Number(pieces[2 * i + 1]) !== i) throw new Error(`preparedSql: parameter ${i} is out of order`);
    if (is(param, Placeholder)) return { name: param.name };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder } = param;
      return { name: param.value.name, encode: (value) => encoder.mapToDriverValue(value) };
    }
    return { value: param };
  });
  const texts = pieces.filter((_, i) => i % 2 === 0).map((text) => new StringChunk(text));
  return (args) => {
    const chunks: unknown[] = [texts[0]];
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      let value: unknown;
      if ("value" in slot) value = slot.value;
      else {
        if (!(slot.name in args)) throw new Error(`preparedSql: no value for "${slot.name}"`);
        value = slot.encode ? slot.encode(args[slot.name]) : args[slot.name];
      }
      // A value drizzle would read as SQL (an object) is sent as a parameter all the same.
      chunks.push(value !== null && typeof value === "object" ? new Param(value) : value, texts[i + 1]);
    }
    return new SQL(chunks as SQL["queryChunks"]);
  };
}

/**
 * A raw statement made from `build` once, then from its text and the call's `args`. `build` gets a
 * placeholder per argument (`p.companyId`) to use where the value goes; anything else (tables,
 * columns, fragments, constants) is fixed at the first call. The arguments must be values the
 * driver binds (strings, numbers, null), or what a column placeholder's encoder accepts. The
 * statement is an ordinary `SQL`: `db.all`, `db.get` and `db.batch` take it as before.
 */
export function preparedSql<Args extends Record<string, unknown>>(
  build: (p: Placeholders<Args>) => SQL,
): (args: Args) => SQL {
  let fill: ((args: Args) => SQL) | undefined;
  return (args) => (fill ??= fillerOf<Args>(build(placeholders<Args>())))(args);
}

/** A read made by preparedQuery: awaited, or put in `db.batch`, as the builder it was made from. */
export type PreparedRead<T> = RunnableQuery<T, "sqlite"> & PromiseLike<T>;

type Mapping = { mapResult(response: unknown, isFromBatch?: boolean): unknown };
type Batchable = {
  _prepare(): { getQuery(): unknown; mapResult(response: unknown, isFromBatch?: boolean): unknown };
};

/** Builds the select statements once; it has no connection and never runs one. */
const compiler = drizzle.mock() as unknown as Db;

/**
 * A select builder made once (on a database that only compiles), then run on the caller's `db`
 * with the call's `args`. The rows are mapped by the builder's own fields, exactly as the builder
 * maps them (dates, booleans, JSON, joined tables' nulls). Read-only use: awaiting it or batching
 * it; the builder's other methods are not there.
 */
export function preparedQuery<
  Args extends Record<string, unknown>,
  Q extends RunnableQuery<unknown, "sqlite">,
>(
  build: (db: Db, p: Placeholders<Args>) => Q & { getSQL(): SQL; prepare(): unknown },
): (db: Db, args: Args) => PreparedRead<Q["_"]["result"]> {
  let fill: ((args: Args) => SQL) | undefined;
  let mapping: Mapping | undefined;
  return (db, args) => {
    if (!fill || !mapping) {
      const builder = build(compiler, placeholders<Args>());
      fill = fillerOf<Args>(builder.getSQL());
      mapping = builder.prepare() as Mapping;
    }
    const { mapResult } = mapping;
    const map = (rows: unknown) => mapResult.call(mapping, { rows }, true) as Q["_"]["result"];
    const statement = fill(args);
    // `db.values` answers the driver's rows as they came, in a batch or alone; the builder's
    // mapping makes them what the builder would have answered.
    const raw = () => db.values(statement) as unknown as PromiseLike<unknown[]> & Batchable;
    return {
      _: { dialect: "sqlite", result: undefined as Q["_"]["result"] },
      _prepare() {
        const prepared = raw()._prepare();
        return {
          getQuery: () => prepared.getQuery(),
          mapResult: (response: unknown, isFromBatch?: boolean) =>
            map(prepared.mapResult(response, isFromBatch)),
        };
      },
      then<A = Q["_"]["result"], B = never>(
        onfulfilled?: ((value: Q["_"]["result"]) => A | PromiseLike<A>) | null,
        onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
      ): PromiseLike<A | B> {
        return raw().then(map).then(onfulfilled, onrejected);
      },
    } satisfies PreparedRead<Q["_"]["result"]> & Batchable;
  };
}
