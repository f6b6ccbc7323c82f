// The orders list's compact view (issue 24; decision 0083): one row per order with what a
// dispatcher scans, opening into the order's card in place. The server renders the rows alone;
// a card is drawn in the browser when its row is opened, from the page's loader data.
import {
  cargoAmount,
  cargoName,
  PlatformName,
  QuickPayAction,
  StatusBadge,
  type OrderListItem,
  type OrderPlatform,
  type QuickPayControls,
} from "./order-card";
import { formatRubles, routePlace } from "./order-presentation";
import { formatShortDateTime } from "~/lib/format";

const DASH = "—";

/** The compact list's column names; each row also says them to a screen reader. */
export function CompactHeader() {
  return (
    <div
      aria-hidden
      className="hidden gap-4 border-b border-slate-200 px-4 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase lg:flex"
    >
      <div className="order-cells">
        <span>Номер</span>
        <span>Статус</span>
        <span>Маршрут</span>
        <span>Груз</span>
        <span>Стоимость</span>
        <span>Доставка</span>
      </div>
      <span className="order-action text-right">Быстрая оплата</span>
    </div>
  );
}

function Place({ address }: { address: string }) {
  return <span title={address}>{routePlace(address)}</span>;
}

/**
 * One order as a row (its layout is `.order-row` and its kin in tailwind.css): a button over its
 * cells — a click, Enter or Space opens the order's card, `cardId`, beneath it — and, beside it,
 * the card's quick-payment action at a row's size.
 */
export function OrderRow({
  order,
  platform,
  numberId,
  cardId,
  expanded,
  onToggle,
  quickPay,
}: {
  order: OrderListItem;
  platform: OrderPlatform;
  numberId: string;
  cardId: string;
  expanded: boolean;
  onToggle: () => void;
  quickPay: QuickPayControls;
}) {
  const amount = cargoAmount(order);
  return (
    <div className={`order-row ${expanded ? "bg-slate-50" : "hover:bg-slate-50"}`} data-testid="order-row">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={cardId}
        onClick={onToggle}
        className="order-cells order-toggle"
      >
        <span className="min-w-0">
          <span id={numberId} className="block truncate font-medium" data-testid="order-row-number">
            № {order.order_number ?? order.external_order_id}
          </span>
          <span className="sr-only">Платформа: </span>
          <PlatformName platform={platform} className="truncate text-xs text-slate-500" />
        </span>
        <span>
          <StatusBadge order={order} testId="order-row-status" />
        </span>
        <span className="col-span-2 truncate sm:col-span-1">
          <span className="sr-only">Маршрут: </span>
          <Place address={order.pickup_address} /> → <Place address={order.delivery_address} />
        </span>
        <span className="min-w-0">
          <span className="sr-only">Груз: </span>
          <span className="block truncate">{cargoName(order)}</span>
          {amount ? <span className="block text-xs text-slate-500">{amount}</span> : null}
        </span>
        <span className="font-semibold">
          <span className="sr-only">Стоимость: </span>
          {order.price !== null ? formatRubles(order.price) : "не указана"}
        </span>
        <span>
          <span className="sr-only">Доставка: </span>
          {order.delivery_time_from ? formatShortDateTime(order.delivery_time_from) : DASH}
        </span>
      </button>
      <div className="order-action">
        <QuickPayAction order={order} controls={quickPay} compact />
      </div>
    </div>
  );
}
