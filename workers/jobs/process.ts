import { deadJobs } from "../../db/schema";
import { EVENTS_PER_WRITE, ingestEvents } from "../core/analytics/ingest";
import { rollUpDirtyDays } from "../core/analytics/rollup";
import { sweepExpiredAuth } from "../core/auth/sweep";
import { sweepRetention } from "../core/retention";
import { checkPendingPayments } from "../core/billing/payment-checks";
import { isJobMessage, retryDelaySeconds, type JobMessage } from "../core/jobs/messages";
import type { EdoDeps } from "../core/edo/connection";
import { syncEdoOrdersPage } from "../core/edo/orders";
import { placeMirror } from "../core/edo/places";
import { refreshEdoMirrors, syncEdoPage } from "../core/edo/sync";
import type { PlatformDeps } from "../core/platforms/connections";
import { refreshStaleConnections, syncPlatformPage } from "../core/platforms/sync";
import { advanceQuickPayment, checkPayouts } from "../core/finance/payouts";
import { makeQuickPaymentDocuments, type DocumentsDeps } from "../core/finance/quick-payment-documents";
import type { Geocoder, Router } from "../providers/geo";
import type { PaymentProvider } from "../providers/payment-provider";
import type { PayoutBank } from "../providers/payout-bank";
import type { Mailer } from "../providers/mailer";
import { prepareConfirmationLetter, prepareResetLetter, sweepEmailLinks } from "../core/auth/email-links";
import { sweepInvitations } from "../core/members/members";
import { sendLetter } from "../core/mail/send";

/** What jobs work with: the database, the clock, the queue, the customer platforms, EDO, geo and payments. */
export type JobDeps = PlatformDeps &
  EdoDeps & {
    /** null: not configured, the gazetteer places addresses and routes are estimates (decision 0027). */
    geocoder: Geocoder | null;
    router: Router | null;
    paymentProvider: PaymentProvider;
    payoutBank: PayoutBank;
    /** The quick-payment documents: Рейс's requisites and the PDF maker. */
    documents: Pick<DocumentsDeps, "factor" | "make">;
    /** Transactional e-mail (decision 0073). */
    mailer: Mailer;
  };

type IngestMessage = Message<Extract<JobMessage, { kind: "analytics.ingest" }>>;

/**
 * Handles a batch of the "reys-jobs" queue. Its analytics.ingest messages are written together,
 * up to EVENTS_PER_WRITE events a write (one multi-row insert and the days' mark), and acked
 * when their write lands; if it fails, they are handled one by one, so a bad message is
 * retried alone (decision 0047). Every other message (an ingest without a list of events too) is
 * handled alone, so one failure retries only itself. A message of unknown kind is kept in dead_jobs.
 */
export async function processBatch(deps: JobDeps, messages: readonly Message<unknown>[]): Promise<void> {
  const ingests: IngestMessage[] = [];
  const others: Message<JobMessage>[] = [];
  for (const message of messages) {
    if (!isJobMessage(message.body)) {
      console.error("jobs: dropping a message of unknown shape", message.id);
      await recordDeadJob(deps, message);
      message.ack();
    } else if (message.body.kind === "analytics.ingest" && Array.isArray(message.body.events)) {
      ingests.push(message as IngestMessage);
    } else others.push(message as Message<JobMessage>);
  }
  for (const write of ingestWrites(ingests)) {
    try {
      const events = write.flatMap((message) => message.body.events);
      await ingestEvents(deps.db, events);
      for (const message of write) message.ack();
    } catch (error) {
      console.error(`jobs: ${write.length} analytics.ingest messages failed together; one by one now`, error);
      for (const message of write) await processMessage(deps, message);
    }
  }
  for (const message of others) await processMessage(deps, message);
}

/** Consecutive messages grouped so each group holds at most EVENTS_PER_WRITE events (or one message). */
function ingestWrites(messages: IngestMessage[]): IngestMessage[][] {
  const writes: IngestMessage[][] = [];
  let events = 0;
  for (const message of messages) {
    const size = message.body.events.length;
    if (writes.length === 0 || events + size > EVENTS_PER_WRITE) {
      writes.push([]);
      events = 0;
    }
    writes[writes.length - 1].push(message);
    events += size;
  }
  return writes;
}

/** One message alone: acked when done, else retried with backoff. */
async function processMessage(deps: JobDeps, message: Message<JobMessage>): Promise<void> {
  try {
    await processJob(deps, message.body, message.attempts);
    message.ack();
  } catch (error) {
    console.error(`jobs: ${message.body.kind} failed (attempt ${message.attempts})`, error);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

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
      await sweepEmailLinks(deps.db, deps.now());
      await sweepInvitations(deps.db, deps.now());
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
    case "edo.geo":
      await placeMirror(deps, job, attempt);
      return;
    case "quick_payment.advance":
      await advanceQuickPayment(payoutDeps(deps), job.id);
      return;
    case "payouts.check":
      await checkPayouts(payoutDeps(deps));
      return;
    case "quick_payment.documents":
      await makeQuickPaymentDocuments({ db: deps.db, now: deps.now, ...deps.documents }, job.id);
      return;
    case "email.send":
      await sendLetter(deps.mailer, job.letter);
      return;
    case "email.confirmation":
      await prepareConfirmationLetter(deps, job);
      return;
    case "email.password_reset":
      await prepareResetLetter(deps, job);
      return;
    default: {
      const unknown: never = job;
      throw new Error(`Unknown job ${JSON.stringify(unknown)}`);
    }
  }
}

const payoutDeps = (deps: JobDeps) => ({
  db: deps.db,
  now: deps.now,
  bank: deps.payoutBank,
  enqueue: deps.enqueue,
});

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
