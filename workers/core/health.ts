import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export type DatabaseHealth = { ok: true; latencyMs: number } | { ok: false; error: string };

/** One real query against libSQL, timed. */
export async function checkDatabase(db: Db): Promise<DatabaseHealth> {
  const started = Date.now();
  try {
    await db.run(sql`SELECT count(*) FROM __drizzle_migrations`);
    return { ok: true, latencyMs: Date.now() - started };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
