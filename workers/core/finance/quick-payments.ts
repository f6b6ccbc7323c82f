import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { EMAIL_LINK_MESSAGES, isEmailConfirmed } from "../auth/email-links";
import { companyRequisites, quickPayments } from "../../../db/schema/finance";
import { platformOrders } from "../../../db/schema/platforms";
import type { OrderStatus } from "../../../db/vocabulary";

/** The marketing promise (spec 3 §1): 2 %, unless the server is configured otherwise. */
export const DEFAULT_FEE_BP = 200;
/** Payout within 24 hours of approval, or the commission goes back (issue 21, item 5). */
export const PAYOUT_DEADLINE_MS = 24 * 60 * 60 * 1000;
/** A customer's usual payment deferral when the order does not say: what the annual rate is reckoned over. */
export const DEFAULT_DEFERRAL_DAYS = 30;

/** Orders in these statuses are delivered: their right to payment can be sold (spec 3 §2, §4, §5). */
export const READY_STATUSES: readonly OrderStatus[] = ["delivered", "invoiced", "paid", "свободен"];
/** The carrier's delivery title: an EDO order is ready only once its chain holds it (spec 3 §5). */
export const DELIVERY_TITLE = "ON_TRNACLPVYN";

/**
 * The most a carrier may state for an EDO order whose documents carry no price: a truck's
 * freight, with room to spare (10 million roubles); more goes through support.
 */
export const MAX_DECLARED_KOPECKS = 1_000_000_000;

/** Plain text in Russian beside the numbers (spec 3 §3 «terms»). */
export const QUICK_PAYMENT_TERMS =
  "Выплата на расчётный счёт в течение 24 часов после проверки документов. Без резерва, без минимального объёма, без договора. Если срок будет нарушен, комиссия вернётся автоматически.";

export type QuickPaymentQuote = {
  totalAmountKopecks: number;
  feeRateBp: number;
  feeKopecks: number;
  netKopecks: number;
  /** What the commission is as a yearly rate over the order's payment deferral, percent. */
  annualRatePercent: number;
  deferralDays: number;
  terms: string;
};

/** The largest amount whose commission is computed exactly in doubles (amount × rate stays below 2^53). */
const MAX_AMOUNT_KOPECKS = Math.floor(Number.MAX_SAFE_INTEGER / 10_000);

/**
 * The commission in whole kopecks, half a kopeck rounded up (amounts and rates are whole numbers,
 * so this is exact).
 */
export function feeOf(amountKopecks: number, feeRateBp: number): number {
  if (!Number.isInteger(amountKopecks) || amountKopecks <= 0 || amountKopecks > MAX_AMOUNT_KOPECKS)
    throw new RangeError(`amount must be a positive whole number of kopecks, got ${amountKopecks}`);
  if (!Number.isInteger(feeRateBp) || feeRateBp < 0 || feeRateBp >= 10_000)
    throw new RangeError(`rate must be whole basis points from 0 to 9999, got ${feeRateBp}`);
  return Math.floor((amountKopecks * feeRateBp + 5_000) / 10_000);
}

/** «оплата 45 дней», «отсрочка 30 дн.», «14 календарных дней»: the days of a payment term, if it names them. */
export function deferralDaysOf(paymentTerms: string | null | undefined): number {
  const days = /(\d{1,3})\s*(?:календарн\S*\s+|банковск\S*\s+|рабоч\S*\s+)?(?:дн|день|дня)/i.exec(
    paymentTerms ?? "",
  );
  const n = days ? Number(days[1]) : NaN;
  return n >= 1 && n <= 365 ? n : DEFAULT_DEFERRAL_DAYS;
}

export function quote(
  amountKopecks: number,
  feeRateBp: number,
  paymentTerms?: string | null,
): QuickPaymentQuote {
  const feeKopecks = feeOf(amountKopecks, feeRateBp);
  const netKopecks = amountKopecks - feeKopecks;
  const deferralDays = deferralDaysOf(paymentTerms);
  const annual = netKopecks > 0 ? (feeKopecks / netKopecks) * (365 / deferralDays) * 100 : 0;
  return {
    totalAmountKopecks: amountKopecks,
    feeRateBp,
    feeKopecks,
    netKopecks,
    annualRatePercent: Math.round(annual * 10) / 10,
    deferralDays,
    terms: QUICK_PAYMENT_TERMS,
  };
}

export type FeeConfig = { defaultBp?: number; byPlanBp?: Partial<Record<string, number>> };

/** The server's quick-payment rates from its vars (QUICK_PAYMENT_FEE_BP, QUICK_PAYMENT_PLAN_FEE_BP). */
export function feeConfigOf(vars: {
  QUICK_PAYMENT_FEE_BP?: string;
  QUICK_PAYMENT_PLAN_FEE_BP?: string;
}): FeeConfig {
  const byPlanBp: Record<string, number> = {};
  for (const pair of (vars.QUICK_PAYMENT_PLAN_FEE_BP ?? "").split(",")) {
    const [plan, bp] = pair.split("=").map((part) => part.trim());
    if (plan && bp) byPlanBp[plan] = Number(bp);
  }
  return { defaultBp: vars.QUICK_PAYMENT_FEE_BP ? Number(vars.QUICK_PAYMENT_FEE_BP) : undefined, byPlanBp };
}

/** The rate for a company: the plan's own when the server sets one, else the server's default. */
export function feeRateFor(config: FeeConfig, planId: string | null): number {
  const byPlan = planId ? config.byPlanBp?.[planId] : undefined;
  return byPlan ?? config.defaultBp ?? DEFAULT_FEE_BP;
}

type OrderForPayment = Pick<
  typeof platformOrders.$inferSelect,
  "status" | "priceKopecks" | "platformId" | "edoInfo"
>;

/** Why an order cannot be paid at once, in Russian; null when it can (spec 3 §5). */
export function whyNotPayable(order: OrderForPayment): string | null {
  if (!READY_STATUSES.includes(order.status))
    return "Быстрая оплата доступна после доставки: заказ ещё не в финальном статусе";
  if (order.platformId === "edo") {
    // The mirror carries no price: the carrier states the contract's amount (decision 0054).
    if (!order.edoInfo?.documents.some((d) => d.type === DELIVERY_TITLE))
      return "Цепочка ЭТрН ещё не закрыта: нет титула перевозчика о выдаче груза получателю";
    return null;
  }
  if (!order.priceKopecks || order.priceKopecks <= 0) return "У заказа нет суммы к оплате";
  return null;
}

export type QuickPaymentRequest = {
  companyId: string;
  /** The user asking: their e-mail must be confirmed (decision 0073); null only for the demo seed. */
  requesterId: string | null;
  orderId: string;
  amountKopecks: number;
  consent: { accepted: boolean; timestamp?: number };
  feeRateBp: number;
  now: number;
};

type Refusal = { ok: false; reason: "not_found" | "not_payable" | "invalid_input"; message: string };

export type RequestOutcome =
  | { ok: true; quickPayment: typeof quickPayments.$inferSelect }
  | Refusal
  | { ok: false; reason: "email_unconfirmed"; message: string };

/**
 * The company's order when it can be paid at once at `amountKopecks`: not found for another
 * company's id, not payable with the reason (§5), invalid when the amount is not the order's.
 * An EDO order has no price (its documents carry none): the amount is the one the carrier states,
 * up to MAX_DECLARED_KOPECKS, and is marked declared (decision 0054).
 */
export async function payableOrder(
  db: Db,
  companyId: string,
  orderId: string,
  amountKopecks: number,
): Promise<
  | { ok: true; order: typeof platformOrders.$inferSelect; amountKopecks: number; amountDeclared: boolean }
  | Refusal
> {
  const [order] = await db
    .select()
    .from(platformOrders)
    .where(and(eq(platformOrders.id, orderId), eq(platformOrders.companyId, companyId)));
  if (!order) return { ok: false, reason: "not_found", message: "Заказ не найден" };
  const notPayable = whyNotPayable(order);
  if (notPayable) return { ok: false, reason: "not_payable", message: notPayable };
  if (order.priceKopecks === null) {
    if (amountKopecks > MAX_DECLARED_KOPECKS)
      return {
        ok: false,
        reason: "invalid_input",
        message: "Сумма больше 10 000 000 ₽: для такой перевозки напишите в поддержку",
      };
    return { ok: true, order, amountKopecks, amountDeclared: true };
  }
  if (amountKopecks !== order.priceKopecks)
    return {
      ok: false,
      reason: "invalid_input",
      message: "Сумма не совпадает с суммой заказа. Обновите страницу",
    };
  return { ok: true, order, amountKopecks, amountDeclared: false };
}

/**
 * Asks for a quick payment of one order: the order must be the company's (else not found), ready
 * (§5), asked for at its own amount, with consent, and the company must have given its bank
 * account, and the asking user's e-mail confirmed. One per order: a second ask, a retry or a double
 * click is refused and writes nothing.
 */
export async function requestQuickPayment(db: Db, request: QuickPaymentRequest): Promise<RequestOutcome> {
  if (request.requesterId !== null && !(await isEmailConfirmed(db, request.requesterId)))
    return { ok: false, reason: "email_unconfirmed", message: EMAIL_LINK_MESSAGES.emailUnconfirmed };
  const payable = await payableOrder(db, request.companyId, request.orderId, request.amountKopecks);
  if (!payable.ok) return payable;
  const { order, amountKopecks, amountDeclared } = payable;
  if (!request.consent.accepted)
    return { ok: false, reason: "invalid_input", message: "Подтвердите согласие с условиями быстрой оплаты" };
  const [requisites] = await db
    .select({ companyId: companyRequisites.companyId })
    .from(companyRequisites)
    .where(eq(companyRequisites.companyId, request.companyId));
  if (!requisites)
    return {
      ok: false,
      reason: "not_payable",
      message: "Укажите расчётный счёт компании в разделе «Финансы» → «Реквизиты»",
    };
  const price = quote(amountKopecks, request.feeRateBp, order.paymentTerms);
  const now = new Date(request.now);
  const [created] = await db
    .insert(quickPayments)
    .values({
      id: crypto.randomUUID(),
      companyId: request.companyId,
      orderId: order.id,
      platformId: order.platformId,
      amountKopecks: price.totalAmountKopecks,
      feeRateBp: price.feeRateBp,
      feeKopecks: price.feeKopecks,
      netKopecks: price.netKopecks,
      status: "requested",
      amountDeclared,
      // The client's moment of consent when it is a plausible one, else when we received it.
      consentAt: new Date(
        request.consent.timestamp && Math.abs(request.consent.timestamp - request.now) < 60 * 60 * 1000
          ? request.consent.timestamp
          : request.now,
      ),
      requestedAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created)
    return { ok: false, reason: "not_payable", message: "Быстрая оплата по этому заказу уже запрошена" };
  return { ok: true, quickPayment: created };
}
