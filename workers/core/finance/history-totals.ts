import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ledgerEntries, type LedgerEntryStatus, type LedgerEntryType } from "../../../db/schema/finance";
import { CREDIT_TYPES, latestRows, type HistoryFilter } from "./ledger";

/** The company's movements in their current state, counted and summed by type, status and quick payment. */
type Group = {
  type: LedgerEntryType;
  status: LedgerEntryStatus;
  quick: boolean;
  count: number;
  kopecks: number;
};

export type HistoryTotals = {
  /** The history tab's counters (spec 3 §2) over every operation of the company. */
  total: number;
  /** Operations that brought money in, completed: count and kopecks. */
  received: { count: number; kopecks: number };
  /** Payouts executed to the company's bank account: count and kopecks. */
  paidOut: { count: number; kopecks: number };
  completed: number;
  /** Operations the filter lists (its type and status), for «Найдено N». */
  matching: number;
};

const matches = (group: Group, filter: Pick<HistoryFilter, "type" | "status">) =>
  (!filter.status || group.status === filter.status) &&
  (!filter.type || (filter.type === "quick" ? group.quick : group.type === filter.type));

/**
 * One pass over the company's ledger: each movement once, in its current state (its final row
 * when it has one), grouped; the counters and the filter's count are read from the groups.
 */
export async function historyTotals(
  db: Db,
  companyId: string,
  filter: Pick<HistoryFilter, "type" | "status"> = {},
): Promise<HistoryTotals> {
  const e = ledgerEntries;
  const groups = await db
    .select({
      type: e.type,
      status: e.status,
      quick: sql<number>`${e.quickPaymentId} IS NOT NULL`,
      count: sql<number>`count(*)`,
      kopecks: sql<number>`coalesce(sum(${e.amountKopecks}), 0)`,
    })
    .from(e)
    .where(latestRows(companyId))
    .groupBy(e.type, e.status, sql`${e.quickPaymentId} IS NOT NULL`);
  const rows: Group[] = groups.map((g) => ({ ...g, quick: Boolean(g.quick) }));
  const add = (pick: (g: Group) => boolean, value: (g: Group) => number) =>
    rows.filter(pick).reduce((acc, g) => acc + value(g), 0);
  const completedOf = (pick: (g: Group) => boolean) => (g: Group) => g.status === "completed" && pick(g);
  const credit = completedOf((g) => CREDIT_TYPES.includes(g.type));
  const payout = completedOf((g) => g.type === "payout");
  return {
    total: add(
      () => true,
      (g) => g.count,
    ),
    received: { count: add(credit, (g) => g.count), kopecks: add(credit, (g) => g.kopecks) },
    paidOut: { count: add(payout, (g) => g.count), kopecks: add(payout, (g) => g.kopecks) },
    completed: add(
      (g) => g.status === "completed",
      (g) => g.count,
    ),
    matching: add(
      (g) => matches(g, filter),
      (g) => g.count,
    ),
  };
}
