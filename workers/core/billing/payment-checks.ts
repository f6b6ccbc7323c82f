import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { payments } from "../../../db/schema";
import { refreshPayment, type BillingDeps, type PaymentRow } from "./payments";

/** Pending payments read per page, oldest first. */
const CHECK_PAGE = 200;
/** Provider calls in flight at once: enough for 1,000 payments in a 30-second window, gentle on the provider. */
export const CHECK_CONCURRENCY = 8;
/** One slow answer must not hold the whole check: it is asked again on the next one. */
const CHECK_TIMEOUT_MS = 5_000;
/**
 * A payment the provider never confirmed creating (create timed out, no provider id) can be
 * retried with its key for 24 hours; after that nobody can have paid it, so it is closed.
 */
const UNCREATED_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type PaymentCheckReport = {
  /** Pending payments asked about. */
  checked: number;
  /** Outcomes this check applied (succeeded or canceled). */
  applied: number;
  /** Payments the provider did not answer for: still pending, asked again next time. */
  failed: number;
  /** Calls made to the provider. */
  providerCalls: number;
};

/**
 * One payment-status check (the cron asks for two a minute, decision 0003): every pending
 * payment that the provider has, oldest first, page by page, asked with bounded concurrency
 * and a timeout each; each outcome is applied through applyProviderPayment (so the webhook or
 * the success page getting there first changes nothing), and each payment asked is stamped.
 *
 * A payment stays pending however long the provider is unreachable: only the provider knows
 * whether the payer paid, and YooKassa itself cancels a payment the payer never confirms (reason
 * expired_on_confirmation), so the next answer settles it. Closing it here on our own clock
 * could mark canceled a payment that in fact succeeded.
 */
export async function checkPendingPayments(
  deps: BillingDeps,
  options: { concurrency?: number; timeoutMs?: number } = {},
): Promise<PaymentCheckReport> {
  const { db } = deps;
  const now = deps.now();
  const report: PaymentCheckReport = { checked: 0, applied: 0, failed: 0, providerCalls: 0 };
  await closeUncreated(db, now);
  // Keyset paging over (created_at, id), so payments settled meanwhile are neither skipped nor re-read.
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page: PaymentRow[] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, "pending"),
          isNotNull(payments.providerPaymentId),
          isNull(payments.appliedAt),
          after
            ? or(
                gt(payments.createdAt, after.createdAt),
                and(eq(payments.createdAt, after.createdAt), gt(payments.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(CHECK_PAGE);
    if (page.length === 0) break;
    const asked: string[] = [];
    await forEachLimited(page, options.concurrency ?? CHECK_CONCURRENCY, async (payment) => {
      report.providerCalls++;
      try {
        const result = await refreshPayment(deps, payment, options.timeoutMs ?? CHECK_TIMEOUT_MS);
        if (result.applied) report.applied++;
      } catch (error) {
        report.failed++;
        console.error(`payments.check: ${payment.id} not checked`, error);
      }
      asked.push(payment.id);
    });
    await db
      .update(payments)
      .set({ checkedAt: new Date(deps.now()) })
      .where(inArray(payments.id, asked));
    report.checked += page.length;
    const last = page[page.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
    if (page.length < CHECK_PAGE) break;
  }
  return report;
}

/** Closes payments the provider never took within their key's lifetime (see UNCREATED_LIFETIME_MS). */
async function closeUncreated(db: Db, now: number) {
  await db
    .update(payments)
    .set({
      status: "canceled",
      cancellationReason: "not_created",
      updatedAt: new Date(now),
      appliedAt: new Date(now),
    })
    .where(
      and(
        eq(payments.status, "pending"),
        isNull(payments.providerPaymentId),
        lt(payments.createdAt, new Date(now - UNCREATED_LIFETIME_MS)),
      ),
    );
}

/** Runs `work` over `items` with at most `limit` running at once. */
async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}
