import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export type DatabaseHealth = { ok: true; latencyMs: number } | { ok: false };

/** One real query against libSQL, timed. Why it failed goes to the log, never to the caller. */
export async function checkDatabase(db: Db): Promise<DatabaseHealth> {
  const started = Date.now();
  try {
    await db.run(sql`SELECT count(*) FROM __drizzle_migrations`);
    return { ok: true, latencyMs: Date.now() - started };
  } catch (error) {
    console.error("health: database check failed", error);
    return { ok: false };
  }
}
