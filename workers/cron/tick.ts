import type { JobMessage } from "../core/jobs/messages";

/**
 * Seconds between the two checks of one tick (plan payments, quick-payment payouts): cron fires
 * once a minute at most, the checks run every 30 s.
 */
export const PAYMENT_CHECK_OFFSET_SECONDS = 30;

/**
 * What one cron tick asks the jobs Worker to do. Once an hour: expired sessions are swept (at
 * minute 0), stale platform connections re-synced (at minute 30, away from the sweep) and data
 * past its retention term deleted (at minute 45). Every
 * ten minutes (at minutes 5, 15, …) EDO mirrors read what changed at the operator.
 */
export function jobsForTick(scheduledTime: number): { body: JobMessage; delaySeconds?: number }[] {
  const minute = new Date(scheduledTime).getUTCMinutes();
  const hourly: { body: JobMessage }[] = [
    ...(minute === 0 ? [{ body: { kind: "auth.sweep" } as const }] : []),
    ...(minute === 30 ? [{ body: { kind: "platforms.refresh" } as const }] : []),
    ...(minute === 45 ? [{ body: { kind: "retention.sweep" } as const }] : []),
    ...(minute % 10 === 5 ? [{ body: { kind: "edo.refresh" } as const }] : []),
  ];
  return [
    { body: { kind: "payments.check", scheduledAt: scheduledTime } },
    {
      body: { kind: "payments.check", scheduledAt: scheduledTime + PAYMENT_CHECK_OFFSET_SECONDS * 1000 },
      delaySeconds: PAYMENT_CHECK_OFFSET_SECONDS,
    },
    { body: { kind: "payouts.check", scheduledAt: scheduledTime } },
    {
      body: { kind: "payouts.check", scheduledAt: scheduledTime + PAYMENT_CHECK_OFFSET_SECONDS * 1000 },
      delaySeconds: PAYMENT_CHECK_OFFSET_SECONDS,
    },
    { body: { kind: "analytics.rollup" } },
    ...hourly,
  ];
}
