import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { fc, test } from "@fast-check/vitest";
import { integer, real, sqliteTable, text, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { jsonRowsInsert, multiRowInsert, type InsertOptions } from "./statements";

/** One shape, two tables: rows written through JSON beside the same rows written with parameters. */
const columns = () => ({
  id: text("id").primaryKey(),
  label: text("label"),
  meta: text("meta", { mode: "json" }).$type<unknown>(),
  at: integer("at", { mode: "timestamp_ms" }),
  flag: integer("flag", { mode: "boolean" }),
  amount: real("amount"),
  count: integer("count"),
});
const viaJson = sqliteTable("via_json", columns());
const viaParameters = sqliteTable("via_parameters", columns());
const DDL = (name: string) =>
  `CREATE TABLE ${name} (id TEXT PRIMARY KEY, label TEXT, meta TEXT, at INTEGER, flag INTEGER, amount REAL, count INTEGER)`;

const options = (target: SQLiteColumn): InsertOptions => ({
  target: [target],
  onConflict: "update",
  rowsPerStatement: 7,
});

let dir: string;
let client: Client;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "reys-statements-"));
  client = createClient({ url: `file:${join(dir, "test.db")}` });
  await client.batch([DDL("via_json"), DDL("via_parameters")], "write");
});
afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

const row = fc.record({
  id: fc.uuid(),
  label: fc.option(
    fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.constantFrom(
        "",
        "'",
        "''; DROP TABLE via_json; --",
        '"\\',
        "\u0000",
        "a\u0000b",
        "\ud800",
        "123",
        "null",
      ),
    ),
  ),
  meta: fc.option(fc.jsonValue({ maxDepth: 3 })),
  at: fc.option(fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true })),
  flag: fc.option(fc.boolean()),
  amount: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true })),
  count: fc.option(fc.integer()),
});

describe("jsonRowsInsert", () => {
  const insertJson = jsonRowsInsert(viaJson, options(viaJson.id));
  const insertParameters = multiRowInsert(viaParameters, options(viaParameters.id));

  test.prop([fc.uniqueArray(row, { selector: (r) => r.id, maxLength: 30 })], {
    numRuns: 200,
    examples: [
      [
        [
          {
            id: "00000000-0000-1000-8000-000000000000",
            label: null,
            meta: null,
            at: null,
            flag: null,
            amount: 3.976643009677619e-246,
            count: null,
          },
        ],
      ],
    ],
  })("stores exactly what parameters store, whatever the text", async (rows) => {
    await client.batch(["DELETE FROM via_json", "DELETE FROM via_parameters"], "write");
    await client.batch([...insertJson(rows), ...insertParameters(rows)], "write");
    const read = (table: string) =>
      client
        .execute(
          `SELECT id, label, hex(label) AS bytes, meta, at, flag, amount, typeof(amount) AS amountType, count FROM ${table} ORDER BY id`,
        )
        .then((result) => result.rows.map((r) => ({ ...r })));
    const [json, parameters] = await Promise.all([read("via_json"), read("via_parameters")]);
    expect(json).toHaveLength(rows.length);
    expect(json).toEqual(parameters);
  });

  test.prop([fc.array(fc.uuid(), { minLength: 1, maxLength: 20 })], { numRuns: 20 })(
    "keeps its conflict rule: a row sent again updates, never doubles",
    async (ids) => {
      await client.execute("DELETE FROM via_json");
      const first = [...new Set(ids)].map((id) => ({ id, label: "первый" }));
      await client.batch(insertJson(first), "write");
      await client.batch(insertJson(first.map((r) => ({ ...r, label: "второй" }))), "write");
      const result = await client.execute("SELECT count(*) AS n, min(label) AS label FROM via_json");
      expect({ ...result.rows[0] }).toEqual({ n: first.length, label: "второй" });
    },
  );

  test("puts every row that JSON can carry into one parameter per statement", () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({
      id: `r${i}`,
      label: i === 3 ? "a\u0000b" : `строка ${i}`,
      amount: i === 5 ? 0.1 : i,
    }));
    const statements = insertJson(rows);
    // Eight rows in JSON (7 + 1); the one with U+0000 and the one with a fraction with a parameter
    // per value (7 columns each).
    expect(statements.map((s) => (typeof s === "string" ? 0 : (s.args as unknown[]).length))).toEqual([
      1, 1, 14,
    ]);
  });
});
