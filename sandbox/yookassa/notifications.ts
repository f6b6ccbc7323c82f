/**
 * YooKassa's HTTP notifications as the sandbox sends them: `{type: "notification", event, object}`
 * POSTed to the shop's webhook URL, retried with growing pauses until it answers 2xx (YooKassa
 * keeps trying for a day; the sandbox gives up after its last pause). Every send is kept in a log
 * that the tests and `/__sandbox/yookassa/notifications` read.
 */

export type NotificationEvent = "payment.succeeded" | "payment.canceled";

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
  paymentId: string;
  /** null: no webhook URL is configured, so nothing was sent ("skipped"). */
  url: string | null;
  status: "sending" | "delivered" | "failed" | "skipped";
  attempts: NotificationAttempt[];
};

export type NotifierOptions = {
  /** Read on every send, so a test or `npm start` can set it after the sandbox starts. */
  webhookUrl: () => string | undefined;
  /** The pause before each retry; its length is the number of retries. */
  retryDelaysMs: readonly number[];
  now: () => number;
};

const ATTEMPT_TIMEOUT_MS = 10_000;
const MAX_LOG = 1_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createNotifier({ webhookUrl, retryDelaysMs, now }: NotifierOptions) {
  const log: NotificationRecord[] = [];
  let nextId = 1;

  async function deliver(record: NotificationRecord, url: string, body: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
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
        if (response.ok) {
          record.status = "delivered";
          return;
        }
      } catch (error) {
        record.attempts.push({ at, httpStatus: null, error: String(error) });
      }
      if (attempt >= retryDelaysMs.length) {
        record.status = "failed";
        return;
      }
      await wait(retryDelaysMs[attempt]);
    }
  }

  return {
    /** Starts sending and returns at once: the payer's redirect never waits for the webhook. */
    send(event: NotificationEvent, object: { id: string }): NotificationRecord {
      const url = webhookUrl() || null;
      const record: NotificationRecord = {
        id: nextId++,
        event,
        paymentId: object.id,
        url,
        status: url ? "sending" : "skipped",
        attempts: [],
      };
      log.push(record);
      if (log.length > MAX_LOG) log.shift();
      if (url) {
        const body = JSON.stringify({ type: "notification", event, object });
        deliver(record, url, body).catch((error: unknown) => {
          record.status = "failed";
          record.attempts.push({ at: new Date(now()).toISOString(), httpStatus: null, error: String(error) });
        });
      }
      return record;
    },
    list: (): readonly NotificationRecord[] => log,
  };
}
