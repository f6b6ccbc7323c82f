import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ledgerEntries, type LedgerEntryStatus, type LedgerEntryType } from "../../../db/schema/finance";
import type { OrderPlatformId } from "../../../db/vocabulary";

/** Money that comes to the company's account; every other type leaves it (decision 0053). */
export const CREDIT_TYPES: readonly LedgerEntryType[] = ["payment", "quick", "fee_refund"];

/** One money movement as it is recorded: its id stays the same across its pending and final rows. */
export type Movement = {
  movementId: string;
  companyId: string;
  type: LedgerEntryType;
  amountKopecks: number;
  description: string;
  platformId?: OrderPlatformId | null;
  orderId?: string | null;
  quickPaymentId?: string | null;
  transactionId?: string | null;
};

/**
 * The row that starts a movement (pending), or records one that happened at once (completed).
 * Idempotent: the same movement in the same state is written once however often it is sent.
 */
export function recordMovement(db: Db, movement: Movement, status: "pending" | "completed", at: number) {
  if (!Number.isInteger(movement.amountKopecks) || movement.amountKopecks <= 0)
    throw new RangeError(
      `a movement moves a positive whole number of kopecks, not ${movement.amountKopecks}`,
    );
  return db
    .insert(ledgerEntries)
    .values({
      id: crypto.randomUUID(),
      ...movement,
      status,
      createdAt: new Date(at),
    })
    .onConflictDoNothing();
}

/**
 * The row that ends a pending movement: completed or failed, copying what the pending row says
 * (and the bank's transaction id, when given). Written only while the movement has no final row,
 * so a late or repeated notice never ends it twice or both ways.
 */
export function finishMovement(
  db: Db,
  movementId: string,
  status: "completed" | "failed",
  at: number,
  transactionId?: string | null,
) {
  const e = ledgerEntries;
  return db.run(sql`
    INSERT INTO ${e} (id, company_id, movement_id, type, status, amount_kopecks, platform_id, order_id,
      quick_payment_id, transaction_id, description, created_at)
    SELECT ${crypto.randomUUID()}, company_id, movement_id, type, ${status}, amount_kopecks, platform_id,
      order_id, quick_payment_id, coalesce(${transactionId ?? null}, transaction_id), description, ${at}
    FROM ${e}
    WHERE movement_id = ${movementId} AND status = 'pending'
      AND NOT EXISTS (SELECT 1 FROM ${e} f WHERE f.movement_id = ${movementId} AND f.status IN ('completed', 'failed'))
  `);
}

/** Each movement's last row: its final one when it has ended, else its pending one. */
export function latestRows(companyId: string): SQL {
  const e = ledgerEntries;
  return sql`${e.companyId} = ${companyId} AND NOT (${e.status} = 'pending' AND EXISTS (
    SELECT 1 FROM ${e} f WHERE f.movement_id = ${e.movementId} AND f.status IN ('completed', 'failed')))`;
}

export type Balance = {
  /** Earned and not yet paid out: completed credits less completed debits, kopecks. */
  currentKopecks: number;
  /** On its way to the company's bank account: payouts sent and not yet executed. */
  pendingKopecks: number;
  /** Every completed credit: quick payments, payments, commissions given back. */
  totalReceivedKopecks: number;
  /** Every executed payout to the company's bank account. */
  totalPaidOutKopecks: number;
};

export async function balanceOf(db: Db, companyId: string): Promise<Balance> {
  const e = ledgerEntries;
  const credit = sql`${e.type} IN ('payment', 'quick', 'fee_refund')`;
  const [row] = await db
    .select({
      current: sql<number>`coalesce(sum(CASE WHEN ${e.status} = 'completed' THEN CASE WHEN ${credit} THEN ${e.amountKopecks} ELSE -${e.amountKopecks} END END), 0)`,
      pending: sql<number>`coalesce(sum(CASE WHEN ${e.status} = 'pending' AND ${e.type} = 'payout' THEN ${e.amountKopecks} END), 0)`,
      received: sql<number>`coalesce(sum(CASE WHEN ${e.status} = 'completed' AND ${credit} THEN ${e.amountKopecks} END), 0)`,
      paidOut: sql<number>`coalesce(sum(CASE WHEN ${e.status} = 'completed' AND ${e.type} = 'payout' THEN ${e.amountKopecks} END), 0)`,
    })
    .from(e)
    .where(latestRows(companyId));
  return {
    currentKopecks: row.current,
    pendingKopecks: row.pending,
    totalReceivedKopecks: row.received,
    totalPaidOutKopecks: row.paidOut,
  };
}

export type Operation = {
  movementId: string;
  type: LedgerEntryType;
  status: LedgerEntryStatus;
  /** Signed: positive comes in, negative goes out. */
  amountKopecks: number;
  description: string;
  platformId: OrderPlatformId | null;
  orderId: string | null;
  quickPaymentId: string | null;
  transactionId: string | null;
  /** When it reached its current state. */
  at: number;
};

export type HistoryFilter = {
  /**
   * payment: money that came in other than by quick payment; payout: every transfer to the
   * company's bank account; quick (spec 3 §2's third filter): every movement of a quick payment,
   * its credit, commission, payouts and commission given back.
   */
  type?: "payment" | "payout" | "quick";
  status?: LedgerEntryStatus;
  limit: number;
  /** Keyset: the `at` and `movementId` of the last operation of the previous page. */
  after?: { at: number; movementId: string };
};

/** The company's operations, newest first, each movement once in its current state. */
export async function operationsOf(db: Db, companyId: string, filter: HistoryFilter): Promise<Operation[]> {
  const e = ledgerEntries;
  const conditions: SQL[] = [latestRows(companyId)];
  if (filter.type === "quick") conditions.push(sql`${e.quickPaymentId} IS NOT NULL`);
  else if (filter.type) conditions.push(eq(e.type, filter.type));
  if (filter.status) conditions.push(eq(e.status, filter.status));
  if (filter.after) {
    const at = new Date(filter.after.at);
    conditions.push(
      or(lt(e.createdAt, at), and(eq(e.createdAt, at), lt(e.movementId, filter.after.movementId)))!,
    );
  }
  const rows = await db
    .select()
    .from(e)
    .where(and(...conditions))
    .orderBy(desc(e.createdAt), desc(e.movementId))
    .limit(filter.limit);
  return rows.map((r) => ({
    movementId: r.movementId,
    type: r.type,
    status: r.status,
    amountKopecks: CREDIT_TYPES.includes(r.type) ? r.amountKopecks : -r.amountKopecks,
    description: r.description,
    platformId: r.platformId,
    orderId: r.orderId,
    quickPaymentId: r.quickPaymentId,
    transactionId: r.transactionId,
    at: r.createdAt.getTime(),
  }));
}

/** Money receipts (spec 3 §2): payouts that reached, or are on their way to, the company's bank account. */
export async function receiptsOf(db: Db, companyId: string, limit: number) {
  const operations = await db
    .select()
    .from(ledgerEntries)
    .where(and(latestRows(companyId), eq(ledgerEntries.type, "payout")))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.movementId))
    .limit(limit);
  return operations.map((r) => ({
    id: r.movementId,
    description: r.description,
    at: r.createdAt.getTime(),
    platformId: r.platformId,
    transactionId: r.transactionId,
    amountKopecks: r.amountKopecks,
    status: r.status,
  }));
}
