import type { AnalyticsEventRecord } from "../analytics/event";
import type { OutgoingLetter } from "../mail/letters";

/** Every message on the "reys-jobs" queue, told apart by `kind`. */
export type JobMessage =
  | { kind: "analytics.ingest"; events: AnalyticsEventRecord[] }
  | { kind: "analytics.rollup" }
  | { kind: "payments.check"; scheduledAt: number }
  | { kind: "auth.sweep" }
  /** Delete what the privacy policy keeps no longer, and stale geocoder answers (decision 0039). */
  | { kind: "retention.sweep" }
  /** One page of a platform's orders for the sync run `runId` (pages from 1). */
  | { kind: "platforms.sync"; runId: string; page: number }
  /** Start syncs of the connections whose last sync is more than an hour old. */
  | { kind: "platforms.refresh" }
  /** Pages of an EDO mirror refresh `runId`, from the connection's change-feed cursor. */
  | { kind: "edo.sync"; runId: string; page: number }
  /** Start refreshes of the EDO mirrors not refreshed for ten minutes. */
  | { kind: "edo.refresh" }
  /** Pages of the EDO → orders sync `runId`: the mirror's docflows become orders. */
  | { kind: "edo.orders"; runId: string; page: number }
  /** Place the company's mirrored addresses and route their pairs, once each (decision 0062). */
  | { kind: "edo.geo"; companyId: string }
  /** Move a quick payment on: check its documents, approve it, send its payout (decision 0054). */
  | { kind: "quick_payment.advance"; id: string }
  /** Make and keep an approved quick payment's documents (notice, act, счёт-фактура). */
  | { kind: "quick_payment.documents"; id: string }
  /** The 30 s payout check: the bank's notices, missed deadlines, held requests, payouts due. */
  | { kind: "payouts.check"; scheduledAt: number }
  /** Hand a letter to the e-mail provider (decision 0073); its id is the provider's idempotence key. */
  | { kind: "email.send"; letter: OutgoingLetter }
  /** Make the user's confirmation link and queue its letter; `origin` is the site it leads to. */
  | { kind: "email.confirmation"; userId: string; origin: string }
  /** Make a reset link and queue its letter if the address is a user's; nothing otherwise. */
  | { kind: "email.password_reset"; email: string; origin: string };

export type JobKind = JobMessage["kind"];

/** Retry delay after a failed attempt: 10 s, 20 s, 40 s … capped at 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 600);
}

/** Every kind, listed once; the type makes a kind added to JobMessage but missing here an error. */
const JOB_KINDS: Record<JobKind, true> = {
  "analytics.ingest": true,
  "analytics.rollup": true,
  "payments.check": true,
  "auth.sweep": true,
  "retention.sweep": true,
  "platforms.sync": true,
  "platforms.refresh": true,
  "edo.sync": true,
  "edo.refresh": true,
  "edo.orders": true,
  "edo.geo": true,
  "quick_payment.advance": true,
  "payouts.check": true,
  "quick_payment.documents": true,
  "email.send": true,
  "email.confirmation": true,
  "email.password_reset": true,
};

export function isJobMessage(value: unknown): value is JobMessage {
  if (typeof value !== "object" || value === null || !("kind" in value)) return false;
  const kind = (value as { kind: unknown }).kind;
  return typeof kind === "string" && Object.hasOwn(JOB_KINDS, kind);
}
