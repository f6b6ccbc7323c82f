import { track } from "~/lib/analytics";

/** The analytics sections of spec 1 §3 these screens report under. */
export type FinanceSection = "finance" | "factoring" | "orders";

/**
 * One event of the finance screens through the batched client: the section names the screen,
 * the action what happened (page_viewed, tab_switched, filter_changed, period_changed,
 * quick_payment_opened / confirmed / cancelled / failed, requisites_saved, sound_toggled).
 */
export function trackFinance(
  section: FinanceSection,
  action: string,
  label?: string,
  metadata?: Record<string, unknown>,
): void {
  track({ eventType: section, eventCategory: section, eventAction: action, eventLabel: label, metadata });
}
