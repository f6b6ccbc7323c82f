import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companies } from "./auth";

/** Messages that exhausted their retries and reached the dead-letter queue: kept so nothing is lost. */
export const deadJobs = sqliteTable("dead_jobs", {
  id: text("id").primaryKey(),
  kind: text("kind").notNull(),
  body: text("body", { mode: "json" }).notNull(),
  attempts: integer("attempts").notNull(),
  failedAt: integer("failed_at", { mode: "timestamp_ms" }).notNull(),
});

/** Key/value facts about the database itself (e.g. when demo data was seeded). */
export const appMeta = sqliteTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * What a run that turns items into rows did (EDO docflows into orders): rows created and
 * updated, stale rows removed, items that could not become rows and the names of the first few.
 */
export type RunOutcome = {
  created: number;
  updated: number;
  removed: number;
  failed: number;
  failedNames: string[];
};

/**
 * Long work done through the queue (a platform's order sync, later the EDO sync): the row a
 * page shows progress from. Messages carry its id; a message of a run that is no longer the
 * subject's latest does nothing.
 */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["platforms.sync", "edo.sync", "edo.orders"] }).notNull(),
    /** What the run works on, e.g. the platform connection's id. */
    subjectId: text("subject_id").notNull(),
    status: text("status", { enum: ["queued", "running", "success", "error"] }).notNull(),
    /** The last step done (a sync's page); a redelivered or duplicate step finds it taken. */
    step: integer("step").notNull().default(0),
    done: integer("done").notNull().default(0),
    total: integer("total"),
    /** Where a run that walks rows in key order has got to: the last key it saved. */
    cursor: text("cursor"),
    outcome: text("outcome", { mode: "json" }).$type<RunOutcome>(),
    /** Russian, for the user: why the run failed. */
    error: text("error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("job_runs_subject_idx").on(t.subjectId, t.createdAt)],
);
