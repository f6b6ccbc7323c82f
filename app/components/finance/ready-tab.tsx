import { Link, useSearchParams } from "@remix-run/react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { RefreshButton } from "~/components/ui/refresh-button";
import type { FinancePageData } from "~/lib/finance.server";
import { useReloading } from "~/lib/use-reloading";
import { formatNumber, formatRub, formatShortDateTime } from "~/lib/format";
import { trackFinance, type FinanceSection } from "./finance-analytics";
import { FilterForm } from "./filter-form";
import { READY_PERIODS, withParams } from "./finance-query";
import { Pager } from "./pager";
import { orderLabel } from "./presentation";
import type { QuickPaymentTarget } from "./quick-payment-panel";

type Ready = NonNullable<FinancePageData["ready"]>;
export type ReadyOrder = Ready["orders"][number];

const STATUS_BADGE: Record<string, string> = {
  delivered: "bg-emerald-100 text-emerald-800",
  invoiced: "bg-sky-100 text-sky-800",
  paid: "bg-slate-200 text-slate-800",
  свободен: "bg-violet-100 text-violet-800",
};

/** «Заказчик: АО «Тандер» · закрыто 92 % цепочек ЭТрН · платит в среднем за 18 дн.» (what carriers ask before a load). */
export function CustomerReliabilityLine({ customer }: { customer: ReadyOrder["customer"] }) {
  const chains =
    customer.closedChainsShare === null
      ? "закрытые цепочки ЭТрН: нет данных"
      : `закрыто ${formatNumber(Math.round(customer.closedChainsShare * 100))} % цепочек ЭТрН`;
  const pays =
    customer.daysToPay === null
      ? "срок оплаты: нет данных"
      : `платит в среднем за ${formatNumber(Math.round(customer.daysToPay))} дн.`;
  return (
    <p className="text-sm text-slate-600" data-testid="customer-reliability">
      Заказчик: <span className="font-medium text-slate-800">{customer.name}</span> · {chains} · {pays}
    </p>
  );
}

export const targetOf = (order: ReadyOrder): QuickPaymentTarget => ({
  orderId: order.id,
  label: orderLabel(order),
  platform: order.platform,
  amount: order.priceKnown ? order.pricing.total : null,
  edoInfo: order.edoInfo,
});

const hasDeliveryTitle = (order: ReadyOrder) =>
  order.edoInfo?.documents.some((title) => title.type === "ON_TRNACLPVYN") ?? false;

function ReadyOrderCard({
  order,
  processing,
  onQuickPayment,
}: {
  order: ReadyOrder;
  processing: boolean;
  onQuickPayment: (order: ReadyOrder) => void;
}) {
  const titleId = useId();
  const reasonId = useId();
  return (
    <li
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="ready-order"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words">
            {orderLabel(order)}
          </h3>
          <p className="text-sm text-slate-600">
            {order.platform_name} · создан {formatShortDateTime(order.timeline.orderCreated)}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_BADGE[order.status] ?? "bg-slate-100 text-slate-700"}`}
          data-testid="ready-order-status"
        >
          {order.statusLabel}
        </span>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-slate-500">Маршрут</dt>
          <dd className="break-words">
            {order.route.from.address} → {order.route.to.address}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Груз</dt>
          <dd>
            {order.cargo.type ?? order.cargo.description ?? "Груз"}
            {order.cargo.weight !== null ? `, ${formatNumber(order.cargo.weight)} кг` : ""}
          </dd>
        </div>
      </dl>
      <CustomerReliabilityLine customer={order.customer} />
      <div className="flex flex-col gap-3 border-t border-slate-100 pt-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-lg font-semibold" data-testid="ready-order-total">
            {order.pricing.total !== null
              ? order.pricing.currency === "RUB" || !order.pricing.currency
                ? formatRub(Math.round(order.pricing.total * 100))
                : `${formatNumber(order.pricing.total)} ${order.pricing.currency}`
              : "Сумма по договору"}
          </p>
          {hasDeliveryTitle(order) ? (
            <p className="text-sm text-emerald-700">Документы ЭДО готовы: груз выдан получателю</p>
          ) : null}
        </div>
        {order.quickPayment ? (
          <p className="text-sm font-medium text-slate-700" data-testid="ready-order-quick-payment">
            Быстрая оплата запрошена
          </p>
        ) : (
          <div className="flex flex-col items-stretch gap-1 sm:items-end">
            <Button
              type="button"
              disabled={processing || !order.payable}
              aria-describedby={order.notPayableReason ? reasonId : undefined}
              onClick={() => onQuickPayment(order)}
            >
              {processing ? "Отправляем запрос…" : "Быстрая оплата"}
            </Button>
            {order.notPayableReason ? (
              <p id={reasonId} className="max-w-xs text-sm text-slate-600 sm:text-right">
                {order.notPayableReason}
              </p>
            ) : null}
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * The ready-payments tab (spec 3 §2): the EDO period, refresh, the orders in a final status with
 * «Быстрая оплата», and what puts an order here.
 */
export function ReadyTab({
  ready,
  section,
  isProcessing,
  onQuickPayment,
}: {
  ready: Ready;
  section: FinanceSection;
  isProcessing: (orderId: string) => boolean;
  onQuickPayment: (target: QuickPaymentTarget) => void;
}) {
  const [params] = useSearchParams();
  const periodId = useId();
  const loading = useReloading();

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <FilterForm
          key={ready.period}
          tab="ready"
          onFilter={(_, value) => trackFinance(section, "period_changed", value)}
        >
          <label htmlFor={periodId} className="mb-1 block text-sm font-medium text-slate-700">
            Период ЭДО
          </label>
          <select
            id={periodId}
            name="period"
            defaultValue={String(ready.period)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:w-56"
          >
            {READY_PERIODS.map((period) => (
              <option key={period.value} value={period.value}>
                {period.label}
              </option>
            ))}
          </select>
        </FilterForm>
        <RefreshButton />
      </div>

      {!ready.edoConnected ? (
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          ЭДО не подключено: заказы из документов ЭДО не появятся, пока вы не{" "}
          <Link to="/edo" className="font-medium underline">
            подключите ЭДО
          </Link>
          .
        </p>
      ) : null}

      <section aria-label="Заказы, готовые к оплате" aria-busy={loading}>
        <p role="status" className="mb-2 text-sm text-slate-600">
          {loading ? "Загрузка заказов…" : null}
        </p>
        {ready.failed ? (
          <div role="alert" className="rounded-xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
            Не удалось загрузить заказы готовые к оплате
          </div>
        ) : ready.orders.length === 0 ? (
          <div
            className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200"
            data-testid="ready-empty"
          >
            <p>{loading ? "Загрузка заказов…" : "Нет заказов, готовых к оплате"}</p>
            {ready.period !== 0 ? (
              <p className="mt-1 text-sm">Выберите «Все периоды», чтобы увидеть остальные.</p>
            ) : null}
          </div>
        ) : (
          <ul className={`space-y-3 ${loading ? "opacity-60" : ""}`}>
            {ready.orders.map((order) => (
              <ReadyOrderCard
                key={order.id}
                order={order}
                processing={isProcessing(order.id)}
                onQuickPayment={(o) => onQuickPayment(targetOf(o))}
              />
            ))}
          </ul>
        )}
        <Pager
          label="Страницы заказов"
          firstHref={ready.firstPage ? null : withParams(params, {})}
          nextHref={ready.next ? withParams(params, { after: ready.next }) : null}
        />
      </section>

      <div className="grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="font-medium">Какие заказы здесь появляются</p>
          <p className="mt-1">
            Заказы в статусах «Доставлен», «Счет выставлен», «Оплачен», а также выданные получателю (титул ЭДО
            ON_TRNACLPVYN) появляются здесь автоматически.
          </p>
        </div>
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="font-medium">Как работает быстрая оплата</p>
          <p className="mt-1">
            Вы уступаете право требования оплаты по заказу и получаете деньги в течение 24 часов после
            проверки документов, за вычетом комиссии. Без резерва, без минимального объёма, без договора.
          </p>
        </div>
      </div>
    </div>
  );
}
