import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../db/client";
import { seedDemoData } from "../../scripts/seed/demo";
import { MIGRATIONS_DIR } from "../../scripts/lib/database";

/** A real libSQL database in a temp file with every migration applied (unit tests). */
export async function createTestDb(): Promise<{ db: Db; close: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), "reys-unit-"));
  const client = createClient({ url: `file:${join(dir, "test.db")}` });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    close() {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One migrated database for the tests of the calling `describe` block (or file), prepared once
 * by `prepare`; returns a getter.
 */
export function dbForBlock(prepare: (db: Db) => Promise<unknown> = async () => {}): () => Db {
  let handle: Awaited<ReturnType<typeof createTestDb>> | undefined;
  beforeAll(async () => {
    handle = await createTestDb();
    await prepare(handle.db);
  });
  afterAll(() => handle?.close());
  return () => {
    if (!handle) throw new Error("the test database is not ready");
    return handle.db;
  };
}

/**
 * One migrated database with the demo seed for the tests of the calling `describe` block
 * (shared, since every password hash costs real CPU); returns a getter.
 */
export function seededDbForBlock(seededAt: number): () => Db {
  return dbForBlock((db) => seedDemoData(db, new Date(seededAt)));
}
