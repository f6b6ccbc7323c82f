// The YooKassa adapter against the sandbox twin over real HTTP: the same protocol both ways.
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSandboxApp } from "../../sandbox/app";
import {
  PaymentNotFoundError,
  PaymentRejectedError,
  PaymentUnavailableError,
  type CreatePaymentInput,
} from "./payment-provider";
import { amountToKopecks, createYooKassa, kopecksToAmount } from "./yookassa";

const SHOP_ID = "123456";
const SECRET_KEY = "test_reys_sandbox_secret";

let server: ReturnType<typeof serve>;
let sandboxUrl: string;
let apiUrl: string;

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: createSandboxApp().fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(started),
    );
  });
  sandboxUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  apiUrl = `${sandboxUrl}/v3`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const switchFailure = (mode: "none" | "error500" | "timeout" | "slow") =>
  fetch(`${sandboxUrl}/__sandbox/failures`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ provider: "yookassa", mode }),
  });

afterEach(async () => {
  vi.restoreAllMocks();
  await switchFailure("none");
});

const provider = (options: { secretKey?: string; timeoutMs?: number } = {}) =>
  createYooKassa({ apiUrl, shopId: SHOP_ID, secretKey: options.secretKey ?? SECRET_KEY, ...options });

let keys = 0;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  amountKopecks: 299_000,
  description: "Подписка «Расширенный», 1 месяц",
  returnUrl: "http://127.0.0.1:8787/payment/success?paymentId=p-1",
  metadata: { paymentId: "p-1", companyId: "c-1" },
  idempotenceKey: `adapter-test-${++keys}`,
  ...overrides,
});

const payInSandbox = (paymentId: string, card: string) =>
  fetch(`${sandboxUrl}/__sandbox/yookassa/payments/${paymentId}/pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ card }),
  });

describe("YooKassa adapter against the sandbox", () => {
  it("creates a pending payment and reads it back", async () => {
    const yookassa = provider();
    const created = await yookassa.createPayment(input());
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-000f-5000-8000-[0-9a-f]{12}$/),
      status: "pending",
      paid: false,
      amountKopecks: 299_000,
      currency: "RUB",
      description: "Подписка «Расширенный», 1 месяц",
      confirmationUrl: `${sandboxUrl}/checkout/${created.id}`,
      metadata: { paymentId: "p-1", companyId: "c-1" },
      cancellation: null,
      refundedKopecks: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await yookassa.getPayment(created.id)).toEqual(created);
  });

  it("sends YooKassa's headers and body", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await createYooKassa({ apiUrl: `${apiUrl}/`, shopId: SHOP_ID, secretKey: SECRET_KEY }).createPayment(
      input({ amountKopecks: 99_050, idempotenceKey: "key-for-headers" }),
    );
    const [url, init] = spy.mock.calls[0];
    expect(url).toBe(`${apiUrl}/payments`);
    expect(init?.method).toBe("POST");
    expect(init?.headers).toEqual({
      Authorization: `Basic ${Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString("base64")}`,
      Accept: "application/json",
      "Content-Type": "application/json",
      "Idempotence-Key": "key-for-headers",
    });
    expect(JSON.parse(String(init?.body))).toEqual({
      amount: { value: "990.50", currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: "http://127.0.0.1:8787/payment/success?paymentId=p-1" },
      description: "Подписка «Расширенный», 1 месяц",
      metadata: { paymentId: "p-1", companyId: "c-1" },
    });
  });

  it("gives the same payment for a retry with the same Idempotence-Key", async () => {
    const yookassa = provider();
    const first = await yookassa.createPayment(input({ idempotenceKey: "retry-key" }));
    const retry = await yookassa.createPayment(input({ idempotenceKey: "retry-key" }));
    expect(retry).toEqual(first);
    const other = await yookassa.createPayment(input({ idempotenceKey: "another-key" }));
    expect(other.id).not.toBe(first.id);
  });

  it("is refused when the same key comes with another body", async () => {
    const yookassa = provider();
    await yookassa.createPayment(input({ idempotenceKey: "reused-key" }));
    const error = await yookassa
      .createPayment(input({ idempotenceKey: "reused-key", amountKopecks: 99_000 }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentRejectedError);
    expect(error).toMatchObject({ code: "invalid_request", status: 400 });
    expect((error as Error).message).toMatch(/Idempotence key duplicated/);
  });

  it("reads a paid payment and a declined one with its cancellation details", async () => {
    const yookassa = provider();
    const paid = await yookassa.createPayment(input());
    expect((await payInSandbox(paid.id, "5555 5555 5555 4477")).status).toBe(200);
    expect(await yookassa.getPayment(paid.id)).toMatchObject({
      status: "succeeded",
      paid: true,
      amountKopecks: 299_000,
      confirmationUrl: null,
      cancellation: null,
    });

    const declined = await yookassa.createPayment(input());
    expect((await payInSandbox(declined.id, "5555555555554592")).status).toBe(200);
    expect(await yookassa.getPayment(declined.id)).toMatchObject({
      status: "canceled",
      paid: false,
      cancellation: { party: "payment_network", reason: "insufficient_funds" },
    });
  });

  it("reads what was refunded of a paid payment, which stays succeeded", async () => {
    const yookassa = provider();
    const paid = await yookassa.createPayment(input());
    await payInSandbox(paid.id, "5555 5555 5555 4477");
    expect(await yookassa.getPayment(paid.id)).toMatchObject({ status: "succeeded", refundedKopecks: 0 });
    for (const value of ["1000.50", "1989.50"]) {
      const refund = await fetch(`${apiUrl}/refunds`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${SHOP_ID}:${SECRET_KEY}`).toString("base64")}`,
          "content-type": "application/json",
          "idempotence-key": `refund-${value}`,
        },
        body: JSON.stringify({ payment_id: paid.id, amount: { value, currency: "RUB" } }),
      });
      expect(refund.status).toBe(200);
    }
    expect(await yookassa.getPayment(paid.id)).toMatchObject({
      status: "succeeded",
      paid: true,
      amountKopecks: 299_000,
      refundedKopecks: 299_000,
    });
  });

  it("keeps kopecks exact both ways", async () => {
    const yookassa = provider();
    for (const kopecks of [1, 29, 57, 1_999, 100, 1_000_000_01, 99_999_999_99]) {
      const created = await yookassa.createPayment(input({ amountKopecks: kopecks }));
      expect(created.amountKopecks).toBe(kopecks);
    }
    expect(kopecksToAmount(29)).toBe("0.29");
    expect(kopecksToAmount(299_000)).toBe("2990.00");
    expect(amountToKopecks("0.29")).toBe(29);
    expect(amountToKopecks("19.99")).toBe(1_999);
    expect(amountToKopecks("2990.5")).toBe(299_050);
    expect(amountToKopecks("2990")).toBe(299_000);
    for (const bad of [0, -100, 1.5, Number.NaN]) expect(() => kopecksToAmount(bad)).toThrow(RangeError);
    expect(() => amountToKopecks("1e3")).toThrow(RangeError);
  });

  it("turns refused credentials into a PaymentRejectedError naming the config", async () => {
    const error = await provider({ secretKey: "live_not-this-shops-key" })
      .createPayment(input())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentRejectedError);
    expect(error).toMatchObject({ code: "invalid_credentials", status: 401 });
    expect((error as Error).message).toMatch(/YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY/);
    expect((error as Error).message).not.toContain("live_not-this-shops-key");
    await expect(provider({ secretKey: "live_not-this-shops-key" }).getPayment("x")).rejects.toMatchObject({
      name: "PaymentRejectedError",
      code: "invalid_credentials",
    });
  });

  it("turns a refused request into a PaymentRejectedError with YooKassa's code", async () => {
    const error = await provider()
      .createPayment(input({ description: "д".repeat(129) }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentRejectedError);
    expect(error).toMatchObject({ code: "invalid_request", status: 400 });
    expect((error as Error).message).toMatch(/description/);
  });

  it("turns an unknown payment into a PaymentNotFoundError", async () => {
    await expect(provider().getPayment("2f000000-000f-5000-8000-000000000000")).rejects.toBeInstanceOf(
      PaymentNotFoundError,
    );
    await expect(provider().getPayment("")).rejects.toBeInstanceOf(PaymentNotFoundError);
  });
});

describe("YooKassa adapter when the provider fails", () => {
  it("is unavailable on a 500", async () => {
    await switchFailure("error500");
    const error = await provider()
      .createPayment(input())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentUnavailableError);
    expect((error as Error).message).toMatch(/HTTP 500/);
  });

  it("is unavailable when the provider hangs past the timeout", async () => {
    await switchFailure("timeout");
    const started = Date.now();
    const error = await provider({ timeoutMs: 300 })
      .getPayment("any")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentUnavailableError);
    expect((error as Error).message).toMatch(/no answer in 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("is unavailable when nothing listens", async () => {
    const closed = createYooKassa({
      apiUrl: "http://127.0.0.1:9/v3",
      shopId: SHOP_ID,
      secretKey: SECRET_KEY,
    });
    await expect(closed.createPayment(input())).rejects.toThrow(PaymentUnavailableError);
  });

  it("maps 429, 403, 422 and unreadable answers", async () => {
    const answer = (status: number, body: string) =>
      vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response(body, { status }));
    const error = (code: string, description: string) =>
      JSON.stringify({ type: "error", id: "e-1", code, description });

    answer(429, error("too_many_requests", "Too many requests"));
    await expect(provider().getPayment("p")).rejects.toBeInstanceOf(PaymentUnavailableError);

    answer(403, error("forbidden", "Not enough rights"));
    await expect(provider().getPayment("p")).rejects.toMatchObject({
      name: "PaymentRejectedError",
      code: "invalid_credentials",
      status: 403,
    });

    answer(422, error("invalid_request", "Unprocessable"));
    await expect(provider().getPayment("p")).rejects.toMatchObject({
      name: "PaymentRejectedError",
      code: "invalid_request",
      status: 422,
    });

    answer(401, "<html>401</html>");
    await expect(provider().getPayment("p")).rejects.toMatchObject({ code: "invalid_credentials" });

    answer(502, "<html>Bad gateway</html>");
    await expect(provider().getPayment("p")).rejects.toBeInstanceOf(PaymentUnavailableError);

    answer(200, "not json");
    await expect(provider().getPayment("p")).rejects.toThrow(/unreadable body/);

    answer(200, JSON.stringify({ id: "p", status: "pending" }));
    await expect(provider().getPayment("p")).rejects.toThrow(/unexpected answer/);

    answer(200, JSON.stringify({ id: "p", status: "refunded", paid: true }));
    await expect(provider().getPayment("p")).rejects.toBeInstanceOf(PaymentUnavailableError);
  });
});
