// preparedSql against a real libSQL database: a statement made once and filled per call reads
// exactly what the same statement written as a plain `sql` template reads, call after call, in a
// batch and alone, with fixed values, column encoders, and text that looks like a parameter.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { fc, test } from "@fast-check/vitest";
import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./client";
import { preparedQuery, preparedSql } from "./prepared-sql";

const companies = sqliteTable("companies", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  settings: text("settings", { mode: "json" }).$type<{ plan: string }>(),
  open: integer("open", { mode: "boolean" }).notNull(),
});
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
  await client.execute(
    "CREATE TABLE companies (id TEXT PRIMARY KEY, name TEXT NOT NULL, settings TEXT, open INTEGER NOT NULL)",
  );
  await db.insert(companies).values([
    { id: "a", name: "Альфа", settings: { plan: "pro" }, open: true },
    { id: "b", name: "Бета", settings: null, open: false },
  ]);
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

describe("preparedQuery", () => {
  /** A select with a join, dates, booleans and JSON, as code writes it. */
  const builder = (on: Db, { companyId, from }: { companyId: string; from: Date }) =>
    on
      .select({
        id: t.id,
        at: t.doneAt,
        price: t.price,
        company: companies.name,
        open: companies.open,
        settings: companies.settings,
      })
      .from(t)
      .leftJoin(companies, eq(companies.id, t.companyId))
      .where(and(eq(t.companyId, companyId), gte(t.doneAt, from)))
      .orderBy(t.id);
  const prepared = preparedQuery<{ companyId: string; from: Date }, ReturnType<typeof builder>>((on, p) =>
    on
      .select({
        id: t.id,
        at: t.doneAt,
        price: t.price,
        company: companies.name,
        open: companies.open,
        settings: companies.settings,
      })
      .from(t)
      .leftJoin(companies, eq(companies.id, t.companyId))
      .where(and(eq(t.companyId, p.companyId), gte(t.doneAt, p.from)))
      .orderBy(t.id),
  );
  const from = new Date(1_700_000_000_000 + 40 * 3_600_000);

  it("answers what the builder answers, mapped the same way, call after call", async () => {
    for (const companyId of ["a", "b", "c'; --?", "nobody"]) {
      const expected = await builder(db as Db, { companyId, from });
      const rows = await prepared(db as Db, { companyId, from });
      expect(rows).toEqual(expected);
    }
    const [first] = await prepared(db as Db, { companyId: "a", from });
    expect(first).toMatchObject({ company: "Альфа", open: true, settings: { plan: "pro" } });
    expect(first.at).toBeInstanceOf(Date);
    // A row of a company the join does not find: its columns are null, as the builder says.
    const [lone] = await prepared(db as Db, { companyId: "c'; --?", from });
    expect(lone).toMatchObject({ company: null, open: null, settings: null });
  });

  it("goes in a batch beside other statements, each with its own values", async () => {
    const [a, count, b] = await db.batch([
      prepared(db as Db, { companyId: "a", from }),
      db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${t}`),
      prepared(db as Db, { companyId: "b", from }),
    ]);
    expect(a).toEqual(await builder(db as Db, { companyId: "a", from }));
    expect(b).toEqual(await builder(db as Db, { companyId: "b", from }));
    expect(count).toEqual([{ n: ROWS.length }]);
  });

  it("reads inside the transaction it is given", async () => {
    await db
      .transaction(async (tx) => {
        await tx.insert(trips).values({ ...ROWS[0], id: "uncommitted", companyId: "b", doneAt: from });
        const rows = await prepared(tx as unknown as Db, { companyId: "b", from });
        expect(rows.map((row) => row.id)).toContain("uncommitted");
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    const after = await prepared(db as Db, { companyId: "b", from });
    expect(after.map((row) => row.id)).not.toContain("uncommitted");
  });
});
