import { sql } from "drizzle-orm";
import {
  blob,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
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
    /** What the check found, in Russian, beside the hold's code («ИНН перевозчика в ЭТрН 7701…»). */
    holdDetail: text("hold_detail"),
    /**
     * The carrier stated the amount: an EDO order's documents carry no price (decision 0054).
     * False when it is the order's own price from its platform.
     */
    amountDeclared: integer("amount_declared", { mode: "boolean" }).notNull().default(false),
    /** The EDO docflow (mirror id) whose closed chain proved the delivery, once checked. */
    edoDocumentId: text("edo_document_id"),
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

/** A payout's payee as the payment order names it (the shape of the bank port's AccountHolder). */
export type PayoutPayee = {
  name: string;
  inn: string;
  kpp: string | null;
  account: string;
  bank: { bic: string; name: string; city?: string | null; correspondentAccount: string };
};

export const PAYOUT_KINDS = ["net", "fee_refund"] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
export const PAYOUT_STATUSES = ["queued", "sent", "executed", "rejected"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * A payment order to a carrier's bank account (decision 0054): the net amount of an approved
 * quick payment, or its commission given back after a missed deadline. Queued when decided, sent
 * to the bank (its id makes a resend the same order), executed or rejected by the bank's notice.
 * A new attempt after a rejection is a new row; only one live (not rejected) row per request and kind.
 */
export const payouts = sqliteTable(
  "payouts",
  {
    /** Our id of the payment order: the bank's document id is derived from it. */
    id: text("id").primaryKey(),
    /** The order's number within Рейс, for field 3 (its last six digits). */
    seq: integer("seq").notNull(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    quickPaymentId: text("quick_payment_id")
      .notNull()
      .references(() => quickPayments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PAYOUT_KINDS }).notNull(),
    amountKopecks: integer("amount_kopecks").notNull(),
    /** The carrier's account as it was when the payout was decided. */
    payee: text("payee", { mode: "json" }).$type<PayoutPayee>().notNull(),
    purpose: text("purpose").notNull(),
    /** The bank's key of the order's notices. */
    documentId: text("document_id").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull(),
    /** The bank's status or error code of its last word on the order. */
    bankCode: text("bank_code"),
    /** The bank's reason, when it rejected or suspended the order. */
    bankReason: text("bank_reason"),
    /** Sends tried; the last failure's text while the bank is unreachable. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** While queued: not before this time (backoff after the bank failed). */
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("payouts_seq_unique").on(t.seq),
    uniqueIndex("payouts_document_unique").on(t.documentId),
    uniqueIndex("payouts_live_unique")
      .on(t.quickPaymentId, t.kind)
      .where(sql`status <> 'rejected'`),
    index("payouts_status_idx").on(t.status, t.nextAttemptAt),
    check("payouts_amount_positive", sql`amount_kopecks > 0`),
  ],
);

export const QUICK_PAYMENT_DOCUMENT_KINDS = [
  "assignment_notice",
  "commission_act",
  "commission_invoice",
] as const;
export type QuickPaymentDocumentKind = (typeof QUICK_PAYMENT_DOCUMENT_KINDS)[number];

/** The PDFs made with a quick payment (issue 21, item 3): kept with it, served as they were made. */
export const quickPaymentDocuments = sqliteTable(
  "quick_payment_documents",
  {
    quickPaymentId: text("quick_payment_id")
      .notNull()
      .references(() => quickPayments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: QUICK_PAYMENT_DOCUMENT_KINDS }).notNull(),
    fileName: text("file_name").notNull(),
    bytes: blob("bytes", { mode: "buffer" }).$type<Uint8Array>().notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.quickPaymentId, t.kind] })],
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
