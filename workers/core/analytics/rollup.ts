import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { analyticsDailyByType, analyticsDirtyDays } from "../../../db/schema";
import { dayBounds } from "./days";

/**
 * Recomputes the daily aggregates of every day that received events since its last
 * roll-up ("analytics flushing"). Each day is recomputed whole, so running it twice is
 * harmless. Returns the days rolled up.
 */
export async function rollUpDirtyDays(db: Db, now: number = Date.now()): Promise<string[]> {
  const dirty = await db.select().from(analyticsDirtyDays).limit(100);
  for (const { day, version } of dirty) {
    const { start, end } = dayBounds(day);
    await db.batch([
      db.delete(analyticsDailyByType).where(eq(analyticsDailyByType.day, day)),
      db.run(sql`
        INSERT INTO analytics_daily_by_type (day, event_type, event_category, events, sessions)
        SELECT ${day}, event_type, coalesce(event_category, ''), count(*), count(DISTINCT session_id)
        FROM analytics_events
        WHERE created_at >= ${start} AND created_at < ${end}
        GROUP BY event_type, coalesce(event_category, '')`),
      db.run(sql`
        INSERT INTO analytics_daily (day, events, sessions, users, errors, updated_at)
        SELECT ${day}, count(*), count(DISTINCT session_id), count(DISTINCT user_id),
               coalesce(sum(event_type = 'error'), 0), ${now}
        FROM analytics_events
        WHERE created_at >= ${start} AND created_at < ${end}
        ON CONFLICT (day) DO UPDATE SET events = excluded.events, sessions = excluded.sessions,
          users = excluded.users, errors = excluded.errors, updated_at = excluded.updated_at`),
      db
        .delete(analyticsDirtyDays)
        .where(and(eq(analyticsDirtyDays.day, day), eq(analyticsDirtyDays.version, version))),
    ]);
  }
  return dirty.map((d) => d.day);
}
