import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

/**
 * Messages to the team (spec 1 §3 «Feedback message»): for now what the public /contact form
 * sends (screen "contact"); the signed-in feedback dialog will write here too. Who wrote is kept
 * as they signed (name, e-mail), with the user when one was signed in.
 */
export const feedbackMessages = sqliteTable(
  "feedback_messages",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    userEmail: text("user_email").notNull(),
    phone: text("phone"),
    /** Where it was written: "contact" for the contact page, a screen name for the dialog. */
    screen: text("screen").notNull(),
    message: text("message").notNull(),
    /** JSON: what the sender's browser told (user agent, page), never credentials. */
    metadata: text("metadata"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** When an admin marked it dealt with (issue 24, item 8; decision 0066); null while open. */
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("feedback_messages_created_idx").on(t.createdAt),
    index("feedback_messages_screen_idx").on(t.screen),
  ],
);
