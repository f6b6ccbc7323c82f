import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { analyticsDirtyDays, analyticsEvents } from "../../../db/schema";
import { jsonRowsInsert, multiRowInsert, statement } from "../../../db/statements";
import type { AnalyticsEventRecord } from "./event";
import { DAY_MS, utcDay } from "./days";

/**
 * Events written in one transaction at most: about 0.3–0.5 s of sqld on this machine, so a user's
 * write queued behind it waits well under a second (decision 0046). The jobs Worker writes a
 * queue batch's events in writes of up to this many (decision 0047).
 */
export const EVENTS_PER_WRITE = 5_000;

/** Rows per insert statement: 12 columns each, 12,000 parameters, within SQLite's limit. */
const EVENTS_PER_STATEMENT = 1_000;

const insertOptions = {
  target: [analyticsEvents.id],
  onConflict: "nothing",
  rowsPerStatement: EVENTS_PER_STATEMENT,
} as const;
const insertEvents = jsonRowsInsert(analyticsEvents, insertOptions);
const insertEventsWithParameters = multiRowInsert(analyticsEvents, insertOptions);

const asRows = (records: AnalyticsEventRecord[]) =>
  records.map((r) => ({ ...r, createdAt: new Date(r.createdAt), receivedAt: new Date(r.receivedAt) }));

/**
 * The statements that store `records` (a resent id is skipped), built by hand (decision 0035):
 * each statement's rows as one JSON parameter (decisions 0052, 0080).
 */
export function eventInserts(records: AnalyticsEventRecord[]) {
  return insertEvents(asRows(records));
}

/**
 * The same rows as plain multi-row inserts with a parameter per value: what `bench:ingest`
 * gives sqld alone as the limit (raw batch inserts).
 */
export function eventInsertsWithParameters(records: AnalyticsEventRecord[]) {
  return insertEventsWithParameters(asRows(records));
}

/**
 * Stores events in one write. Ids are client-generated, so a redelivered message or a resent
 * batch inserts nothing twice; the days touched are marked for the next roll-up in the same
 * transaction.
 */
export async function ingestEvents(db: Db, records: AnalyticsEventRecord[]): Promise<void> {
  if (records.length === 0) return;
  // Day numbers first: one date string per day, not per event.
  const days = [...new Set(records.map((r) => Math.floor(r.createdAt / DAY_MS)))].map((n) =>
    utcDay(n * DAY_MS),
  );
  const mark = db
    .insert(analyticsDirtyDays)
    .values(days.map((day) => ({ day, version: 1 })))
    .onConflictDoUpdate({
      target: analyticsDirtyDays.day,
      set: { version: sql`${analyticsDirtyDays.version} + 1` },
    });
  await db.$client.batch([...eventInserts(records), statement(mark)], "write");
}
