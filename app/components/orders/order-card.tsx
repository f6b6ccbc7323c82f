import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { toast } from "sonner";
import type { OrderView } from "../../../workers/core/orders/orders";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatNumber, formatShortDateTime, plural } from "~/lib/format";
import {
  formatRubles,
  ORDER_PRIORITY,
  ORDER_STATUS_BADGE,
  ORDER_STATUS_NOTES,
  orderStatusLabel,
  PRIORITY_LABELS,
} from "./order-presentation";

/** An order as the page lists it: the API's fields and what the server decided about it. */
export type OrderListItem = OrderView & {
  /** Payment may be requested for it (spec 2 §4). */
  payable: boolean;
  /** The carrier's margin in rubles; null when paid on the fact («Оплата по факту») or unpriced. */
  margin: number | null;
};

export type OrderPlatform = { name: string; logo: string | null };

/** What the orders page's action answers a payment request (app/routes/_app.dashboard.orders.tsx returns it). */
export type PaymentRequestAnswer =
  { ok: true; message: string; requestedAt: string } | { ok: false; message: string };

function PaymentAction({ order }: { order: OrderListItem }) {
  const fetcher = useFetcher<PaymentRequestAnswer>();
  const [confirming, setConfirming] = useState(false);
  const noteId = useId();
  const answer = fetcher.data;
  const requestedAt = order.payment_requested_at ?? (answer?.ok ? answer.requestedAt : null);
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
  }, [answer]);

  return (
    <div className="flex shrink-0 flex-col items-stretch gap-1 sm:items-end">
      <Button
        type="button"
        disabled={sending || requestedAt !== null}
        aria-describedby={requestedAt ? noteId : undefined}
        onClick={() => setConfirming(true)}
      >
        {sending ? "Отправляем запрос…" : "Получить деньги"}
      </Button>
      {requestedAt ? (
        <p
          id={noteId}
          className="text-sm text-green-700 sm:whitespace-nowrap"
          data-testid="payment-requested"
        >
          Оплата запрошена {formatShortDateTime(requestedAt)}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Запросить оплату за выполненный заказ?"
          description={
            <>
              Заказ № {order.order_number ?? order.external_order_id}
              {order.price !== null ? `, ${formatRubles(order.price)}` : ""}
            </>
          }
          confirmLabel="Запросить оплату"
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            fetcher.submit({ intent: "request-payment", orderId: order.id }, { method: "post" })
          }
        />
      ) : null}
    </div>
  );
}

function Point({ term, name, address }: { term: string; name: string; address: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-medium break-words">{name}</dd>
      <dd className="break-words text-slate-600">{address}</dd>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One order of the list (spec 2 §2.1): who, where, what, how much, when, and the pay button. */
export function OrderCard({ order, platform }: { order: OrderListItem; platform: OrderPlatform }) {
  const titleId = useId();
  const note = ORDER_STATUS_NOTES[order.status];
  return (
    <li
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      data-testid="order-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words" data-testid="order-number">
            № {order.order_number ?? order.external_order_id}
          </h3>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            {platform.logo ? (
              <img src={platform.logo} alt="" width={20} height={20} className="size-5 rounded" />
            ) : null}
            {platform.name}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${ORDER_STATUS_BADGE[order.status]}`}
            data-testid="order-status"
          >
            <span className="sr-only">Статус: </span>
            {orderStatusLabel(order)}
          </span>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
            <span className="sr-only">Приоритет: </span>
            {PRIORITY_LABELS[ORDER_PRIORITY]}
          </span>
        </div>
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Point term="Отправитель" name={order.customer_name ?? "Заказчик"} address={order.pickup_address} />
        <Point
          term="Получатель"
          name={order.delivery_contact_name ?? "Получатель"}
          address={order.delivery_address}
        />
        <div className="min-w-0">
          <dt className="text-slate-500">Груз</dt>
          <dd className="font-medium break-words">{order.cargo_description ?? order.cargo_type ?? "Груз"}</dd>
          {order.cargo_weight !== null || order.cargo_packages !== null ? (
            <dd className="text-slate-600">
              {[
                order.cargo_weight !== null ? `${formatNumber(order.cargo_weight)} кг` : null,
                order.cargo_packages !== null
                  ? `${formatNumber(order.cargo_packages)} ${plural(order.cargo_packages, ["паллета", "паллеты", "паллет"])}`
                  : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </dd>
          ) : null}
        </div>
      </dl>

      <div className="flex flex-col gap-3 border-t border-slate-100 pt-3 sm:flex-row sm:items-end sm:justify-between">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:flex sm:flex-wrap">
          <div>
            <dt className="text-slate-500">Стоимость</dt>
            <dd className="text-base font-semibold" data-testid="order-price">
              {order.price !== null ? formatRubles(order.price) : "не указана"}
            </dd>
            <dd className="text-slate-600">
              {order.margin !== null ? `Маржа ${formatRubles(order.margin)}` : "Оплата по факту"}
            </dd>
          </div>
          <Fact term="Создан">{formatShortDateTime(order.created_at)}</Fact>
          {order.pickup_time_from ? (
            <Fact term="Погрузка">{formatShortDateTime(order.pickup_time_from)}</Fact>
          ) : null}
          {order.delivery_time_from ? (
            <Fact term="Доставка">{formatShortDateTime(order.delivery_time_from)}</Fact>
          ) : null}
          {order.distance_km !== null ? (
            <Fact term="Расстояние">≈ {formatNumber(order.distance_km)} км</Fact>
          ) : null}
        </dl>
        {order.payable ? (
          <PaymentAction order={order} />
        ) : note ? (
          <p className="text-sm font-medium text-slate-600" data-testid="order-status-note">
            {note}
          </p>
        ) : null}
      </div>
    </li>
  );
}
