// The browser's copy of the user's onboarding state (decision 0071): one store the header's
// progress, the checklist, the tour and the hints read, seeded by the dashboard's loader or read
// from GET /api/onboarding, and changed only through the API, so the server stays the source.
// It is mirrored in the spec's per-user local keys (spec 1 §9), which also tell which checklist
// items were already reported done to analytics.
import { useEffect, useSyncExternalStore } from "react";
import type { OnboardingState } from "../../../workers/core/onboarding/checklist";
import { track } from "~/lib/analytics";

export type { OnboardingState };

let current: OnboardingState | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
/** A tour start asked for from the header; the dashboard's tour takes it. */
let tourRequests = 0;

/** The onboarding section's events (spec 1 §3: section "onboarding"). */
export const trackOnboarding = (action: string, label?: string) =>
  track({ eventType: "onboarding", eventCategory: "onboarding", eventAction: action, eventLabel: label });

/** The spec's per-user local keys (spec 1 §9): checklist, its dismissal, the tour flag, hints. */
export const localKeys = (userId: string) => ({
  checklist: `reys.onboarding.${userId}.checklist`,
  dismissed: `reys.onboarding.${userId}.checklistDismissed`,
  tour: `reys.onboarding.${userId}.tourCompleted`,
  hints: `reys.onboarding.${userId}.hints`,
});

function readLocal<T>(key: string): T | null {
  try {
    const value = localStorage.getItem(key);
    return value === null ? null : (JSON.parse(value) as T);
  } catch {
    return null;
  }
}

/** Keeps the local keys equal to the server's state and reports items newly done. */
function mirror(state: OnboardingState) {
  const keys = localKeys(state.userId);
  const done = state.checklist.filter((item) => item.completed).map((item) => item.id);
  const known = readLocal<string[]>(keys.checklist);
  // The first sight on this device only records: the items were done before, maybe elsewhere.
  if (known) for (const id of done) if (!known.includes(id)) trackOnboarding("checklist_item_completed", id);
  try {
    localStorage.setItem(keys.checklist, JSON.stringify(done));
    localStorage.setItem(keys.dismissed, JSON.stringify(state.checklistDismissed));
    localStorage.setItem(keys.tour, JSON.stringify(state.tourDone));
    localStorage.setItem(keys.hints, JSON.stringify(state.dismissedHints));
  } catch {
    // Storage full or refused (private mode): the server keeps the state anyway.
  }
}

function publish(state: OnboardingState) {
  current = state;
  if (typeof window !== "undefined") mirror(state);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Answer = { success: true; data: OnboardingState } | { success: false; error?: string };

async function call(path: string, body?: unknown): Promise<void> {
  const response = await fetch(`/api/onboarding${path}`, {
    method: body === undefined ? "GET" : "POST",
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as Answer | null;
  if (answer?.success) publish(answer.data);
}

/** Reads the state from the server once per page load unless a loader already gave it. */
function load() {
  loading ??= call("").catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The user's onboarding state; `seed` (a loader's copy) is used at once and on the server, so the
 * dashboard renders its checklist without waiting for a request.
 */
export function useOnboarding(seed?: OnboardingState): OnboardingState | null {
  const state = useSyncExternalStore(
    subscribe,
    () => current ?? seed ?? null,
    () => seed ?? null,
  );
  useEffect(() => {
    if (seed) return publish(seed);
    // After this render's effects: a page that seeds the store (the dashboard) spares the request.
    const timer = setTimeout(() => {
      if (!current) void load();
    }, 0);
    return () => clearTimeout(timer);
  }, [seed]);
  return state;
}

/** Records the first visit of a checklist item's page; a visit already recorded writes nothing. */
export async function markVisited(item: "analytics") {
  if (!current) await load();
  if (current?.checklist.some((entry) => entry.id === item && entry.completed)) return;
  await call("/visit", { item });
}
export const dismissOnboarding = (key: string) => call("/dismiss", { key });
export const markTour = (outcome: "finished" | "skipped") => call("/tour", { outcome });

/** Asks the dashboard's tour to start now (the header's restart). */
export function requestTour() {
  tourRequests += 1;
  for (const listener of listeners) listener();
}

export function useTourRequests(): number {
  return useSyncExternalStore(
    subscribe,
    () => tourRequests,
    () => 0,
  );
}
