import type { AnalyticsEventRecord } from "../../core/analytics/event";
import type { JobMessage } from "../../core/jobs/messages";

/**
 * Hands events the server records itself (the partner funnel) to the analytics pipeline after
 * the answer is sent. Analytics never fails a page: a failed enqueue is only logged.
 */
export function recordServerEvents(
  env: Pick<Env, "JOBS">,
  ctx: Pick<ExecutionContext, "waitUntil">,
  events: AnalyticsEventRecord[],
): void {
  if (events.length === 0) return;
  ctx.waitUntil(
    env.JOBS.send({ kind: "analytics.ingest", events } satisfies JobMessage).catch((error: unknown) => {
      console.error("analytics: server event enqueue failed", error);
    }),
  );
}
