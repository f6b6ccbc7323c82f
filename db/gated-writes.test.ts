// A page read for a caller not yet confirmed changes nothing before the confirmation (decision 0086).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gatedWrites, type WriteGate } from "./client";

describe("gatedWrites", () => {
  let dir: string;
  let real: Client;
  let gate: WriteGate;
  let gated: Client;
  let open: () => void;
  let refuse: (error: Error) => void;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "reys-gate-"));
    real = createClient({ url: `file:${join(dir, "g.db")}` });
    await real.batch(["CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)", "INSERT INTO t VALUES (1, 'a')"]);
    gate = {
      until: new Promise<void>((resolve, reject) => {
        open = resolve;
        refuse = reject;
      }),
    };
    gate.until!.catch(() => undefined);
    gated = gatedWrites(real, gate);
  });

  afterEach(() => {
    real.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const value = async () => (await real.execute("SELECT v FROM t WHERE id = 1")).rows[0][0];
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

  it("reads at once while the gate is shut", async () => {
    const [one, many] = await Promise.all([
      gated.execute("SELECT v FROM t WHERE id = ?", [1]),
      gated.batch(["SELECT count(*) FROM t", "WITH x AS (SELECT 1) SELECT * FROM x"]),
    ]);
    expect(one.rows[0][0]).toBe("a");
    expect(many[0].rows[0][0]).toBe(1);
  });

  it("holds every kind of write until the gate opens, then applies it", async () => {
    const writes = Promise.all([
      gated.execute("UPDATE t SET v = 'b' WHERE id = 1"),
      gated.batch(["SELECT 1", "INSERT INTO t VALUES (2, 'c')"]),
      gated.executeMultiple("INSERT INTO t VALUES (3, 'd');"),
    ]);
    await settled();
    expect(await value()).toBe("a");
    expect((await real.execute("SELECT count(*) FROM t")).rows[0][0]).toBe(1);
    open();
    await writes;
    expect(await value()).toBe("b");
    expect((await real.execute("SELECT count(*) FROM t")).rows[0][0]).toBe(3);
  });

  it("refuses the writes with the gate's error when it does not open, and applies none", async () => {
    const writes = Promise.allSettled([
      gated.execute("UPDATE t SET v = 'b' WHERE id = 1"),
      gated.batch(["INSERT INTO t VALUES (2, 'c')"], "write"),
      gated.transaction("write"),
    ]);
    refuse(new Error("another caller"));
    const answers = await writes;
    expect(answers.map((a) => a.status === "rejected" && (a.reason as Error).message)).toEqual([
      "another caller",
      "another caller",
      "another caller",
    ]);
    expect(await value()).toBe("a");
    expect((await real.execute("SELECT count(*) FROM t")).rows[0][0]).toBe(1);
  });

  it("lets writes through at once when no gate is set", async () => {
    gate.until = null;
    await gated.execute("UPDATE t SET v = 'z' WHERE id = 1");
    expect(await value()).toBe("z");
  });
});
