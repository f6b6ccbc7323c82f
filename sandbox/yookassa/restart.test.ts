// The sandbox YooKassa as `npm start` runs it (sandbox/server.ts with SANDBOX_DATA_DIR): killed
// and started again in the middle of a checkout, it has lost nothing it acknowledged.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/processes";
import { sandboxServer } from "../server-process";
import type { WirePayment, WireRefund } from "./app";
import type { NotificationRecord } from "./notifications";

const AUTH = `Basic ${Buffer.from("123456:test_reys_sandbox_secret").toString("base64")}`;
const RETURN_URL = "http://127.0.0.1:8787/payment/success?payment_id=our-restart";

const dataDir = mkdtempSync(join(tmpdir(), "reys-sandbox-"));
let sandbox: ReturnType<typeof sandboxServer>;
const base = () => sandbox.base;

/** The webhook: what it received, and the statuses it answers next (then 200). */
const received: { event: string; object: { id: string } }[] = [];
const webhookAnswers: number[] = [];
let webhook: ReturnType<typeof serve>;

const startSandbox = () => sandbox.start();
const crashSandbox = () => sandbox.crash();

beforeAll(async () => {
  webhook = await new Promise((resolve) => {
    const started = serve(
      {
        fetch: new Hono().post("/webhook", async (c) => {
          received.push(await c.req.json());
          return c.body(null, (webhookAnswers.shift() ?? 200) as 200);
        }).fetch,
        port: 0,
        hostname: "127.0.0.1",
      },
      () => resolve(started),
    );
  });
  sandbox = sandboxServer(await freePort(), () => ({
    SANDBOX_DATA_DIR: dataDir,
    YOOKASSA_WEBHOOK_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/webhook`,
  }));
});

afterAll(async () => {
  await sandbox.stop();
  await new Promise((resolve) => webhook.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${base()}/v3${path}`, {
    ...init,
    headers: { authorization: AUTH, "content-type": "application/json", ...(init.headers as object) },
  });

const createPayment = () =>
  api("/payments", {
    method: "POST",
    headers: { "idempotence-key": "checkout-across-restart" },
    body: JSON.stringify({
      amount: { value: "2990.00", currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: RETURN_URL },
      description: "Тариф «Расширенный», 1 месяц",
    }),
  });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("not reached in time");
}

const notifications = async () =>
  (
    (await (await fetch(`${base()}/__sandbox/yookassa/notifications`)).json()) as {
      notifications: NotificationRecord[];
    }
  ).notifications;

describe("the sandbox YooKassa across a restart", () => {
  it("keeps payments, idempotence keys, refunds and notifications; a checkout goes on after a crash", async () => {
    await startSandbox();
    const payment = (await (await createPayment()).json()) as WirePayment;
    // The payer has the checkout page open…
    expect((await fetch(`${base()}/checkout/${payment.id}`)).status).toBe(200);

    // …when the sandbox crashes and comes back.
    await crashSandbox();
    await startSandbox();
    const page = await fetch(`${base()}/checkout/${payment.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Номер карты");
    const paid = await fetch(`${base()}/checkout/${payment.id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ card_number: "5555 5555 5555 4477", expiry: "12/30", cvc: "123" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(RETURN_URL);
    expect(await (await api(`/payments/${payment.id}`)).json()).toMatchObject({
      status: "succeeded",
      paid: true,
    });
    // The shop's retry of the create, with its key, still gets the same payment.
    expect(((await (await createPayment()).json()) as WirePayment).id).toBe(payment.id);
    await until(notifications, (list) => list.some((n) => n.status === "delivered"));

    // A refund whose notification the webhook refuses once; the sandbox crashes before retrying.
    webhookAnswers.push(500);
    const refund = (await (
      await api("/refunds", {
        method: "POST",
        headers: { "idempotence-key": "refund-across-restart" },
        body: JSON.stringify({ payment_id: payment.id, amount: { value: "2990.00", currency: "RUB" } }),
      })
    ).json()) as WireRefund;
    await until(notifications, (list) =>
      list.some((n) => n.event === "refund.succeeded" && n.attempts.length === 1),
    );
    await crashSandbox();
    await startSandbox();

    expect(await (await api(`/refunds/${refund.id}`)).json()).toEqual(refund);
    expect(await (await api(`/payments/${payment.id}`)).json()).toMatchObject({
      status: "succeeded",
      refunded_amount: { value: "2990.00", currency: "RUB" },
      refundable: false,
    });
    const log = await until(notifications, (list) => list.every((n) => n.status !== "sending"));
    expect(log.map((n) => [n.event, n.paymentId, n.status, n.attempts.map((a) => a.httpStatus)])).toEqual([
      ["payment.succeeded", payment.id, "delivered", [200]],
      ["refund.succeeded", payment.id, "delivered", [500, 200]],
    ]);
    expect(received.map((n) => [n.event, n.object.id])).toEqual([
      ["payment.succeeded", payment.id],
      ["refund.succeeded", refund.id],
      ["refund.succeeded", refund.id],
    ]);
  });
});
