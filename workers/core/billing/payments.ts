import { and, desc, eq, gt, isNull, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { companies, payments, subscriptions } from "../../../db/schema";
import {
  PaymentRejectedError,
  PaymentUnavailableError,
  type PaymentProvider,
  type ProviderPayment,
} from "../../providers/payment-provider";
import { takeSlot } from "../throttle";
import { addMoscowMonth } from "./moscow-calendar";
import { isPlanId, planById, PLAN_IDS } from "./plans";
import { discountPartnerOf, quotePlan } from "./pricing";
import { applyRefund } from "./refunds";
import { trialEndFor } from "./subscriptions";

// Card payments for plans (decision 0031): created here, confirmed by the payer on the
// provider's page, and settled by whichever of the success page, the provider's notification
// or the cron check sees the outcome first. All three end in applyProviderPayment.

/** What the payment services need; the web and jobs Workers build it from their env. */
export type BillingDeps = {
  db: Db;
  provider: PaymentProvider;
  now: () => number;
  /** Waits between attempts of a call to the provider (a test passes one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
};

export const PAYMENT_MESSAGES = {
  createFailed: "Не удалось создать платеж",
  providerUnavailable: "Платежный сервис сейчас не отвечает. Попробуйте еще раз через минуту.",
  providerRejected: "Платежный сервис отклонил платеж. Попробуйте еще раз или выберите другой тариф.",
  unknownPlan: "Тариф не найден",
  unknownPlanDetails: `Выберите один из тарифов: ${PLAN_IDS.join(", ")}`,
  badReturnUrl: "Некорректный адрес возврата",
  badReturnUrlDetails: "returnUrl должен вести на страницу /payment/success этого сайта",
  notFound: "Платеж не найден",
  companyNotFound: "Компания не найдена",
  tooMany: (seconds: number) =>
    `Слишком много попыток оплаты. Попробуйте снова через ${Math.ceil(seconds / 60)} мин.`,
} as const;

/** YooKassa's cancellation reasons (cancellation_details.reason), as the payer should read them. */
const CANCELLATION_TEXTS: Record<string, string> = {
  "3d_secure_failed": "Не пройдена проверка 3-D Secure",
  call_issuer: "Банк отклонил платеж. Обратитесь в банк, выпустивший карту",
  canceled_by_merchant: "Платеж отменен магазином",
  card_expired: "Истек срок действия карты",
  country_forbidden: "Оплата картой, выпущенной в этой стране, недоступна",
  expired_on_capture: "Истек срок списания оплаты",
  expired_on_confirmation: "Истекло время на оплату: платеж не был подтвержден",
  fraud_suspected: "Платеж заблокирован из-за подозрения в мошенничестве",
  general_decline: "Платеж отклонен",
  identification_required: "Превышены ограничения на платежи для кошелька без идентификации",
  insufficient_funds: "Недостаточно средств на карте",
  internal_timeout: "Технические неполадки у платежного сервиса",
  invalid_card_number: "Неправильный номер карты",
  invalid_csc: "Неправильный код CVV2 (CVC2, CID)",
  issuer_unavailable: "Банк, выпустивший карту, недоступен",
  payment_method_limit_exceeded: "Исчерпан лимит платежей по карте",
  payment_method_restricted: "Операции по этой карте запрещены",
  permission_revoked: "Разрешение на автоплатежи отозвано",
  unsupported_mobile_operator: "Оператор связи не поддерживается",
  // Ours: the provider never took the payment.
  not_created: "Платеж не был создан: платежный сервис не ответил",
  create_rejected: "Платежный сервис отклонил платеж",
};

export function cancellationText(reason: string | null): string {
  return (reason && CANCELLATION_TEXTS[reason]) || "Платеж отменен";
}

/**
 * POST /api/payments/create's body. Only a plan: the price is never the client's, and the discount
 * is the company's own partner's (decision 0042), whatever `partnerSource` says.
 */
export const createPaymentSchema = z.object({
  planId: z.string().trim().min(1, "Выберите тариф").max(50).describe("basic, extended или corporate"),
  returnUrl: z
    .string()
    .trim()
    .min(1, "Укажите адрес возврата")
    .max(2_000)
    .describe("Адрес страницы /payment/success этого сайта: туда платежный сервис вернет плательщика"),
  partnerSource: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .describe(
      "Не влияет на цену: скидку дает только партнер, по ссылке которого зарегистрирована компания. Другой код не учитывается",
    ),
});
export type CreatePaymentInput = z.infer<typeof createPaymentSchema>;

/** A YooKassa HTTP notification (it is not signed, so only its payment id is believed). */
export const paymentNotificationSchema = z.object({
  type: z.literal("notification"),
  event: z.string().min(1).max(100),
  /** A payment; for `refund.*` events a refund, whose `payment_id` names the payment. */
  object: z.looseObject({
    id: z.string().min(1).max(100),
    payment_id: z.string().min(1).max(100).optional(),
  }),
});
export type PaymentNotification = z.infer<typeof paymentNotificationSchema>;

export type PaymentRow = typeof payments.$inferSelect;

/** POST /api/payments/create's `data`. */
export type CreatedPayment = {
  id: string;
  confirmationUrl: string;
  amount: { value: string; currency: string };
  description: string;
  discountPercent: number;
};

/** GET /api/payments/:paymentId's `data` (spec 2 §3 «Payment»). */
export type PaymentView = {
  id: string;
  status: PaymentRow["status"];
  /** As YooKassa writes amounts: rubles with two decimals, as a string. */
  amount: { value: string; currency: string };
  description: string;
  planId: string;
  planName: string;
  discountPercent: number;
  cancellation: { reason: string; text: string } | null;
  /** What was refunded of a succeeded payment (its share of the paid month is taken back); null: nothing. */
  refunded: { value: string; currency: string } | null;
  createdAt: string;
};

export type CreatePaymentResult =
  | { ok: true; payment: CreatedPayment }
  | { ok: false; reason: "unknown_plan" | "bad_return_url" | "rejected" | "unavailable" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/**
 * Payments one company may start in an hour. Each start reaches the provider and leaves a row the
 * check polls every 30 seconds until the provider settles it: far above a payer's pace (a few
 * tries, another plan), well below a script's.
 */
export const MAX_PAYMENTS_PER_COMPANY_PER_HOUR = 10;
const CREATE_WINDOW_MS = 60 * 60 * 1000;

const rubles = (kopecks: number) => (kopecks / 100).toFixed(2);

/** How many times one create is tried at the provider, and the pauses between tries. */
const CREATE_ATTEMPT_DELAYS_MS = [0, 500, 1_500];

/**
 * A failed create can be repeated with the same Idempotence-Key for this long (YooKassa keeps
 * a key for 24 hours): within it a second «Оплатить» reuses the unfinished payment's key.
 */
const IDEMPOTENCE_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The site's /payment/success for `origin`, or null when `returnUrl` leads anywhere else. */
export function successUrlOn(returnUrl: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname !== "/payment/success" || url.username || url.password) {
    return null;
  }
  return `${origin}/payment/success`;
}

/**
 * Starts a payment for a plan: our row first (with the Idempotence-Key every retry reuses), then
 * the provider's payment, whose confirmation page the payer is sent to. `origin` is this site's
 * origin (of the request): returnUrl must lead to its /payment/success.
 */
export async function createPayment(
  deps: BillingDeps,
  caller: { companyId: string; userId: string },
  input: CreatePaymentInput,
  origin: string,
): Promise<CreatePaymentResult> {
  if (!isPlanId(input.planId)) return { ok: false, reason: "unknown_plan" };
  const successUrl = successUrlOn(input.returnUrl, origin);
  if (!successUrl) return { ok: false, reason: "bad_return_url" };
  // Counted before the row and the provider's call (decision 0016), so a burst adds neither.
  const slot = await takeSlot(
    deps.db,
    [
      {
        key: `payments:create:company:${caller.companyId}`,
        limit: MAX_PAYMENTS_PER_COMPANY_PER_HOUR,
        windowMs: CREATE_WINDOW_MS,
      },
    ],
    deps.now(),
  );
  if (!slot.ok) return { ok: false, reason: "rate_limited", retryAfterSeconds: slot.retryAfterSeconds };
  // The company's own partner, never the one the client names (decision 0042).
  const quote = quotePlan(planById(input.planId)!, await discountPartnerOf(deps.db, caller.companyId));
  const now = deps.now();
  const row = (await unfinishedAttempt(deps.db, caller, quote, successUrl, now)) ?? {
    id: crypto.randomUUID(),
    idempotenceKey: crypto.randomUUID(),
  };
  const returnUrl = `${successUrl}?payment_id=${encodeURIComponent(row.id)}`;
  await deps.db
    .insert(payments)
    .values({
      id: row.id,
      companyId: caller.companyId,
      userId: caller.userId,
      planId: quote.plan.id,
      description: quote.description,
      amountKopecks: quote.amountKopecks,
      discountPercent: quote.discountPercent,
      partnerSource: quote.partnerSource,
      idempotenceKey: row.idempotenceKey,
      returnUrl,
      status: "pending",
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .onConflictDoNothing();

  let created: ProviderPayment;
  try {
    created = await withRetries(deps, () =>
      deps.provider.createPayment({
        amountKopecks: quote.amountKopecks,
        description: quote.description,
        returnUrl,
        metadata: { paymentId: row.id, companyId: caller.companyId, planId: quote.plan.id },
        idempotenceKey: row.idempotenceKey,
      }),
    );
  } catch (error) {
    // The shop's own key refused (expired or revoked) is no fault of the payment: nothing was
    // created, the payer can do nothing about it, and once the key is put right the same row and
    // key go through. It is answered as the provider being unavailable.
    if (error instanceof PaymentRejectedError && error.code !== "invalid_credentials") {
      console.error("payments: the provider refused a payment", error.code, error.message);
      await deps.db
        .update(payments)
        .set({
          status: "canceled",
          cancellationReason: "create_rejected",
          updatedAt: new Date(deps.now()),
          appliedAt: new Date(deps.now()),
        })
        .where(and(eq(payments.id, row.id), isNull(payments.providerPaymentId)));
      return { ok: false, reason: "rejected" };
    }
    // Unavailable (or anything unreadable): the row stays pending without a provider id, so the
    // next «Оплатить» for the same plan and price repeats the call with the same key.
    console.error("payments: the provider did not create a payment", error);
    return { ok: false, reason: "unavailable" };
  }
  await deps.db
    .update(payments)
    .set({
      providerPaymentId: created.id,
      confirmationUrl: created.confirmationUrl,
      updatedAt: new Date(deps.now()),
    })
    .where(eq(payments.id, row.id));
  if (!created.confirmationUrl) {
    console.error("payments: the provider answered without a confirmation page", created.id, created.status);
    return { ok: false, reason: "unavailable" };
  }
  return {
    ok: true,
    payment: {
      id: row.id,
      confirmationUrl: created.confirmationUrl,
      amount: { value: rubles(quote.amountKopecks), currency: "RUB" },
      description: quote.description,
      discountPercent: quote.discountPercent,
    },
  };
}

/**
 * The caller's earlier attempt at the very same payment (plan, price, return page) that the
 * provider never confirmed creating, still within its key's lifetime: repeating it with the
 * same Idempotence-Key gives back the payment the provider may have made, never a second one.
 */
async function unfinishedAttempt(
  db: Db,
  caller: { companyId: string; userId: string },
  quote: ReturnType<typeof quotePlan>,
  successUrl: string,
  now: number,
): Promise<{ id: string; idempotenceKey: string } | undefined> {
  const candidates = await db
    .select({ id: payments.id, idempotenceKey: payments.idempotenceKey, returnUrl: payments.returnUrl })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, caller.companyId),
        eq(payments.userId, caller.userId),
        eq(payments.status, "pending"),
        isNull(payments.providerPaymentId),
        eq(payments.planId, quote.plan.id),
        eq(payments.amountKopecks, quote.amountKopecks),
        eq(payments.description, quote.description),
        gt(payments.createdAt, new Date(now - IDEMPOTENCE_KEY_LIFETIME_MS + 60_000)),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(5);
  return candidates.find(
    (candidate) => candidate.returnUrl === `${successUrl}?payment_id=${encodeURIComponent(candidate.id)}`,
  );
}

/** Calls the provider up to three times while it is unavailable; a refusal is final. */
async function withRetries<T>(deps: BillingDeps, call: () => Promise<T>): Promise<T> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let lastError: unknown;
  for (const delay of CREATE_ATTEMPT_DELAYS_MS) {
    if (delay > 0) await sleep(delay);
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

export type ApplyResult = {
  /** This call applied the outcome (false: nothing to apply, or someone else already did). */
  applied: boolean;
  status: PaymentRow["status"];
};

/**
 * Brings our payment in line with the provider's: the one place an outcome is applied, used by
 * the success page's read, the webhook and the cron check alike.
 *
 * - succeeded: the payment is marked succeeded and the company's plan becomes the payment's,
 *   paid until max(now, current period end) + one Moscow calendar month (the period the payment
 *   bought, kept with it); what the provider has refunded of it then comes off (applyRefund);
 * - canceled: the payment is marked canceled with the provider's reason; the plan is untouched;
 * - pending / waiting_for_capture: only the status is copied.
 *
 * Exactly once however many callers race: the payment is claimed by `applied_at IS NULL` in the
 * same batch (one transaction) that extends the subscription, and the extension is conditioned
 * on the period end this call read, so two payments of one company cannot both extend from the
 * same end either (the loser reads again and extends from the new end).
 */
export async function applyProviderPayment(
  db: Db,
  ours: Pick<PaymentRow, "id" | "companyId" | "planId" | "providerPaymentId">,
  provider: ProviderPayment,
  now: number,
): Promise<ApplyResult> {
  if (provider.id !== ours.providerPaymentId) {
    throw new Error(`payment ${ours.id}: provider payment ${provider.id} is not ours`);
  }
  if (provider.status === "canceled") {
    const result = await db
      .update(payments)
      .set({
        status: "canceled",
        cancellationParty: provider.cancellation?.party ?? null,
        cancellationReason: provider.cancellation?.reason ?? null,
        updatedAt: new Date(now),
        appliedAt: new Date(now),
      })
      .where(and(eq(payments.id, ours.id), isNull(payments.appliedAt)));
    return { applied: result.rowsAffected === 1, status: await settledStatus(db, ours.id, "canceled") };
  }
  if (provider.status !== "succeeded") {
    // Still waiting for the payer: written only when the status moved (pending → waiting_for_capture).
    await db
      .update(payments)
      .set({ status: provider.status, updatedAt: new Date(now) })
      .where(and(eq(payments.id, ours.id), isNull(payments.appliedAt), ne(payments.status, provider.status)));
    return { applied: false, status: provider.status };
  }
  const settled = await applySucceeded(db, ours, now);
  if (provider.refundedKopecks === 0) return settled;
  const refunded = await applyRefund(db, ours.id, provider.refundedKopecks, now);
  return { applied: settled.applied || refunded, status: settled.status };
}

/** The succeeded branch of applyProviderPayment: the company's plan paid a month further. */
async function applySucceeded(
  db: Db,
  ours: Pick<PaymentRow, "id" | "companyId" | "planId">,
  now: number,
): Promise<ApplyResult> {
  // A few rounds at most: a round is lost only to another payment of the same company applied
  // between this round's read and its batch.
  for (let round = 0; round < 5; round++) {
    const [state] = await db
      .select({
        companyCreatedAt: companies.createdAt,
        appliedAt: payments.appliedAt,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
      })
      .from(payments)
      .innerJoin(companies, eq(companies.id, payments.companyId))
      .leftJoin(subscriptions, eq(subscriptions.companyId, payments.companyId))
      .where(eq(payments.id, ours.id));
    if (!state) throw new Error(`payment ${ours.id} is gone`);
    if (state.appliedAt) return { applied: false, status: await settledStatus(db, ours.id, "succeeded") };
    const observedEnd = state.currentPeriodEnd?.getTime() ?? null;
    const periodStart = Math.max(now, observedEnd ?? 0);
    const periodEnd = addMoscowMonth(periodStart);
    // The period end this round read, as SQL sees it (-1: none yet, or no subscription row).
    const endUnchanged = sql`coalesce((SELECT ${subscriptions.currentPeriodEnd} FROM ${subscriptions} WHERE ${subscriptions.companyId} = ${ours.companyId}), -1) = ${observedEnd ?? -1}`;
    const [, claimed] = await db.batch([
      db
        .insert(subscriptions)
        .values({
          companyId: ours.companyId,
          planId: ours.planId,
          trialEndsAt: new Date(trialEndFor(state.companyCreatedAt.getTime())),
          currentPeriodEnd: null,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .onConflictDoNothing(),
      db
        .update(payments)
        .set({
          status: "succeeded",
          updatedAt: new Date(now),
          appliedAt: new Date(now),
          periodStart: new Date(periodStart),
          periodEnd: new Date(periodEnd),
        })
        .where(and(eq(payments.id, ours.id), isNull(payments.appliedAt), endUnchanged)),
      db
        .update(subscriptions)
        .set({ planId: ours.planId, currentPeriodEnd: new Date(periodEnd), updatedAt: new Date(now) })
        .where(
          and(
            eq(subscriptions.companyId, ours.companyId),
            endUnchanged,
            sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.id} = ${ours.id} AND ${payments.status} = 'succeeded' AND ${payments.appliedAt} = ${now})`,
          ),
        ),
    ]);
    if (claimed.rowsAffected === 1) return { applied: true, status: "succeeded" };
  }
  throw new Error(`payment ${ours.id}: the subscription kept changing; the next check applies it`);
}

async function settledStatus(db: Db, paymentId: string, fallback: PaymentRow["status"]) {
  const [row] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
  return row?.status ?? fallback;
}

/** How long a read or the webhook waits for the provider before answering with what we have. */
export const PROVIDER_READ_TIMEOUT_MS = 5_000;

/** The provider's answer within `ms`, else PaymentUnavailableError. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PaymentUnavailableError(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Asks the provider about one of our payments and applies the outcome. Provider failures are
 * thrown to the caller (the page answers with what is stored, the cron tries next time).
 */
export async function refreshPayment(
  deps: BillingDeps,
  row: PaymentRow,
  timeoutMs = PROVIDER_READ_TIMEOUT_MS,
) {
  if (!row.providerPaymentId) return { applied: false, status: row.status };
  const provider = await withTimeout(deps.provider.getPayment(row.providerPaymentId), timeoutMs);
  return applyProviderPayment(deps.db, row, provider, deps.now());
}

/**
 * One of the company's payments, refreshed from the provider while it is still pending (and its
 * outcome applied); null for another company's or an unknown id. When the provider does not
 * answer, the stored state is the answer.
 */
export async function readPayment(
  deps: BillingDeps,
  companyId: string,
  paymentId: string,
): Promise<PaymentView | null> {
  const row = await currentPayment(deps, and(eq(payments.id, paymentId), eq(payments.companyId, companyId)));
  return row ? paymentView(row) : null;
}

/**
 * A payment's status alone, by its id: what /payment/success tells a payer without a session
 * (decision 0070). The id is the random UUID of the provider's return URL, so only the payer's
 * browser holds it; nothing else of the payment or its company is told. Null for an unknown id.
 */
export async function readPaymentStatus(
  deps: BillingDeps,
  paymentId: string,
): Promise<PaymentRow["status"] | null> {
  const row = await currentPayment(deps, eq(payments.id, paymentId));
  return row?.status ?? null;
}

/** The payment `where` names, refreshed from the provider first while it is unsettled. */
async function currentPayment(deps: BillingDeps, where: SQL | undefined): Promise<PaymentRow | null> {
  const [row] = await deps.db.select().from(payments).where(where);
  if (!row) return null;
  if (row.appliedAt === null && row.providerPaymentId) {
    try {
      await refreshPayment(deps, row);
      const [current] = await deps.db.select().from(payments).where(eq(payments.id, row.id));
      return current;
    } catch (error) {
      console.error(`payments: could not refresh ${row.id}`, error);
    }
  }
  return row;
}

export function paymentView(row: PaymentRow): PaymentView {
  return {
    id: row.id,
    status: row.status,
    amount: { value: rubles(row.amountKopecks), currency: row.currency },
    description: row.description,
    planId: row.planId,
    planName: planById(row.planId)?.name ?? row.planId,
    discountPercent: row.discountPercent,
    cancellation:
      row.status === "canceled"
        ? { reason: row.cancellationReason ?? "unknown", text: cancellationText(row.cancellationReason) }
        : null,
    refunded: row.refundedKopecks > 0 ? { value: rubles(row.refundedKopecks), currency: row.currency } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A provider notification: the body is not trusted (YooKassa does not sign notifications), so
 * only its payment id is used to find our payment, which is then read from the provider
 * itself. An unknown id changes nothing. Provider failures are thrown (the provider repeats
 * notifications it got no 200 for; the cron check applies the outcome meanwhile anyway).
 * A refund's notification (`refund.succeeded`) names the payment in `payment_id`; the payment,
 * settled long ago, is read again for what was refunded of it.
 */
export async function handlePaymentNotification(
  deps: BillingDeps,
  notification: PaymentNotification,
): Promise<{ known: boolean; applied: boolean }> {
  const refund = notification.event.startsWith("refund.");
  const providerPaymentId = refund ? notification.object.payment_id : notification.object.id;
  if (!providerPaymentId) return { known: false, applied: false };
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId));
  if (!row) return { known: false, applied: false };
  if (row.appliedAt !== null && !refund) return { known: true, applied: false };
  const result = await refreshPayment(deps, row);
  return { known: true, applied: result.applied };
}
