import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ORDER_PLATFORM_IDS } from "../vocabulary";
import { companies } from "./auth";
import { platformOrders } from "./platforms";

/**
 * Where a company's money goes: its settlement account (р/с) at a bank (БИК, name,
 * correspondent account), entered on the requisites form and checked by the Bank of Russia's
 * control key (workers/core/requisites). One row per company; a payout copies it when it is sent.
 */
export const companyRequisites = sqliteTable("company_requisites", {
  companyId: text("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  account: text("account").notNull(),
  bik: text("bik").notNull(),
  bankName: text("bank_name").notNull(),
  correspondentAccount: text("correspondent_account").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** A quick payment's steps (decision 0053): requested → documents_checked → approved → paid_out, or held / failed. */
export const QUICK_PAYMENT_STATUSES = [
  "requested",
  "documents_checked",
  "approved",
  "paid_out",
  "held",
  "failed",
] as const;
export type QuickPaymentStatus = (typeof QUICK_PAYMENT_STATUSES)[number];

/**
 * A carrier's sale of its right to payment for one delivered order (spec 3 §1, §4): one per order
 * however often it is asked for. The price is fixed when it is requested (the server's rate, never
 * the client's); each step keeps its time, so the timeline is read from the row.
 */
export const quickPayments = sqliteTable(
  "quick_payments",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => platformOrders.id, { onDelete: "cascade" }),
    platformId: text("platform_id", { enum: ORDER_PLATFORM_IDS }).notNull(),
    /** The order's price when requested, kopecks. */
    amountKopecks: integer("amount_kopecks").notNull(),
    /** The commission rate in basis points (200 = 2 %). */
    feeRateBp: integer("fee_rate_bp").notNull(),
    feeKopecks: integer("fee_kopecks").notNull(),
    netKopecks: integer("net_kopecks").notNull(),
    status: text("status", { enum: QUICK_PAYMENT_STATUSES }).notNull(),
    /** Why it is held (a code the page words and pairs with the one action that fixes it). */
    holdReason: text("hold_reason"),
    /** Why it failed, as the bank or the check said it, in Russian. */
    failureReason: text("failure_reason"),
    /** When the carrier ticked the consent box (spec 3 §5), as its client said and we received it. */
    consentAt: integer("consent_at", { mode: "timestamp_ms" }).notNull(),
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    /** 24 h after approval: missed, the commission goes back (issue 21, item 5). */
    deadlineAt: integer("deadline_at", { mode: "timestamp_ms" }),
    paidOutAt: integer("paid_out_at", { mode: "timestamp_ms" }),
    failedAt: integer("failed_at", { mode: "timestamp_ms" }),
    /** When the missed deadline gave the commission back. */
    feeRefundedAt: integer("fee_refunded_at", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("quick_payments_order_unique").on(t.orderId),
    index("quick_payments_company_idx").on(t.companyId, t.requestedAt),
    index("quick_payments_status_idx").on(t.status, t.updatedAt),
    check(
      "quick_payments_amounts",
      sql`amount_kopecks > 0 AND fee_kopecks >= 0 AND net_kopecks = amount_kopecks - fee_kopecks`,
    ),
  ],
);

export const LEDGER_ENTRY_TYPES = ["payment", "payout", "quick", "fee", "fee_refund"] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];
export const LEDGER_ENTRY_STATUSES = ["pending", "completed", "failed"] as const;
export type LedgerEntryStatus = (typeof LEDGER_ENTRY_STATUSES)[number];

/**
 * The ledger (decision 0053): append-only. A money movement (`movementId`) gets a row when it
 * starts (pending) and one when it ends (completed or failed); rows are never changed or removed.
 * A movement's state is its last row's. Balance, history, receipts and the finance cards are
 * derived from it. Amounts are kopecks, positive; the type says which way the money goes.
 */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The movement this row is a state of, e.g. `qp:<id>:payout`; stable across its rows. */
    movementId: text("movement_id").notNull(),
    type: text("type", { enum: LEDGER_ENTRY_TYPES }).notNull(),
    status: text("status", { enum: LEDGER_ENTRY_STATUSES }).notNull(),
    amountKopecks: integer("amount_kopecks").notNull(),
    platformId: text("platform_id", { enum: ORDER_PLATFORM_IDS }),
    orderId: text("order_id"),
    quickPaymentId: text("quick_payment_id"),
    /** The bank's id of the transfer, when the bank gave one. */
    transactionId: text("transaction_id"),
    description: text("description").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    // One row per movement and state: a redelivered step writes nothing twice.
    uniqueIndex("ledger_entries_movement_status_unique").on(t.movementId, t.status),
    index("ledger_entries_company_idx").on(t.companyId, t.createdAt),
    check("ledger_entries_amount_positive", sql`amount_kopecks > 0`),
  ],
);
