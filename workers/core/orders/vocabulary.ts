// The order statuses (spec 2 §4) as the pages filter and label by them: stored in
// platform_orders.status, so db/ defines them; app/ takes them from here (it imports neither db/
// nor workers/providers). Browser-safe (no database code).
import type { OrderStatus } from "../../../db/vocabulary";

export { ORDER_STATUSES, type OrderStatus } from "../../../db/vocabulary";

/** Russian names of the order statuses (spec 2 §4), as the badge and the status filter show them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: "Новый",
  reviewed: "Просмотрен",
  accepted: "Принят",
  confirmed: "Подтверждён",
  in_transit: "В пути",
  delivered: "Доставлен",
  invoiced: "Счёт выставлен",
  paid: "Оплачен",
  свободен: "Свободен",
};
