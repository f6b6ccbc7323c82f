import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Card payments started with the payment provider. The billing issue adds plans and
 * subscriptions around it; the 30-second status checks already read the pending ones.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    providerPaymentId: text("provider_payment_id"),
    status: text("status", { enum: ["pending", "waiting_for_capture", "succeeded", "canceled"] })
      .notNull()
      .default("pending"),
    amountKopecks: integer("amount_kopecks").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("payments_status_idx").on(t.status)],
);
