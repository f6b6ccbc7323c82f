import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { payments } from "../../../db/schema";

/** How many pending payments one check looks at. */
const CHECK_BATCH = 50;

export type PendingPayment = { id: string; providerPaymentId: string | null };

/**
 * One payment-status check (runs twice a minute). Reads the pending payments, oldest first,
 * and stamps when each was checked. Asking the payment provider for the status of each is
 * added with billing; with no pending payments there is nothing to ask.
 */
export async function checkPendingPayments(
  db: Db,
  now: number = Date.now(),
): Promise<{ checked: PendingPayment[] }> {
  const pending = await db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(eq(payments.status, "pending"))
    .orderBy(asc(payments.createdAt))
    .limit(CHECK_BATCH);
  for (const payment of pending) {
    await db
      .update(payments)
      .set({ checkedAt: new Date(now) })
      .where(eq(payments.id, payment.id));
  }
  return { checked: pending };
}
