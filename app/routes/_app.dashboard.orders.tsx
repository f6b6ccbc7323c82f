import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { useState } from "react";
import { tokenAlive } from "../../workers/core/edo/connection";
import { companyFeeRateBp } from "../../workers/core/finance/company-fee-rate";
import { quickPaymentsOf, type QuickPaymentView } from "../../workers/core/finance/quick-payment-views";
import { payabilityOf } from "../../workers/core/finance/ready-orders";
import {
  ordersPage,
  ordersQuerySchema,
  PROFIT_MARGIN,
  type OrdersQuery,
  type OrderView,
} from "../../workers/core/orders/orders";
import { listPlatforms } from "../../workers/core/platforms/catalogue";
import { orderLabel } from "~/components/finance/presentation";
import { useQuickPayment } from "~/components/finance/quick-payment-panel";
import { EdoConnectionBanner, type EdoConnectionState } from "~/components/orders/edo-connection-banner";
import { EdoOrdersSyncPanel, useEdoOrdersSync } from "~/components/orders/edo-orders-sync";
import { OrderCard, type OrderListItem, type OrderPlatform } from "~/components/orders/order-card";
import { OrderFilters } from "~/components/orders/order-filters";
import { OrderMetricCards } from "~/components/orders/order-metrics";
import { OrderPagination } from "~/components/orders/order-pagination";
import { isOrderPriority, ORDER_PRIORITY } from "~/components/orders/order-presentation";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { RefreshButton } from "~/components/ui/refresh-button";
import { LoadError } from "~/components/ui/load-error";
import { requireCaller } from "~/lib/session.server";
import { useReloading } from "~/lib/use-reloading";

export const meta: MetaFunction = () => [{ title: "Заказы — Рейс" }];

const PAGE_SIZE = 50;

/** The list's query from the page URL; a hand-edited value that cannot be read is ignored. */
function ordersQueryOf(params: URLSearchParams): OrdersQuery {
  const raw: Record<string, string | number> = { limit: PAGE_SIZE };
  for (const [field, param] of [
    ["platform", "platform"],
    ["status", "status"],
    ["search", "q"],
    ["page", "page"],
    ["after", "after"],
    ["before", "before"],
  ] as const) {
    const value = params.get(param)?.trim();
    if (value) raw[field] = value;
  }
  const parsed = ordersQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return ordersQuerySchema.parse(raw);
}

const paysOnTheFact = (order: OrderView) => order.payment_terms?.trim().toLowerCase() === "по факту";

function toListItem(order: OrderView, request: QuickPaymentView | undefined): OrderListItem {
  const payability = payabilityOf({
    status: order.status,
    priceKopecks: order.price === null ? null : Math.round(order.price * 100),
    platformId: order.platform_name as Parameters<typeof payabilityOf>[0]["platformId"],
    edoInfo: order.edo_info,
  });
  return {
    ...order,
    quickPay: {
      payable: payability.payable,
      reason: payability.notPayableReason,
      priceKnown: payability.priceKnown,
      request: request ? { statusLabel: request.statusLabel } : null,
    },
    margin:
      order.price === null || paysOnTheFact(order)
        ? null
        : Math.round(order.price * PROFIT_MARGIN * 100) / 100,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  const companyId = user.company.id;
  const url = new URL(request.url);
  const query = ordersQueryOf(url.searchParams);
  const now = Date.now();
  const { orders, total, nextCursor, prevCursor, metrics, edoConnection, edoOrdersSync } = await ordersPage(
    context.db,
    companyId,
    query,
    now,
  );
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const cursorLost = orders.length === 0 && total > 0 && (query.after || query.before);
  if (query.page > pageCount || cursorLost) {
    // A page past the end, or a neighbour's cursor with nothing beside it now (fewer orders since
    // the link was made): that page by its number, or the last one.
    const target = Math.min(query.page, pageCount);
    url.searchParams.delete("after");
    url.searchParams.delete("before");
    url.searchParams.set("page", String(target));
    if (target === 1) url.searchParams.delete("page");
    throw redirect(`${url.pathname}${url.search}`);
  }
  const [requests, feeRateBp] = await Promise.all([
    quickPaymentsOf(context.db, companyId, { limit: orders.length, orderIds: orders.map((o) => o.id), now }),
    companyFeeRateBp(context.db, context.cloudflare.env, companyId, now),
  ]);
  const requestOf = new Map(requests.map((request) => [request.orderId, request]));
  const edo: EdoConnectionState =
    edoConnection && tokenAlive(edoConnection, now)
      ? { status: "connected", login: edoConnection.login }
      : { status: "disconnected" };
  return {
    orders: orders.map((order) => toListItem(order, requestOf.get(order.id))),
    feeRatePercent: feeRateBp / 100,
    total,
    page: query.page,
    pageCount,
    nextCursor,
    prevCursor,
    metrics,
    platforms: listPlatforms().map((platform) => ({
      id: platform.id,
      name: platform.display_name,
      logo: platform.logo_url,
    })),
    edo,
    edoOrdersSync: edoOrdersSync.status === "none" ? null : edoOrdersSync,
  };
}

/** Priority is filtered in the browser (every order is "normal"): changing it needs no fresh data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const withoutPriority = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("priority");
    params.sort();
    return params.toString();
  };
  // Same URL (the «Обновить» button) or a submission: reload as usual.
  const priorityOnly =
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    withoutPriority(currentUrl) === withoutPriority(nextUrl);
  return priorityOnly ? false : defaultShouldRevalidate;
};

export default function Orders() {
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
  } = useLoaderData<typeof loader>();
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
        <h1 className="text-2xl font-semibold">Управление заказами</h1>
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

export function ErrorBoundary() {
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold">Управление заказами</h1>
      <LoadError title="Не удалось загрузить заказы" href="/dashboard/orders" />
    </div>
  );
}
