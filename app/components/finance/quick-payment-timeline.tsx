import { Link } from "@remix-run/react";
import type { QuickPaymentView } from "../../../workers/core/finance/quick-payment-views";
import { formatDateTime, formatNumber, formatRub } from "~/lib/format";

export type QuickPaymentItem = QuickPaymentView & { orderLabel: string };

type Step = { label: string; at: number | null; note?: string };

function stepsOf(qp: QuickPaymentItem): Step[] {
  const { steps } = qp;
  return [
    { label: "Запрос принят", at: steps.requestedAt },
    { label: "Документы проверены", at: steps.checkedAt },
    {
      label: "Одобрено",
      at: steps.approvedAt,
      note: steps.deadlineAt ? `выплата до ${formatDateTime(steps.deadlineAt)}` : undefined,
    },
    { label: "Выплачено", at: steps.paidOutAt },
  ];
}

const STATUS_TONE: Record<QuickPaymentView["publicStatus"], string> = {
  pending: "bg-amber-100 text-amber-800",
  processing: "bg-sky-100 text-sky-800",
  completed: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
};

/**
 * One quick payment and its way: requested → documents checked → approved (with the deadline)
 * → paid out; or held, with why and the one action that moves it on; or failed, with the reason.
 * A missed deadline says the commission came back.
 */
function QuickPaymentCard({ qp }: { qp: QuickPaymentItem }) {
  const done = (at: number | null) => at !== null;
  return (
    <li className="rounded-lg p-4 ring-1 ring-slate-200" data-testid="quick-payment">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">Заказ {qp.orderLabel}</p>
          <p className="text-sm text-slate-600">
            {formatRub(qp.amountKopecks)} · комиссия {formatNumber(qp.feeRateBp / 100)} % (
            {formatRub(qp.feeKopecks)}) · к выплате {formatRub(qp.netKopecks)}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_TONE[qp.publicStatus]}`}
          data-testid="quick-payment-status"
        >
          {qp.statusLabel}
        </span>
      </div>
      <ol className="mt-3 grid gap-2 text-sm sm:grid-cols-4" aria-label="Ход быстрой оплаты">
        {stepsOf(qp).map((step) => (
          <li key={step.label} className="flex items-start gap-2">
            <span
              className={`mt-1 size-2.5 shrink-0 rounded-full ${done(step.at) ? "bg-emerald-500" : "bg-slate-300"}`}
              aria-hidden
            />
            <span>
              <span className={done(step.at) ? "font-medium" : "text-slate-500"}>{step.label}</span>
              <span className="sr-only">{done(step.at) ? " — выполнено" : " — ожидается"}</span>
              {step.at !== null ? (
                <span className="block text-xs text-slate-500">{formatDateTime(step.at)}</span>
              ) : null}
              {step.note ? <span className="block text-xs text-slate-600">{step.note}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {qp.hold ? (
        <div className="mt-3 flex flex-col gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
          <p>{qp.hold.message}</p>
          <Link
            to={qp.hold.action.href}
            className="shrink-0 rounded-lg bg-white px-3 py-1.5 text-center font-medium ring-1 ring-amber-300 hover:bg-amber-100"
          >
            {qp.hold.action.label}
          </Link>
        </div>
      ) : null}
      {qp.status === "failed" ? (
        <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          Отклонено{qp.failureReason ? `: ${qp.failureReason}` : ""}. Комиссия не удержана.
        </p>
      ) : null}
      {qp.steps.feeRefundedAt !== null && qp.status === "paid_out" ? (
        <p className="mt-3 rounded-lg bg-sky-50 p-3 text-sm font-medium text-sky-900">
          Срок нарушен — комиссия возвращена ({formatDateTime(qp.steps.feeRefundedAt)})
        </p>
      ) : qp.steps.feeRefundedAt !== null && qp.status === "approved" ? (
        <p className="mt-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          Срок нарушен: комиссия {formatRub(qp.feeKopecks)} вернётся вместе с выплатой
        </p>
      ) : qp.deadlineMissed && qp.status !== "failed" ? (
        <p className="mt-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
          Срок выплаты нарушен: комиссия вернётся автоматически
        </p>
      ) : null}
    </li>
  );
}

export function QuickPaymentsList({ quickPayments }: { quickPayments: QuickPaymentItem[] }) {
  return (
    <ul className="space-y-3">
      {quickPayments.map((qp) => (
        <QuickPaymentCard key={qp.id} qp={qp} />
      ))}
    </ul>
  );
}
