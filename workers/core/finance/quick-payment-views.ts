import { and, desc, eq, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { quickPayments, type QuickPaymentStatus } from "../../../db/schema/finance";

/**
 * Why a quick payment waits (status `held`), each with the one action that moves it on
 * (issue 21, item 2). The pipeline re-checks a held request on its own once the cause may
 * have gone (a sync closed the chain, requisites were entered).
 */
export const HOLD_REASONS = {
  edo_not_connected: {
    message: "ЭДО не подключено: документы рейса не проверить",
    action: { label: "Подключить ЭДО", href: "/edo" },
  },
  chain_not_found: {
    message: "ЭТрН по этому заказу не найдена в документах ЭДО",
    action: { label: "Обновить документы ЭДО", href: "/edo" },
  },
  chain_open: {
    message:
      "Цепочка ЭТрН не закрыта: нет титула получателя о приёмке груза (Т3) или перевозчика о выдаче (Т4)",
    action: { label: "Открыть документы рейса", href: "/edo" },
  },
  chain_mismatch: {
    message: "ЭТрН не совпадает с заказом",
    action: { label: "Написать в поддержку", href: "/contact" },
  },
  requisites_missing: {
    message: "Не указан расчётный счёт для выплаты",
    action: { label: "Указать реквизиты", href: "/finance?tab=requisites" },
  },
} as const;
export type HoldReason = keyof typeof HOLD_REASONS;

export const isHoldReason = (code: string | null): code is HoldReason =>
  code !== null && Object.hasOwn(HOLD_REASONS, code);

/** Spec 3 §3 «Quick-payment response data» status, from the request's step. */
export type PublicQuickPaymentStatus = "pending" | "processing" | "completed" | "failed";

export function publicStatusOf(status: QuickPaymentStatus): PublicQuickPaymentStatus {
  switch (status) {
    case "approved":
      return "processing";
    case "paid_out":
      return "completed";
    case "failed":
      return "failed";
    default:
      return "pending";
  }
}

/** Spec 3 §4 labels for the statuses shown, with the step in Russian. */
export const QUICK_PAYMENT_STATUS_LABELS: Record<QuickPaymentStatus, string> = {
  requested: "Запрос принят",
  documents_checked: "Документы проверены",
  approved: "Одобрено, выплачиваем",
  paid_out: "Выплачено",
  held: "Приостановлено",
  failed: "Отклонено",
};

export type QuickPaymentView = {
  id: string;
  orderId: string;
  platformId: string;
  status: QuickPaymentStatus;
  publicStatus: PublicQuickPaymentStatus;
  statusLabel: string;
  amountKopecks: number;
  feeRateBp: number;
  feeKopecks: number;
  netKopecks: number;
  /** The carrier stated the amount (an EDO order: its documents carry no price). */
  amountDeclared: boolean;
  /** While held: why, in Russian (with the check's detail when it gave one), and the action that fixes it. */
  hold: { code: HoldReason; message: string; action: { label: string; href: string } } | null;
  /** When failed: the bank's or the check's reason, in Russian. */
  failureReason: string | null;
  /** Each step's time (ms since epoch), null until reached; the timeline is read from these. */
  steps: {
    consentAt: number;
    requestedAt: number;
    checkedAt: number | null;
    approvedAt: number | null;
    deadlineAt: number | null;
    paidOutAt: number | null;
    failedAt: number | null;
    feeRefundedAt: number | null;
  };
  /** The promise was missed: paid out after the deadline or still unpaid past it. */
  deadlineMissed: boolean;
};

const ms = (date: Date | null) => (date ? date.getTime() : null);

export function quickPaymentView(row: typeof quickPayments.$inferSelect, now: number): QuickPaymentView {
  const code = isHoldReason(row.holdReason) ? row.holdReason : null;
  const deadline = ms(row.deadlineAt);
  const paidOut = ms(row.paidOutAt);
  return {
    id: row.id,
    orderId: row.orderId,
    platformId: row.platformId,
    status: row.status,
    publicStatus: publicStatusOf(row.status),
    statusLabel: QUICK_PAYMENT_STATUS_LABELS[row.status],
    amountKopecks: row.amountKopecks,
    feeRateBp: row.feeRateBp,
    feeKopecks: row.feeKopecks,
    netKopecks: row.netKopecks,
    amountDeclared: row.amountDeclared,
    hold:
      row.status === "held" && code
        ? {
            code,
            message: row.holdDetail
              ? `${HOLD_REASONS[code].message}: ${row.holdDetail}`
              : HOLD_REASONS[code].message,
            action: HOLD_REASONS[code].action,
          }
        : null,
    failureReason: row.status === "failed" ? row.failureReason : null,
    steps: {
      consentAt: row.consentAt.getTime(),
      requestedAt: row.requestedAt.getTime(),
      checkedAt: ms(row.checkedAt),
      approvedAt: ms(row.approvedAt),
      deadlineAt: deadline,
      paidOutAt: paidOut,
      failedAt: ms(row.failedAt),
      feeRefundedAt: ms(row.feeRefundedAt),
    },
    deadlineMissed:
      row.feeRefundedAt !== null ||
      (deadline !== null &&
        (paidOut !== null ? paidOut > deadline : row.status !== "failed" && now > deadline)),
  };
}

/**
 * The company's quick payments of the orders `orderIds` selects (a subquery of order ids), to read
 * in the same batch as those orders; mapped with quickPaymentView.
 */
export const quickPaymentsOfOrdersIn = (db: Db, companyId: string, orderIds: SQL) =>
  db
    .select()
    .from(quickPayments)
    .where(and(eq(quickPayments.companyId, companyId), sql`${quickPayments.orderId} IN (${orderIds})`));

/** The company's quick payments, newest first (keyset by requestedAt and id). */
export async function quickPaymentsOf(
  db: Db,
  companyId: string,
  options: {
    limit: number;
    after?: { requestedAt: number; id: string };
    now: number;
  },
): Promise<QuickPaymentView[]> {
  const q = quickPayments;
  const conditions: SQL[] = [eq(q.companyId, companyId)];
  if (options.after) {
    const at = new Date(options.after.requestedAt);
    conditions.push(or(lt(q.requestedAt, at), and(eq(q.requestedAt, at), lt(q.id, options.after.id)))!);
  }
  const rows = await db
    .select()
    .from(q)
    .where(and(...conditions))
    .orderBy(desc(q.requestedAt), desc(q.id))
    .limit(options.limit);
  return rows.map((row) => quickPaymentView(row, options.now));
}

/** One quick payment of the company's; null for another company's id. */
export async function quickPaymentOf(
  db: Db,
  companyId: string,
  id: string,
  now: number,
): Promise<QuickPaymentView | null> {
  const [row] = await db
    .select()
    .from(quickPayments)
    .where(and(eq(quickPayments.id, id), eq(quickPayments.companyId, companyId)));
  return row ? quickPaymentView(row, now) : null;
}
