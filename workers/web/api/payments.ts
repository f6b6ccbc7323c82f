import { Hono, type Context } from "hono";
import {
  createPayment,
  createPaymentSchema,
  handlePaymentNotification,
  PAYMENT_MESSAGES,
  paymentNotificationSchema,
  readPayment,
} from "../../core/billing/payments";
import { PLANS, planView } from "../../core/billing/plans";
import { subscriptionView } from "../../core/billing/subscriptions";
import type { AppBindings } from "../bindings";
import { readJson } from "../lib/body";
import { fail, ok } from "../lib/envelope";
import { paymentDepsFor } from "../lib/payment-deps";
import { callerOf } from "./access";

const paymentDeps = (c: Context<AppBindings>) => paymentDepsFor(c.env, c.get("db"));

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

/** Plans, card payments for them and the company's subscription (spec 2 §2.6, §2.7, §7; decision 0031). */
export const paymentsRoutes = new Hono<AppBindings>()
  .get("/plans", (c) => ok(c, PLANS.map(planView)))
  .get("/subscription", async (c) => {
    const view = await subscriptionView(c.get("db"), callerOf(c).user.company.id, Date.now());
    return view ? ok(c, view) : fail(c, 404, PAYMENT_MESSAGES.companyNotFound);
  })
  .post("/create", async (c) => {
    const body = await readJson(c, createPaymentSchema);
    if (!body.ok) return body.response;
    const { user } = callerOf(c);
    const result = await createPayment(
      paymentDeps(c),
      { companyId: user.company.id, userId: user.id },
      body.data,
      new URL(c.req.url).origin,
    );
    if (result.ok) return ok(c, result.payment, 201);
    switch (result.reason) {
      case "unknown_plan":
        return fail(c, 400, PAYMENT_MESSAGES.unknownPlan, PAYMENT_MESSAGES.unknownPlanDetails);
      case "bad_return_url":
        return fail(c, 400, PAYMENT_MESSAGES.badReturnUrl, PAYMENT_MESSAGES.badReturnUrlDetails);
      case "rejected":
        return fail(c, 502, PAYMENT_MESSAGES.createFailed, PAYMENT_MESSAGES.providerRejected);
      case "unavailable":
        return fail(c, 503, PAYMENT_MESSAGES.createFailed, PAYMENT_MESSAGES.providerUnavailable);
    }
  })
  .post("/webhook", async (c) => {
    const body = await readJson(c, paymentNotificationSchema);
    if (!body.ok) return body.response;
    // Answered at once, as YooKassa asks; the payment is then read from YooKassa itself. A
    // failure here is logged and left to the cron check, which asks about every pending payment.
    const deps = paymentDeps(c);
    await afterAnswer(
      c,
      handlePaymentNotification(deps, body.data).catch((error: unknown) => {
        console.error(`payments: notification for ${body.data.object.id} not applied`, error);
      }),
    );
    return ok(c, { received: true });
  })
  .get("/:paymentId", async (c) => {
    const view = await readPayment(paymentDeps(c), callerOf(c).user.company.id, c.req.param("paymentId"));
    return view ? ok(c, view) : fail(c, 404, PAYMENT_MESSAGES.notFound);
  });
