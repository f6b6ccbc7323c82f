import { shortPlace } from "../../../workers/core/edo/place-key";
import type { OrderView } from "../../../workers/core/orders/orders";
import {
  ORDER_STATUS_LABELS,
  orderStatusLabel as statusLabelOf,
  type OrderStatus,
} from "../../../workers/core/orders/vocabulary";

export { ORDER_STATUS_LABELS };

/** The badge's text: «свободен» reads by whether the order's EDO chain holds ON_TRNACLPVYN. */
export const orderStatusLabel = (order: Pick<OrderView, "status" | "edo_info">): string =>
  statusLabelOf(
    order.status,
    order.edo_info?.documents.some((title) => title.type === "ON_TRNACLPVYN") ?? false,
  );

/** Colour groups: waiting sky, agreed blue, on the road amber, done green, «свободен» teal. */
export const ORDER_STATUS_BADGE: Record<OrderStatus, string> = {
  new: "bg-sky-100 text-sky-800",
  reviewed: "bg-sky-100 text-sky-800",
  accepted: "bg-blue-100 text-blue-800",
  confirmed: "bg-blue-100 text-blue-800",
  in_transit: "bg-amber-100 text-amber-800",
  delivered: "bg-green-100 text-green-800",
  invoiced: "bg-green-100 text-green-800",
  paid: "bg-emerald-100 text-emerald-800",
  свободен: "bg-teal-100 text-teal-800",
};

/** What an order not yet payable shows instead of «Получить деньги» (spec 2 §2.1). */
export const ORDER_STATUS_NOTES: Partial<Record<OrderStatus, string>> = {
  accepted: "Заказ принят",
  confirmed: "Заказ подтвержден",
  in_transit: "В пути",
  invoiced: "Выставлен счет",
};

export const ORDER_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];

export const PRIORITY_LABELS: Record<OrderPriority, string> = {
  low: "Низкий",
  normal: "Обычный",
  high: "Высокий",
  urgent: "Срочный",
};

/** Platforms give no priority: every order is "normal" (spec 2 §3). */
export const ORDER_PRIORITY: OrderPriority = "normal";

export const isOrderPriority = (value: string | null): value is OrderPriority =>
  (ORDER_PRIORITIES as readonly (string | null)[]).includes(value);

const rubles = new Intl.NumberFormat("ru-RU", { style: "currency", currency: "RUB" });

/** Orders carry rubles (the API's shape), not kopecks: «12 345,50 ₽». */
export const formatRubles = (value: number) => rubles.format(value);

/**
 * Where an order's address is, for the compact list's route (decision 0083): its city
 * («196000, г Санкт-Петербург, п Шушары, Московское ш, д 70 к 4» → «Санкт-Петербург»), the part
 * named «г …»; an address without one is cut as the EDO list cuts its own (`shortPlace`).
 */
export function routePlace(address: string): string {
  const city = address
    .split(",")
    .map((part) => part.trim())
    .find((part) => /^г\.? /.test(part));
  return city ? city.replace(/^г\.? +/, "") : shortPlace(address);
}
