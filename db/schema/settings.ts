import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

/** How a list can be laid out on a wide screen (decision 0072); a phone always shows cards. */
export const LIST_VIEWS = ["compact", "cards"] as const;

/**
 * A user's own choices of how the product looks (decision 0072), kept on the server so they follow
 * the user to another device. One row per user, written on the first choice; no row, or a null
 * column, reads as the product's default.
 */
export const userSettings = sqliteTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The EDO documents list on a wide screen: one row per chain, or the full cards. */
  edoListView: text("edo_list_view", { enum: LIST_VIEWS }),
  /** The orders list on a desktop: one row per order, or the full cards (decision 0083). */
  ordersListView: text("orders_list_view", { enum: LIST_VIEWS }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
