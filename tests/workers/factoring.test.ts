// Quick payment's price and request through the API (issue 21; spec 3 §5, §7): the server's rate,
// the orders that qualify, one request per order, and the company's own orders only.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyRequisites, ledgerEntries, quickPayments } from "../../db/schema/finance";
import { platformOrders } from "../../db/schema/platforms";
import type { OrderStatus } from "../../db/vocabulary";
import { recordMovement } from "../../workers/core/finance/ledger";
import { callWeb, createCompanyUser, createConnectionFor, postJson, sessionFor, testDb } from "./support";

let company: { companyId: string; userId: string };
let connectionId: string;
let auth: Record<string, string>;

beforeAll(async () => {
  company = await createCompanyUser();
  connectionId = await createConnectionFor(company.companyId);
  auth = { authorization: `Bearer ${(await sessionFor(company.userId)).bearer}` };
  await testDb().insert(companyRequisites).values({
    companyId: company.companyId,
    account: "40702810900000000001",
    bik: "044525225",
    bankName: "ПАО Сбербанк",
    correspondentAccount: "30101810400000000225",
    updatedAt: new Date(),
  });
});

async function order(
  options: {
    status?: OrderStatus;
    priceKopecks?: number | null;
    companyId?: string;
    connection?: string;
    paymentTerms?: string;
  } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await testDb()
    .insert(platformOrders)
    .values({
      id,
      companyId: options.companyId ?? company.companyId,
      connectionId: options.connection ?? connectionId,
      platformId: "magnit",
      externalOrderId: `MGN-QP-${id.slice(0, 8)}`,
      pickupAddress: "г Краснодар, ул Солнечная, д 15/5",
      deliveryAddress: "г Ростов-на-Дону, пр-кт Шолохова, д 31",
      documentsRequired: ["ТТН"],
      priceKopecks: options.priceKopecks === undefined ? 85_000_00 : options.priceKopecks,
      paymentTerms: options.paymentTerms ?? null,
      currency: "RUB",
      status: options.status ?? "delivered",
      createdAt: new Date(),
      syncedAt: new Date(),
    });
  return id;
}

const calculate = (body: unknown, headers = auth, env = {}) =>
  callWeb("/api/factoring/calculate-quick-payment", postJson(body, headers), env);
const ask = (body: unknown, headers = auth) =>
  callWeb("/api/factoring/quick-payment", postJson(body, headers));
const consent = { accepted: true, timestamp: Date.now() };

describe("POST /api/factoring/calculate-quick-payment", () => {
  it("prices the order at the server's rate: 2 % by default, the plan's own when configured", async () => {
    const id = await order({ paymentTerms: "Оплата 30 дней" });
    const { response } = await calculate({ orderId: id, amount: 85_000 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: {
        totalAmount: 85_000,
        commissionRate: 2,
        commissionAmount: 1_700,
        netAmount: 83_300,
        annualRate: 24.8,
        deferralDays: 30,
        terms: expect.stringContaining("24 часов"),
      },
    });
    // A new company is on its trial, which has the corporate plan's features.
    const configured = await calculate({ orderId: id, amount: 85_000 }, auth, {
      QUICK_PAYMENT_FEE_BP: "250",
      QUICK_PAYMENT_PLAN_FEE_BP: "corporate=150",
    });
    expect(await configured.response.json()).toMatchObject({
      data: { commissionRate: 1.5, commissionAmount: 1_275 },
    });
    const byDefault = await calculate({ orderId: id, amount: 85_000 }, auth, { QUICK_PAYMENT_FEE_BP: "250" });
    expect(await byDefault.response.json()).toMatchObject({
      data: { commissionRate: 2.5, netAmount: 82_875 },
    });
  });

  it("says why an order cannot be paid yet, and refuses an amount that is not the order's", async () => {
    const inTransit = await calculate({ orderId: await order({ status: "in_transit" }), amount: 85_000 });
    expect(inTransit.response.status).toBe(409);
    expect(await inTransit.response.json()).toMatchObject({ error: expect.stringMatching(/после доставки/) });

    const wrong = await calculate({ orderId: await order(), amount: 1 });
    expect(wrong.response.status).toBe(400);
    expect(await wrong.response.json()).toMatchObject({
      error: "Сумма не совпадает с суммой заказа. Обновите страницу",
    });

    for (const amount of [0, -5, 10.001]) {
      const bad = await calculate({ orderId: await order(), amount });
      expect(bad.response.status).toBe(400);
    }
  });

  it("answers 404 for another company's order", async () => {
    const other = await createCompanyUser();
    const theirs = await order({
      companyId: other.companyId,
      connection: await createConnectionFor(other.companyId),
    });
    const { response } = await calculate({ orderId: theirs, amount: 85_000 });
    expect(response.status).toBe(404);
    expect((await ask({ orderId: theirs, amount: 85_000, userConsent: consent })).response.status).toBe(404);
    expect(await testDb().select().from(quickPayments).where(eq(quickPayments.orderId, theirs))).toEqual([]);
  });
});

describe("POST /api/factoring/quick-payment", () => {
  it("makes one request per order however often it is sent, at the server's price, with the consent's time", async () => {
    const id = await order();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        ask({ orderId: id, amount: 85_000, platform: "magnit", userConsent: consent }),
      ),
    );
    const statuses = answers.map((a) => a.response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    const created = answers.find((a) => a.response.status === 201)!;
    expect(await created.response.json()).toMatchObject({
      data: { status: "pending", stage: "requested", netAmount: 83_300, feeRate: 2, totalFee: 1_700 },
    });
    const refused = answers.find((a) => a.response.status === 409)!;
    expect(await refused.response.json()).toMatchObject({
      error: "Быстрая оплата по этому заказу уже запрошена",
    });

    const rows = await testDb().select().from(quickPayments).where(eq(quickPayments.orderId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountKopecks: 85_000_00, feeKopecks: 1_700_00, netKopecks: 83_300_00 });
    expect(Math.abs(rows[0].consentAt.getTime() - consent.timestamp)).toBeLessThan(1_000);
    // Asking writes no money movement: the ledger moves when the bank pays out.
    expect(await testDb().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, id))).toEqual([]);
  });

  it("needs consent, the order's own amount and the company's bank account, and writes nothing otherwise", async () => {
    const id = await order();
    const noConsent = await ask({ orderId: id, amount: 85_000, userConsent: { accepted: false } });
    expect(noConsent.response.status).toBe(400);
    expect(await noConsent.response.json()).toMatchObject({
      error: "Подтвердите согласие с условиями быстрой оплаты",
    });
    const missingConsent = await ask({ orderId: id, amount: 85_000 });
    expect(missingConsent.response.status).toBe(400);

    const stranger = await createCompanyUser();
    const strangerAuth = { authorization: `Bearer ${(await sessionFor(stranger.userId)).bearer}` };
    const theirOrder = await order({
      companyId: stranger.companyId,
      connection: await createConnectionFor(stranger.companyId),
    });
    const noAccount = await ask({ orderId: theirOrder, amount: 85_000, userConsent: consent }, strangerAuth);
    expect(noAccount.response.status).toBe(409);
    expect(await noAccount.response.json()).toMatchObject({
      error: expect.stringContaining("расчётный счёт"),
    });

    for (const orderId of [id, theirOrder])
      expect(await testDb().select().from(quickPayments).where(eq(quickPayments.orderId, orderId))).toEqual(
        [],
      );
  });
});

describe("GET /api/finance/balance and /api/payments/history", () => {
  it("show the company's own money only, filtered as asked", async () => {
    const db = testDb();
    const mine = crypto.randomUUID();
    const base = {
      companyId: company.companyId,
      quickPaymentId: mine,
      orderId: null,
      platformId: "magnit" as const,
    };
    await db.batch([
      recordMovement(
        db,
        {
          ...base,
          movementId: `qp:${mine}:quick`,
          type: "quick",
          amountKopecks: 10_000_00,
          description: "Быстрая оплата",
        },
        "completed",
        1_000,
      ),
      recordMovement(
        db,
        {
          ...base,
          movementId: `qp:${mine}:fee`,
          type: "fee",
          amountKopecks: 200_00,
          description: "Комиссия 2 %",
        },
        "completed",
        1_000,
      ),
      recordMovement(
        db,
        {
          ...base,
          movementId: `qp:${mine}:payout`,
          type: "payout",
          amountKopecks: 9_800_00,
          description: "Выплата",
        },
        "pending",
        1_000,
      ),
    ]);
    const stranger = await createCompanyUser();
    const strangerAuth = { authorization: `Bearer ${(await sessionFor(stranger.userId)).bearer}` };

    const balance = await callWeb("/api/finance/balance", { headers: auth });
    expect(await balance.response.json()).toEqual({
      success: true,
      data: { current: 9_800, pending: 9_800, totalReceived: 10_000, totalPaidOut: 0 },
    });
    const theirs = await callWeb("/api/finance/balance", { headers: strangerAuth });
    expect(await theirs.response.json()).toMatchObject({
      data: { current: 0, pending: 0, totalReceived: 0 },
    });

    const payouts = await callWeb("/api/payments/history?type=payout&status=pending", { headers: auth });
    expect(await payouts.response.json()).toMatchObject({
      data: [{ type: "payout", status: "pending", amount: -9_800, quickPayment: true }],
      nextCursor: null,
    });
    const none = await callWeb("/api/payments/history", { headers: strangerAuth });
    expect(await none.response.json()).toMatchObject({ data: [] });
    const bad = await callWeb("/api/payments/history?type=refund", { headers: auth });
    expect(bad.response.status).toBe(400);
  });
});
