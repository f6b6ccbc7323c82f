// The order statuses (spec 2 §4) as the pages filter and label by them: stored in
// platform_orders.status, so db/ defines them; app/ takes them from here (it imports neither db/
// nor workers/providers). Browser-safe (no database code).
export { ORDER_STATUSES, type OrderStatus } from "../../../db/vocabulary";
