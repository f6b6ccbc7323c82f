import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
