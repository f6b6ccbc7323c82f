import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FinancePageData } from "~/lib/finance.server";
import { formatDateTime, formatNumber, formatRub, plural } from "~/lib/format";
import { OperationsList, StatusBadge } from "./operations-list";
import { thousandsOfRubles } from "./presentation";
import { QuickPaymentsList } from "./quick-payment-timeline";

type Overview = NonNullable<FinancePageData["overview"]>;

export function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <p className="text-sm text-slate-600">{title}</p>
      <div className="mt-1">{children}</div>
    </div>
  );
}

export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = `section-${title.replace(/\s+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const orders = (n: number) => `${formatNumber(n)} ${plural(n, ["заказ", "заказа", "заказов"])}`;
const payments = (n: number) => `${formatNumber(n)} ${plural(n, ["платёж", "платежа", "платежей"])}`;

export function BalanceCard({ balance }: { balance: FinancePageData["balance"] }) {
  return (
    <Card title="Текущий баланс" testId="balance">
      <p className="text-2xl font-semibold">{formatRub(balance.currentKopecks)}</p>
      <p className="text-sm text-slate-600">В пути на расчётный счёт: {formatRub(balance.pendingKopecks)}</p>
    </Card>
  );
}

/** The credit score and what moved it; shown only once the company's history says something. */
export function CreditScoreCard({
  credit,
  withFactors,
}: {
  credit: Overview["credit"];
  withFactors: boolean;
}) {
  if (!credit) return null;
  return (
    <Card title="Кредитный рейтинг" testId="credit-score">
      <p className="text-2xl font-semibold">
        {formatNumber(credit.score)} <span className="text-base font-normal text-slate-500">из 100</span>
      </p>
      {withFactors ? (
        <ul
          className="mt-2 space-y-1 text-sm"
          aria-label="Что повлияло на рейтинг"
          data-testid="credit-factors"
        >
          {credit.factors.map((factor) => (
            <li key={factor.code} className="flex items-start gap-2">
              <span
                className={`font-semibold ${factor.effect === "raises" ? "text-emerald-700" : "text-red-700"}`}
                aria-label={factor.effect === "raises" ? "повышает" : "понижает"}
              >
                {factor.effect === "raises" ? "▲" : "▼"} {formatNumber(Math.abs(factor.weight))}
              </span>
              <span className="text-slate-700">{factor.label}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

export function MaxAdvanceCard({ credit }: { credit: Overview["credit"] }) {
  if (!credit) return null;
  return (
    <Card title="Максимальный аванс" testId="max-advance">
      <p className="text-2xl font-semibold">{thousandsOfRubles(credit.maxAdvanceKopecks)}</p>
    </Card>
  );
}

/** Spec 3 §2 overview cards: balance, credit, advance, ready orders, amounts, received, paid out. */
export function OverviewCards({
  balance,
  overview,
  withFactors,
}: {
  balance: FinancePageData["balance"];
  overview: Overview;
  withFactors: boolean;
}) {
  const { summary, totals, credit } = overview;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <BalanceCard balance={balance} />
      <CreditScoreCard credit={credit} withFactors={withFactors} />
      <MaxAdvanceCard credit={credit} />
      <Card title="Готовы к оплате" testId="ready-count">
        <p className="text-2xl font-semibold">{orders(summary.totalReadyOrders)}</p>
        <p className="text-sm text-slate-600">
          ЭДО: {formatNumber(summary.edoOrdersCount)} · обычные: {formatNumber(summary.regularOrdersCount)}
        </p>
      </Card>
      <Card title="Сумма заказов" testId="ready-amount">
        <p className="text-2xl font-semibold">{formatRub(summary.totalAmountKopecks)}</p>
        {summary.unpricedOrdersCount > 0 ? (
          <p className="text-sm text-slate-600">
            и {orders(summary.unpricedOrdersCount)} ЭДО — сумму по договору укажете при оформлении
          </p>
        ) : null}
      </Card>
      <Card title="Получено" testId="received">
        <p className="text-2xl font-semibold">{formatRub(totals.received.kopecks)}</p>
        <p className="text-sm text-slate-600">{payments(totals.received.count)}</p>
      </Card>
      <Card title="Выплачено на счёт" testId="paid-out">
        <p className="text-2xl font-semibold">{formatRub(totals.paidOut.kopecks)}</p>
        <p className="text-sm text-slate-600">
          {formatNumber(totals.paidOut.count)}{" "}
          {plural(totals.paidOut.count, ["выплата", "выплаты", "выплат"])}
        </p>
      </Card>
    </div>
  );
}

/** Money receipts (spec 3 §2): payouts to the company's account, the first 5 and the total. */
export function Receipts({ data }: { data: Pick<FinancePageData, "receipts" | "balance"> }) {
  const shown = data.receipts.slice(0, 5);
  return (
    <Section
      title="Поступления на счёт"
      action={
        <p className="text-sm text-slate-600">
          Всего получено: <strong>{formatRub(data.balance.totalPaidOutKopecks)}</strong>
        </p>
      }
    >
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="receipts-empty">
          Поступлений пока нет. Деньги по быстрой оплате придут на расчётный счёт и появятся здесь.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="receipts">
          {shown.map((receipt) => (
            <li
              key={receipt.id}
              className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{receipt.description}</p>
                <p className="text-xs text-slate-600">
                  {formatDateTime(receipt.at)}
                  {receipt.platformName ? ` · ${receipt.platformName}` : ""}
                  {receipt.transactionId ? ` · транзакция ${receipt.transactionId}` : ""}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span className="font-semibold whitespace-nowrap">{formatRub(receipt.amountKopecks)}</span>
                <StatusBadge status={receipt.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function QuickPaymentsSection({ quickPayments }: { quickPayments: FinancePageData["quickPayments"] }) {
  return (
    <Section title="Быстрые оплаты">
      {quickPayments.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="quick-payments-empty">
          Быстрых оплат пока не было. Выберите доставленный заказ на вкладке «Готовые к оплате» — деньги
          придут в течение 24 часов после проверки документов.
        </p>
      ) : (
        <QuickPaymentsList quickPayments={quickPayments} />
      )}
    </Section>
  );
}

const tile =
  "block rounded-xl bg-brand-600 p-4 text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2";

/** The overview tab: cards, the latest operations, receipts, quick actions, quick payments. */
export function OverviewTab({ data, withFactors }: { data: FinancePageData; withFactors: boolean }) {
  const overview = data.overview!;
  const ready = overview.summary.totalReadyOrders;
  return (
    <div className="space-y-6">
      <OverviewCards balance={data.balance} overview={overview} withFactors={withFactors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to="?tab=ready" className={tile} data-testid="quick-action">
          <span className="block text-lg font-semibold">Готовые к оплате</span>
          <span className="text-sm text-brand-50">
            {ready > 0 ? `${orders(ready)} можно оплатить сейчас` : "Доставленные заказы появятся здесь"}
          </span>
        </Link>
        <Link to="?tab=ready" className={tile}>
          <span className="block text-lg font-semibold">
            Быстрая оплата · {formatNumber(data.feeRatePercent)} %
          </span>
          <span className="text-sm text-brand-50">Деньги в течение 24 часов после проверки документов</span>
        </Link>
      </div>
      <QuickPaymentsSection quickPayments={data.quickPayments} />
      <Section
        title="Последние операции"
        action={
          <Link to="?tab=history" className="text-sm font-medium text-brand-600 hover:underline">
            Показать все
          </Link>
        }
      >
        {overview.latest.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="operations-empty">
            Операций пока нет: они появятся, когда деньги по заказам начнут двигаться.
          </p>
        ) : (
          <OperationsList operations={overview.latest} caption="Последние операции" />
        )}
      </Section>
      <Receipts data={data} />
    </div>
  );
}
