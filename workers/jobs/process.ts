import { deadJobs } from "../../db/schema";
import { ingestEvents } from "../core/analytics/ingest";
import { rollUpDirtyDays } from "../core/analytics/rollup";
import { sweepExpiredAuth } from "../core/auth/sweep";
import { sweepRetention } from "../core/retention";
import { checkPendingPayments } from "../core/billing/payment-checks";
import type { JobMessage } from "../core/jobs/messages";
import type { EdoDeps } from "../core/edo/connection";
import { syncEdoOrdersPage } from "../core/edo/orders";
import { refreshEdoMirrors, syncEdoPage } from "../core/edo/sync";
import type { PlatformDeps } from "../core/platforms/connections";
import { refreshStaleConnections, syncPlatformPage } from "../core/platforms/sync";
import type { PaymentProvider } from "../providers/payment-provider";

/** What jobs work with: the database, the clock, the queue, the customer platforms, EDO and payments. */
export type JobDeps = PlatformDeps & EdoDeps & { paymentProvider: PaymentProvider };

/**
 * Does the work of one queue message (`attempt` counts from 1). Every handler is idempotent:
 * redelivery changes nothing twice.
 */
export async function processJob(deps: JobDeps, job: JobMessage, attempt = 1): Promise<void> {
  switch (job.kind) {
    case "analytics.ingest":
      await ingestEvents(deps.db, job.events);
      return;
    case "analytics.rollup":
      await rollUpDirtyDays(deps.db, deps.now());
      return;
    case "payments.check":
      await checkPendingPayments({ db: deps.db, provider: deps.paymentProvider, now: deps.now });
      return;
    case "auth.sweep":
      await sweepExpiredAuth(deps.db, deps.now());
      return;
    case "retention.sweep":
      await sweepRetention(deps.db, deps.now());
      return;
    case "platforms.sync":
      await syncPlatformPage(deps, job, attempt);
      return;
    case "platforms.refresh":
      await refreshStaleConnections(deps);
      return;
    case "edo.sync":
      await syncEdoPage(deps, job, attempt);
      return;
    case "edo.refresh":
      await refreshEdoMirrors(deps);
      return;
    case "edo.orders":
      await syncEdoOrdersPage(deps, job, attempt);
      return;
    default: {
      const unknown: never = job;
      throw new Error(`Unknown job ${JSON.stringify(unknown)}`);
    }
  }
}

/** Keeps a message that exhausted its retries, so nothing is silently lost. */
export async function recordDeadJob(
  deps: Pick<JobDeps, "db" | "now">,
  message: { id: string; body: unknown; attempts: number },
): Promise<void> {
  const kind =
    typeof message.body === "object" && message.body !== null && "kind" in message.body
      ? String(message.body.kind)
      : "unknown";
  await deps.db
    .insert(deadJobs)
    .values({
      id: message.id,
      kind,
      body: message.body,
      attempts: message.attempts,
      failedAt: new Date(deps.now()),
    })
    .onConflictDoNothing();
}
