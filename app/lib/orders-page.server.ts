// The orders list's data (/dashboard/orders, /crm/orders): a page of the company's orders with
// their quick-payment state, the metrics, the EDO banner's connection and the viewer's layout of
// the list, with the page's quick-payment requests and the fee rate, in one database round trip
// (ordersPage, decision 0085). Each order carries only what its card and row show (decision 0083).
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { tokenAlive } from "../../workers/core/edo/connection";
import { companyFeeRateBp } from "../../workers/core/finance/company-fee-rate";
import type { QuickPaymentView } from "../../workers/core/finance/quick-payment-views";
import { payabilityOf } from "../../workers/core/finance/ready-orders";
import {
  ordersPage,
  ordersQuerySchema,
  PROFIT_MARGIN,
  type OrdersQuery,
  type ListedOrder,
} from "../../workers/core/orders/orders";
import { listPlatforms } from "../../workers/core/platforms/catalogue";
import type { EdoConnectionState } from "~/components/orders/edo-connection-banner";
import type { OrderListItem } from "~/components/orders/order-card";
import { isPhoneRequest } from "~/lib/phone-request.server";
import { requireCaller } from "~/lib/session.server";

/** A page of the list: about a screen of rows at a desk, a short scroll of cards on a phone (decision 0085). */
const PAGE_SIZE = 25;

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

const paysOnTheFact = (order: ListedOrder) => order.payment_terms?.trim().toLowerCase() === "по факту";

function toListItem(order: ListedOrder, request: QuickPaymentView | undefined): OrderListItem {
  const payability = payabilityOf({
    status: order.status,
    priceKopecks: order.price === null ? null : Math.round(order.price * 100),
    platformId: order.platform_name as Parameters<typeof payabilityOf>[0]["platformId"],
    edoInfo: order.edo_info,
  });
  return {
    id: order.id,
    platform_name: order.platform_name,
    external_order_id: order.external_order_id,
    order_number: order.order_number,
    status: order.status,
    edo_info: order.edo_info,
    customer_name: order.customer_name,
    pickup_address: order.pickup_address,
    delivery_contact_name: order.delivery_contact_name,
    delivery_address: order.delivery_address,
    cargo_type: order.cargo_type,
    cargo_description: order.cargo_description,
    cargo_weight: order.cargo_weight,
    cargo_packages: order.cargo_packages,
    price: order.price,
    created_at: order.created_at,
    pickup_time_from: order.pickup_time_from,
    delivery_time_from: order.delivery_time_from,
    distance_km: order.distance_km,
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
  // The fee rate's read goes in the same round trip as the page's (decision 0075).
  const [
    { orders, total, nextCursor, prevCursor, quickPayments, metrics, edoConnection, edoOrdersSync, listView },
    feeRateBp,
  ] = await Promise.all([
    ordersPage(context.db, { companyId, userId: user.id }, query, now),
    companyFeeRateBp(context.db, context.cloudflare.env, companyId, now),
  ]);
  // A phone gets the cards whatever the user chose at a desk; the server renders one view only.
  const phone = isPhoneRequest(request);
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
  const requestOf = new Map(quickPayments.map((request) => [request.orderId, request]));
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
    /** The list's layout as rendered, and whether the switch is offered (not on a phone). */
    listView: phone ? ("cards" as const) : listView,
    listViewChoice: !phone,
  };
}
