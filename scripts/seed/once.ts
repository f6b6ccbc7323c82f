import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { DEMO_ACCOUNTS } from "./demo";
import { appMeta, users } from "../../db/schema";
import type { JobMessage } from "../../workers/core/jobs/messages";

/**
 * Runs `seed` for the demo director's company once per database, recorded under `key` in
 * app_meta (a database seeded once is left alone, even if its demo rows were changed). Returns
 * whether it ran now; false too when there is no demo director.
 */
export async function seedDirectorOnce(
  db: Db,
  key: string,
  now: number,
  seed: (companyId: string) => Promise<void>,
): Promise<boolean> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, key));
  if (done.length > 0) return false;
  const [director] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.director.email));
  if (!director) return false;
  await seed(director.companyId);
  await db.insert(appMeta).values({ key, value: new Date(now).toISOString() });
  return true;
}

/**
 * A queue kept in memory, for running jobs' steps one after another when seeding (the Workers
 * are not up yet): `enqueue` collects messages, `drain` hands each to `run` until none is left.
 */
export function localQueue() {
  const queue: JobMessage[] = [];
  return {
    enqueue: async (message: JobMessage) => {
      queue.push(message);
    },
    async drain(run: (message: JobMessage) => Promise<void>) {
      for (let message = queue.shift(); message; message = queue.shift()) await run(message);
    },
  };
}
