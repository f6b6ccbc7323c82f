import { track } from "~/lib/analytics";
import { formatRub } from "~/lib/format";

/** The CRM's figures are rubles; the product writes money in ru-RU rubles. */
export const rubles = (value: number) => formatRub(Math.round(value * 100));

const signed = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1, signDisplay: "exceptZero" });
const unsigned = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

/** A change in percent: «+12,5 %», «−4 %», «0 %». */
export const changeText = (percent: number) => `${signed.format(percent)} %`;
export const percentText = (percent: number) => `${unsigned.format(percent)} %`;

/** Green up, red down, grey flat. */
export const changeTone = (percent: number) =>
  percent > 0 ? "text-green-700" : percent < 0 ? "text-red-700" : "text-slate-600";

/** 2026-11-23 → «23.11» (a week's Monday on the axis). */
export const weekLabel = (weekStart: string) => `${weekStart.slice(8, 10)}.${weekStart.slice(5, 7)}`;

/**
 * One event of the CRM screens through the batched client (spec 1 §3, section "crm"):
 * page_viewed, quick_action, platform_selected, trend_changed, export_downloaded, load_failed.
 */
export function trackCrm(action: string, label?: string, metadata?: Record<string, unknown>): void {
  track({ eventType: "crm", eventCategory: "crm", eventAction: action, eventLabel: label, metadata });
}
