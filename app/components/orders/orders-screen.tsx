import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { orderLabel } from "~/components/finance/presentation";
import { useQuickPayment } from "~/components/finance/quick-payment-panel";
import { EdoConnectionBanner } from "~/components/orders/edo-connection-banner";
import { EdoOrdersSyncPanel, useEdoOrdersSync } from "~/components/orders/edo-orders-sync";
import { OrderCard, type OrderListItem, type OrderPlatform } from "~/components/orders/order-card";
import { OrderFilters } from "~/components/orders/order-filters";
import { OrderMetricCards } from "~/components/orders/order-metrics";
import { OrderPagination } from "~/components/orders/order-pagination";
import { isOrderPriority, ORDER_PRIORITY } from "~/components/orders/order-presentation";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { RefreshButton } from "~/components/ui/refresh-button";
import type { ordersPageData } from "~/lib/orders-page.server";
import { keepDataWhenOnly } from "~/lib/revalidate";
import { useReloading } from "~/lib/use-reloading";

/** Priority is filtered in the browser (every order is "normal"): changing it needs no fresh data. */
export const ordersShouldRevalidate = keepDataWhenOnly(["priority"]);

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
  } = useLoaderData<typeof ordersPageData>();
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
    if (order.platform_name === "edo") return { name: "ЭДО", logo: order.platform_logo };
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
          <h2 id="orders-title" className="text-lg font-semibold">
            Заказы ({count})
          </h2>
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
          <ul className={`space-y-3 transition-opacity ${loading ? "opacity-60" : ""}`}>
            {shown.map((order) => (
              <OrderCard key={order.id} order={order} platform={platformOf(order)} quickPay={quickPay} />
            ))}
          </ul>
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
