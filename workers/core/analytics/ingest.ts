import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { analyticsDirtyDays, analyticsEvents } from "../../../db/schema";
import type { AnalyticsEventRecord } from "./event";
import { utcDay } from "./days";

/**
 * Stores a batch of events. Ids are client-generated, so a redelivered message or a resent
 * batch inserts nothing twice; the days touched are marked for the next roll-up in the same
 * transaction.
 */
export async function ingestEvents(db: Db, records: AnalyticsEventRecord[]): Promise<void> {
  if (records.length === 0) return;
  const days = [...new Set(records.map((r) => utcDay(r.createdAt)))];
  const insert = db
    .insert(analyticsEvents)
    .values(
      records.map((r) => ({
        ...r,
        createdAt: new Date(r.createdAt),
        receivedAt: new Date(r.receivedAt),
      })),
    )
    .onConflictDoNothing({ target: analyticsEvents.id });
  const mark = db
    .insert(analyticsDirtyDays)
    .values(days.map((day) => ({ day, version: 1 })))
    .onConflictDoUpdate({
      target: analyticsDirtyDays.day,
      set: { version: sql`${analyticsDirtyDays.version} + 1` },
    });
  await db.batch([insert, mark]);
}
