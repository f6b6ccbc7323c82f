import type { Operation } from "../../../workers/core/finance/ledger";

type LedgerEntryStatus = Operation["status"];
type LedgerEntryType = Operation["type"];

/** Spec 3 §4 «Payment status» labels, and their badges. */
export const PAYMENT_STATUS_LABELS: Record<LedgerEntryStatus, string> = {
  pending: "В обработке",
  completed: "Выполнен",
  failed: "Отклонён",
};

export const PAYMENT_STATUS_BADGE: Record<LedgerEntryStatus, string> = {
  pending: "bg-amber-100 text-amber-800",
  completed: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
};

export const OPERATION_TYPE_LABELS: Record<LedgerEntryType, string> = {
  payment: "Поступление",
  payout: "Выплата на счёт",
  quick: "Быстрая оплата",
  fee: "Комиссия",
  fee_refund: "Возврат комиссии",
};

const wholeNumber = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });

/** Thousands of rubles, as the maximum advance is shown (spec 3 §2): «1 250 тыс. ₽». */
export function thousandsOfRubles(kopecks: number): string {
  return `${wholeNumber.format(Math.floor(kopecks / 100_000))} тыс. ₽`;
}

/** Pending payouts of the previous read that the bank has now executed (spec 3 §4: money received). */
export function newlyCompleted<T extends { id: string; status: LedgerEntryStatus }>(
  before: readonly T[],
  after: readonly T[],
): T[] {
  // New since the last read counts too: a payout sent and executed between two polls (the bank
  // takes seconds) was never seen pending.
  const seen = new Map(before.map((r) => [r.id, r.status]));
  return after.filter((r) => r.status === "completed" && (seen.get(r.id) ?? "pending") === "pending");
}

/** Spec 3 §2: the order's number, else its external id, else the last 8 characters of its id. */
export function orderLabel(order: {
  id: string;
  order_number: string | null;
  external_order_id: string | null;
}) {
  return `№ ${order.order_number || order.external_order_id || order.id.slice(-8)}`;
}
