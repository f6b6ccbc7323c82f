// Read batches started together share one round trip (decision 0075); writes and failures keep
// to their own caller.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client, type InStatement } from "@libsql/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DatabaseUnreachableError, mergingReadBatches } from "./client";

describe("mergingReadBatches", () => {
  let dir: string;
  let real: Client;
  let calls: InStatement[][];
  let merged: Client;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "reys-merge-"));
    real = createClient({ url: `file:${join(dir, "m.db")}` });
    await real.batch([
      "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)",
      "INSERT INTO t VALUES (1, 'a'), (2, 'b')",
    ]);
    calls = [];
    // What reaches the database: each batch call, as sent.
    const counting = new Proxy(real, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== "function") return value;
        if (property === "execute")
          return (statement: InStatement) => {
            calls.push([statement]);
            return real.execute(statement);
          };
        if (property !== "batch") return value.bind(target);
        return (statements: InStatement[], mode?: "deferred") => {
          calls.push(statements);
          return real.batch(statements, mode);
        };
      },
    });
    merged = mergingReadBatches(counting);
  });

  afterEach(() => {
    real.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends reads started together as one batch and gives each caller its own results", async () => {
    const [layout, page] = await Promise.all([
      merged.batch(["SELECT v FROM t WHERE id = 1", "SELECT count(*) AS n FROM t"]),
      merged.batch([{ sql: "WITH x AS (SELECT v FROM t WHERE id = ?) SELECT v FROM x", args: [2] }]),
    ]);
    expect(calls).toHaveLength(1);
    expect(layout.map((r) => r.rows[0][0])).toEqual(["a", 2]);
    expect(page.map((r) => r.rows[0][0])).toEqual(["b"]);
  });

  it("runs a read two callers make alike once, and gives each caller its own rows", async () => {
    const [layout, page] = await Promise.all([
      merged.batch([
        { sql: "SELECT v FROM t WHERE id = ?", args: [1] },
        { sql: "SELECT count(*) FROM t", args: [] },
      ]),
      merged.batch([
        { sql: "SELECT v FROM t WHERE id = ?", args: [2] },
        { sql: "SELECT v FROM t WHERE id = ?", args: [1] },
        { sql: "SELECT v FROM t WHERE id = ?", args: ["1"] },
      ]),
    ]);
    expect(calls).toHaveLength(1);
    // id = 1 asked twice with the number 1 went once; the text "1" is another statement.
    expect(calls[0]).toHaveLength(4);
    expect(layout.map((r) => r.rows[0][0])).toEqual(["a", 2]);
    expect(page.map((r) => r.rows[0]?.[0])).toEqual(["b", "a", "a"]);
    expect(page[1].rows).not.toBe(layout[0].rows);
    expect(page[1].columns).toEqual(["v"]);
    page[1].rows.pop();
    expect(layout[0].rows).toHaveLength(1);
  });

  it("sends single SELECTs started with a batch in the same batch", async () => {
    const [one, two, batch] = await Promise.all([
      merged.execute("SELECT v FROM t WHERE id = 1"),
      merged.execute("SELECT v FROM t WHERE id = ?", [2]),
      merged.batch(["SELECT count(*) FROM t"]),
    ]);
    expect(calls).toHaveLength(1);
    expect([one.rows[0][0], two.rows[0][0], batch[0].rows[0][0]]).toEqual(["a", "b", 2]);
  });

  it("sends a write on its own", async () => {
    await Promise.all([merged.execute("SELECT 1"), merged.execute("UPDATE t SET v = 'z' WHERE id = 1")]);
    expect(calls).toHaveLength(2);
    expect((await real.execute("SELECT v FROM t WHERE id = 1")).rows[0][0]).toBe("z");
  });

  it("sends a batch that writes on its own, applied once", async () => {
    const [read, write] = await Promise.all([
      merged.batch(["SELECT count(*) FROM t"]),
      merged.batch(["INSERT INTO t VALUES (3, 'c')"]),
      merged.batch(["WITH n AS (SELECT 4) INSERT INTO t SELECT * FROM n, (SELECT 'd')"]),
    ]);
    // Concurrent calls never promised an order: the read sees the table before or after.
    expect([2, 3, 4]).toContain(read[0].rows[0][0]);
    expect(write[0].rowsAffected).toBe(1);
    expect(calls).toHaveLength(3);
    expect((await real.execute("SELECT count(*) FROM t")).rows[0][0]).toBe(4);
  });

  it("keeps one caller's failing read from failing the others", async () => {
    const [good, bad] = await Promise.allSettled([
      merged.batch(["SELECT v FROM t WHERE id = 1"]),
      merged.batch(["SELECT nothing FROM nowhere"]),
    ]);
    expect(good.status === "fulfilled" && good.value[0].rows[0][0]).toBe("a");
    expect(bad.status).toBe("rejected");
  });

  it("gives every caller the database's own failure at once, without asking again one by one", async () => {
    let sent = 0;
    const down = new Proxy(real, {
      get(target, property) {
        if (property === "batch" || property === "execute")
          return () => {
            sent++;
            return Promise.reject(new DatabaseUnreachableError({ cause: new Error("refused") }));
          };
        return Reflect.get(target, property) as unknown;
      },
    });
    const reads = mergingReadBatches(down);
    const answers = await Promise.allSettled([reads.batch(["SELECT 1"]), reads.execute("SELECT 2")]);
    expect(
      answers.map((a) => a.status === "rejected" && a.reason instanceof DatabaseUnreachableError),
    ).toEqual([true, true]);
    expect(sent).toBe(1);
  });

  it("sends reads started apart apart", async () => {
    await merged.batch(["SELECT 1"]);
    await merged.batch(["SELECT 2"]);
    expect(calls).toHaveLength(2);
  });
});
