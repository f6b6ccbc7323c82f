/**
 * YooKassa's HTTP notifications as the sandbox sends them: `{type: "notification", event, object}`
 * POSTed to the shop's webhook URL, retried with growing pauses until it answers 2xx (YooKassa
 * keeps trying for a day; the sandbox gives up after its last pause). Every send is kept in a log
 * that the tests and `/__sandbox/yookassa/notifications` read.
 */

export type NotificationEvent = "payment.succeeded" | "payment.canceled" | "refund.succeeded";

export type NotificationAttempt = {
  /** ISO 8601 */
  at: string;
  /** The webhook's HTTP status; null when it could not be reached. */
  httpStatus: number | null;
  error: string | null;
};

export type NotificationRecord = {
  id: number;
  event: NotificationEvent;
  /** The payment the notification is about (a refund's payment for `refund.succeeded`). */
  paymentId: string;
  /** null: no webhook URL is configured, so nothing was sent ("skipped"). */
  url: string | null;
  status: "sending" | "delivered" | "failed" | "skipped";
  attempts: NotificationAttempt[];
};

/** A notification as the journal keeps it: its log record and the body it sends. */
export type KeptNotification = { record: NotificationRecord; body: string };

export type NotifierOptions = {
  /** Read on every send, so a test or `npm start` can set it after the sandbox starts. */
  webhookUrl: () => string | undefined;
  /** The pause before each retry; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  now: () => number;
  /** Notifications of an earlier run (the journal's): logged again, and those still sending resumed. */
  restored?: Iterable<KeptNotification>;
  /** Called with each new notification and after each change of one (the journal keeps them)… */
  onChange?: (kept: KeptNotification) => void;
  /** …and with each one the log lets go of (it keeps the last 1,000). */
  onForget?: (record: NotificationRecord) => void;
};

const ATTEMPT_TIMEOUT_MS = 10_000;
const MAX_LOG = 1_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createNotifier({
  webhookUrl,
  retryDelaysMs,
  now,
  restored = [],
  onChange,
  onForget,
}: NotifierOptions) {
  const log: NotificationRecord[] = [];
  let nextId = 1;

  async function deliver(record: NotificationRecord, url: string, body: string): Promise<void> {
    const changed = () => onChange?.({ record, body });
    // A resumed notification goes on from the attempts its earlier run made.
    for (let attempt = record.attempts.length; ; attempt++) {
      const at = new Date(now()).toISOString();
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        void response.body?.cancel().catch(() => {});
        record.attempts.push({ at, httpStatus: response.status, error: null });
        if (response.ok) record.status = "delivered";
      } catch (error) {
        record.attempts.push({ at, httpStatus: null, error: String(error) });
      }
      if (record.status === "sending" && attempt >= retryDelaysMs.length) record.status = "failed";
      changed();
      if (record.status !== "sending") return;
      await wait(retryDelaysMs[attempt]);
    }
  }

  function start(record: NotificationRecord, url: string, body: string) {
    deliver(record, url, body).catch((error: unknown) => {
      record.status = "failed";
      record.attempts.push({ at: new Date(now()).toISOString(), httpStatus: null, error: String(error) });
      onChange?.({ record, body });
    });
  }

  for (const kept of [...restored].sort((a, b) => a.record.id - b.record.id)) {
    log.push(kept.record);
    nextId = Math.max(nextId, kept.record.id + 1);
    if (kept.record.status === "sending" && kept.record.url) start(kept.record, kept.record.url, kept.body);
  }

  return {
    /** Starts sending and returns at once: the payer's redirect never waits for the webhook. */
    send(event: NotificationEvent, object: { id: string; payment_id?: string }): NotificationRecord {
      const url = webhookUrl() || null;
      const record: NotificationRecord = {
        id: nextId++,
        event,
        paymentId: object.payment_id ?? object.id,
        url,
        status: url ? "sending" : "skipped",
        attempts: [],
      };
      log.push(record);
      if (log.length > MAX_LOG) onForget?.(log.shift()!);
      const body = JSON.stringify({ type: "notification", event, object });
      onChange?.({ record, body });
      if (url) start(record, url, body);
      return record;
    },
    list: (): readonly NotificationRecord[] => log,
  };
}
