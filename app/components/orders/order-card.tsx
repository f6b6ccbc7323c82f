import { Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import type { ListedOrder } from "../../../workers/core/orders/orders";
import { Button } from "~/components/ui/button";
import { useMayOpen } from "~/lib/company-role";
import { formatNumber, formatShortDateTime, plural } from "~/lib/format";
import {
  formatRubles,
  ORDER_PRIORITY,
  ORDER_STATUS_BADGE,
  ORDER_STATUS_NOTES,
  orderStatusLabel,
  PRIORITY_LABELS,
} from "./order-presentation";

/** An order as the page lists it: the API's fields its card and row show (decision 0083), and what the server decided about it. */
export type OrderListItem = Omit<ListedOrder, "payment_terms"> & {
  /** Quick payment of the order (spec 3 §5), as the server judged it. */
  quickPay: {
    payable: boolean;
    /** Why not, in Russian; null when payable. */
    reason: string | null;
    /** The order has a price of its own; an EDO order has none and the carrier states it. */
    priceKnown: boolean;
    /** The request already made for it, with its step in Russian. */
    request: { statusLabel: string } | null;
  };
  /** The carrier's margin in rubles; null when paid on the fact («Оплата по факту») or unpriced. */
  margin: number | null;
};

export type OrderPlatform = { name: string; logo: string | null };

/** What the card's «Получить деньги» needs from the page: the rate, the panel, the running requests. */
export type QuickPayControls = {
  /** The company's rate, percent, as the server sets it. */
  feeRatePercent: number;
  isProcessing: (orderId: string) => boolean;
  open: (order: OrderListItem) => void;
};

/**
 * «Быстрая оплата доступна · 2 %» and «Получить деньги», which opens the confirmation panel; or
 * the request's step once it was made; or why the order cannot be paid at once. `compact`: the
 * same, small enough for a row of the compact list (the reason shown in two lines at most; a
 * screen reader hears it whole, and the opened card shows it whole).
 */
export function QuickPayAction({
  order,
  controls,
  compact = false,
}: {
  order: OrderListItem;
  controls: QuickPayControls;
  compact?: boolean;
}) {
  const noteId = useId();
  // Quick payment is the director's (decision 0077): the others see a request's step, no more.
  const mayPay = useMayOpen()("/finance");
  const { quickPay } = order;
  const text = compact ? "text-xs" : "text-sm";
  if (quickPay.request) {
    return (
      <p className={`${text} font-medium text-slate-700 sm:text-right`} data-testid="quick-payment-requested">
        Быстрая оплата: {quickPay.request.statusLabel}.
        {mayPay ? (
          <>
            {" "}
            <Link to="/finance" className="text-brand-600 hover:underline">
              Подробнее
            </Link>
          </>
        ) : null}
      </p>
    );
  }
  if (!mayPay) return null;
  if (!quickPay.payable) {
    return quickPay.reason ? (
      <p
        className={`${text} text-slate-600 sm:text-right ${compact ? "line-clamp-2" : "max-w-sm"}`}
        data-testid="quick-payment-unavailable"
      >
        {quickPay.reason}
      </p>
    ) : null;
  }
  const processing = controls.isProcessing(order.id);
  return (
    <div className="flex shrink-0 flex-col items-stretch gap-1 sm:items-end">
      <p id={noteId} className={`${text} font-medium text-emerald-700`} data-testid="quick-payment-available">
        Быстрая оплата доступна · {formatNumber(controls.feeRatePercent)} %
      </p>
      <Button
        type="button"
        disabled={processing}
        aria-describedby={noteId}
        onClick={() => controls.open(order)}
        className={compact ? "px-3 py-1 text-sm" : ""}
      >
        {processing ? "Отправляем запрос…" : "Получить деньги"}
      </Button>
    </div>
  );
}

/** The order's status with the same words and colour in the card and the row. */
export function StatusBadge({ order, testId }: { order: OrderListItem; testId: string }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${ORDER_STATUS_BADGE[order.status]}`}
      data-testid={testId}
    >
      <span className="sr-only">Статус: </span>
      {orderStatusLabel(order)}
    </span>
  );
}

/** What is carried: the description, or the type. */
export const cargoName = (order: OrderListItem) => order.cargo_description ?? order.cargo_type ?? "Груз";

/** How much: «20 000 кг · 33 паллеты», or null when the platform said neither. */
export function cargoAmount(order: OrderListItem): string | null {
  const parts = [
    order.cargo_weight !== null ? `${formatNumber(order.cargo_weight)} кг` : null,
    order.cargo_packages !== null
      ? `${formatNumber(order.cargo_packages)} ${plural(order.cargo_packages, ["паллета", "паллеты", "паллет"])}`
      : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** The platform an order came from: its logo and name. */
export function PlatformName({ platform, className }: { platform: OrderPlatform; className: string }) {
  return (
    <span className={`flex items-center gap-2 ${className}`}>
      {platform.logo ? (
        <img src={platform.logo} alt="" width={20} height={20} className="size-5 rounded" />
      ) : null}
      {platform.name}
    </span>
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

/**
 * One order of the list (spec 2 §2.1): who, where, what, how much, when, and quick payment. The
 * list's item itself in the cards view (`as="li"`); opened beneath its row in the compact one.
 */
export function OrderCard({
  order,
  platform,
  quickPay,
  as: Tag = "article",
  className = "",
}: {
  order: OrderListItem;
  platform: OrderPlatform;
  quickPay: QuickPayControls;
  as?: "li" | "article";
  className?: string;
}) {
  const titleId = useId();
  const note = ORDER_STATUS_NOTES[order.status];
  return (
    <Tag
      aria-labelledby={titleId}
      className={`space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 ${className}`}
      data-testid="order-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words" data-testid="order-number">
            № {order.order_number ?? order.external_order_id}
          </h3>
          <PlatformName platform={platform} className="mt-1 text-sm text-slate-600" />
        </div>
        <div className="flex flex-wrap gap-1.5">
          <StatusBadge order={order} testId="order-status" />
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
          <dd className="font-medium break-words">{cargoName(order)}</dd>
          {cargoAmount(order) ? <dd className="text-slate-600">{cargoAmount(order)}</dd> : null}
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
        <div className="flex flex-col gap-1 sm:items-end">
          {note && !order.quickPay.payable ? (
            <p className="text-sm font-medium text-slate-600" data-testid="order-status-note">
              {note}
            </p>
          ) : null}
          <QuickPayAction order={order} controls={quickPay} />
        </div>
      </div>
    </Tag>
  );
}
