import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { toast } from "sonner";
import type { FinancePageData } from "~/lib/finance.server";
import { formatRub } from "~/lib/format";
import { usePollWhile } from "~/lib/use-poll-while";
import { trackFinance, type FinanceSection } from "./finance-analytics";
import { FINANCE_TAB_LABELS, type FinanceTab } from "./finance-query";
import { HistoryTab } from "./history-tab";
import { OverviewTab } from "./overview";
import { newlyCompleted } from "./presentation";
import { useQuickPayment } from "./quick-payment-panel";
import { ReadyTab } from "./ready-tab";
import { RequisitesForm } from "./requisites-form";

/** Spec 3 §4: pending payments are looked at again every 30 s. */
export const PAYMENT_POLL_MS = 30_000;
/** Spec 3 §2: toasts last 5 s. */
const TOAST_MS = 5_000;

const ACTIVE_QUICK_PAYMENT = new Set(["requested", "documents_checked", "approved", "held"]);

/**
 * While a payout or a quick payment is on its way the page reads its data again every 30 s;
 * a payout that the bank has executed since shows «Деньги поступили» (its receipt and the
 * balance are already in the fresh data).
 */
function useMoneyArrivals(data: FinancePageData) {
  const waiting =
    data.receipts.some((receipt) => receipt.status === "pending") ||
    data.quickPayments.some((qp) => ACTIVE_QUICK_PAYMENT.has(qp.status));
  usePollWhile(waiting, PAYMENT_POLL_MS);
  const previous = useRef(data.receipts);
  useEffect(() => {
    for (const receipt of newlyCompleted(previous.current, data.receipts)) {
      toast.success("Деньги поступили", {
        description: `${formatRub(receipt.amountKopecks)}: ${receipt.description}. Деньги поступят на счёт в течение 1 минуты.`,
        duration: TOAST_MS,
      });
    }
    previous.current = data.receipts;
  }, [data.receipts]);
}

/** The tabs as links: the open tab lives in the URL; on a phone the row scrolls sideways. */
function FinanceTabs({
  tabs,
  current,
  section,
}: {
  tabs: readonly FinanceTab[];
  current: FinanceTab;
  section: FinanceSection;
}) {
  return (
    <nav aria-label="Вкладки" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <li key={tab}>
            <Link
              to={tab === "overview" ? "?" : `?tab=${tab}`}
              aria-current={tab === current ? "page" : undefined}
              preventScrollReset
              onClick={() => {
                if (tab !== current) trackFinance(section, "tab_switched", tab);
              }}
              className={`block border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap ${
                tab === current
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {FINANCE_TAB_LABELS[tab]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The finance screen's body, shared by /finance and /factoring (spec 3 §2): the tabs, the open
 * tab, the quick-payment panel and the money-received watch.
 */
export function FinancePage({
  title,
  intro,
  section,
  tabs,
  data,
  requisitesResult,
  withFactors,
}: {
  title: string;
  intro: ReactNode;
  section: FinanceSection;
  tabs: readonly FinanceTab[];
  data: FinancePageData;
  requisitesResult?: SubmissionResult<string[]>;
  withFactors: boolean;
}) {
  const quickPayment = useQuickPayment(section);
  useMoneyArrivals(data);

  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    trackFinance(section, "page_viewed", data.tab);
  }, [section, data.tab]);

  return (
    <div className="max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <div className="mt-1 text-sm text-slate-600">{intro}</div>
      </div>
      <FinanceTabs tabs={tabs} current={data.tab} section={section} />
      {data.tab === "overview" && data.overview ? (
        <OverviewTab data={data} withFactors={withFactors} />
      ) : null}
      {data.tab === "ready" && data.ready ? (
        <ReadyTab
          ready={data.ready}
          section={section}
          isProcessing={quickPayment.isProcessing}
          onQuickPayment={quickPayment.open}
        />
      ) : null}
      {data.tab === "history" && data.history ? (
        <HistoryTab history={data.history} section={section} />
      ) : null}
      {data.tab === "requisites" ? (
        <RequisitesForm saved={data.requisites} lastResult={requisitesResult} />
      ) : null}
      {quickPayment.element}
    </div>
  );
}
