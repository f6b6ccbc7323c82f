import type { OrderMetrics } from "../../../workers/core/orders/orders";
import { formatNumber } from "~/lib/format";
import { formatRubles } from "./order-presentation";

/** The four cards above the list (spec 2 §2.1), over all the company's orders, not the page. */
export function OrderMetricCards({ metrics }: { metrics: OrderMetrics }) {
  const cards = [
    { id: "total", label: "Всего заказов", value: formatNumber(metrics.totalOrders) },
    { id: "active", label: "Активные", value: formatNumber(metrics.activeOrders) },
    { id: "completed", label: "Выполненные", value: formatNumber(metrics.completedOrders) },
    { id: "revenue", label: "Выручка", value: formatRubles(metrics.totalRevenue) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div
          key={card.id}
          className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
          data-testid={`metric-${card.id}`}
        >
          <dt className="text-sm text-slate-500">{card.label}</dt>
          <dd className="mt-1 text-lg font-semibold break-words sm:text-2xl">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
