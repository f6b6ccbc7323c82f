import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

/**
 * Single-use links sent by e-mail (decision 0073): an address's confirmation, a password reset
 * (and later a colleague's invitation). Only the SHA-256 of the link's token is kept, so a read
 * of the database opens no account; `email` is the address the link went to, so a link confirms
 * only the address it was sent to.
 */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    /** hashToken(token): the link's token itself is never stored. */
    hash: text("hash").primaryKey(),
    kind: text("kind", { enum: ["email_confirmation", "password_reset"] }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("email_tokens_user_idx").on(t.userId, t.kind),
    index("email_tokens_expires_idx").on(t.expiresAt),
  ],
);
