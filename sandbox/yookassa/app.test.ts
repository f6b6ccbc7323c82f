// The sandbox YooKassa: API v3 (auth, idempotence, validation, errors), the checkout page, the
// notifications, the failure switch, and a stock YooKassa client pointed at it.
import { serve } from "@hono/node-server";
import { CurrencyEnum, YooKassa, YooKassaErr } from "@webzaytsev/yookassa-ts-sdk";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxApp } from "../app";
import type { WirePayment, WireRefund } from "./app";
import type { NotificationRecord } from "./notifications";

type App = ReturnType<typeof createSandboxApp>;
type Server = ReturnType<typeof serve>;

const AUTH = `Basic ${Buffer.from("123456:test_reys_sandbox_secret").toString("base64")}`;
const RETURN_URL = "http://127.0.0.1:8787/payment/success?paymentId=our-1";
const PAYS = "5555 5555 5555 4477";
const DECLINED = "5555555555554592";

function listen(fetchHandler: (request: Request) => Response | Promise<Response>): Promise<Server> {
  return new Promise((resolve) => {
    const started = serve({ fetch: fetchHandler, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
}
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

/** A webhook that records what it receives and answers the queued statuses (then 200). */
const received: { event: string; object: WirePayment; type: string }[] = [];
const webhookAnswers: number[] = [];
let webhook: Server;
let webhookUrl: string | undefined;

beforeAll(async () => {
  webhook = await listen(
    new Hono().post("/api/payments/webhook", async (c) => {
      received.push(await c.req.json());
      return c.body(null, (webhookAnswers.shift() ?? 200) as 200);
    }).fetch,
  );
});

afterAll(async () => {
  await close(webhook);
});

const newApp = () =>
  createSandboxApp({ yookassa: { webhookUrl: () => webhookUrl, retryDelaysMs: [20, 40, 80] } });

let keys = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  amount: { value: "2990.00", currency: "RUB" },
  capture: true,
  confirmation: { type: "redirect", return_url: RETURN_URL },
  description: "Подписка «Расширенный», 1 месяц",
  metadata: { paymentId: "our-1", companyId: "company-1" },
  ...overrides,
});

const create = (app: App, payload: unknown = body(), key: string | null = `key-${++keys}`, auth = AUTH) =>
  app.request("/v3/payments", {
    method: "POST",
    headers: {
      authorization: auth,
      "content-type": "application/json",
      ...(key === null ? {} : { "idempotence-key": key }),
    },
    body: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

async function created(app: App, payload: unknown = body()): Promise<WirePayment> {
  const response = await create(app, payload);
  expect(response.status).toBe(200);
  return (await response.json()) as WirePayment;
}

const read = (app: App, id: string, auth = AUTH) =>
  app.request(`/v3/payments/${id}`, { headers: { authorization: auth } });

const submitCard = (app: App, id: string, card: string) =>
  app.request(`/checkout/${id}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card_number: card, expiry: "12/30", cvc: "123" }).toString(),
  });

const adminPay = (app: App, id: string, card: unknown) =>
  app.request(`/__sandbox/yookassa/payments/${id}/pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ card }),
  });

const stateOf = async (app: App, id: string) =>
  ((await (await app.request(`/__sandbox/yookassa/payments/${id}`)).json()) as { payment: WirePayment })
    .payment;

const notifications = async (app: App, paymentId?: string) =>
  (
    (await (
      await app.request(`/__sandbox/yookassa/notifications${paymentId ? `?paymentId=${paymentId}` : ""}`)
    ).json()) as { notifications: NotificationRecord[] }
  ).notifications;

/** The payment's notifications once none is still being sent. */
async function settledNotifications(app: App, paymentId: string): Promise<NotificationRecord[]> {
  for (let i = 0; i < 100; i++) {
    const list = await notifications(app, paymentId);
    if (list.every((n) => n.status !== "sending")) return list;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("notifications still sending");
}

async function errorOf(response: Response): Promise<{ status: number } & Record<string, unknown>> {
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

describe("sandbox YooKassa API", () => {
  it("refuses requests without the sandbox shop's credentials, in YooKassa's shape", async () => {
    const app = newApp();
    const wrong = [
      "",
      "Bearer token",
      `Basic ${btoa("123456:another_secret")}`,
      `Basic ${btoa("654321:test_reys_sandbox_secret")}`,
      "Basic %%%",
    ];
    for (const auth of wrong) {
      expect(await errorOf(await create(app, body(), "k", auth))).toEqual({
        status: 401,
        type: "error",
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        code: "invalid_credentials",
        description: expect.any(String),
        parameter: "Authorization",
      });
    }
    expect((await read(app, "x", `Basic ${btoa("123456:nope")}`)).status).toBe(401);
  });

  it("creates a pending payment in YooKassa's shape and reads it back", async () => {
    const app = newApp();
    const payment = await created(app);
    expect(payment).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-000f-5000-8000-[0-9a-f]{12}$/),
      status: "pending",
      paid: false,
      amount: { value: "2990.00", currency: "RUB" },
      description: "Подписка «Расширенный», 1 месяц",
      recipient: { account_id: "123456", gateway_id: expect.any(String) },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      confirmation: {
        type: "redirect",
        confirmation_url: `http://localhost/checkout/${payment.id}`,
        return_url: RETURN_URL,
      },
      test: true,
      refundable: false,
      metadata: { paymentId: "our-1", companyId: "company-1" },
    });
    expect(await (await read(app, payment.id)).json()).toEqual(payment);
    expect((await created(app)).id).not.toBe(payment.id);
  });

  it("answers the same payment for the same key and body, and refuses the key with another body", async () => {
    const app = newApp();
    const first = await create(app, body(), "same-key");
    const firstJson = await first.json();
    // Key order and spacing do not make another body.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(body()).reverse()), null, 2);
    const again = await create(app, reordered, "same-key");
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstJson);

    expect(await errorOf(await create(app, body({ description: "Другое" }), "same-key"))).toMatchObject({
      status: 400,
      type: "error",
      code: "invalid_request",
      description: "Idempotence key duplicated",
      parameter: "Idempotence-Key",
    });
  });

  it("requires an Idempotence-Key of at most 64 characters", async () => {
    const app = newApp();
    expect(await errorOf(await create(app, body(), null))).toMatchObject({
      status: 400,
      code: "invalid_request",
      parameter: "Idempotence-Key",
    });
    expect(await errorOf(await create(app, body(), "k".repeat(65)))).toMatchObject({
      status: 400,
      parameter: "Idempotence-Key",
    });
    expect((await create(app, body(), "k".repeat(64))).status).toBe(200);
  });

  it("validates the payment's fields", async () => {
    const app = newApp();
    const bad: [unknown, string | undefined][] = [
      ["{not json", undefined],
      [body({ amount: { value: "2990", currency: "RUB" } }), "amount.value"],
      [body({ amount: { value: "29.9", currency: "RUB" } }), "amount.value"],
      [body({ amount: { value: 2990, currency: "RUB" } }), "amount.value"],
      [body({ amount: { value: "0.00", currency: "RUB" } }), "amount.value"],
      [body({ amount: { value: "2990.00", currency: "USD" } }), "amount.currency"],
      [body({ capture: false }), "capture"],
      [body({ confirmation: undefined }), "confirmation"],
      [body({ confirmation: { type: "embedded", return_url: RETURN_URL } }), "confirmation.type"],
      [body({ confirmation: { type: "redirect", return_url: "not a url" } }), "confirmation.return_url"],
      [
        body({ confirmation: { type: "redirect", return_url: "javascript:alert(1)" } }),
        "confirmation.return_url",
      ],
      [body({ description: "д".repeat(129) }), "description"],
      [body({ metadata: { paymentId: 1 } }), "metadata.paymentId"],
      [
        body({ metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"])) }),
        "metadata",
      ],
    ];
    for (const [payload, parameter] of bad) {
      const error = await errorOf(await create(app, payload));
      expect(error, JSON.stringify(payload)).toMatchObject({
        status: 400,
        type: "error",
        code: "invalid_request",
      });
      expect(error.parameter, JSON.stringify(payload)).toBe(parameter);
    }
    expect((await create(app, body({ description: "д".repeat(128), metadata: undefined }))).status).toBe(200);
  });

  it("answers 404 not_found for an unknown payment or call", async () => {
    const app = newApp();
    expect(await errorOf(await read(app, "2f000000-000f-5000-8000-000000000000"))).toMatchObject({
      status: 404,
      type: "error",
      code: "not_found",
    });
    const receipts = await app.request("/v3/receipts", { headers: { authorization: AUTH } });
    expect(await errorOf(receipts)).toMatchObject({ status: 404, code: "not_found" });
    expect((await app.request("/checkout/unknown")).status).toBe(404);
    expect((await app.request("/__sandbox/yookassa/payments/unknown")).status).toBe(404);
    expect((await adminPay(app, "unknown", PAYS)).status).toBe(404);
  });
});

describe("sandbox YooKassa checkout page", () => {
  it("shows the shop, amount and description with the card form", async () => {
    const app = newApp();
    const payment = await created(app, body({ description: "Подписка <Базовый> & «ещё»" }));
    const page = await app.request(`/checkout/${payment.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain("123456");
    expect(html).toContain("2\u00a0990,00\u00a0₽");
    expect(html).toContain("Подписка &#60;Базовый&#62; &#38; «ещё»");
    expect(html).toMatch(/<label for="card_number">Номер карты<\/label>/);
    expect(html).toContain('name="expiry"');
    expect(html).toContain('name="cvc"');
    expect(html).toMatch(/<button type="submit">Оплатить<\/button>/);
    expect(html).not.toMatch(/<(script|link)\b|src=/);
  });

  it("pays with the success card and redirects to return_url", async () => {
    webhookUrl = undefined;
    const app = newApp();
    const payment = await created(app);
    const response = await submitCard(app, payment.id, PAYS);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(RETURN_URL);

    const paid = (await (await read(app, payment.id)).json()) as WirePayment;
    expect(paid).toMatchObject({
      status: "succeeded",
      paid: true,
      captured_at: expect.stringMatching(/Z$/),
      income_amount: { value: "2885.35", currency: "RUB" },
      refundable: true,
      payment_method: {
        type: "bank_card",
        saved: false,
        title: "Bank card *4477",
        card: { last4: "4477", card_type: "MasterCard", issuer_country: "RU" },
      },
    });
    expect(paid.confirmation).toBeUndefined();
    expect(JSON.stringify(await stateOf(app, payment.id))).not.toMatch(/555555|first6/);

    const page = await (await app.request(`/checkout/${payment.id}`)).text();
    expect(page).toContain("Платёж уже оплачен.");
    expect(page).toContain(`href="${RETURN_URL.replace("&", "&#38;")}"`);
    expect(page).not.toContain("Оплатить</button>");

    const twice = await submitCard(app, payment.id, DECLINED);
    expect(twice.status).toBe(409);
    expect((await stateOf(app, payment.id)).status).toBe("succeeded");
  });

  it("declines the insufficient-funds card: canceled with cancellation_details", async () => {
    const app = newApp();
    const payment = await created(app);
    const response = await submitCard(app, payment.id, DECLINED);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(RETURN_URL);
    expect(await stateOf(app, payment.id)).toMatchObject({
      status: "canceled",
      paid: false,
      refundable: false,
      cancellation_details: { party: "payment_network", reason: "insufficient_funds" },
      payment_method: { card: { last4: "4592" } },
    });
    const page = await (await app.request(`/checkout/${payment.id}`)).text();
    expect(page).toContain("Платёж отменён: недостаточно средств на карте.");
  });

  it("refuses any other card and changes nothing", async () => {
    webhookUrl = undefined;
    const app = newApp();
    const payment = await created(app);
    for (const card of ["4111 1111 1111 1111", "", "abc"]) {
      const response = await submitCard(app, payment.id, card);
      expect(response.status).toBe(422);
      const html = await response.text();
      expect(html).toContain("Карта не принята");
      expect(html).toContain("Оплатить</button>");
    }
    expect(await stateOf(app, payment.id)).toEqual(payment);
    expect(await notifications(app, payment.id)).toEqual([]);
  });
});

describe("sandbox YooKassa controls", () => {
  it("pays through the admin route with the page's outcomes", async () => {
    const app = newApp();
    const good = await created(app);
    const paid = await adminPay(app, good.id, "5555-5555-5555-4477");
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ outcome: "succeeded", payment: { status: "succeeded" } });
    expect(await (await adminPay(app, good.id, DECLINED)).json()).toMatchObject({ outcome: "not_pending" });

    const bad = await created(app);
    expect((await adminPay(app, bad.id, "4111111111111111")).status).toBe(422);
    const declined = await adminPay(app, bad.id, DECLINED);
    expect(await declined.json()).toMatchObject({ outcome: "canceled", payment: { status: "canceled" } });
    expect((await adminPay(app, bad.id, 4477)).status).toBe(400);

    expect(await (await app.request(`/__sandbox/yookassa/payments/${good.id}`)).json()).toMatchObject({
      shopId: "123456",
      returnUrl: RETURN_URL,
      payment: { id: good.id, status: "succeeded" },
    });
  });
});

describe("sandbox YooKassa notifications", () => {
  it("posts payment.succeeded and payment.canceled to the webhook", async () => {
    webhookUrl = `${urlOf(webhook)}/api/payments/webhook`;
    const app = newApp();
    const good = await created(app);
    const bad = await created(app);
    received.length = 0;
    await submitCard(app, good.id, PAYS);
    await adminPay(app, bad.id, DECLINED);

    const [sent] = await settledNotifications(app, good.id);
    expect(sent).toMatchObject({ event: "payment.succeeded", url: webhookUrl, status: "delivered" });
    expect(sent.attempts).toEqual([{ at: expect.any(String), httpStatus: 200, error: null }]);
    await settledNotifications(app, bad.id);
    expect(received).toEqual([
      { type: "notification", event: "payment.succeeded", object: await stateOf(app, good.id) },
      { type: "notification", event: "payment.canceled", object: await stateOf(app, bad.id) },
    ]);
  });

  it("retries with growing pauses until the webhook answers 2xx", async () => {
    webhookUrl = `${urlOf(webhook)}/api/payments/webhook`;
    const app = newApp();
    const payment = await created(app);
    received.length = 0;
    webhookAnswers.push(500, 503);
    await submitCard(app, payment.id, PAYS);
    const [sent] = await settledNotifications(app, payment.id);
    expect(sent.status).toBe("delivered");
    expect(sent.attempts.map((a) => a.httpStatus)).toEqual([500, 503, 200]);
    expect(received).toHaveLength(3);
  });

  it("gives up after its retries when the webhook is down, and keeps answering", async () => {
    const down = await listen(() => new Response(null));
    webhookUrl = `${urlOf(down)}/api/payments/webhook`;
    await close(down);
    const app = newApp();
    const payment = await created(app);
    const started = Date.now();
    const redirect = await submitCard(app, payment.id, PAYS);
    expect(redirect.status).toBe(303);
    expect(Date.now() - started).toBeLessThan(1_000);
    const [sent] = await settledNotifications(app, payment.id);
    expect(sent.status).toBe("failed");
    expect(sent.attempts).toHaveLength(4);
    expect(sent.attempts.every((a) => a.httpStatus === null && a.error)).toBe(true);
    expect((await read(app, payment.id)).status).toBe(200);
  });

  it("logs the notification as skipped when no webhook URL is set", async () => {
    webhookUrl = undefined;
    const app = newApp();
    const payment = await created(app);
    await adminPay(app, payment.id, PAYS);
    expect(await notifications(app)).toEqual([
      {
        id: 1,
        event: "payment.succeeded",
        paymentId: payment.id,
        url: null,
        status: "skipped",
        attempts: [],
      },
    ]);
  });
});

const refundOf = (app: App, payload: unknown, key: string | null = `refund-key-${++keys}`) =>
  app.request("/v3/refunds", {
    method: "POST",
    headers: {
      authorization: AUTH,
      "content-type": "application/json",
      ...(key === null ? {} : { "idempotence-key": key }),
    },
    body: JSON.stringify(payload),
  });

const rub = (value: string) => ({ value, currency: "RUB" });

describe("sandbox YooKassa refunds", () => {
  it("refunds a succeeded payment in parts, in YooKassa's shapes, and sends refund.succeeded", async () => {
    webhookUrl = `${urlOf(webhook)}/api/payments/webhook`;
    const app = newApp();
    const payment = await created(app);
    await adminPay(app, payment.id, PAYS);
    await settledNotifications(app, payment.id);
    received.length = 0;

    const first = await refundOf(app, {
      payment_id: payment.id,
      amount: rub("1000.00"),
      description: "Возврат",
    });
    expect(first.status).toBe(200);
    const refund = (await first.json()) as WireRefund;
    expect(refund).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-0016-5000-8000-[0-9a-f]{12}$/),
      payment_id: payment.id,
      status: "succeeded",
      amount: rub("1000.00"),
      description: "Возврат",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      refund_authorization_details: { rrn: expect.any(String) },
    });
    // The payment stays succeeded; what was refunded grows.
    expect(await (await read(app, payment.id)).json()).toMatchObject({
      status: "succeeded",
      refunded_amount: rub("1000.00"),
      refundable: true,
    });

    const rest = (await (
      await refundOf(app, { payment_id: payment.id, amount: rub("1990.00") })
    ).json()) as WireRefund;
    expect(await (await read(app, payment.id)).json()).toMatchObject({
      status: "succeeded",
      refunded_amount: rub("2990.00"),
      refundable: false,
    });
    expect(await errorOf(await refundOf(app, { payment_id: payment.id, amount: rub("0.01") }))).toMatchObject(
      {
        status: 400,
        type: "error",
        code: "invalid_request",
        parameter: "amount.value",
      },
    );

    const load = await app.request(`/v3/refunds/${refund.id}`, { headers: { authorization: AUTH } });
    expect(await load.json()).toEqual(refund);
    const list = await app.request(`/v3/refunds?payment_id=${payment.id}`, {
      headers: { authorization: AUTH },
    });
    expect(await list.json()).toEqual({ type: "list", items: [rest, refund] });

    const sent = await settledNotifications(app, payment.id);
    expect(sent.map((n) => [n.event, n.status])).toEqual([
      ["payment.succeeded", "delivered"],
      ["refund.succeeded", "delivered"],
      ["refund.succeeded", "delivered"],
    ]);
    expect(received).toEqual([
      { type: "notification", event: "refund.succeeded", object: refund },
      { type: "notification", event: "refund.succeeded", object: rest },
    ]);
  });

  it("refunds once per Idempotence-Key, and refuses what cannot be refunded", async () => {
    const app = newApp();
    const payment = await created(app);
    const whole = { payment_id: payment.id, amount: rub("2990.00") };
    expect(await errorOf(await refundOf(app, whole))).toMatchObject({
      status: 400,
      code: "invalid_request",
      parameter: "payment_id",
    });
    await adminPay(app, payment.id, PAYS);
    expect(await errorOf(await refundOf(app, whole, null))).toMatchObject({
      status: 400,
      parameter: "Idempotence-Key",
    });
    const once = await (await refundOf(app, whole, "refund-once")).json();
    expect(await (await refundOf(app, whole, "refund-once")).json()).toEqual(once);
    expect(
      await errorOf(await refundOf(app, { ...whole, amount: rub("1.00") }, "refund-once")),
    ).toMatchObject({
      status: 400,
      description: "Idempotence key duplicated",
    });
    expect(
      await errorOf(await refundOf(app, { ...whole, payment_id: "2f000000-000f-5000-8000-000000000000" })),
    ).toMatchObject({
      status: 404,
      code: "not_found",
      parameter: "payment_id",
    });
    expect(await errorOf(await refundOf(app, { payment_id: payment.id, amount: rub("0.00") }))).toMatchObject(
      {
        status: 400,
        parameter: "amount.value",
      },
    );
    expect(await (await read(app, payment.id)).json()).toMatchObject({ refunded_amount: rub("2990.00") });
  });
});

describe("sandbox YooKassa failure switch", () => {
  const switchFailure = (app: App, mode: string) =>
    app.request("/__sandbox/failures", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "yookassa", mode }),
    });

  it("fails /v3 on purpose and leaves the page and controls working", async () => {
    const app = newApp();
    const payment = await created(app);
    expect((await switchFailure(app, "error500")).status).toBe(200);
    expect((await create(app)).status).toBe(500);
    expect((await read(app, payment.id)).status).toBe(500);
    expect((await app.request(`/checkout/${payment.id}`)).status).toBe(200);
    expect((await app.request(`/__sandbox/yookassa/payments/${payment.id}`)).status).toBe(200);

    await switchFailure(app, "timeout");
    const started = Date.now();
    const hung = await app.request(`/v3/payments/${payment.id}`, {
      headers: { authorization: AUTH },
      signal: AbortSignal.timeout(200),
    });
    expect(hung.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2_000);

    await switchFailure(app, "none");
    expect((await read(app, payment.id)).status).toBe(200);
    expect(await (await app.request("/__sandbox/failures")).json()).toMatchObject({ yookassa: "none" });
  });
});

describe("a stock YooKassa client against the sandbox", () => {
  let sandbox: Server;
  let sandboxUrl: string;

  beforeAll(async () => {
    sandbox = await listen(newApp().fetch);
    sandboxUrl = urlOf(sandbox);
  });

  afterAll(async () => {
    await close(sandbox);
  });

  const client = (secretKey = "test_reys_sandbox_secret") =>
    YooKassa({ shop_id: "123456", secret_key: secretKey, endpoint: `${sandboxUrl}/v3`, retries: 0 }, true);

  it("creates and reads a payment, idempotently", async () => {
    const sdk = client();
    const payment = await sdk.payments.create(
      {
        amount: { value: "990.00", currency: CurrencyEnum.RUB },
        capture: true,
        confirmation: { type: "redirect", return_url: RETURN_URL },
        description: "Подписка «Базовый», 1 месяц",
        metadata: { paymentId: "our-2" },
      },
      "stock-client-key",
    );
    expect(payment).toMatchObject({
      status: "pending",
      paid: false,
      amount: { value: "990.00", currency: "RUB" },
      confirmation: { type: "redirect", confirmation_url: `${sandboxUrl}/checkout/${payment.id}` },
      metadata: { paymentId: "our-2" },
    });
    expect(await sdk.payments.load(payment.id)).toEqual(payment);

    const retried = await sdk.payments.create(
      {
        amount: { value: "990.00", currency: CurrencyEnum.RUB },
        capture: true,
        confirmation: { type: "redirect", return_url: RETURN_URL },
        description: "Подписка «Базовый», 1 месяц",
        metadata: { paymentId: "our-2" },
      },
      "stock-client-key",
    );
    expect(retried.id).toBe(payment.id);

    await fetch(`${sandboxUrl}/__sandbox/yookassa/payments/${payment.id}/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ card: PAYS }),
    });
    expect(await sdk.payments.load(payment.id)).toMatchObject({ status: "succeeded", paid: true });
  });

  it("refunds a payment and reads the refund back", async () => {
    const sdk = client();
    const payment = await sdk.payments.create(
      {
        amount: { value: "2990.00", currency: CurrencyEnum.RUB },
        capture: true,
        confirmation: { type: "redirect", return_url: RETURN_URL },
        description: "Подписка «Расширенный», 1 месяц",
      },
      "stock-client-refunded-payment",
    );
    await fetch(`${sandboxUrl}/__sandbox/yookassa/payments/${payment.id}/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ card: PAYS }),
    });
    const refund = await sdk.refunds.create(
      { payment_id: payment.id, amount: { value: "2990.00", currency: CurrencyEnum.RUB } },
      "stock-client-refund",
    );
    expect(refund).toMatchObject({
      payment_id: payment.id,
      status: "succeeded",
      amount: { value: "2990.00" },
    });
    expect(await sdk.refunds.load(refund.id)).toEqual(refund);
    expect(await sdk.refunds.list({ payment_id: payment.id })).toEqual([refund]);
    expect(await sdk.payments.load(payment.id)).toMatchObject({
      status: "succeeded",
      refunded_amount: { value: "2990.00", currency: "RUB" },
    });
  });

  it("gets YooKassa's errors through the client's own error type", async () => {
    const refused = await client("wrong-secret")
      .payments.load("any")
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(YooKassaErr);
    expect(refused).toMatchObject({ name: "invalid_credentials" });

    const missing = await client()
      .payments.load("2f000000-000f-5000-8000-000000000000")
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: "not_found" });
  });
});
