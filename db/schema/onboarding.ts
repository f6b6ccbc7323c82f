import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

/**
 * A user's way in (spec 1 §4 «Onboarding tour», «Checklist»; decision 0071): what the server
 * cannot read from the company's data — the tour taken, the checklist put away, the analytics
 * page seen, hints dismissed for good — and when each achievement was first reached, so it stays
 * unlocked. One row per user, written on the first such event; no row reads as nothing done.
 */
export const onboardingStates = sqliteTable("onboarding_states", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** When the tour was finished or skipped: it no longer starts by itself. */
  tourDoneAt: integer("tour_done_at", { mode: "timestamp_ms" }),
  tourOutcome: text("tour_outcome", { enum: ["finished", "skipped"] }),
  checklistDismissedAt: integer("checklist_dismissed_at", { mode: "timestamp_ms" }),
  /** The first visit to /dashboard/analytics (the checklist's «view analytics»). */
  analyticsViewedAt: integer("analytics_viewed_at", { mode: "timestamp_ms" }),
  /** JSON array of the hint keys the user dismissed (workers/core/onboarding HINT_KEYS). */
  dismissedHints: text("dismissed_hints", { mode: "json" }).$type<string[]>().notNull().default([]),
  /** JSON object: achievement id → when it was first reached (ms). */
  achievements: text("achievements", { mode: "json" }).$type<Record<string, number>>().notNull().default({}),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
