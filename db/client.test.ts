import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, LibsqlError, type Client } from "@libsql/client";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createDb,
  DATABASE_UNAVAILABLE,
  databaseFailureMessage,
  DatabaseDeadlineError,
  isBusy,
  retryingWhenBusy,
  retryWhenBusy,
} from "./client";

describe("writes that meet a locked database", () => {
  let dir: string;
  let holder: Client;
  let writer: Client;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "reys-busy-"));
    const url = `file:${join(dir, "busy.db")}`;
    holder = createClient({ url });
    writer = createClient({ url });
    await holder.execute("CREATE TABLE payments (id TEXT PRIMARY KEY)");
  });

  afterEach(() => {
    holder.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("are refused as locked by SQLite itself, which the retry recognises", async () => {
    const transaction = await holder.transaction("write");
    await transaction.execute("INSERT INTO payments VALUES ('held')");
    const failure = await writer.execute("INSERT INTO payments VALUES ('bare')").catch((e: unknown) => e);
    await transaction.rollback();
    expect(failure).toMatchObject({ code: "SQLITE_BUSY" });
    expect(isBusy(failure)).toBe(true);
    // drizzle hands the driver's error on as the cause of its own.
    expect(isBusy(new Error("Failed query: insert into payments", { cause: failure }))).toBe(true);
  });

  it("go through once the lock is released, each call applied once", async () => {
    const locked = () => new LibsqlError("SQLITE_BUSY: database is locked", "SQLITE_BUSY");
    const applied: string[] = [];
    let attempts = 0;
    const client = {
      async execute(statement: string) {
        if (++attempts <= 2) throw locked();
        applied.push(statement);
        return { rowsAffected: 1 };
      },
      async batch(statements: string[]) {
        if (++attempts <= 4) throw locked();
        applied.push(...statements);
        return [];
      },
      close() {},
    } as unknown as Client;
    const retrying = retryingWhenBusy(client);
    await retrying.execute("INSERT INTO payments VALUES ('one')");
    await retrying.batch(["INSERT INTO payments VALUES ('two')", "INSERT INTO payments VALUES ('three')"]);
    expect(applied).toEqual([
      "INSERT INTO payments VALUES ('one')",
      "INSERT INTO payments VALUES ('two')",
      "INSERT INTO payments VALUES ('three')",
    ]);
    expect(attempts).toBe(5);
  });

  it("give up after about three seconds of a lock that stays, with the Russian message for the caller", async () => {
    const transaction = await holder.transaction("write");
    await transaction.execute("INSERT INTO payments VALUES ('held')");
    const slept: number[] = [];
    const failure = await retryWhenBusy(
      () => writer.execute("INSERT INTO payments VALUES ('late')"),
      async (ms) => void slept.push(ms),
    ).catch((error: unknown) => error);
    await transaction.rollback();
    expect(failure).toBeInstanceOf(LibsqlError);
    expect(slept.length).toBe(7);
    expect(slept.reduce((a, b) => a + b, 0)).toBeLessThan(3_175 * 1.5);
    expect(databaseFailureMessage(failure)).toBe(DATABASE_UNAVAILABLE);
  });

  it("are not run again for any other failure", async () => {
    let calls = 0;
    const failure = await retryWhenBusy(async () => {
      calls++;
      throw new LibsqlError("UNIQUE constraint failed", "SQLITE_CONSTRAINT");
    }).catch((error: unknown) => error);
    expect(calls).toBe(1);
    expect(databaseFailureMessage(failure)).toBeNull();
  });
});

describe("a database that does not answer", () => {
  let server: Server;

  beforeEach(async () => {
    // Accepts the connection and never answers, as a hung server or a lost network would.
    server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });

  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  it("fails the call at its deadline with the Russian message, instead of hanging", async () => {
    const { port } = server.address() as AddressInfo;
    const db = createDb({ url: `http://127.0.0.1:${port}`, deadlineMs: 200 });
    const failure = await db.run(sql`SELECT 1`).catch((error: unknown) => error);
    let cause: unknown = failure;
    while (cause instanceof Error && !(cause instanceof DatabaseDeadlineError)) cause = cause.cause;
    expect(cause).toBeInstanceOf(DatabaseDeadlineError);
    expect(databaseFailureMessage(failure)).toBe(
      "База данных не ответила вовремя. Повторите попытку через минуту.",
    );
  });
});

describe("a database that is not there", () => {
  it("fails the call at once with the Russian message (sqld stopped or restarting)", async () => {
    // Nothing listens on port 1: the connection is refused, as while sqld restarts.
    const db = createDb({ url: "http://127.0.0.1:1" });
    const started = Date.now();
    const failure = await db.run(sql`SELECT 1`).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(databaseFailureMessage(failure)).toBe(DATABASE_UNAVAILABLE);
  });
});
