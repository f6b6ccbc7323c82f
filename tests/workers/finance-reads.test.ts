// The finance and factoring pages' reads through the API (issue 21, items 6, 8, 9; spec 3 §2–§5,
// §7; decision 0055): orders ready for quick payment in the factoring view, their summary, the
// credit score and customers' reliability, the payment history with its filters wired, a payment's
// status, the old client's report of received money, and the company's own data only.
import { edoConnectionRow, edoOrderRow } from "../support/edo-rows";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { edoConnections, payments } from "../../db/schema";
import { ledgerEntries, quickPayments, type QuickPaymentStatus } from "../../db/schema/finance";
import { platformOrders } from "../../db/schema/platforms";
import type { OrderPlatformId, OrderStatus } from "../../db/vocabulary";
import { scoreFrom } from "../../workers/core/finance/credit-score";
import { finishMovement, recordMovement, type Movement } from "../../workers/core/finance/ledger";
import type { WireDocument } from "../../workers/providers/edo-operator";
import { randomInn } from "../support/russian-ids";
import {
  callWeb,
  createCompanyUser,
  createConnectionFor,
  mirrorEdoDocuments,
  postJson,
  sessionFor,
  testDb,
} from "./support";

const DAY = 86_400_000;

type Company = { companyId: string; userId: string; auth: Record<string, string>; connectionId: string };

async function company(): Promise<Company> {
  const { companyId, userId } = await createCompanyUser();
  return {
    companyId,
    userId,
    auth: { authorization: `Bearer ${(await sessionFor(userId)).bearer}` },
    connectionId: await createConnectionFor(companyId),
  };
}

async function get<T = unknown>(path: string, c: Company) {
  const { response } = await callWeb(path, { headers: c.auth });
  return {
    status: response.status,
    body: await response.json<{ success: boolean; data: T } & Record<string, unknown>>(),
  };
}

/** A platform order of the company (Magnit unless told), delivered, 85 000 ₽, created now. */
async function order(
  c: Company,
  options: {
    status?: OrderStatus;
    priceKopecks?: number | null;
    createdAt?: number;
    deliveredAt?: number;
    platformId?: Exclude<OrderPlatformId, "edo">;
  } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await testDb()
    .insert(platformOrders)
    .values({
      id,
      companyId: c.companyId,
      connectionId: c.connectionId,
      platformId: options.platformId ?? "magnit",
      externalOrderId: `MGN-FR-${id.slice(0, 8)}`,
      customerName: "АО «Тандер»",
      pickupAddress: "г Краснодар, ул Солнечная, д 15/5",
      deliveryAddress: "г Ростов-на-Дону, пр-кт Шолохова, д 31",
      cargoType: "Продукты питания",
      cargoDescription: "Молочная продукция, 18 паллет",
      cargoWeightKg: 12_400,
      documentsRequired: ["ТТН"],
      priceKopecks: options.priceKopecks === undefined ? 85_000_00 : options.priceKopecks,
      currency: "RUB",
      status: options.status ?? "delivered",
      createdAt: new Date(options.createdAt ?? Date.now()),
      deliveryTimeFrom: options.deliveredAt ? new Date(options.deliveredAt) : null,
      syncedAt: new Date(),
    });
  return id;
}

const CHAIN = ["ON_TRNACLGROT", "ON_TRNACLPPRIN", "ON_TRNACLGRPO", "ON_TRNACLPVYN"];

/** A transport docflow with the first `titles` of the chain, from the shipper `go`. */
function docflow(options: {
  titles: number;
  go?: { name: string; inn: string };
  createdAt?: number;
  expired?: boolean;
  rejected?: boolean;
}): WireDocument {
  const id = crypto.randomUUID();
  const created = new Date((options.createdAt ?? Date.now() - 20 * DAY) + 3 * 3_600_000)
    .toISOString()
    .replace("Z", "+03:00");
  const titles = CHAIN.slice(0, options.titles);
  return {
    id,
    docflowType: "ETRN",
    createDate: created,
    updateDate: created,
    read: true,
    statusCode: options.rejected ? "ON_TRNACLOTKL" : titles.at(-1)!,
    roleCode: "TK",
    expired: options.expired ?? false,
    deleted: false,
    info: {
      doc: {
        num: `ЭТрН-${id.slice(0, 6)}`,
        date: created.slice(0, 10),
        trns: "1",
        driver: null,
        chainId: id,
        trip: null,
      },
      go: options.go ? { accName: options.go.name, inn: options.go.inn, kpp: null } : null,
      gp: null,
      tk: null,
      driver: null,
      ts: null,
      loading: { addr: "г Москва, ул Складская, д 1" },
      unloading: { addr: "г Тверь, пр-кт Победы, д 10" },
      cargo: { name: "Бытовая химия", weightKg: 8_000, pallets: 12 },
      documents: titles.map((type, i) => ({ id: `${id}-${i}`, type, dateTime: created, contentSize: 1_000 })),
      lastdoc: null,
    },
  };
}

/** The docflow in the company's mirror, and the order the EDO sync makes of it (no price). */
async function edoOrder(c: Company, doc: WireDocument): Promise<string> {
  await mirrorEdoDocuments(c.companyId, [doc]);
  const db = testDb();
  let [connection] = await db
    .select({ id: edoConnections.id })
    .from(edoConnections)
    .where(eq(edoConnections.companyId, c.companyId));
  if (!connection) {
    connection = { id: crypto.randomUUID() };
    await db.insert(edoConnections).values({ ...edoConnectionRow(c.companyId), id: connection.id });
  }
  const { id, ...row } = edoOrderRow(c.companyId, connection.id, doc);
  await db.insert(platformOrders).values({ id, ...row });
  return id;
}

async function quickPayment(
  c: Company,
  orderId: string,
  status: QuickPaymentStatus,
  amountKopecks = 85_000_00,
) {
  const id = crypto.randomUUID();
  const now = new Date();
  await testDb()
    .insert(quickPayments)
    .values({
      id,
      companyId: c.companyId,
      orderId,
      platformId: "magnit",
      amountKopecks,
      feeRateBp: 200,
      feeKopecks: Math.floor(amountKopecks / 50),
      netKopecks: amountKopecks - Math.floor(amountKopecks / 50),
      status,
      consentAt: now,
      requestedAt: now,
      updatedAt: now,
    });
  return id;
}

type ReadyOrder = {
  id: string;
  status: string;
  statusLabel: string;
  payable: boolean;
  priceKnown: boolean;
  notPayableReason: string | null;
  quickPayment: { publicStatus: string } | null;
  customer: { key: string; closedChainsShare: number | null; daysToPay: number | null; ordersCount: number };
};
type ReadyPage = { orders: ReadyOrder[]; nextCursor: string | null };

describe("GET /api/finance/ready-orders and /api/orders?status=", () => {
  it("lists final orders with a price or EDO info in the factoring view, worded as spec 3 §4 says", async () => {
    const c = await company();
    const t0 = Date.now() - 10 * DAY;
    const delivered = await order(c, { createdAt: t0, deliveredAt: t0 + DAY });
    const invoiced = await order(c, { status: "invoiced", createdAt: t0 + 1_000 });
    const paid = await order(c, { status: "paid", createdAt: t0 + 2_000 });
    const free = await order(c, { status: "свободен", createdAt: t0 + 3_000 });
    const handedOver = await edoOrder(c, docflow({ titles: 4, createdAt: t0 + 4_000 }));
    const received = await edoOrder(c, docflow({ titles: 3, createdAt: t0 + 5_000 }));
    // Not listed: no price and no EDO info (§5), not delivered yet.
    await order(c, { priceKopecks: null, createdAt: t0 + 6_000 });
    await order(c, { status: "in_transit", createdAt: t0 + 7_000 });
    const asked = await order(c, { status: "paid", createdAt: t0 + 8_000 });
    await quickPayment(c, asked, "approved");

    const { status, body } = await get<ReadyPage>("/api/finance/ready-orders", c);
    expect(status).toBe(200);
    const byId = new Map(body.data.orders.map((o) => [o.id, o]));
    expect(body.data.orders.map((o) => o.id)).toEqual([
      asked,
      received,
      handedOver,
      free,
      paid,
      invoiced,
      delivered,
    ]);
    expect(body.data.nextCursor).toBeNull();

    expect(byId.get(delivered)).toEqual({
      id: delivered,
      platform: "magnit",
      platform_name: "Магнит",
      external_order_id: `MGN-FR-${delivered.slice(0, 8)}`,
      order_number: null,
      status: "delivered",
      statusLabel: "Доставлен",
      pricing: { total: 85_000, currency: "RUB" },
      route: {
        from: { address: "г Краснодар, ул Солнечная, д 15/5" },
        to: { address: "г Ростов-на-Дону, пр-кт Шолохова, д 31" },
      },
      cargo: { type: "Продукты питания", description: "Молочная продукция, 18 паллет", weight: 12_400 },
      timeline: { orderCreated: new Date(t0).toISOString(), deliveryDate: new Date(t0 + DAY).toISOString() },
      edoInfo: null,
      priceKnown: true,
      payable: true,
      notPayableReason: null,
      quickPayment: null,
      customer: {
        key: "platform:magnit",
        kind: "platform",
        name: "Магнит",
        inn: null,
        ordersCount: 7,
        decidedChains: 0,
        closedChainsShare: null,
        daysToPay: null,
      },
    });
    expect([invoiced, paid, free, handedOver, received].map((id) => byId.get(id)!.statusLabel)).toEqual([
      "Счет выставлен",
      "Оплачен",
      "Готов к оплате",
      "Выдан получателю (ЭДО)",
      "Доставлен",
    ]);
    // An EDO order has no price; closed by the carrier's delivery title it is payable at the amount stated.
    expect(byId.get(handedOver)).toMatchObject({
      platform: "edo",
      platform_name: "ЭДО",
      pricing: { total: null, currency: "RUB" },
      priceKnown: false,
      payable: true,
      notPayableReason: null,
    });
    expect(byId.get(received)).toMatchObject({
      priceKnown: false,
      payable: false,
      notPayableReason: expect.stringContaining("Цепочка ЭТрН ещё не закрыта"),
    });
    expect(byId.get(asked)!.quickPayment).toEqual({
      id: expect.any(String),
      status: "approved",
      publicStatus: "processing",
    });

    // Spec 3 §7's call: one final status, in the same view.
    const frees = await get<ReadyOrder[]>(`/api/orders?status=${encodeURIComponent("свободен")}`, c);
    expect(frees.body.data.map((o) => [o.id, o.statusLabel])).toEqual([
      [handedOver, "Выдан получателю (ЭДО)"],
      [free, "Готов к оплате"],
    ]);
    expect(frees.body.data[0]).toEqual(byId.get(handedOver));
    // Another status, or none, keeps the flat order shape older clients read.
    const inTransit = await get<Record<string, unknown>[]>("/api/orders?status=in_transit", c);
    expect(inTransit.body.data).toHaveLength(1);
    expect(inTransit.body.data[0]).toMatchObject({
      status: "in_transit",
      platform_logo: "/platforms/magnit.svg",
    });
    expect((await get<Record<string, unknown>[]>("/api/orders", c)).body.data).toHaveLength(9);
  });

  it("filters by the Moscow quarter of the order's creation and pages by cursor without repeats", async () => {
    const c = await company();
    // 1 July 2024 00:00 in Moscow is 30 June 21:00 UTC: the third quarter starts there.
    const q3Start = Date.UTC(2024, 5, 30, 21);
    const lastOfQ2 = await order(c, { createdAt: q3Start - 1 });
    const firstOfQ3 = await order(c, { createdAt: q3Start });
    const midQ3 = await order(c, { createdAt: Date.UTC(2024, 7, 15) });
    const lastOfQ3 = await order(c, { createdAt: Date.UTC(2024, 8, 30, 20, 59, 59, 999) });
    const q4 = await order(c, { createdAt: Date.UTC(2024, 8, 30, 21) });

    const ids = async (query: string) =>
      (await get<ReadyPage>(`/api/finance/ready-orders?${query}`, c)).body.data.orders.map((o) => o.id);
    expect(await ids("period=20243")).toEqual([lastOfQ3, midQ3, firstOfQ3]);
    expect(await ids("period=20242")).toEqual([lastOfQ2]);
    expect(await ids("period=20244")).toEqual([q4]);
    expect(await ids("period=0")).toEqual([q4, lastOfQ3, midQ3, firstOfQ3, lastOfQ2]);
    const summary = await get<{ totalReadyOrders: number }>("/api/finance/ready-summary?period=20243", c);
    expect(summary.body.data.totalReadyOrders).toBe(3);

    const pages: string[][] = [];
    let after = "";
    do {
      const { body } = await get<ReadyPage>(`/api/finance/ready-orders?limit=2${after}`, c);
      pages.push(body.data.orders.map((o) => o.id));
      after = body.data.nextCursor ? `&after=${body.data.nextCursor}` : "";
    } while (after);
    expect(pages).toEqual([[q4, lastOfQ3], [midQ3, firstOfQ3], [lastOfQ2]]);

    for (const bad of ["period=20245", "period=2024", "period=abc", "limit=0", "after=nope"])
      expect((await get(`/api/finance/ready-orders?${bad}`, c)).status).toBe(400);
  });

  it("shows another company's orders to nobody else", async () => {
    const mine = await company();
    const theirs = await company();
    const theirOrder = await order(theirs);
    await edoOrder(theirs, docflow({ titles: 4 }));
    const listed = await get<ReadyPage>("/api/finance/ready-orders", mine);
    expect(listed.body.data.orders).toEqual([]);
    expect((await get<ReadyOrder[]>("/api/orders?status=delivered", mine)).body.data).toEqual([]);
    expect(
      (await get<{ totalReadyOrders: number }>("/api/finance/ready-summary", mine)).body.data,
    ).toMatchObject({
      totalReadyOrders: 0,
      totalAmount: 0,
    });
    expect((await get<unknown[]>("/api/factoring/customers", mine)).body.data).toEqual([]);
    const theirList = await get<ReadyPage>("/api/finance/ready-orders", theirs);
    expect(theirList.body.data.orders.map((o) => o.id)).toContain(theirOrder);
  });
});

describe("GET /api/finance/ready-summary", () => {
  it("counts and sums, to the kopeck, the payable orders not yet asked for; the list agrees", async () => {
    const c = await company();
    const prices = [12_345_67, 1, 99_999_999_99, 50_000_05, 33];
    for (const priceKopecks of prices) await order(c, { priceKopecks, status: "paid" });
    await edoOrder(c, docflow({ titles: 4 }));
    await edoOrder(c, docflow({ titles: 4 }));
    await edoOrder(c, docflow({ titles: 3 })); // not payable: the chain is not closed
    await order(c, { status: "in_transit" }); // not final
    const asked = await order(c, { priceKopecks: 7_777_77 });
    await quickPayment(c, asked, "requested", 7_777_77);
    // Asked for too, an EDO one at the amount the carrier stated.
    await quickPayment(c, await edoOrder(c, docflow({ titles: 4 })), "held", 50_000_00);

    const { body } = await get<Record<string, number>>("/api/finance/ready-summary", c);
    const totalKopecks = prices.reduce((sum, p) => sum + p, 0);
    expect(body.data).toEqual({
      totalReadyOrders: 7,
      edoOrdersCount: 2,
      regularOrdersCount: 5,
      totalAmount: totalKopecks / 100,
      unpricedOrdersCount: 2,
    });
    expect(Math.round(body.data.totalAmount * 100)).toBe(10_006_234_605);

    const listed = (await get<ReadyPage>("/api/finance/ready-orders?limit=100", c)).body.data.orders;
    expect(listed.filter((o) => o.payable && !o.quickPayment)).toHaveLength(body.data.totalReadyOrders);
  });
});

describe("GET /api/factoring/credit-score and /api/factoring/customers", () => {
  it("scores a company without history low, with no advance, and says why", async () => {
    const c = await company();
    const { body } = await get<{ score: number; maxAdvanceAmount: number; factors: { code: string }[] }>(
      "/api/factoring/credit-score",
      c,
    );
    expect(body.data).toMatchObject({ score: 30, maxAdvanceAmount: 0 });
    expect(body.data.factors.map((f) => f.code)).toEqual(["history_age", "delivered_orders"]);
  });

  it("reads the company's delivered orders, closed chains and quick payments, and shows what moved the score", async () => {
    const c = await company();
    const now = Date.now();
    const shipper = { name: "ООО «Химпром»", inn: randomInn() };
    const other = { name: "ООО «Вектор»", inn: randomInn() };
    // 400 days of history; 12 delivered orders of 100 000 ₽ within the 180 days, one older.
    await order(c, { createdAt: now - 400 * DAY });
    const recent: string[] = [];
    for (let i = 0; i < 12; i++)
      recent.push(await order(c, { priceKopecks: 100_000_00, createdAt: now - (i + 1) * 5 * DAY }));
    await order(c, { status: "in_transit", createdAt: now - DAY });
    // Chains of the shipper: 3 closed, 1 refused, 1 past its deadline, 1 under way (no outcome yet).
    for (let i = 0; i < 3; i++) await edoOrder(c, docflow({ titles: 4, go: shipper }));
    await mirrorEdoDocuments(c.companyId, [
      docflow({ titles: 2, go: shipper, rejected: true }),
      docflow({ titles: 3, go: shipper, expired: true }),
      docflow({ titles: 2, go: shipper }),
      docflow({ titles: 4, go: other }),
    ]);
    await quickPayment(c, recent[0], "paid_out");
    await quickPayment(c, recent[1], "failed");

    const { body } = await get<{
      score: number;
      maxAdvanceAmount: number;
      factors: { code: string; label: string; effect: string; weight: number }[];
      basis: Record<string, number>;
    }>("/api/factoring/credit-score", c);
    // The three closed chains' orders are delivered too (no price: nothing to the volume).
    const inputs = {
      deliveredOrders: 15,
      deliveredVolumeKopecks: 1_200_000_00,
      decidedChains: 6,
      closedChains: 4,
      quickPaymentsPaidOut: 1,
      quickPaymentsFailed: 1,
      historyDays: 400,
    };
    const expected = scoreFrom(inputs);
    expect(body.data.basis).toEqual({
      ...inputs,
      deliveredVolumeKopecks: undefined,
      deliveredVolume: 1_200_000,
    });
    expect(body.data.score).toBe(expected.score);
    expect(body.data.maxAdvanceAmount).toBe(expected.maxAdvanceKopecks / 100);
    expect(body.data.factors).toContainEqual({
      code: "closed_chains",
      label: "Закрыто 4 из 6 цепочек ЭТрН за 180 дней",
      effect: "raises",
      weight: 1.5,
    });
    expect(body.data.factors).toContainEqual(
      expect.objectContaining({
        code: "quick_failed",
        effect: "lowers",
        label: "Быстрых оплат отклонено: 1",
      }),
    );
    expect(body.data.factors).toContainEqual(
      expect.objectContaining({
        code: "history_age",
        effect: "raises",
        label: "История перевозок: 13 месяцев",
      }),
    );

    // The shipper closed 3 of its 5 chains with an outcome; Magnit's orders have no chains. A
    // customer's payment for an order 10 days after delivery gives Magnit's days to pay.
    const paidOrder = await order(c, {
      status: "paid",
      createdAt: now - 30 * DAY,
      deliveredAt: now - 20 * DAY,
    });
    const payment = {
      type: "payment",
      amountKopecks: 85_000_00,
      orderId: paidOrder,
      platformId: "magnit",
    } as const;
    await movement(c, { ...payment, movementId: `payment:${paidOrder}` }, now - 10 * DAY);
    const customers = await get<Record<string, unknown>[]>("/api/factoring/customers", c);
    expect(customers.body.data).toEqual(
      expect.arrayContaining([
        {
          key: "platform:magnit",
          kind: "platform",
          name: "Магнит",
          inn: null,
          ordersCount: 15,
          decidedChains: 0,
          closedChainsShare: null,
          daysToPay: 10,
        },
        {
          key: `inn:${shipper.inn}`,
          kind: "shipper",
          name: shipper.name,
          inn: shipper.inn,
          ordersCount: 3,
          decidedChains: 5,
          closedChainsShare: 0.6,
          daysToPay: null,
        },
      ]),
    );
    expect(customers.body.data).toHaveLength(2);
    // The ready orders carry their customer's reliability.
    const ready = (await get<ReadyPage>("/api/finance/ready-orders?limit=100", c)).body.data.orders;
    const fromShipper = ready.find((o) => o.customer.key === `inn:${shipper.inn}`)!;
    expect(fromShipper.customer).toMatchObject({ closedChainsShare: 0.6, ordersCount: 3 });
  });
});

/**
 * A movement of the company's recorded at `at`: completed at once, left pending, or pending and
 * then ended as `end` says.
 */
async function movement(
  c: Company,
  m: Omit<Movement, "companyId" | "description"> & { description?: string },
  at: number,
  end?: "pending" | { status: "completed" | "failed"; at: number; transactionId?: string },
) {
  const db = testDb();
  const full = { description: "Операция", ...m, companyId: c.companyId };
  await recordMovement(db, full, end ? "pending" : "completed", at);
  if (end && end !== "pending") await finishMovement(db, m.movementId, end.status, end.at, end.transactionId);
  return m.movementId;
}

/** A payout of the company's on its way to its bank account (a quick payment's, by its id). */
const payout = (c: Company, amountKopecks: number, at = Date.now()) =>
  movement(
    c,
    { movementId: `qp:${crypto.randomUUID()}:payout`, type: "payout", amountKopecks },
    at,
    "pending",
  );

type HistoryItem = { id: string; type: string; status: string; amount: number; quickPayment: boolean };

describe("GET /api/payments/history", () => {
  it("wires its type and status filters, each combination, and pages by cursor", async () => {
    const c = await company();
    const t = Date.now() - DAY;
    const qp = crypto.randomUUID();
    const fixtures = [
      {
        id: await movement(
          c,
          { movementId: `payment:${crypto.randomUUID()}`, type: "payment", amountKopecks: 10_000_00 },
          t,
        ),
        type: "payment",
        status: "completed",
        quick: false,
      },
      {
        id: await movement(
          c,
          { movementId: `qp:${qp}:quick`, type: "quick", amountKopecks: 85_000_00, quickPaymentId: qp },
          t + 1,
        ),
        type: "quick",
        status: "completed",
        quick: true,
      },
      {
        id: await movement(
          c,
          { movementId: `qp:${qp}:fee`, type: "fee", amountKopecks: 1_700_00, quickPaymentId: qp },
          t + 2,
        ),
        type: "fee",
        status: "completed",
        quick: true,
      },
      {
        id: await movement(
          c,
          { movementId: `qp:${qp}:payout`, type: "payout", amountKopecks: 83_300_00, quickPaymentId: qp },
          t + 3,
          { status: "completed", at: t + 10, transactionId: "0000142" },
        ),
        type: "payout",
        status: "completed",
        quick: true,
      },
      {
        id: await movement(
          c,
          { movementId: `payout:${crypto.randomUUID()}`, type: "payout", amountKopecks: 5_000_00 },
          t + 4,
          { status: "failed", at: t + 11 },
        ),
        type: "payout",
        status: "failed",
        quick: false,
      },
    ];
    const pendingPayout = await movement(
      c,
      {
        movementId: `qp:${crypto.randomUUID()}:payout`,
        type: "payout",
        amountKopecks: 1_000_00,
        quickPaymentId: crypto.randomUUID(),
      },
      t + 5,
      "pending",
    );
    fixtures.push({ id: pendingPayout, type: "payout", status: "pending", quick: true });

    for (const type of [undefined, "payment", "payout", "quick"] as const)
      for (const status of [undefined, "completed", "pending", "failed"] as const) {
        const query = new URLSearchParams({ ...(type && { type }), ...(status && { status }) });
        const { body } = await get<HistoryItem[]>(`/api/payments/history?${query}`, c);
        const expected = fixtures.filter(
          (f) =>
            (!status || f.status === status) && (!type || (type === "quick" ? f.quick : f.type === type)),
        );
        expect(body.data.map((o) => o.id).sort(), `type=${type} status=${status}`).toEqual(
          expected.map((f) => f.id).sort(),
        );
      }

    const { body } = await get<HistoryItem[]>("/api/payments/history?type=payout&status=completed", c);
    expect(body).toEqual({
      success: true,
      data: [
        {
          id: fixtures[3].id,
          type: "payout",
          status: "completed",
          amount: -83_300,
          description: "Операция",
          date: new Date(t + 10).toISOString(),
          platform: null,
          orderId: null,
          transactionId: "0000142",
          quickPayment: true,
        },
      ],
      nextCursor: null,
    });

    const seen: string[] = [];
    let after = "";
    do {
      const page = await get<HistoryItem[]>(`/api/payments/history?limit=4${after}`, c);
      seen.push(...page.body.data.map((o) => o.id));
      after = page.body.nextCursor ? `&after=${encodeURIComponent(page.body.nextCursor as string)}` : "";
    } while (after);
    expect(seen.sort()).toEqual(fixtures.map((f) => f.id).sort());
    expect((await get("/api/payments/history?type=refund", c)).status).toBe(400);
    expect((await get("/api/payments/history?status=done", c)).status).toBe(400);

    const stranger = await company();
    expect((await get<HistoryItem[]>("/api/payments/history", stranger)).body.data).toEqual([]);
  });
});

describe("GET /api/payments/{id}/status and POST /api/payments/history", () => {
  it("answers an operation's status by its id, 404 for another company's, beside the plan payments' route", async () => {
    const c = await company();
    const id = await payout(c, 83_300_00);
    const statusOf = async (who: Company, operationId = id) =>
      get<{ status: string }>(`/api/payments/${encodeURIComponent(operationId)}/status`, who);
    expect((await statusOf(c)).body.data).toMatchObject({
      id,
      status: "pending",
      amount: -83_300,
      transactionId: null,
    });
    await finishMovement(testDb(), id, "completed", Date.now(), "0000777");
    expect((await statusOf(c)).body.data).toMatchObject({ status: "completed", transactionId: "0000777" });
    // Unencoded, the colons are path characters all the same.
    expect((await get<{ status: string }>(`/api/payments/${id}/status`, c)).body.data.status).toBe(
      "completed",
    );

    const stranger = await company();
    const theirs = await statusOf(stranger);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ success: false, error: "Операция не найдена" });
    expect((await statusOf(c, "qp:nothing:payout")).status).toBe(404);

    // The plan payments' own routes still answer beside the new ones.
    const paymentId = crypto.randomUUID();
    const now = new Date();
    await testDb()
      .insert(payments)
      .values({
        id: paymentId,
        companyId: c.companyId,
        userId: c.userId,
        planId: "basic",
        description: "Тариф «Базовый», 1 месяц",
        amountKopecks: 99_000,
        idempotenceKey: crypto.randomUUID(),
        returnUrl: `http://reys.test/payment/success?payment_id=${paymentId}`,
        status: "canceled",
        cancellationReason: "insufficient_funds",
        createdAt: now,
        updatedAt: now,
        appliedAt: now,
      });
    const plan = await get<{ id: string; planId: string }>(`/api/payments/${paymentId}`, c);
    expect(plan.status).toBe(200);
    expect(plan.body.data).toMatchObject({ id: paymentId, planId: "basic", status: "canceled" });
    expect((await get(`/api/payments/${encodeURIComponent(id)}`, c)).status).toBe(404);
    expect((await get<unknown[]>("/api/payments/history", c)).body.data).toHaveLength(1);
    expect((await get<unknown[]>("/api/payments/plans", c)).status).toBe(200);
  });

  it("takes the old client's report of received money without writing anything", async () => {
    const c = await company();
    const done = await payout(c, 83_300_00);
    const db = testDb();
    await finishMovement(db, done, "completed", Date.now(), "0000142");
    const onItsWay = await payout(c, 1_000_00);
    const rows = async () =>
      (await db.select().from(ledgerEntries).where(eq(ledgerEntries.companyId, c.companyId))).length;
    const before = await rows();
    const report = (body: unknown, who = c) => callWeb("/api/payments/history", postJson(body, who.auth));
    const received = {
      paymentId: done,
      amount: 83_300,
      orderId: null,
      platform: "magnit",
      timestamp: Date.now(),
    };

    const ok = await report(received);
    expect(ok.response.status).toBe(200);
    expect(await ok.response.json()).toEqual({
      success: true,
      data: { paymentId: done, status: "completed", transactionId: "0000142", recorded: false },
    });
    expect((await report({ ...received, amount: 90_000 })).response.status).toBe(409);
    const pending = await report({ ...received, paymentId: onItsWay, amount: 1_000 });
    expect(pending.response.status).toBe(409);
    expect(await pending.response.json()).toMatchObject({ error: "Операция ещё не исполнена банком" });
    expect((await report({ ...received, paymentId: `payment:${crypto.randomUUID()}` })).response.status).toBe(
      404,
    );
    expect((await report(received, await company())).response.status).toBe(404);
    expect((await report({ amount: 5 })).response.status).toBe(400);
    expect(await rows()).toBe(before);
  });
});
