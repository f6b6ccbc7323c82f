// The orders list's data (/dashboard/orders, /crm/orders): a page of the company's orders with
// their quick-payment state, the metrics and the EDO banner's connection, in one database round
// trip (ordersPage) plus the page's quick-payment requests and fee rate.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
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
import type { EdoConnectionState } from "~/components/orders/edo-connection-banner";
import type { OrderListItem } from "~/components/orders/order-card";
import { requireCaller } from "~/lib/session.server";

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

export async function ordersPageData(context: AppLoadContext, request: Request) {
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
