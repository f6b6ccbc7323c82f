// Raw SQL statements turned into text once per isolate (decision 0084). Drizzle turns an `sql`
// template into its text on every call, walking every nested fragment, table and column with its
// entity checks: a tenth of a signed-in page's CPU went there (the dashboard's figures are a few
// large templates). `preparedSql` builds the template once with placeholders, keeps the text
// between them, and on each call hands drizzle an `SQL` of those texts and the values, which it
// turns into the same statement at almost no cost. The statement is still an ordinary `SQL`:
// `db.all`, `db.get` and `db.batch` take it as before.
import { is, Param, Placeholder, SQL, StringChunk } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

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

/**
 * A raw statement made from `build` once, then from its text and the call's `args`. `build` gets a
 * placeholder per argument (`p.companyId`) to use where the value goes; anything else (tables,
 * columns, fragments, constants) is fixed at the first call. The arguments must be values the
 * driver binds (strings, numbers, null), or what a column placeholder's encoder accepts.
 */
export function preparedSql<Args extends Record<string, unknown>>(
  build: (p: Placeholders<Args>) => SQL,
): (args: Args) => SQL {
  let texts: StringChunk[] | undefined;
  let slots: Slot[] = [];
  const compile = () => {
    const placeholders = new Proxy({} as Placeholders<Args>, {
      get: (_, name) => new Placeholder(String(name)),
    });
    const query = new MarkingDialect().sqlToQuery(build(placeholders));
    const pieces = query.sql.split(MARK);
    // split() with a capturing group alternates text, number, text, …, text.
    slots = query.params.map((param: unknown, i): Slot => {
      if (Number(pieces[2 * i + 1]) !== i) throw new Error(`preparedSql: parameter ${i} is out of order`);
      if (is(param, Placeholder)) return { name: param.name };
      if (is(param, Param) && is(param.value, Placeholder)) {
        const { encoder } = param;
        return { name: param.value.name, encode: (value) => encoder.mapToDriverValue(value) };
      }
      return { value: param };
    });
    return pieces.filter((_, i) => i % 2 === 0).map((text) => new StringChunk(text));
  };
  return (args) => {
    texts ??= compile();
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
