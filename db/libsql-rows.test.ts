// The patched row decoding of @libsql/hrana-client (patches/, decision 0085) builds the very row the
// package built before: the same own keys in the same order, the same property attributes and
// values, whatever the column names (repeated, index-like, "length", "__proto__", null), in both
// builds of the package (the ES module the Workers bundle, the CommonJS one Node loads).
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

type Proto = null | bigint | number | string;
type Result = { cols: { name: string | null; decltype?: string }[]; rows: Proto[][] };
type Decode = (result: Result, intMode: "number" | "bigint" | "string") => { rows: object[] };

const require = createRequire(import.meta.url);
// The package's CommonJS entry is lib-cjs/index.js; both builds sit beside each other.
const root = join(dirname(require.resolve("@libsql/hrana-client")), "..");
const cjs = require(join(root, "lib-cjs/result.js")) as { rowsResultFromProto: Decode };
const esm = (await import(pathToFileURL(join(root, "lib-esm/result.js")).href)) as {
  rowsResultFromProto: Decode;
};

/** The package's own rowFromProto, as released (0.10.0), over values already decoded. */
function released(colNames: (string | null | undefined)[], values: unknown[]) {
  const row = {};
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; ++i) {
    const value = values[i];
    Object.defineProperty(row, i, { value });
    const colName = colNames[i];
    if (colName !== undefined && !Object.hasOwn(row, colName as string)) {
      Object.defineProperty(row, colName as string, {
        value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
  }
  return row;
}

/** Everything observable of a row's own properties, in order. */
const shape = (row: object) => ({
  prototype: Object.getPrototypeOf(row) === Object.prototype,
  keys: Reflect.ownKeys(row),
  descriptors: Reflect.ownKeys(row).map((key) => [key, Object.getOwnPropertyDescriptor(row, key)]),
  sliced: Array.prototype.slice.call(row),
  json: JSON.stringify(row),
});

/** A value as the JSON protocol's decoder hands it over: null, bigint, float or text. */
const value = (n: number): Proto => [null, BigInt(n * 1000), n + 0.5, `значение ${n}`][n % 4] as Proto;
/** The same value as a row holds it (integers as numbers, intMode "number"). */
const decoded = (p: Proto) => (typeof p === "bigint" ? Number(p) : p);

const NAME_SETS: (string | null)[][] = [
  ["id", "company_id", "status", "price_kopecks", "created_at"],
  ["id", "status", "id", "status"],
  ["a", "length", "b"],
  ["__proto__", "x"],
  ["2", "name", "0"],
  ["x", null, "y"],
  ["constructor", "toString", "hasOwnProperty", "valueOf"],
  [],
];

describe("libsql rows, patched", () => {
  for (const [build, decode] of [
    ["ES module", esm.rowsResultFromProto],
    ["CommonJS", cjs.rowsResultFromProto],
  ] as const) {
    it(`are the rows the released package built (${build})`, () => {
      for (const names of NAME_SETS) {
        const rows = [0, 1, 2].map((r) => names.map((_, i) => value(r * 7 + i)));
        const result = decode({ cols: names.map((name) => ({ name })), rows }, "number");
        expect(result.rows).toHaveLength(rows.length);
        result.rows.forEach((row, r) => {
          const expected = released(names, rows[r].map(decoded));
          expect(shape(row), `${names.join(",")} row ${r}`).toEqual(shape(expected));
          expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
        });
      }
    });

    it(`answer each result by its own columns, the same names in another order too (${build})`, () => {
      const first = decode({ cols: [{ name: "a" }, { name: "b" }], rows: [[value(1), value(3)]] }, "number");
      const second = decode(
        { cols: [{ name: "b" }, { name: "a" }, { name: "c" }], rows: [[value(5), value(7), value(9)]] },
        "number",
      );
      expect({ ...first.rows[0] }).toEqual({ a: 1000, b: "значение 3" });
      expect({ ...second.rows[0] }).toEqual({ b: 5000, a: "значение 7", c: 9000 });
      expect(Array.prototype.slice.call(second.rows[0])).toEqual([5000, "значение 7", 9000]);
    });
  }
});
