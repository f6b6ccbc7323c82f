import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import { orderLabel } from "~/components/finance/presentation";
import { useQuickPayment } from "~/components/finance/quick-payment-panel";
import { EdoConnectionBanner } from "~/components/orders/edo-connection-banner";
import { EdoOrdersSyncPanel, useEdoOrdersSync } from "~/components/orders/edo-orders-sync";
import {
  OrderCard,
  type OrderListItem,
  type OrderPlatform,
  type QuickPayControls,
} from "~/components/orders/order-card";
import { OrderFilters } from "~/components/orders/order-filters";
import { OrderMetricCards } from "~/components/orders/order-metrics";
import { OrderPagination } from "~/components/orders/order-pagination";
import { isOrderPriority, ORDER_PRIORITY } from "~/components/orders/order-presentation";
import { CompactHeader, OrderRow } from "~/components/orders/order-row";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ListViewToggle, useListView, useOpenRows } from "~/components/ui/list-view";
import { RefreshButton } from "~/components/ui/refresh-button";
import type { ordersPageData } from "~/lib/orders-page.server";
import { keepDataWhenOnly } from "~/lib/revalidate";
import { useReloading } from "~/lib/use-reloading";

/** Priority is filtered in the browser (every order is "normal"): changing it needs no fresh data. */
export const ordersShouldRevalidate = keepDataWhenOnly(["priority"]);

/**
 * An order of the compact list: its row, and beneath it the card once the row is opened, drawn
 * in the browser (the server's page holds the rows alone; decision 0083).
 */
function OrderRowItem({
  order,
  platform,
  quickPay,
  expanded,
  onToggle,
}: {
  order: OrderListItem;
  platform: OrderPlatform;
  quickPay: QuickPayControls;
  expanded: boolean;
  onToggle: () => void;
}) {
  const numberId = useId();
  const cardId = useId();
  return (
    <li aria-labelledby={numberId} data-testid="order-item">
      <OrderRow
        order={order}
        platform={platform}
        numberId={numberId}
        cardId={cardId}
        expanded={expanded}
        onToggle={onToggle}
        quickPay={quickPay}
      />
      <div id={cardId}>
        {expanded ? (
          <OrderCard order={order} platform={platform} quickPay={quickPay} className="m-3 mt-1 shadow-none" />
        ) : null}
      </div>
    </li>
  );
}

/**
 * The orders list with its filters, metrics, EDO sync and quick payment: /dashboard/orders, and
 * /crm/orders under a platform strip (`header`, above the list's panels). `title` heads it.
 */
export function OrdersScreen({ title, header }: { title: string; header?: ReactNode }) {
  const {
    orders,
    total,
    page,
    pageCount,
    nextCursor,
    prevCursor,
    metrics,
    platforms,
    edo,
    edoOrdersSync,
    feeRatePercent,
    listView,
    listViewChoice,
  } = useLoaderData<typeof ordersPageData>();
  const [view, setView] = useListView("orders", listView);
  const compact = view === "compact";
  const [expanded, toggle] = useOpenRows();
  const quickPayment = useQuickPayment("orders");
  const quickPay = {
    feeRatePercent,
    isProcessing: quickPayment.isProcessing,
    open: (order: OrderListItem) =>
      quickPayment.open({
        orderId: order.id,
        label: orderLabel(order),
        platform: order.platform_name,
        amount: order.quickPay.priceKnown ? order.price : null,
        edoInfo: order.edo_info,
      }),
  };
  const [searchParams] = useSearchParams();
  const [confirmingSync, setConfirmingSync] = useState(false);
  const edoSync = useEdoOrdersSync(edo.status === "connected" ? edo.login : null, edoOrdersSync);

  const loading = useReloading();

  const priority = searchParams.get("priority");
  const shown = isOrderPriority(priority) && priority !== ORDER_PRIORITY ? [] : orders;
  const count = shown.length === orders.length ? total : shown.length;

  const platformById = new Map(platforms.map((platform) => [platform.id as string, platform]));
  const platformOf = (order: OrderListItem): OrderPlatform => {
    const known = platformById.get(order.platform_name);
    if (known) return known;
    if (order.platform_name === "edo") return { name: "ЭДО", logo: "/platforms/edo.svg" };
    return { name: order.platform_name || "external", logo: null };
  };
  const platformOptions = [
    { value: "all", label: "Все платформы" },
    { value: "edo", label: "ЭДО" },
    ...platforms.map((platform) => ({ value: platform.id, label: platform.name })),
  ];

  return (
    <div className="max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button
            type="button"
            variant="secondary"
            disabled={edoSync.busy}
            onClick={() => setConfirmingSync(true)}
          >
            Синхронизировать ЭДО
          </Button>
          <RefreshButton />
        </div>
      </div>

      {header}

      <EdoOrdersSyncPanel sync={edoSync.sync} outcome={edoSync.outcome} onDismiss={edoSync.dismiss} />

      <EdoConnectionBanner connection={edo} />

      <section aria-label="Показатели заказов">
        <OrderMetricCards metrics={metrics} />
      </section>

      <OrderFilters platformOptions={platformOptions} />

      <section aria-labelledby="orders-title" aria-busy={loading} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="orders-title" className="text-lg font-semibold">
              Заказы ({count})
            </h2>
            {/* The server renders a phone's page as cards whatever is chosen: no switch there. */}
            {listViewChoice ? (
              <ListViewToggle view={view} onChange={setView} className="inline-flex" />
            ) : null}
          </div>
          {/* Always present, so screen readers announce the text when it appears. */}
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            {loading ? (
              <>
                <span
                  className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600"
                  aria-hidden
                />
                Загрузка заказов...
              </>
            ) : null}
          </p>
        </div>
        {shown.length === 0 ? (
          <div className="rounded-xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
            <p>{loading ? "Загрузка заказов..." : "Заказы не найдены"}</p>
            {!loading && metrics.totalOrders === 0 ? (
              <p className="mt-2 text-sm">
                Заказы появятся здесь, когда вы подключите платформу заказчика в разделе{" "}
                <Link to="/platforms" className="text-brand-600 hover:underline">
                  «Платформы»
                </Link>
                .
              </p>
            ) : null}
          </div>
        ) : (
          <div
            className={`transition-opacity ${loading ? "opacity-60" : ""} ${compact ? "overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200" : ""}`}
            data-testid="order-list"
            data-view={view}
          >
            {compact ? <CompactHeader /> : null}
            <ul className={compact ? "divide-y divide-slate-200" : "space-y-3"}>
              {shown.map((order) =>
                compact ? (
                  <OrderRowItem
                    key={order.id}
                    order={order}
                    platform={platformOf(order)}
                    quickPay={quickPay}
                    expanded={expanded.has(order.id)}
                    onToggle={() => toggle(order.id)}
                  />
                ) : (
                  <OrderCard
                    key={order.id}
                    as="li"
                    order={order}
                    platform={platformOf(order)}
                    quickPay={quickPay}
                  />
                ),
              )}
            </ul>
          </div>
        )}
        {shown.length > 0 && pageCount > 1 ? (
          <OrderPagination
            page={page}
            pageCount={pageCount}
            nextCursor={nextCursor}
            prevCursor={prevCursor}
          />
        ) : null}
      </section>

      {quickPayment.element}

      {confirmingSync ? (
        <ConfirmDialog
          title="Синхронизировать все ЭДО документы с заказами?"
          confirmLabel="Синхронизировать"
          onClose={() => setConfirmingSync(false)}
          onConfirm={() => void edoSync.start()}
        />
      ) : null}
    </div>
  );
}
