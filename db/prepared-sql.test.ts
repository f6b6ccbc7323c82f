// preparedSql against a real libSQL database: a statement made once and filled per call reads
// exactly what the same statement written as a plain `sql` template reads, call after call, in a
// batch and alone, with fixed values, column encoders, and text that looks like a parameter.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { fc, test } from "@fast-check/vitest";
import { eq, sql, type SQL } from "drizzle-orm";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedSql } from "./prepared-sql";

const trips = sqliteTable("trips", {
  id: text("id").primaryKey(),
  companyId: text("company_id").notNull(),
  status: text("status").notNull(),
  price: integer("price"),
  doneAt: integer("done_at", { mode: "timestamp_ms" }),
});
const t = trips;

let dir: string;
let client: Client;
let db: LibSQLDatabase;
const ROWS = Array.from({ length: 60 }, (_, i) => ({
  id: `t${i}`,
  companyId: i % 3 === 0 ? "a" : i % 3 === 1 ? "b" : "c'; --?",
  status: ["new", "in_transit", "delivered", "paid"][i % 4],
  price: i % 7 === 0 ? null : i * 1000,
  doneAt: new Date(1_700_000_000_000 + i * 3_600_000),
}));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "reys-prepared-"));
  client = createClient({ url: `file:${join(dir, "test.db")}` });
  db = drizzle(client);
  await client.execute(
    "CREATE TABLE trips (id TEXT PRIMARY KEY, company_id TEXT NOT NULL, status TEXT NOT NULL, price INTEGER, done_at INTEGER)",
  );
  await db.insert(trips).values(ROWS);
});
afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

const done = sql`${t.status} IN ('delivered', 'paid')`;
const when = (condition: SQL, value: SQL = sql`1`) =>
  sql`sum(CASE WHEN ${condition} THEN ${value} ELSE 0 END)`;

type Args = { companyId: string; from: number; to: number };
/** The statement as every call used to build it. */
const plain = ({ companyId, from, to }: Args) => sql`SELECT count(*) AS orders,
    ${when(done, sql`coalesce(${t.price}, 0)`)} AS revenue,
    ${when(sql`${done} AND ${t.doneAt} >= ${from} AND ${t.doneAt} < ${to}`)} AS inWindow,
    ${"a literal ? with a question mark"} AS note, '?' AS quoted, ${42} AS fixed
  FROM ${t} WHERE ${t.companyId} = ${companyId}`;
/** The same statement, prepared. */
const prepared = preparedSql<Args>(
  (p) => sql`SELECT count(*) AS orders,
    ${when(done, sql`coalesce(${t.price}, 0)`)} AS revenue,
    ${when(sql`${done} AND ${t.doneAt} >= ${p.from} AND ${t.doneAt} < ${p.to}`)} AS inWindow,
    ${"a literal ? with a question mark"} AS note, '?' AS quoted, ${42} AS fixed
  FROM ${t} WHERE ${t.companyId} = ${p.companyId}`,
);

describe("preparedSql", () => {
  test.prop([
    fc.constantFrom("a", "b", "c'; --?", "nobody"),
    fc.integer({ min: 1_699_990_000_000, max: 1_700_300_000_000 }),
    fc.integer({ min: 0, max: 100_000_000 }),
  ])("reads what the plain statement reads", async (companyId, from, span) => {
    const args = { companyId, from, to: from + span };
    expect(await db.all(prepared(args))).toEqual(await db.all(plain(args)));
  });

  it("sends the same text and values as the plain statement", () => {
    const args = { companyId: "b", from: 1, to: 2 };
    expect(db.all(prepared(args)).getQuery()).toEqual(db.all(plain(args)).getQuery());
  });

  it("answers each call with its own values, in a batch and alone", async () => {
    const window = { from: 1_700_000_000_000, to: 1_700_000_000_000 + 30 * 3_600_000 };
    const [a, b, c] = await db.batch([
      db.all<{ orders: number; inWindow: number }>(prepared({ companyId: "a", ...window })),
      db.all<{ orders: number; inWindow: number }>(prepared({ companyId: "b", ...window })),
      db.all<{ orders: number; inWindow: number }>(prepared({ companyId: "c'; --?", ...window })),
    ]);
    expect([a[0].orders, b[0].orders, c[0].orders]).toEqual([20, 20, 20]);
    // Hours 0..29 hold t0..t29; done ones are statuses 2 and 3 of every 4.
    const expected = (company: number) =>
      ROWS.filter((_, i) => i < 30 && i % 3 === company && i % 4 >= 2).length;
    expect([a[0].inWindow, b[0].inWindow, c[0].inWindow]).toEqual([expected(0), expected(1), expected(2)]);
  });

  it("encodes a value compared with a column the way the column does", async () => {
    const byTime = preparedSql<{ at: Date }>(
      (p) => sql`SELECT ${t.id} AS id FROM ${t} WHERE ${eq(t.doneAt, p.at)}`,
    );
    expect(await db.all(byTime({ at: ROWS[5].doneAt }))).toEqual([{ id: "t5" }]);
    expect(await db.all(byTime({ at: ROWS[6].doneAt }))).toEqual([{ id: "t6" }]);
  });

  it("refuses a call without one of its values", () => {
    expect(() => prepared({ companyId: "a", from: 1 } as Args)).toThrow('no value for "to"');
  });
});
