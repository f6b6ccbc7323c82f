import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ledgerEntries, type LedgerEntryStatus, type LedgerEntryType } from "../../../db/schema/finance";
import { CREDIT_TYPES } from "./ledger";

/** One money movement of the company in its current state (spec 3 §4 «Payment status»). */
export type MovementState = {
  movementId: string;
  type: LedgerEntryType;
  status: LedgerEntryStatus;
  /** Signed, as the history shows it: positive comes in, negative goes out. */
  amountKopecks: number;
  transactionId: string | null;
  /** When it reached its current state, ms. */
  at: number;
};

/**
 * The movement's last row: its final one once it has ended, else its pending one. Null for an id
 * the company has no movement by (another company's among them).
 */
export async function movementState(
  db: Db,
  companyId: string,
  movementId: string,
): Promise<MovementState | null> {
  const e = ledgerEntries;
  const [row] = await db
    .select()
    .from(e)
    .where(and(eq(e.companyId, companyId), eq(e.movementId, movementId)))
    .orderBy(desc(sql`${e.status} <> 'pending'`))
    .limit(1);
  if (!row) return null;
  return {
    movementId: row.movementId,
    type: row.type,
    status: row.status,
    amountKopecks: CREDIT_TYPES.includes(row.type) ? row.amountKopecks : -row.amountKopecks,
    transactionId: row.transactionId,
    at: row.createdAt.getTime(),
  };
}
