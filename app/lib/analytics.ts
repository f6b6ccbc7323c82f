import { withoutLinkSecrets } from "../../workers/core/partners/link-secrets";
import { AnalyticsQueue, type QueuedEvent, type TrackedEvent } from "./analytics-queue";

export const ENDPOINT = "/api/analytics/events";
const FLUSH_INTERVAL_MS = 30_000;
/** The visit's analytics session: shared with the plain pages' page-view beacon. */
export const SESSION_KEY = "reys.analytics.session";
const PENDING_KEY = "reys.analytics.pending";

let queue: AnalyticsQueue | null = null;

function sessionId(): string {
  let id = sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

const transport = {
  async post(events: QueuedEvent[]) {
    const response = await fetch(ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ events }),
      credentials: "same-origin",
      keepalive: true,
    });
    return response.status;
  },
  beacon(events: QueuedEvent[]) {
    const body = new Blob([JSON.stringify({ events })], { type: "text/plain;charset=UTF-8" });
    return navigator.sendBeacon(ENDPOINT, body);
  },
};

function describeError(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack?.slice(0, 1500) };
  return { message: String(reason).slice(0, 500) };
}

/** Starts the analytics client once per page: timers, page-hide delivery and error reporting. */
export function startAnalytics(): void {
  if (queue || typeof window === "undefined") return;
  const q = new AnalyticsQueue({
    transport,
    sessionId,
    // A partner link's token or short code never leaves in an event (decision 0043).
    page: () => ({
      pageUrl: withoutLinkSecrets(location.href),
      referrer: withoutLinkSecrets(document.referrer),
    }),
    newId: () => crypto.randomUUID(),
    now: () => Date.now(),
  });
  queue = q;
  try {
    const kept = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? "[]") as QueuedEvent[];
    sessionStorage.removeItem(PENDING_KEY);
    if (kept.length > 0) q.restore(kept);
  } catch {
    sessionStorage.removeItem(PENDING_KEY);
  }
  setInterval(() => void q.flush(), FLUSH_INTERVAL_MS);
  const onHide = () => {
    q.flushOnHide();
    if (q.size > 0) sessionStorage.setItem(PENDING_KEY, JSON.stringify(q.pending()));
  };
  window.addEventListener("pagehide", onHide);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") onHide();
  });
  window.addEventListener("error", (event) => {
    const { message, stack } = describeError(event.error ?? event.message);
    q.track({
      eventType: "error",
      eventCategory: "error",
      eventAction: "window.error",
      eventLabel: message,
      metadata: { stack, source: event.filename, line: event.lineno, column: event.colno },
    });
  });
  window.addEventListener("unhandledrejection", (event) => {
    const { message, stack } = describeError(event.reason);
    q.track({
      eventType: "error",
      eventCategory: "error",
      eventAction: "unhandledrejection",
      eventLabel: message,
      metadata: { stack },
    });
  });
}

/** Records one event; it leaves with the next batch. Does nothing during server rendering. */
export function track(event: TrackedEvent): void {
  queue?.track(event);
}

export function trackPageView(path: string): void {
  track({
    eventType: "page_view",
    eventCategory: "navigation",
    eventAction: "view",
    eventLabel: withoutLinkSecrets(path),
  });
}

/** Sends what is queued now (e.g. before signing out). */
export function flushAnalytics(): Promise<void> {
  return queue?.flush() ?? Promise.resolve();
}

/** Ends the analytics session (spec 1 §4: logout ends it); the next event starts a new one. */
export function endAnalyticsSession(): void {
  sessionStorage.removeItem(SESSION_KEY);
}
