import type { Operation } from "../../../workers/core/finance/ledger";

type LedgerEntryStatus = Operation["status"];
type LedgerEntryType = Operation["type"];
import { formatDateTime, formatRub } from "~/lib/format";
import { OPERATION_TYPE_LABELS, PAYMENT_STATUS_BADGE, PAYMENT_STATUS_LABELS } from "./presentation";

/** An operation as the finance loaders give it: one money movement in its current state. */
export type OperationItem = {
  movementId: string;
  type: LedgerEntryType;
  status: LedgerEntryStatus;
  /** Signed kopecks: positive in, negative out. */
  amountKopecks: number;
  description: string;
  platformId: string | null;
  platformName: string | null;
  orderId: string | null;
  quickPaymentId: string | null;
  transactionId: string | null;
  at: number;
};

export function StatusBadge({ status }: { status: LedgerEntryStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${PAYMENT_STATUS_BADGE[status]}`}
      data-testid="operation-status"
    >
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}

function Badges({ operation }: { operation: OperationItem }) {
  return (
    <>
      {operation.platformId === "edo" ? (
        <span className="rounded bg-sky-100 px-1.5 py-0.5 text-xs font-medium text-sky-800">ЭДО</span>
      ) : null}
      {operation.quickPaymentId && operation.orderId ? (
        <span className="rounded bg-violet-100 px-1.5 py-0.5 text-xs font-medium text-violet-800">
          Быстрая оплата
        </span>
      ) : null}
    </>
  );
}

/** «+ 83 300,00 ₽» or «− 1 700,00 ₽»: the sign says which way the money went. */
function SignedAmount({ kopecks }: { kopecks: number }) {
  const incoming = kopecks >= 0;
  return (
    <span
      className={`font-semibold whitespace-nowrap ${incoming ? "text-emerald-700" : "text-slate-900"}`}
      data-testid="operation-amount"
    >
      <span aria-hidden>{incoming ? "+" : "−"} </span>
      <span className="sr-only">{incoming ? "поступление" : "списание"} </span>
      {formatRub(Math.abs(kopecks))}
    </span>
  );
}

/**
 * The operations as a table on a wide screen and as cards on a phone: sign and amount, date,
 * platform, the EDO and quick-payment badges, the status (spec 3 §2 history tab).
 */
export function OperationsList({ operations, caption }: { operations: OperationItem[]; caption: string }) {
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Операция
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Дата
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Платформа
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Сумма
            </th>
            <th scope="col" className="py-2 font-medium">
              Статус
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {operations.map((operation) => (
            <tr key={operation.movementId} data-testid="operation">
              <td className="py-2.5 pr-3">
                <div className="font-medium">{OPERATION_TYPE_LABELS[operation.type]}</div>
                <div className="text-slate-600">{operation.description}</div>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badges operation={operation} />
                </div>
              </td>
              <td className="py-2.5 pr-3 whitespace-nowrap text-slate-600">{formatDateTime(operation.at)}</td>
              <td className="py-2.5 pr-3 text-slate-600">{operation.platformName ?? "—"}</td>
              <td className="py-2.5 pr-3 text-right">
                <SignedAmount kopecks={operation.amountKopecks} />
              </td>
              <td className="py-2.5">
                <StatusBadge status={operation.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-2 md:hidden" aria-label={caption}>
        {operations.map((operation) => (
          <li
            key={operation.movementId}
            className="rounded-lg p-3 ring-1 ring-slate-200"
            data-testid="operation-card"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <div className="font-medium">{OPERATION_TYPE_LABELS[operation.type]}</div>
                <div className="text-sm break-words text-slate-600">{operation.description}</div>
              </div>
              <SignedAmount kopecks={operation.amountKopecks} />
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
              <StatusBadge status={operation.status} />
              <Badges operation={operation} />
              <span>{formatDateTime(operation.at)}</span>
              {operation.platformName ? <span>· {operation.platformName}</span> : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
