import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { COMPANY_ROLES, companies, users } from "./auth";

/**
 * A director's invitation of a colleague (decision 0076): a single-use link valid 7 days that
 * opens a short registration joining the company with `role`. As with e-mail links, only the
 * SHA-256 of the link's token is kept.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    /** hashToken(token): the link's token itself is never stored. */
    hash: text("hash").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Lower-cased, as users.email. */
    email: text("email").notNull(),
    role: text("role", { enum: COMPANY_ROLES }).notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** When the link's registration made the account; null while unused. */
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /** The account the invitation made. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("invitations_company_idx").on(t.companyId, t.createdAt),
    index("invitations_expires_idx").on(t.expiresAt),
  ],
);
