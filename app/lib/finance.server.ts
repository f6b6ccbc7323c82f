import type { AppLoadContext } from "@remix-run/cloudflare";
import { findEdoConnection } from "../../workers/core/edo/connection";
import { companyFeeRateBp } from "../../workers/core/finance/company-fee-rate";
import { creditScore } from "../../workers/core/finance/credit-score";
import { historyTotals } from "../../workers/core/finance/history-totals";
import { balanceOf, operationsOf, receiptsOf } from "../../workers/core/finance/ledger";
import { quickPaymentsOf } from "../../workers/core/finance/quick-payment-views";
import { readyOrders, readySummary } from "../../workers/core/finance/ready-orders";
import { orderNumbers } from "../../workers/core/finance/order-labels";
import { readRequisites } from "../../workers/core/finance/requisites";
import { platformById } from "../../workers/core/platforms/catalogue";
import {
  financeTabOf,
  historyQueryOf,
  readyPeriodOf,
  type FinanceTab,
} from "~/components/finance/finance-query";
import { orderLabel } from "~/components/finance/presentation";

/** Operations on a page of the history tab; the overview shows the 5 latest (spec 3 §9). */
export const HISTORY_PAGE_SIZE = 20;
export const LATEST_COUNT = 5;
/** Orders on a page of the ready tab. */
export const READY_PAGE_SIZE = 20;
/** Payouts the page watches for «Деньги поступили»; the overview lists the first 5. */
const WATCHED_RECEIPTS = 20;
const QUICK_PAYMENTS_SHOWN = 10;

const platformName = (id: string | null) =>
  id === null ? null : id === "edo" ? "ЭДО" : (platformById(id)?.display_name ?? id);

/** `<created ms>.<id>`: the ready tab's keyset cursor, as readyOrders' nextCursor. */
function readyCursorOf(value: string | null) {
  const match = value ? /^(\d{1,15})\.(\S{1,100})$/.exec(value) : null;
  return match ? { createdAt: Number(match[1]), id: match[2]! } : undefined;
}

async function overviewOf(context: AppLoadContext, companyId: string, now: number) {
  const [totals, latest, summary, credit] = await Promise.all([
    historyTotals(context.db, companyId),
    operationsOf(context.db, companyId, { limit: LATEST_COUNT }),
    readySummary(context.db, companyId, 0),
    creditScore(context.db, companyId, now),
  ]);
  // «Only if available» (spec 3 §2): a company with no orders, chains or quick payments has no score yet.
  const { inputs } = credit;
  const evidence =
    inputs.historyDays +
    inputs.deliveredOrders +
    inputs.decidedChains +
    inputs.quickPaymentsPaidOut +
    inputs.quickPaymentsFailed;
  return {
    totals,
    latest: latest.map((o) => ({ ...o, platformName: platformName(o.platformId) })),
    summary,
    credit: evidence > 0 ? credit : null,
  };
}

async function historyOf(context: AppLoadContext, companyId: string, params: URLSearchParams) {
  const query = historyQueryOf(params);
  const filter = { type: query.type, status: query.status };
  const [operations, totals] = await Promise.all([
    operationsOf(context.db, companyId, { ...filter, limit: HISTORY_PAGE_SIZE + 1, after: query.after }),
    historyTotals(context.db, companyId, filter),
  ]);
  const page = operations.slice(0, HISTORY_PAGE_SIZE);
  const last = page.at(-1);
  return {
    query,
    operations: page.map((o) => ({ ...o, platformName: platformName(o.platformId) })),
    next: operations.length > HISTORY_PAGE_SIZE && last ? { at: last.at, movementId: last.movementId } : null,
    firstPage: !query.after,
    totals,
  };
}

/** The ready tab; a failed read is said on the tab (spec 3 §8) while the rest of the page shows. */
async function readyOf(context: AppLoadContext, companyId: string, params: URLSearchParams) {
  const period = readyPeriodOf(params);
  const firstPage = !params.get("after");
  try {
    const [{ orders, nextCursor }, edo] = await Promise.all([
      readyOrders(context.db, companyId, {
        period,
        limit: READY_PAGE_SIZE,
        after: readyCursorOf(params.get("after")),
      }),
      findEdoConnection(context.db, companyId),
    ]);
    return {
      period,
      orders,
      next: nextCursor ? `${nextCursor.createdAt}.${nextCursor.id}` : null,
      firstPage,
      edoConnected: edo !== undefined,
      failed: false,
    };
  } catch (error) {
    console.error("finance: ready orders not read", error);
    return { period, orders: [], next: null, firstPage, edoConnected: true, failed: true };
  }
}

/**
 * What /finance and /factoring show: always the balance, the recent payouts (receipts, and what
 * the page watches for money arriving) and quick payments; then the open tab's own data. Every
 * read is the company's own (core functions take its id).
 */
export async function financePageData(
  context: AppLoadContext,
  companyId: string,
  url: URL,
  tabs: readonly FinanceTab[],
) {
  const now = Date.now();
  const tab = financeTabOf(url.searchParams, tabs);
  const { db } = context;
  const [balance, receipts, quickPayments, feeRateBp, overview, history, ready, requisites] =
    await Promise.all([
      balanceOf(db, companyId),
      receiptsOf(db, companyId, WATCHED_RECEIPTS),
      quickPaymentsOf(db, companyId, { limit: QUICK_PAYMENTS_SHOWN, now }),
      companyFeeRateBp(db, context.cloudflare.env, companyId, now),
      tab === "overview" ? overviewOf(context, companyId, now) : null,
      tab === "history" ? historyOf(context, companyId, url.searchParams) : null,
      tab === "ready" ? readyOf(context, companyId, url.searchParams) : null,
      tab === "requisites" ? readRequisites(db, companyId) : null,
    ]);
  const labels = new Map(
    (
      await orderNumbers(
        db,
        companyId,
        quickPayments.map((qp) => qp.orderId),
      )
    ).map((o) => [o.id, orderLabel(o)]),
  );
  return {
    tab,
    balance,
    receipts: receipts.map((r) => ({ ...r, platformName: platformName(r.platformId) })),
    quickPayments: quickPayments.map((qp) => ({ ...qp, orderLabel: labels.get(qp.orderId) ?? "" })),
    feeRatePercent: feeRateBp / 100,
    overview,
    history,
    ready,
    requisites,
  };
}

export type FinancePageData = Awaited<ReturnType<typeof financePageData>>;
