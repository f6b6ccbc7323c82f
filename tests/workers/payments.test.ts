import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { companies, payments, platformOrders, subscriptions } from "../../db/schema";
import { limitNewOrders } from "../../workers/core/billing/limits";
import { addMoscowMonth } from "../../workers/core/billing/moscow-calendar";
import {
  createPayment,
  MAX_PAYMENTS_PER_COMPANY_PER_HOUR,
  type PaymentView,
} from "../../workers/core/billing/payments";
import type { SubscriptionView } from "../../workers/core/billing/subscriptions";
import type { PlanView } from "../../workers/core/billing/plans";
import type { PartnerCode } from "../../workers/core/partners/codes";
import { PaymentUnavailableError, type PaymentProvider } from "../../workers/providers/payment-provider";
import { paymentProviderFor } from "../../workers/providers/yookassa-config";
import {
  callWeb,
  createCompanyUser,
  createConnectionFor,
  deliver,
  newPartnerLink,
  partnerRegistration,
  paymentNotification,
  postJson,
  recordingQueue,
  sessionFor,
  testDb,
} from "./support";

const SANDBOX = env.YOOKASSA_API_URL.replace(/\/v3$/, "");
const PAYS = "5555 5555 5555 4477";
const DECLINED = "5555 5555 5555 4592";
const DAY_MS = 24 * 60 * 60 * 1000;

type Member = { companyId: string; userId: string; bearer: string; cookie: string };

async function signedIn(user: { companyId: string; userId: string }): Promise<Member> {
  return { ...user, ...(await sessionFor(user.userId)) };
}

async function member(): Promise<Member> {
  return signedIn(await createCompanyUser());
}

const auth = (who: Member) => ({ authorization: `Bearer ${who.bearer}` });

const unique = () => crypto.randomUUID().slice(0, 8);

/** A carrier that registered through a retail partner's link (/partner/<token>), as a lead does. */
async function registeredThroughLink(partnerCode: PartnerCode): Promise<Member> {
  const link = await newPartnerLink(partnerCode);
  const { response } = await callWeb(
    "/api/registration/partner-register",
    postJson(partnerRegistration(link.uniqueToken)),
  );
  expect(response.status).toBe(201);
  const { user } = (await response.json<{ data: { user: { id: string; company: { id: string } } } }>()).data;
  return signedIn({ companyId: user.company.id, userId: user.id });
}

/** A carrier that registered with `?partner=` in the /register URL (no partner link). */
async function registeredWithPartnerInUrl(partnerSource: string): Promise<Member> {
  const { response } = await callWeb(
    "/api/auth/register",
    postJson({
      firstName: "Ольга",
      lastName: "Кузнецова",
      email: `olga.${unique()}@example.ru`,
      phone: "+7 (912) 345-67-89",
      password: "Gruz2025ok",
      companyName: "ООО «Быстрый груз»",
      partnerSource,
    }),
  );
  expect(response.status).toBe(201);
  const { user } = (await response.json<{ data: { user: { id: string; company: { id: string } } } }>()).data;
  const [company] = await testDb().select().from(companies).where(eq(companies.id, user.company.id));
  // The partner is kept for marketing, as the landing's registration button sends it.
  expect(company.partnerSource).toBe(partnerSource);
  return signedIn({ companyId: user.company.id, userId: user.id });
}

/** The /payment page as the member's browser gets it: the discount badge and the pay button. */
async function paymentPage(who: Member, query: string) {
  const { response } = await callWeb(`/payment${query}`, { headers: { cookie: who.cookie } });
  expect(response.status).toBe(200);
  const html = (await response.text()).replace(/[\u00a0\u202f]/g, " ");
  const badge = /data-testid="partner-discount"[^>]*>([^<]*(?:<!-- -->[^<]*)*)</.exec(html)?.[1];
  return {
    badge: badge?.replaceAll("<!-- -->", "") ?? null,
    payButton: />(Оплатить [\d ]+ ₽)</.exec(html)?.[1] ?? null,
  };
}

async function api<T>(who: Member | null, path: string, init: RequestInit = {}) {
  const headers = { ...(who ? auth(who) : {}), ...(init.headers as Record<string, string>) };
  const { response } = await callWeb(`/api/payments${path}`, { ...init, headers });
  const body = await response.json<{ success: boolean; data: T; error?: string; message?: string }>();
  return { status: response.status, body };
}

type Created = {
  id: string;
  confirmationUrl: string;
  amount: { value: string; currency: string };
  discountPercent: number;
};

async function create(who: Member, body: Record<string, unknown>) {
  return api<Created>(who, "/create", postJson(body));
}

const validBody = (planId = "extended", extra: Record<string, unknown> = {}) => ({
  planId,
  returnUrl: "http://reys.test/payment/success",
  ...extra,
});

async function row(paymentId: string) {
  const [found] = await testDb().select().from(payments).where(eq(payments.id, paymentId));
  return found;
}

async function subscriptionOf(who: Member) {
  return (await api<SubscriptionView>(who, "/subscription")).body.data;
}

/** Pays (or declines) the provider's payment as the payer would on the checkout page. */
async function payAtSandbox(paymentId: string, card: string) {
  const { providerPaymentId } = await row(paymentId);
  const response = await fetch(
    `${SANDBOX}/__sandbox/yookassa/payments/${providerPaymentId}/pay`,
    postJson({ card }),
  );
  expect(response.status).toBe(200);
  return providerPaymentId!;
}

async function sandboxPayment(providerPaymentId: string) {
  const response = await fetch(`${SANDBOX}/__sandbox/yookassa/payments/${providerPaymentId}`);
  return response.json<{
    returnUrl: string;
    payment: { amount: { value: string }; metadata: Record<string, string>; status: string };
  }>();
}

type Refund = { id: string; payment_id: string; status: string; amount: { value: string; currency: string } };

/** Refunds `value` rubles of the provider's payment, as the shop does in YooKassa's cabinet or API. */
async function refundAtSandbox(providerPaymentId: string, value: string): Promise<Refund> {
  const response = await fetch(
    `${env.YOOKASSA_API_URL}/refunds`,
    postJson(
      { payment_id: providerPaymentId, amount: { value, currency: "RUB" } },
      {
        authorization: `Basic ${btoa(`${env.YOOKASSA_SHOP_ID}:${env.YOOKASSA_SECRET_KEY}`)}`,
        "idempotence-key": crypto.randomUUID(),
      },
    ),
  );
  expect(response.status).toBe(200);
  return response.json<Refund>();
}

/** YooKassa's `refund.succeeded` notification: the refund object, which names its payment. */
const refundNotification = (refund: Refund) =>
  postJson({ type: "notification", event: "refund.succeeded", object: refund });

async function setYooKassaFailure(mode: "none" | "error500") {
  const response = await fetch(`${SANDBOX}/__sandbox/failures`, postJson({ provider: "yookassa", mode }));
  expect(response.status).toBe(200);
}

afterEach(async () => {
  await setYooKassaFailure("none");
});

let a: Member;
let b: Member;

beforeAll(async () => {
  [a, b] = await Promise.all([member(), member()]);
});

describe("plans and the trial", () => {
  it("lists the three plans with rubles per month, limits and the popular one", async () => {
    const { status, body } = await api<PlanView[]>(a, "/plans");
    expect(status).toBe(200);
    expect(body.data.map((p) => [p.id, p.name, p.price, p.currency, p.maxShipments, p.popular])).toEqual([
      ["basic", "Базовый", 990, "RUB", 50, false],
      ["extended", "Расширенный", 2990, "RUB", 200, true],
      ["corporate", "Корпоративный", 9990, "RUB", -1, false],
    ]);
    for (const plan of body.data) {
      expect(plan.description).toMatch(/[А-Яа-я]/);
      expect(plan.features.length).toBeGreaterThan(0);
    }
  });

  it("are public, as spec 2 §7 calls them with no token and the landing shows them", async () => {
    const signedOut = await api<PlanView[]>(null, "/plans");
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.data).toEqual((await api<PlanView[]>(a, "/plans")).body.data);
  });

  it("gives a new company a 14-day trial with no limit on trips", async () => {
    const fresh = await member();
    const subscription = await subscriptionOf(fresh);
    expect(subscription).toMatchObject({
      planId: "corporate",
      planName: "Корпоративный",
      status: "trial",
      currentPeriodEnd: null,
      daysLeft: 14,
      maxShipments: -1,
      shipmentsUsed: 0,
    });
    const trialMs = Date.parse(subscription.trialEndsAt) - Date.now();
    expect(trialMs).toBeGreaterThan(14 * DAY_MS - 60_000);
    expect(trialMs).toBeLessThanOrEqual(14 * DAY_MS);
  });
});

describe("creating a payment", () => {
  it("charges the plan's price minus the company's own partner's discount, computed on the server", async () => {
    const magnitCarrier = await registeredThroughLink("magnit");
    const { status, body } = await create(
      magnitCarrier,
      // A tampered price and discount, and another partner, in the body are not read.
      validBody("extended", { partnerSource: "metro", amount: 1, price: 1, discountPercent: 50 }),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.amount).toEqual({ value: "2541.50", currency: "RUB" });
    expect(body.data.discountPercent).toBe(15);
    expect(body.data.confirmationUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\//);

    const stored = await row(body.data.id);
    expect(stored).toMatchObject({
      companyId: magnitCarrier.companyId,
      userId: magnitCarrier.userId,
      status: "pending",
      amountKopecks: 254_150,
      partnerSource: "magnit",
    });
    const atProvider = await sandboxPayment(stored.providerPaymentId!);
    expect(atProvider.payment.amount.value).toBe("2541.50");
    expect(atProvider.payment.metadata.paymentId).toBe(body.data.id);
    expect(atProvider.returnUrl).toBe(`http://reys.test/payment/success?payment_id=${body.data.id}`);
  });

  it("gives no discount for an unknown source", async () => {
    const { body } = await create(a, validBody("basic", { partnerSource: "evil-corp" }));
    expect(body.data.amount.value).toBe("990.00");
    expect(body.data.discountPercent).toBe(0);
  });

  it("refuses an unknown plan and a return address off this site", async () => {
    const unknown = await create(a, validBody("platinum"));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("Тариф не найден");
    for (const returnUrl of [
      "https://evil.example/payment/success",
      "http://reys.test/dashboard",
      "http://reys.test.evil.example/payment/success",
      "javascript:alert(1)",
    ]) {
      const refused = await create(a, { planId: "basic", returnUrl });
      expect(refused.status, returnUrl).toBe(400);
      expect(refused.body.error).toBe("Некорректный адрес возврата");
    }
  });

  it("answers 503 when the provider is down, and a retry later makes the same payment with the same key", async () => {
    const who = await member();
    await setYooKassaFailure("error500");
    const down = await create(who, validBody("corporate"));
    expect(down.status).toBe(503);
    expect(down.body.error).toBe("Не удалось создать платеж");
    const [failed] = await testDb().select().from(payments).where(eq(payments.companyId, who.companyId));
    expect(failed).toMatchObject({ status: "pending", providerPaymentId: null });

    await setYooKassaFailure("none");
    const retried = await create(who, validBody("corporate"));
    expect(retried.status).toBe(201);
    expect(retried.body.data.id).toBe(failed.id);
    const rows = await testDb().select().from(payments).where(eq(payments.companyId, who.companyId));
    expect(rows).toHaveLength(1);
    expect(rows[0].idempotenceKey).toBe(failed.idempotenceKey);
  });

  it("never makes a second provider payment when the provider's answer is lost", async () => {
    const who = await member();
    const real = paymentProviderFor(env);
    const keys: string[] = [];
    const made: string[] = [];
    let calls = 0;
    // The first create reaches the provider, but its answer never comes back.
    const lossy: PaymentProvider = {
      getPayment: (id) => real.getPayment(id),
      async createPayment(input) {
        keys.push(input.idempotenceKey);
        const payment = await real.createPayment(input);
        made.push(payment.id);
        if (++calls === 1) throw new PaymentUnavailableError("answer lost");
        return payment;
      },
    };
    const result = await createPayment(
      { db: testDb(), provider: lossy, now: () => Date.now(), sleep: async () => {} },
      who,
      validBody("basic"),
      "http://reys.test",
    );
    expect(result.ok).toBe(true);
    expect(new Set(keys).size).toBe(1);
    expect(made).toHaveLength(2);
    expect(made[1]).toBe(made[0]);
  });
});

describe("the partner discount is the company's own", () => {
  it("a company with no partner that names «metro» pays the full 9,990 ₽", async () => {
    const who = await member();
    const { status, body } = await create(who, validBody("corporate", { partnerSource: "metro" }));
    expect(status).toBe(201);
    expect(body.data.amount).toEqual({ value: "9990.00", currency: "RUB" });
    expect(body.data.discountPercent).toBe(0);
    const stored = await row(body.data.id);
    expect(stored).toMatchObject({ amountKopecks: 999_000, discountPercent: 0, partnerSource: null });
    expect((await sandboxPayment(stored.providerPaymentId!)).payment.amount.value).toBe("9990.00");
  });

  it("a partner named only in the /register URL gives no discount", async () => {
    const who = await registeredWithPartnerInUrl("metro");
    const { body } = await create(who, validBody("corporate", { partnerSource: "metro" }));
    expect(body.data.amount.value).toBe("9990.00");
    expect(body.data.discountPercent).toBe(0);
  });

  it("a company registered through METRO's link pays 7,992 ₽, whichever partner it names", async () => {
    const who = await registeredThroughLink("metro");
    for (const extra of [
      {},
      { partnerSource: "metro" },
      { partnerSource: "magnit" },
      { partnerSource: null },
    ]) {
      const { status, body } = await create(who, validBody("corporate", extra));
      expect(status, JSON.stringify(extra)).toBe(201);
      expect(body.data.amount.value).toBe("7992.00");
      expect(body.data.discountPercent).toBe(20);
    }
  });

  it("the /payment page shows the discount and its price only to the partner's company", async () => {
    const [metroCarrier, plain, urlPartner] = await Promise.all([
      registeredThroughLink("metro"),
      member(),
      registeredWithPartnerInUrl("metro"),
    ]);
    expect(await paymentPage(metroCarrier, "?plan=corporate")).toEqual({
      badge: "Скидка партнёра «METRO»: 20%",
      payButton: "Оплатить 7 992 ₽",
    });
    // Another partner in the URL does not change the company's own discount.
    expect(await paymentPage(metroCarrier, "?plan=corporate&source=magnit&discount=90")).toEqual({
      badge: "Скидка партнёра «METRO»: 20%",
      payButton: "Оплатить 7 992 ₽",
    });
    for (const who of [plain, urlPartner]) {
      expect(await paymentPage(who, "?plan=corporate&source=metro")).toEqual({
        badge: null,
        payButton: "Оплатить 9 990 ₽",
      });
    }
  });
});

describe("payment creation is throttled per company", () => {
  it("a burst answers 429 with Retry-After and a Russian message, and adds no pending rows", async () => {
    const who = await member();
    const burst = await Promise.all(
      Array.from({ length: MAX_PAYMENTS_PER_COMPANY_PER_HOUR + 5 }, (_, i) =>
        create(who, validBody(i % 2 ? "basic" : "extended")),
      ),
    );
    const statuses = burst.map((answer) => answer.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_PAYMENTS_PER_COMPANY_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    // The refused calls wrote nothing: the rows are the admitted ones' (clicks on the same plan at
    // the same moment share one payment).
    const admitted = new Set(
      burst.filter((answer) => answer.status === 201).map((answer) => answer.body.data.id),
    );
    const rowsOf = async () =>
      (await testDb().select().from(payments).where(eq(payments.companyId, who.companyId))).map((r) => r.id);
    expect(new Set(await rowsOf())).toEqual(admitted);

    const { response } = await callWeb("/api/payments/create", {
      ...postJson(validBody("basic")),
      headers: { ...auth(who), "content-type": "application/json" },
    });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await response.json()).toEqual({
      success: false,
      error: "Не удалось создать платеж",
      message: `Слишком много попыток оплаты. Попробуйте снова через ${Math.ceil(retryAfter / 60)} мин.`,
    });
    expect(new Set(await rowsOf())).toEqual(admitted);

    // Another company is not held back.
    expect((await create(await member(), validBody("basic"))).status).toBe(201);
  });
});

describe("one outcome, applied once", () => {
  const monthFrom = (ms: number) => addMoscowMonth(ms);

  it("the success page's read activates the plan for a month", async () => {
    const who = await member();
    const { body } = await create(who, validBody("basic"));
    await payAtSandbox(body.data.id, PAYS);
    const before = Date.now();
    const read = await api<PaymentView>(who, `/${body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: body.data.id,
      status: "succeeded",
      amount: { value: "990.00", currency: "RUB" },
      planId: "basic",
      planName: "Базовый",
      cancellation: null,
    });
    const subscription = await subscriptionOf(who);
    expect(subscription).toMatchObject({ planId: "basic", status: "active", maxShipments: 50 });
    const end = Date.parse(subscription.currentPeriodEnd!);
    expect(end).toBeGreaterThanOrEqual(monthFrom(before));
    expect(end).toBeLessThanOrEqual(monthFrom(Date.now()));
  });

  it("the webhook activates it, after reading the payment from the provider", async () => {
    const who = await member();
    const { body } = await create(who, validBody("corporate"));
    const providerId = await payAtSandbox(body.data.id, PAYS);
    const { response } = await callWeb("/api/payments/webhook", paymentNotification(providerId));
    expect(response.status).toBe(200);
    expect((await row(body.data.id)).status).toBe("succeeded");
    expect(await subscriptionOf(who)).toMatchObject({
      planId: "corporate",
      status: "active",
      maxShipments: -1,
    });
  });

  it("the cron check activates it", async () => {
    const who = await member();
    const { body } = await create(who, validBody("extended"));
    await payAtSandbox(body.data.id, PAYS);
    const result = await deliver([{ kind: "payments.check", scheduledAt: Date.now() }]);
    expect(result.explicitAcks).toHaveLength(1);
    const settled = await row(body.data.id);
    expect(settled.status).toBe("succeeded");
    expect(settled.checkedAt).not.toBeNull();
    expect(await subscriptionOf(who)).toMatchObject({ planId: "extended", status: "active" });
  });

  it("page, webhook and cron at once extend a running plan by exactly one month", async () => {
    const who = await member();
    const paidUntil = Date.now() + 10 * DAY_MS;
    await testDb()
      .insert(subscriptions)
      .values({
        companyId: who.companyId,
        planId: "basic",
        trialEndsAt: new Date(Date.now() + 14 * DAY_MS),
        currentPeriodEnd: new Date(paidUntil),
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    const { body } = await create(who, validBody("extended"));
    const providerId = await payAtSandbox(body.data.id, PAYS);
    const answers = await Promise.all([
      api<PaymentView>(who, `/${body.data.id}`),
      callWeb("/api/payments/webhook", paymentNotification(providerId)),
      deliver([{ kind: "payments.check", scheduledAt: Date.now() }]),
      api<PaymentView>(who, `/${body.data.id}`),
      callWeb("/api/payments/webhook", paymentNotification(providerId)),
    ]);
    expect(answers[0].body.data.status).toBe("succeeded");
    const [subscription] = await testDb()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, who.companyId));
    expect(subscription.planId).toBe("extended");
    expect(subscription.currentPeriodEnd!.getTime()).toBe(monthFrom(paidUntil));
    expect((await row(body.data.id)).appliedAt).not.toBeNull();
  });

  it("two payments of one company applied at once extend it by two months", async () => {
    const who = await member();
    const first = await create(who, validBody("basic"));
    const second = await create(who, validBody("basic"));
    await payAtSandbox(first.body.data.id, PAYS);
    await payAtSandbox(second.body.data.id, PAYS);
    const before = Date.now();
    await Promise.all([api(who, `/${first.body.data.id}`), api(who, `/${second.body.data.id}`)]);
    const end = Date.parse((await subscriptionOf(who)).currentPeriodEnd!);
    expect(end).toBeGreaterThanOrEqual(monthFrom(monthFrom(before)));
    expect(end).toBeLessThanOrEqual(monthFrom(monthFrom(Date.now())));
  });

  it("a declined card cancels the payment with the reason in Russian and leaves the plan as it was", async () => {
    const who = await member();
    const { body } = await create(who, validBody("extended"));
    await payAtSandbox(body.data.id, DECLINED);
    const read = await api<PaymentView>(who, `/${body.data.id}`);
    expect(read.body.data).toMatchObject({
      status: "canceled",
      cancellation: { reason: "insufficient_funds", text: "Недостаточно средств на карте" },
    });
    expect(await subscriptionOf(who)).toMatchObject({ status: "trial", currentPeriodEnd: null });
    const [stored] = await testDb()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, who.companyId));
    expect(stored).toBeUndefined();
  });

  it("a notification's own claims are not believed: an unpaid payment stays pending", async () => {
    const who = await member();
    const { body } = await create(who, validBody("corporate"));
    const { response } = await callWeb(
      "/api/payments/webhook",
      paymentNotification((await row(body.data.id)).providerPaymentId!),
    );
    expect(response.status).toBe(200);
    expect((await row(body.data.id)).status).toBe("pending");
    expect((await subscriptionOf(who)).status).toBe("trial");
  });

  it("a notification for an unknown payment answers 200 and changes nothing", async () => {
    const who = await member();
    const { body } = await create(who, validBody("basic"));
    const before = await row(body.data.id);
    const { response } = await callWeb(
      "/api/payments/webhook",
      paymentNotification("2d1e7c1a-000f-5000-9000-ffffffffffff"),
    );
    expect(response.status).toBe(200);
    expect(await row(body.data.id)).toEqual(before);
    expect((await subscriptionOf(who)).status).toBe("trial");
  });

  it("reading a payment while the provider is down answers what is stored; the next check settles it", async () => {
    const who = await member();
    const { body } = await create(who, validBody("basic"));
    await payAtSandbox(body.data.id, PAYS);
    await setYooKassaFailure("error500");
    const read = await api<PaymentView>(who, `/${body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.status).toBe("pending");
    const { response } = await callWeb(
      "/api/payments/webhook",
      paymentNotification((await row(body.data.id)).providerPaymentId!),
    );
    expect(response.status).toBe(200);
    expect((await row(body.data.id)).status).toBe("pending");
    await setYooKassaFailure("none");
    await deliver([{ kind: "payments.check", scheduledAt: Date.now() }]);
    expect((await row(body.data.id)).status).toBe("succeeded");
    expect((await subscriptionOf(who)).status).toBe("active");
  });

  it("another company's payment is not found", async () => {
    const { body } = await create(a, validBody("basic"));
    const foreign = await api(b, `/${body.data.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("Платеж не найден");
    expect((await api(a, `/${body.data.id}`)).status).toBe(200);
  });
});

describe("/payment/success without a session (decision 0070)", () => {
  /** The page a browser ends on from `path`, following redirects, and what it shows. */
  async function landOn(path: string, cookie?: string) {
    const first = await callWeb(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    const location = first.response.headers.get("location");
    const final = location ? await callWeb(location, { headers: cookie ? { cookie } : {} }) : first;
    const html = (await final.response.text()).replace(/[\u00a0\u202f]/g, " ");
    return { location, status: final.response.status, html };
  }
  const statusOf = (html: string) => /data-testid="payment-status"[^>]*>([^<]*)</.exec(html)?.[1];

  it("tells a payer whose session ended the payment's status only, with a way to sign in", async () => {
    const who = await member();
    const { body } = await create(who, validBody("basic"));
    const { returnUrl } = await row(body.data.id);
    const path = new URL(returnUrl).pathname + new URL(returnUrl).search;
    expect(path).toBe(`/payment/success?payment_id=${body.data.id}`);

    const waiting = await landOn(path);
    expect(waiting.location).toBe(`/payment/result?payment_id=${body.data.id}`);
    expect(waiting.status).toBe(200);
    expect(statusOf(waiting.html)).toBe("В обработке");

    // Paid (the page's read asks the provider, as the signed-in page does): the outcome, and nothing else.
    await payAtSandbox(body.data.id, PAYS);
    const paid = await landOn(path);
    expect(statusOf(paid.html)).toBe("Оплачено");
    expect((await subscriptionOf(who)).planId).toBe("basic");
    const [company] = await testDb().select().from(companies).where(eq(companies.id, who.companyId));
    for (const secret of [company.name, "990 ₽", "Базовый", who.userId])
      expect(paid.html).not.toContain(secret);
    const signIn = `/login?${new URLSearchParams({ redirectTo: `/payment/success?payment_id=${body.data.id}` })}`;
    expect(paid.html).toContain(`href="${signIn.replaceAll("&", "&amp;")}"`);

    // Signed in, the same return address is the full page, as before.
    const full = await callWeb(path, { headers: { cookie: who.cookie }, redirect: "manual" });
    expect(full.response.status).toBe(200);
    expect(await full.response.text()).toContain("Проверяем платёж");
    const back = await callWeb(`/payment/result?payment_id=${body.data.id}`, {
      headers: { cookie: who.cookie },
      redirect: "manual",
    });
    expect(back.response.headers.get("location")).toBe(`/payment/success?payment_id=${body.data.id}`);
  });

  it("tells nothing of an unknown or malformed id, and keeps the answer out of caches", async () => {
    for (const id of [crypto.randomUUID(), "1", "' OR 1=1 --", ""]) {
      const page = await callWeb(`/payment/result?payment_id=${encodeURIComponent(id)}`);
      expect(page.response.status).toBe(200);
      expect(page.response.headers.get("cache-control")).toBe("no-store");
      expect(statusOf(await page.response.text())).toBe("Не удалось получить информацию о платеже");
    }
  });
});

describe("refunds", () => {
  /** A paid payment for `planId`, applied by the success page's read; its provider id. */
  async function paid(who: Member, planId: string) {
    const { body } = await create(who, validBody(planId));
    const providerId = await payAtSandbox(body.data.id, PAYS);
    expect((await api<PaymentView>(who, `/${body.data.id}`)).body.data.status).toBe("succeeded");
    return { id: body.data.id, providerId };
  }

  const periodEnd = async (who: Member) => Date.parse((await subscriptionOf(who)).currentPeriodEnd!);

  it("a full refund early in the month ends the subscription: a company past its trial is expired", async () => {
    const who = await member();
    await testDb()
      .update(companies)
      .set({ createdAt: new Date(Date.now() - 20 * DAY_MS) })
      .where(eq(companies.id, who.companyId));
    const payment = await paid(who, "corporate");
    expect(await subscriptionOf(who)).toMatchObject({
      status: "active",
      planId: "corporate",
      maxShipments: -1,
    });

    const refund = await refundAtSandbox(payment.providerId, "9990.00");
    const before = Date.now();
    const { response } = await callWeb("/api/payments/webhook", refundNotification(refund));
    expect(response.status).toBe(200);
    const after = await subscriptionOf(who);
    expect(after).toMatchObject({ status: "expired", maxShipments: 0, daysLeft: 0 });
    expect(Date.parse(after.currentPeriodEnd!)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(after.currentPeriodEnd!)).toBeGreaterThan(before - 60_000);
    const view = await api<PaymentView>(who, `/${payment.id}`);
    expect(view.body.data).toMatchObject({
      status: "succeeded",
      refunded: { value: "9990.00", currency: "RUB" },
    });
  });

  it("refunding the later of two months in halves gives its time, then its plan, back", async () => {
    const who = await member();
    await paid(who, "basic");
    const basicEnd = await periodEnd(who);
    const extended = await paid(who, "extended");
    const extendedEnd = await periodEnd(who);
    expect(extendedEnd).toBe(addMoscowMonth(basicEnd));
    const month = extendedEnd - basicEnd;

    const half = await refundAtSandbox(extended.providerId, "1495.00");
    await callWeb("/api/payments/webhook", refundNotification(half));
    expect(await subscriptionOf(who)).toMatchObject({ planId: "extended", status: "active" });
    expect(await periodEnd(who)).toBe(extendedEnd - Math.round(month / 2));
    // The same notification again, or one for a payment with nothing more refunded, changes nothing.
    await callWeb("/api/payments/webhook", refundNotification(half));
    await callWeb("/api/payments/webhook", paymentNotification(extended.providerId));
    expect(await periodEnd(who)).toBe(extendedEnd - Math.round(month / 2));

    const rest = await refundAtSandbox(extended.providerId, "1495.00");
    await callWeb("/api/payments/webhook", refundNotification(rest));
    expect(await subscriptionOf(who)).toMatchObject({ planId: "basic", status: "active", maxShipments: 50 });
    expect(await periodEnd(who)).toBe(basicEnd);
  });

  it("a refund notification's own claims are not believed", async () => {
    const who = await member();
    const payment = await paid(who, "basic");
    const end = await periodEnd(who);
    const forged = {
      id: "2f000000-0016-5000-8000-000000000000",
      payment_id: payment.providerId,
      status: "succeeded",
      amount: { value: "990.00", currency: "RUB" },
    };
    expect((await callWeb("/api/payments/webhook", refundNotification(forged))).response.status).toBe(200);
    expect(await periodEnd(who)).toBe(end);
    expect((await row(payment.id)).refundedKopecks).toBe(0);
  });

  it("the status check applies a payment refunded before we saw it paid: the month comes and goes", async () => {
    const who = await member();
    const { body } = await create(who, validBody("extended"));
    const providerId = await payAtSandbox(body.data.id, PAYS);
    await refundAtSandbox(providerId, "2990.00");
    await deliver([{ kind: "payments.check", scheduledAt: Date.now() }]);
    expect(await row(body.data.id)).toMatchObject({ status: "succeeded", refundedKopecks: 299_000 });
    const subscription = await subscriptionOf(who);
    expect(subscription.status).toBe("trial");
    expect(Date.parse(subscription.currentPeriodEnd!)).toBeLessThanOrEqual(Date.now());
  });
});

describe("plan limits where orders are created", () => {
  async function ordersOf(companyId: string) {
    return testDb().select().from(platformOrders).where(eq(platformOrders.companyId, companyId));
  }

  /** `count` orders of the company created at `createdAt`, on one connection of its own. */
  async function giveOrders(companyId: string, count: number, createdAt: Date) {
    const connectionId = await createConnectionFor(companyId);
    await testDb()
      .insert(platformOrders)
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: crypto.randomUUID(),
          companyId,
          connectionId,
          platformId: "magnit" as const,
          externalOrderId: `MGN-LIMIT-${i}`,
          pickupAddress: "г Краснодар",
          deliveryAddress: "г Ростов-на-Дону",
          documentsRequired: [],
          currency: "RUB",
          status: "new" as const,
          createdAt,
          syncedAt: createdAt,
        })),
      );
  }

  it("admits this month's new orders up to the plan, keeps history and updates, and says why", async () => {
    const who = await member();
    await testDb()
      .insert(subscriptions)
      .values({
        companyId: who.companyId,
        planId: "basic",
        trialEndsAt: new Date(Date.now() - DAY_MS),
        currentPeriodEnd: new Date(Date.now() + 20 * DAY_MS),
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    const now = Date.now();
    await giveOrders(who.companyId, 48, new Date(now));
    expect(await subscriptionOf(who)).toMatchObject({
      status: "active",
      maxShipments: 50,
      shipmentsUsed: 48,
    });

    const lastYear = new Date(now - 400 * DAY_MS);
    const rows = [
      ...Array.from({ length: 5 }, (_, i) => ({ key: `new-${i}`, createdAt: new Date(now) })),
      { key: "old-1", createdAt: lastYear },
      { key: "old-2", createdAt: lastYear },
      { key: "known", createdAt: new Date(now) },
    ];
    const limited = await limitNewOrders(testDb(), who.companyId, rows, (row) => row.key !== "known", now);
    expect(limited.rows.map((row) => row.key)).toEqual(["new-0", "new-1", "old-1", "old-2", "known"]);
    expect(limited.refused).toBe(3);
    expect(limited.message).toBe(
      "Достигнут лимит тарифа «Базовый»: 50 рейсов в месяц. Выберите тариф: /payment",
    );
  });

  it("an expired company's platform sync creates no new orders and tells it to choose a plan", async () => {
    const who = await member();
    // Registered 20 days ago: the 14-day trial is over and nothing was paid.
    await testDb()
      .update(companies)
      .set({ createdAt: new Date(Date.now() - 20 * DAY_MS) })
      .where(eq(companies.id, who.companyId));
    expect(await subscriptionOf(who)).toMatchObject({ status: "expired", maxShipments: 0, daysLeft: 0 });
    const connectionId = await createConnectionFor(who.companyId);
    const started = await callWeb(`/api/platforms/connections/${connectionId}/sync`, {
      method: "POST",
      headers: auth(who),
    });
    expect(started.response.status).toBe(202);
    const queue = recordingQueue();
    let pending = started.sent.map((m) => m.body);
    while (pending.length > 0) {
      await deliver(pending, { env: { JOBS: queue.queue } });
      pending = queue.sent.splice(0).map((m) => m.body);
    }
    expect(await ordersOf(who.companyId)).toEqual([]);
    const { response } = await callWeb("/api/platforms/connections", { headers: auth(who) });
    const connections = (
      await response.json<{ data: { id: string; sync_status: string; sync_error: string }[] }>()
    ).data;
    expect(connections.find((c) => c.id === connectionId)).toMatchObject({
      sync_status: "success",
      sync_error: "Пробный период закончился: новые заказы не загружаются. Выберите тариф: /payment",
    });
  });
});
