import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { payments, subscriptions } from "../../../db/schema";

/**
 * A refund the provider reports for a succeeded payment (decision 0042): the refunded share of
 * the period that payment bought comes off the end of the company's paid period, but never time
 * already used, so a refund of a month long past takes nothing from a later one. A full refund
 * early in the month ends the subscription now (the trial, if still running, or expired). The
 * plan becomes that of the latest payment not wholly refunded.
 *
 * `refundedKopecks` is the provider's total for the payment, so a repeated or out-of-order report
 * changes nothing. Exactly once however many callers race: the shortening is conditioned on the
 * refunded amount this call read, in the same batch (one transaction) that records the new one.
 * True when this call applied something.
 */
export async function applyRefund(
  db: Db,
  paymentId: string,
  refundedKopecks: number,
  now: number,
): Promise<boolean> {
  // A few rounds at most: a round is lost only to another report of the same payment's refunds.
  for (let round = 0; round < 5; round++) {
    const [row] = await db
      .select({
        companyId: payments.companyId,
        amountKopecks: payments.amountKopecks,
        refundedKopecks: payments.refundedKopecks,
        periodStart: payments.periodStart,
        periodEnd: payments.periodEnd,
      })
      .from(payments)
      .where(
        and(eq(payments.id, paymentId), eq(payments.status, "succeeded"), isNotNull(payments.appliedAt)),
      );
    if (!row?.periodStart || !row.periodEnd) return false;
    const refunded = Math.min(refundedKopecks, row.amountKopecks);
    if (refunded <= row.refundedKopecks) return false;
    const removal = periodTakenBack(
      {
        start: row.periodStart.getTime(),
        end: row.periodEnd.getTime(),
        amountKopecks: row.amountKopecks,
      },
      row.refundedKopecks,
      refunded,
      now,
    );
    const unchanged = and(eq(payments.id, paymentId), eq(payments.refundedKopecks, row.refundedKopecks));
    const [, claimed] = await db.batch([
      db
        .update(subscriptions)
        .set({
          currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} - ${removal}`,
          updatedAt: new Date(now),
        })
        .where(
          and(
            eq(subscriptions.companyId, row.companyId),
            sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${unchanged})`,
          ),
        ),
      db
        .update(payments)
        .set({ refundedKopecks: refunded, updatedAt: new Date(now) })
        .where(unchanged),
      db
        .update(subscriptions)
        .set({
          planId: sql`coalesce((${db
            .select({ planId: payments.planId })
            .from(payments)
            .where(
              and(
                eq(payments.companyId, row.companyId),
                eq(payments.status, "succeeded"),
                isNotNull(payments.appliedAt),
                lt(payments.refundedKopecks, payments.amountKopecks),
              ),
            )
            .orderBy(desc(payments.appliedAt))
            .limit(1)}), ${subscriptions.planId})`,
        })
        .where(eq(subscriptions.companyId, row.companyId)),
    ]);
    if (claimed.rowsAffected === 1) return true;
  }
  throw new Error(`payment ${paymentId}: its refunds kept changing; the next report applies them`);
}

/**
 * Milliseconds of paid time a refund takes back: the share of the payment's period that the
 * newly refunded kopecks are of its amount, at most what is left of that period after `now`
 * (less what earlier refunds of it took).
 */
export function periodTakenBack(
  paid: { start: number; end: number; amountKopecks: number },
  refundedBefore: number,
  refundedNow: number,
  now: number,
): number {
  const share = (kopecks: number) => Math.round(((paid.end - paid.start) * kopecks) / paid.amountKopecks);
  const takenBefore = share(refundedBefore);
  const unused = Math.max(0, paid.end - takenBefore - now);
  return Math.max(0, Math.min(share(refundedNow) - takenBefore, unused));
}
