import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { companies, users } from "./auth";

/**
 * Card payments for a plan, one row per «Оплатить» (decision 0031). The row is written before
 * the provider is asked, with the Idempotence-Key every retry reuses; the provider's id and
 * confirmation page follow. `applied_at` marks the moment its outcome reached the
 * subscription: the page, the webhook and the cron check all try, only one succeeds.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Who paid; kept when the user is later removed (the payment stays the company's). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    planId: text("plan_id").notNull(),
    description: text("description").notNull(),
    /** What the payer is charged, kopecks: the plan's price minus the partner discount. */
    amountKopecks: integer("amount_kopecks").notNull(),
    currency: text("currency").notNull().default("RUB"),
    discountPercent: integer("discount_percent").notNull().default(0),
    /** The partner code the discount came from (workers/core/partners/codes.ts). */
    partnerSource: text("partner_source"),
    /** YooKassa's Idempotence-Key, made once and reused by every retry of the create call. */
    idempotenceKey: text("idempotence_key").notNull(),
    providerPaymentId: text("provider_payment_id"),
    /** Where the provider's page sends the payer back (this site's /payment/success?payment_id=…). */
    returnUrl: text("return_url").notNull(),
    confirmationUrl: text("confirmation_url"),
    status: text("status", { enum: ["pending", "waiting_for_capture", "succeeded", "canceled"] })
      .notNull()
      .default("pending"),
    /** YooKassa's cancellation_details of a canceled payment. */
    cancellationParty: text("cancellation_party"),
    cancellationReason: text("cancellation_reason"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** When the cron check last asked the provider about it. */
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }),
    /** When its outcome (succeeded or canceled) was applied; set once, guards the subscription. */
    appliedAt: integer("applied_at", { mode: "timestamp_ms" }),
    /**
     * The paid period a succeeded payment bought: from the end it extended (or the moment it was
     * applied) to one Moscow month later. A refund takes its share of it back (decision 0042).
     */
    periodStart: integer("period_start", { mode: "timestamp_ms" }),
    periodEnd: integer("period_end", { mode: "timestamp_ms" }),
    /** What the provider has refunded of it so far, kopecks; the part applied to the subscription. */
    refundedKopecks: integer("refunded_kopecks").notNull().default(0),
  },
  (t) => [
    // The cron check reads pending payments oldest first.
    index("payments_status_created_idx").on(t.status, t.createdAt),
    index("payments_company_idx").on(t.companyId, t.createdAt),
    uniqueIndex("payments_provider_unique").on(t.providerPaymentId),
  ],
);

/**
 * A company's plan (decision 0031). A company without a row is on its 14-day trial counted
 * from its creation; the row is written by the first applied payment. The status (trial,
 * active, expired) is read from the dates, never stored.
 */
export const subscriptions = sqliteTable("subscriptions", {
  companyId: text("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  planId: text("plan_id").notNull(),
  trialEndsAt: integer("trial_ends_at", { mode: "timestamp_ms" }).notNull(),
  /** The end of the paid period; null while only the trial was ever had. */
  currentPeriodEnd: integer("current_period_end", { mode: "timestamp_ms" }),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});
