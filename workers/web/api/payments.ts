import { ROLES } from "../../core/members/roles";
import type { Context } from "hono";
import { z } from "zod";
import {
  createPayment,
  createPaymentSchema,
  handlePaymentNotification,
  MAX_PAYMENTS_PER_COMPANY_PER_HOUR,
  PAYMENT_MESSAGES,
  paymentNotificationSchema,
  readPayment,
  type CreatePaymentResult,
} from "../../core/billing/payments";
import { PLAN_IDS, PLANS, planView } from "../../core/billing/plans";
import { subscriptionView } from "../../core/billing/subscriptions";
import { PROVIDER_PAYMENT_STATUSES } from "../../providers/payment-provider";
import type { AppBindings } from "../bindings";
import { statusOf } from "../outcomes";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "Оплата";

/** Runs `work` after the answer when the runtime allows it (Workers' waitUntil), else before. */
async function afterAnswer(c: Context<AppBindings>, work: Promise<unknown>) {
  let executionCtx: ExecutionContext | undefined;
  try {
    executionCtx = c.executionCtx;
  } catch {
    executionCtx = undefined;
  }
  if (executionCtx) executionCtx.waitUntil(work);
  else await work;
}

/** As YooKassa writes amounts: rubles with two decimals, as a string. */
const amountSchema = z.strictObject({ value: z.string(), currency: z.string() });

const planSchema = z.strictObject({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price: z.number(),
  currency: z.literal("RUB"),
  description: z.string(),
  maxShipments: z.number().int(),
  features: z.array(z.string()),
  popular: z.boolean(),
});

const subscriptionSchema = z.strictObject({
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  status: z.enum(["trial", "active", "expired"]),
  trialEndsAt: timestamp,
  currentPeriodEnd: timestamp.nullable(),
  daysLeft: z.number().int(),
  maxShipments: z.number().int(),
  shipmentsUsed: z.number().int(),
});

export const createdPaymentSchema = z.strictObject({
  id: z.string(),
  confirmationUrl: z.string(),
  amount: amountSchema,
  description: z.string(),
  discountPercent: z.number().int(),
});

export const paymentSchema = z.strictObject({
  id: z.string(),
  status: z.enum(PROVIDER_PAYMENT_STATUSES),
  amount: amountSchema,
  description: z.string(),
  planId: z.string(),
  planName: z.string(),
  discountPercent: z.number().int(),
  cancellation: z.strictObject({ reason: z.string(), text: z.string() }).nullable(),
  refunded: amountSchema.nullable(),
  createdAt: timestamp,
});

const examplePayment = {
  id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
  status: "succeeded",
  amount: { value: "2541.50", currency: "RUB" },
  description: "Тариф «Расширенный», 1 месяц, скидка партнёра 15%",
  planId: "extended",
  planName: "Расширенный",
  discountPercent: 15,
  cancellation: null,
  refunded: null,
  createdAt: "2026-11-23T09:15:00.000Z",
} satisfies z.input<typeof paymentSchema>;

type CreateFailure = Exclude<Extract<CreatePaymentResult, { ok: false }>["reason"], "rate_limited">;

/** What a failed create answers besides its status: the error and the explanation. */
const CREATE_FAILURES: Record<CreateFailure, { error: string; message: string }> = {
  unknown_plan: { error: PAYMENT_MESSAGES.unknownPlan, message: PAYMENT_MESSAGES.unknownPlanDetails },
  bad_return_url: { error: PAYMENT_MESSAGES.badReturnUrl, message: PAYMENT_MESSAGES.badReturnUrlDetails },
  rejected: { error: PAYMENT_MESSAGES.createFailed, message: PAYMENT_MESSAGES.providerRejected },
  unavailable: { error: PAYMENT_MESSAGES.createFailed, message: PAYMENT_MESSAGES.providerUnavailable },
};

/**
 * Plans, card payments for them and the company's subscription (spec 2 §2.6, §2.7, §7; decision
 * 0031). The static paths come before /payments/:paymentId, which would match them too.
 */
export const paymentsOperations = [
  operation(
    {
      method: "GET",
      path: "/payments/plans",
      group: GROUP,
      summary: "Тарифы",
      description:
        "Без входа: те же тарифы показывает главная страница. Цена — рубли в месяц. maxShipments — рейсов в месяц, -1 — без ограничений. popular отмечает тариф, выбранный по умолчанию.",
      access: "public",
      success: { status: 200, data: z.array(planSchema), example: PLANS.map(planView) },
      errors: [],
    },
    (_c, _input, reply) => reply.ok(PLANS.map(planView)),
  ),
  operation(
    {
      method: "GET",
      path: "/payments/subscription",
      group: GROUP,
      summary: "Подписка компании",
      description:
        "status: trial (14 дней после регистрации, возможности тарифа «Корпоративный» без ограничений), active (оплачено до currentPeriodEnd) или expired. daysLeft — дней до конца пробного или оплаченного периода. maxShipments — сколько рейсов в месяц можно сейчас (0 — подписка закончилась, -1 — без ограничений); shipmentsUsed — заказов за текущий календарный месяц (по Москве).",
      access: "signed-in",
      roles: ROLES.director,
      success: {
        status: 200,
        data: subscriptionSchema,
        example: {
          planId: "extended",
          planName: "Расширенный",
          status: "active",
          trialEndsAt: "2026-11-30T09:00:00.000Z",
          currentPeriodEnd: "2026-12-23T09:15:00.000Z",
          daysLeft: 30,
          maxShipments: 200,
          shipmentsUsed: 37,
        },
      },
      errors: [404],
    },
    async (c, _, reply) => {
      const view = await subscriptionView(c.get("db"), callerOf(c).user.company.id, Date.now());
      return view ? reply.ok(view) : reply.fail(404, PAYMENT_MESSAGES.companyNotFound);
    },
  ),
  operation(
    {
      method: "POST",
      path: "/payments/create",
      group: GROUP,
      summary: "Создать платеж за тариф",
      description: `Цену и скидку считает сервер. Скидка — только партнера, по ссылке которого компания зарегистрировалась (/partner/<ссылка>): magnit 15%, pyaterochka 12%, lenta 10%, metro 20%, auchan 8%, perekrestok 15%, okey 12%, karusel 10%. partnerSource в запросе на цену не влияет: код другого партнера не учитывается, как и цена или скидка в запросе; что будет списано, говорят amount и discountPercent ответа. returnUrl — страница /payment/success этого сайта; к нему добавляется ?payment_id=. Отправьте пользователя на confirmationUrl. Если платежный сервис не ответил — 503, повторный запрос создаст тот же платеж, а не второй; отказ платежного сервиса — 502. Не больше ${MAX_PAYMENTS_PER_COMPANY_PER_HOUR} платежей в час от одной компании (429 с заголовком Retry-After).`,
      access: "signed-in",
      roles: ROLES.director,
      body: createPaymentSchema,
      success: {
        status: 201,
        data: createdPaymentSchema,
        example: {
          id: examplePayment.id,
          confirmationUrl:
            "https://yoomoney.ru/checkout/payments/v2/contract?orderId=2d1e7c1a-000f-5000-9000-1b3f2c4d5e6f",
          amount: examplePayment.amount,
          description: examplePayment.description,
          discountPercent: 15,
        },
      },
      errors: [429, 502, 503],
    },
    async (c, { body }, reply) => {
      const { user } = callerOf(c);
      const result = await createPayment(
        c.get("deps").payments(),
        { companyId: user.company.id, userId: user.id },
        body,
        new URL(c.req.url).origin,
      );
      if (result.ok) return reply.ok(result.payment);
      if (result.reason === "rate_limited") {
        c.header("Retry-After", String(result.retryAfterSeconds));
        return reply.fail(
          statusOf(result.reason),
          PAYMENT_MESSAGES.createFailed,
          PAYMENT_MESSAGES.tooMany(result.retryAfterSeconds),
        );
      }
      const { error, message } = CREATE_FAILURES[result.reason];
      return reply.fail(statusOf(result.reason), error, message);
    },
  ),
  operation(
    {
      method: "POST",
      path: "/payments/webhook",
      group: GROUP,
      summary: "Уведомление ЮKassa о платеже",
      description:
        "Для ЮKassa (HTTP-уведомления payment.succeeded, payment.canceled и refund.succeeded). Уведомлениям не верим: платеж перечитывается в ЮKassa, и только потом подписка продлевается или, после возврата, сокращается на возвращенную долю оплаченного месяца (но не на уже прошедшее время); уведомление о чужом или неизвестном платеже ничего не меняет. Отвечает 200 сразу.",
      access: "public",
      body: paymentNotificationSchema,
      success: {
        status: 200,
        data: z.strictObject({ received: z.literal(true) }),
        example: { received: true },
      },
      errors: [],
    },
    async (c, { body }, reply) => {
      // Answered at once, as YooKassa asks; the payment is then read from YooKassa itself. A
      // failure here is logged and left to the cron check, which asks about every pending payment.
      const deps = c.get("deps").payments();
      await afterAnswer(
        c,
        handlePaymentNotification(deps, body).catch((error: unknown) => {
          console.error(`payments: notification for ${body.object.id} not applied`, error);
        }),
      );
      return reply.ok({ received: true });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/payments/:paymentId",
      group: GROUP,
      summary: "Платеж и его статус",
      description:
        "Пока платеж ожидает оплаты, статус уточняется в платежном сервисе. status: pending, succeeded (подписка продлена на месяц) или canceled (cancellation.text — причина по-русски, подписка не меняется). refunded — сколько возвращено (подписка сокращена на эту долю месяца), null — возвратов не было. Платеж другой компании — 404.",
      access: "signed-in",
      roles: ROLES.director,
      owns: { param: "paymentId", resource: "payment" },
      params: z.object({
        paymentId: z.string().describe("Идентификатор платежа из POST /payments/create (id)"),
      }),
      success: { status: 200, data: paymentSchema, example: examplePayment },
      errors: [],
    },
    async (c, { params }, reply) => {
      const view = await readPayment(c.get("deps").payments(), callerOf(c).user.company.id, params.paymentId);
      return view ? reply.ok(view) : reply.fail(404, PAYMENT_MESSAGES.notFound);
    },
  ),
];
