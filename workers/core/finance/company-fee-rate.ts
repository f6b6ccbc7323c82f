import type { Db } from "../../../db/client";
import { readSubscription } from "../billing/subscriptions";
import { feeConfigOf, feeRateFor } from "./quick-payments";

/**
 * The quick-payment rate of a company, basis points: the server's configuration for its plan
 * (its trial counts as the trial's plan), never anything a client said.
 */
export async function companyFeeRateBp(
  db: Db,
  vars: { QUICK_PAYMENT_FEE_BP?: string; QUICK_PAYMENT_PLAN_FEE_BP?: string },
  companyId: string,
  now: number,
): Promise<number> {
  const subscription = await readSubscription(db, companyId, now);
  return feeRateFor(feeConfigOf(vars), subscription?.plan.id ?? null);
}
