// One-shot calls reuse idle database streams (decision 0082) against a real sqld: the answers are
// the ones a new stream gives, a stream left in a transaction is never handed on, and a stream the
// server no longer knows costs nothing but a second try.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSqld } from "./database";
import { freePort, stopChildren, type Child } from "./processes";
import { reusingStreams, STREAMS_KEPT } from "../../db/client";

describe("reusingStreams", () => {
  let dir: string;
  let port: number;
  let sqld: Child;
  /** The batons the client's calls went out with, in order (null: a new stream). */
  const batons: (string | null)[] = [];
  /** Whether each call went as the client sent it (a stream of its own, closed at its end). */
  const asSent: boolean[] = [];

  const spy = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.endsWith("/pipeline")) {
      const body = (await request.clone().json()) as { baton?: string | null };
      batons.push(body.baton ?? null);
      asSent.push(request.url.endsWith("/v2/pipeline"));
    }
    return fetch(request);
  };
  const client = (): Client => createClient({ url: `http://127.0.0.1:${port}`, fetch: reusingStreams(spy) });
  /** A client without reuse, as a second user of the database would be. */
  const plain = (): Client => createClient({ url: `http://127.0.0.1:${port}` });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "reys-streams-"));
    port = await freePort();
    sqld = await startSqld({ dataDir: dir, port });
    await plain().batch(["CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)", "INSERT INTO t VALUES (1, 'a')"]);
  }, 30_000);

  afterAll(async () => {
    await stopChildren([sqld]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs the next call on the stream the last one left idle, with the same answers", async () => {
    const db = client();
    batons.length = 0;
    const first = await db.execute("SELECT v FROM t WHERE id = 1");
    const second = await db.execute({ sql: "SELECT v FROM t WHERE id = ?", args: [1] });
    expect(first.rows[0].v).toBe("a");
    expect(second.rows[0].v).toBe("a");
    expect(batons[0]).toBeNull();
    expect(batons[1]).toEqual(expect.any(String));
  });

  it("runs batches whose statements repeat (stored SQL texts) call after call", async () => {
    const db = client();
    const batch = () =>
      db.batch(
        [
          { sql: "SELECT count(*) AS n FROM t WHERE id > ?", args: [0] },
          { sql: "SELECT count(*) AS n FROM t WHERE id > ?", args: [5] },
          { sql: "SELECT count(*) AS n FROM t WHERE id > ?", args: [0] },
        ],
        "read",
      );
    for (let i = 0; i < 3; i++) expect((await batch()).map((r) => r.rows[0].n)).toEqual([1, 0, 1]);
  });

  it("answers a failing statement as a new stream would, and the next call still works", async () => {
    const db = client();
    await expect(db.execute("SELECT * FROM missing")).rejects.toThrow(/no such table: missing/);
    expect((await db.execute("SELECT v FROM t")).rows).toHaveLength(1);
  });

  it("never hands on a stream left inside a transaction", async () => {
    const db = client();
    // A script that opens a transaction and leaves it open.
    await db.executeMultiple("BEGIN IMMEDIATE; INSERT INTO t VALUES (2, 'left open');");
    // Another writer is not kept waiting by it, and nothing of it was committed.
    await plain().execute("INSERT INTO t VALUES (3, 'other writer')");
    const rows = (await db.execute("SELECT id FROM t ORDER BY id")).rows.map((r) => r.id);
    expect(rows).toEqual([1, 3]);
  });

  it("goes again on a new stream when the server no longer knows the idle one", async () => {
    const db = client();
    await db.execute("SELECT 1");
    await stopChildren([sqld]);
    sqld = await startSqld({ dataDir: dir, port });
    batons.length = 0;
    expect((await db.execute("SELECT v FROM t WHERE id = 1")).rows[0].v).toBe("a");
    expect(batons).toEqual([expect.any(String), null]);
  }, 30_000);

  it("keeps at most a few streams open at once: a burst beyond them gets streams of its own", async () => {
    const db = client();
    batons.length = 0;
    asSent.length = 0;
    // Each call takes a while (a count to 300,000), so the burst's calls are all under way at once.
    const slow = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000)";
    const answers = await Promise.all(
      Array.from({ length: 2 * STREAMS_KEPT }, (_, i) =>
        db.execute({ sql: `${slow} SELECT ? + count(*) AS n FROM c`, args: [i] }).then((r) => r.rows[0].n),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 2 * STREAMS_KEPT }, (_, i) => i + 300_000));
    // Streams opened to be kept (a new stream, not sent as it came) stay within the bound…
    const opened = batons.filter((baton, i) => baton === null && !asSent[i]).length;
    expect(opened).toBeLessThanOrEqual(STREAMS_KEPT);
    // …and the calls beyond it went on streams of their own.
    expect(asSent.filter((own) => own).length).toBeGreaterThan(0);
  });
});
