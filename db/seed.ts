import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { appMeta } from "./schema";

const SEEDED_KEY = "demo_seeded_at";

/**
 * Seeds demo data on the first start only: a database that has been seeded once (even if
 * its demo rows were later changed or deleted) is left alone.
 */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<boolean> {
  const seeded = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  if (seeded.length > 0) return false;
  await db.batch([db.insert(appMeta).values({ key: SEEDED_KEY, value: now.toISOString() })]);
  return true;
}
