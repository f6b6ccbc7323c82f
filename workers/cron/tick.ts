import type { JobMessage } from "../core/jobs/messages";

/** Seconds between the two payment checks of one tick: cron fires once a minute at most. */
export const PAYMENT_CHECK_OFFSET_SECONDS = 30;

/** What one cron tick asks the jobs Worker to do; expired sessions are swept once an hour. */
export function jobsForTick(scheduledTime: number): { body: JobMessage; delaySeconds?: number }[] {
  const hourly: { body: JobMessage }[] =
    new Date(scheduledTime).getUTCMinutes() === 0 ? [{ body: { kind: "auth.sweep" } }] : [];
  return [
    { body: { kind: "payments.check", scheduledAt: scheduledTime } },
    {
      body: { kind: "payments.check", scheduledAt: scheduledTime + PAYMENT_CHECK_OFFSET_SECONDS * 1000 },
      delaySeconds: PAYMENT_CHECK_OFFSET_SECONDS,
    },
    { body: { kind: "analytics.rollup" } },
    ...hourly,
  ];
}
