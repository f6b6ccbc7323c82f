import type { AnalyticsEventInput } from "../../workers/core/analytics/event";

/** What a screen reports; the queue fills in id, session, page and time. */
export type TrackedEvent = Pick<
  AnalyticsEventInput,
  "eventType" | "eventCategory" | "eventAction" | "eventLabel" | "metadata"
>;

export type QueuedEvent = AnalyticsEventInput & { id: string; sessionId: string; timestamp: number };

export type AnalyticsTransport = {
  /** Sends a batch; resolves with the HTTP status, rejects on a network failure. */
  post(events: QueuedEvent[]): Promise<number>;
  /** Hands a batch to the browser to deliver after the page is gone; false when refused. */
  beacon(events: QueuedEvent[]): boolean;
};

export type AnalyticsQueueOptions = {
  transport: AnalyticsTransport;
  sessionId: () => string;
  page: () => { pageUrl: string; referrer: string };
  newId: () => string;
  now: () => number;
  /** Flush as soon as this many events wait (spec 1 §9: 10). */
  flushAt?: number;
  /** The server takes at most this many events per request. */
  maxBatch?: number;
  /** Oldest events are dropped beyond this many, so an offline tab does not grow forever. */
  maxQueued?: number;
};

/**
 * The browser side of product analytics: events wait in memory and leave in whole batches.
 * A failed send puts the batch back at the front; a batch the server rejects as invalid is
 * dropped, since sending it again would fail again.
 */
export class AnalyticsQueue {
  private queue: QueuedEvent[] = [];
  private sending: Promise<void> | null = null;
  private readonly flushAt: number;
  private readonly maxBatch: number;
  private readonly maxQueued: number;

  constructor(private readonly options: AnalyticsQueueOptions) {
    this.flushAt = options.flushAt ?? 10;
    this.maxBatch = options.maxBatch ?? 100;
    this.maxQueued = options.maxQueued ?? 500;
  }

  get size(): number {
    return this.queue.length;
  }

  /** Events not yet delivered, e.g. to keep them across a reload. */
  pending(): QueuedEvent[] {
    return [...this.queue];
  }

  /** Puts back events kept from an earlier page. */
  restore(events: QueuedEvent[]): void {
    this.enqueue(events);
  }

  track(event: TrackedEvent): void {
    const { pageUrl, referrer } = this.options.page();
    this.enqueue([
      {
        ...event,
        id: this.options.newId(),
        sessionId: this.options.sessionId(),
        pageUrl,
        referrer,
        timestamp: this.options.now(),
      },
    ]);
    if (this.queue.length >= this.flushAt) void this.flush();
  }

  /** Sends everything queued, one batch at a time; concurrent calls share one run. */
  flush(): Promise<void> {
    this.sending ??= this.sendAll().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  /** On page hide: hand everything to sendBeacon; what the browser refuses stays queued. */
  flushOnHide(): void {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.maxBatch);
      if (!this.options.transport.beacon(batch)) return;
      this.queue.splice(0, batch.length);
    }
  }

  private async sendAll(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      let status: number;
      try {
        status = await this.options.transport.post(batch);
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) continue;
      const retryable = status === 0 || status === 408 || status === 429 || status >= 500;
      if (retryable) {
        this.queue.unshift(...batch);
        this.trim();
      }
      return;
    }
  }

  private enqueue(events: QueuedEvent[]): void {
    this.queue.push(...events);
    this.trim();
  }

  private trim(): void {
    if (this.queue.length > this.maxQueued) this.queue.splice(0, this.queue.length - this.maxQueued);
  }
}
