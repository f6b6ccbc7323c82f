import type { Band, VehicleStatus } from "../../../workers/core/edo/transport";
import { track } from "~/lib/analytics";

/** Spec 3 §9's bands as colours: green, yellow, red. */
export const BAND_TONE: Record<Band, string> = {
  good: "bg-green-100 text-green-800",
  fair: "bg-amber-100 text-amber-800",
  poor: "bg-red-100 text-red-800",
};
export const BAND_LABEL: Record<Band, string> = { good: "Высокая", fair: "Средняя", poor: "Низкая" };

export const VEHICLE_STATUS_TONE: Record<VehicleStatus, string> = {
  "В пути": "bg-sky-100 text-sky-800",
  "Груз выдан": "bg-amber-100 text-amber-800",
  "Груз принят": "bg-teal-100 text-teal-800",
  Завершено: "bg-green-100 text-green-800",
};

const decimal = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });
export const oneDecimal = (value: number) => decimal.format(value);

const moscowShort = new Intl.DateTimeFormat("ru-RU", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Moscow",
});

/** 2025-09-10T07:00:00.000Z → «10.09.2025, 10:00» (Moscow). */
export const moscowDateTime = (iso: string) => moscowShort.format(new Date(iso));

/** Fleet page events (spec 1 §3): section "transport" — page_viewed, vehicle_opened, table_filtered, load_failed. */
export function trackTransport(action: string, label?: string): void {
  track({ eventType: "transport", eventCategory: "transport", eventAction: action, eventLabel: label });
}
