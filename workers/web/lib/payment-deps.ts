import type { Db } from "../../../db/client";
import type { BillingDeps } from "../../core/billing/payments";
import { paymentProviderFor } from "../../providers/yookassa-config";

/** The payment services' dependencies for one request of the web Worker (API routes and pages). */
export function paymentDepsFor(env: Env, db: Db): BillingDeps {
  return { db, provider: paymentProviderFor(env), now: () => Date.now() };
}
