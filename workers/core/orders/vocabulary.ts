// The order statuses (spec 2 §4) as the pages filter and label by them: stored in
// platform_orders.status, so db/ defines them; app/ takes them from here (it imports neither db/
// nor workers/providers). Browser-safe (no database code).
import type { OrderStatus } from "../../../db/vocabulary";

export { ORDER_STATUSES, type OrderStatus } from "../../../db/vocabulary";

/**
 * Russian names of the order statuses (spec 2 §4), as the badge and the status filter show them;
 * «свободен» reads by its EDO chain (orderStatusLabel).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: "Новый",
  reviewed: "Просмотрен",
  accepted: "Принят",
  confirmed: "Подтверждён",
  in_transit: "В пути",
  delivered: "Доставлен",
  invoiced: "Счёт выставлен",
  paid: "Оплачен",
  свободен: "Готов к оплате",
};

/**
 * The status as an order shows it. Spec 3 §4: «свободен» reads «Выдан получателю (ЭДО)» when the
 * order's EDO chain holds the handover title ON_TRNACLPVYN, otherwise «Готов к оплате».
 */
export function orderStatusLabel(status: OrderStatus, handedOver: boolean): string {
  return status === "свободен" && handedOver ? "Выдан получателю (ЭДО)" : ORDER_STATUS_LABELS[status];
}
