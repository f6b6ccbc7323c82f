// The quick-payment pipeline end to end (issue 21, items 2–5; decision 0054): the request is
// checked against its ЭТрН chain, approved with a 24-hour deadline, paid out by a 1C:DirectBank
// payment order to the sandbox bank, and confirmed by the bank's notices through the jobs
// Worker — with the ledger, the balance and the bank agreeing to the kopeck, and nothing done
// twice under redelivery.
import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, edoConnections, edoDocuments } from "../../db/schema";
import { companyRequisites, ledgerEntries, payouts, quickPayments } from "../../db/schema/finance";
import { platformOrders } from "../../db/schema/platforms";
import { CARRIER_ACCOUNTS, CLOSED_ACCOUNTS, type KnownAccount } from "../../sandbox/bank/accounts";
import { balanceOf } from "../../workers/core/finance/ledger";
import { checkPayouts, ledgerOfQuickPayment } from "../../workers/core/finance/payouts";
import type { PayoutBank } from "../../workers/providers/payout-bank";
import type { WireDocument } from "../../workers/providers/edo-operator";
import { randomInn } from "../support/russian-ids";
import { edoConnectionRow, edoOrderRow } from "../support/edo-rows";
import {
  callWeb,
  createCompanyUser,
  createOrderFor,
  deliver,
  mirrorEdoDocuments,
  operatorDocuments,
  postJson,
  sessionFor,
  testDb,
} from "./support";

const sandbox = new URL(env.BANK_DIRECTBANK_URL).origin;
const bankAdmin = (path: string, init?: RequestInit) => fetch(`${sandbox}/__sandbox/bank${path}`, init);
let executionDelayMs: number;
let closedChain: WireDocument;

beforeAll(async () => {
  // Executed on the bank's next request rather than 5 s later: the test needs no sleeping.
  executionDelayMs = (await (await bankAdmin("/settings")).json<{ executionDelayMs: number }>())
    .executionDelayMs;
  await bankAdmin("/settings", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ executionDelayMs: 0 }),
  });
  const docs = await operatorDocuments("demo-carrier", { limit: "200", category: "ETRN" });
  const closed = docs.find(
    (doc) =>
      doc.info.documents.some((t) => t.type === "ON_TRNACLGRPO") &&
      doc.info.documents.some((t) => t.type === "ON_TRNACLPVYN"),
  );
  if (!closed) throw new Error("the sandbox account has no closed chain");
  closedChain = closed;
});

afterAll(async () => {
  await bankAdmin("/settings", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ executionDelayMs }),
  });
});

type Carrier = { companyId: string; inn: string; auth: Record<string, string> };

/** A carrier with an ИНН, an EDO connection and (unless told otherwise) a settlement account. */
async function carrier(account: KnownAccount | null = CARRIER_ACCOUNTS[0]): Promise<Carrier> {
  const { companyId, userId } = await createCompanyUser();
  const inn = randomInn();
  const db = testDb();
  await db
    .update(companies)
    .set({ inn, kpp: `${inn.slice(0, 4)}01001` })
    .where(eq(companies.id, companyId));
  await db.insert(edoConnections).values(edoConnectionRow(companyId));
  if (account)
    await db.insert(companyRequisites).values({
      companyId,
      account: account.account,
      bik: account.bic,
      bankName: account.bankName,
      correspondentAccount: account.correspondentAccount,
      updatedAt: new Date(),
    });
  return { companyId, inn, auth: { authorization: `Bearer ${(await sessionFor(userId)).bearer}` } };
}

/** The carrier's own copy of a closed chain, with `titles` (all by default) and the carrier's ИНН. */
async function chainOf(c: Carrier, options: { titles?: string[]; carrierInn?: string } = {}) {
  const id = crypto.randomUUID();
  const doc: WireDocument = {
    ...closedChain,
    id,
    info: {
      ...closedChain.info,
      tk: closedChain.info.tk && { ...closedChain.info.tk, inn: options.carrierInn ?? c.inn },
      documents: closedChain.info.documents.filter((t) => !options.titles || options.titles.includes(t.type)),
    },
  };
  await mirrorEdoDocuments(c.companyId, [doc]);
  return doc;
}

/** The EDO order made from a docflow, as the EDO → orders sync makes it (no price). */
async function edoOrder(c: Carrier, doc: WireDocument): Promise<string> {
  const [connection] = await testDb()
    .select({ id: edoConnections.id })
    .from(edoConnections)
    .where(eq(edoConnections.companyId, c.companyId));
  const row = edoOrderRow(c.companyId, connection.id, doc);
  await testDb().insert(platformOrders).values(row);
  return row.id;
}

async function ask(c: Carrier, orderId: string, amount: number) {
  const { response, sent } = await callWeb(
    "/api/factoring/quick-payment",
    postJson({ orderId, amount, userConsent: { accepted: true, timestamp: Date.now() } }, c.auth),
  );
  const body = await response.json<{ data: { id: string } }>();
  return { response, sent, id: body.data?.id };
}

const requestOf = async (id: string) =>
  (await testDb().select().from(quickPayments).where(eq(quickPayments.id, id)))[0];
const payoutsOf = (id: string) => testDb().select().from(payouts).where(eq(payouts.quickPaymentId, id));
const check = () => deliver([{ kind: "payouts.check", scheduledAt: Date.now() }]);
const bankOrders = async () =>
  (
    await (
      await bankAdmin("/orders")
    ).json<{
      orders: { documentId: string; amountKopecks: number; state: string; payee: { account: string } }[];
    }>()
  ).orders;

describe("the 30 s payout check", () => {
  it("asks the bank nothing while no payout is on its way", async () => {
    const asked: string[] = [];
    const bank = new Proxy({} as PayoutBank, {
      get: (_, method: string) => async () => {
        asked.push(method);
        throw new Error(`the bank was asked ${method}`);
      },
    });
    const db = testDb();
    const inFlight = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(inArray(payouts.status, ["queued", "sent"]));
    expect(inFlight).toEqual([]);
    expect(await checkPayouts({ db, now: () => Date.now(), bank, enqueue: async () => {} })).toEqual({
      applied: 0,
      sent: 0,
      failed: 0,
    });
    expect(asked).toEqual([]);
  });
});

describe("a quick payment from request to money on the account", () => {
  it("checks the chain, approves with a 24 h deadline, pays the net amount and records it all once", async () => {
    const c = await carrier();
    const orderId = await edoOrder(c, await chainOf(c));
    const asked = await ask(c, orderId, 120_000);
    expect(asked.response.status).toBe(201);
    const early = await callWeb(`/api/factoring/quick-payments/${asked.id}/documents/commission_act`, {
      headers: c.auth,
    });
    expect(early.response.status).toBe(404);
    expect(asked.sent.map((m) => m.body)).toEqual([{ kind: "quick_payment.advance", id: asked.id }]);

    // Redelivered and delivered twice at once: one approval, one payment order at the bank.
    const advance = { kind: "quick_payment.advance", id: asked.id };
    await Promise.all([deliver([advance]), deliver([advance])]);
    await deliver([advance]);
    const approved = await requestOf(asked.id);
    expect(approved).toMatchObject({
      status: "approved",
      amountDeclared: true,
      edoDocumentId: expect.any(String),
    });
    expect(approved.deadlineAt!.getTime() - approved.approvedAt!.getTime()).toBe(24 * 60 * 60 * 1000);
    const [payout] = await payoutsOf(asked.id);
    expect(payout).toMatchObject({ status: "sent", kind: "net", amountKopecks: 11_760_000 });
    expect((await bankOrders()).filter((o) => o.documentId === payout.documentId)).toHaveLength(1);
    expect(await balanceOf(testDb(), c.companyId)).toEqual({
      currentKopecks: 0,
      pendingKopecks: 11_760_000,
      totalReceivedKopecks: 0,
      totalPaidOutKopecks: 0,
    });

    // With the approval come its documents, kept with the request and served as PDFs.
    await deliver([{ kind: "quick_payment.documents", id: asked.id }]);
    const view = await callWeb(`/api/factoring/quick-payments/${asked.id}`, { headers: c.auth });
    const { data } = await view.response.json<{ data: { documents: { kind: string; url: string }[] } }>();
    expect(data.documents.map((d) => d.kind)).toEqual([
      "assignment_notice",
      "commission_act",
      "commission_invoice",
    ]);
    const notice = await callWeb(data.documents[0].url, { headers: c.auth });
    expect(notice.response.headers.get("content-type")).toBe("application/pdf");
    expect(notice.response.headers.get("content-disposition")).toContain(
      encodeURIComponent("Уведомление об уступке"),
    );
    expect(new TextDecoder().decode((await notice.response.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const stranger = await carrier();
    expect((await callWeb(data.documents[0].url, { headers: stranger.auth })).response.status).toBe(404);

    // The 30 s check reads the bank's notice: executed.
    await check();
    await check();
    const paid = await requestOf(asked.id);
    expect(paid.status).toBe("paid_out");
    expect(paid.paidOutAt).not.toBeNull();
    expect(await ledgerOfQuickPayment(testDb(), asked.id)).toEqual(
      expect.arrayContaining([
        { movementId: `qp:${asked.id}:quick`, type: "quick", status: "completed", amountKopecks: 12_000_000 },
        { movementId: `qp:${asked.id}:fee`, type: "fee", status: "completed", amountKopecks: 240_000 },
        { movementId: `payout:${payout.id}`, type: "payout", status: "pending", amountKopecks: 11_760_000 },
        { movementId: `payout:${payout.id}`, type: "payout", status: "completed", amountKopecks: 11_760_000 },
      ]),
    );
    expect(await ledgerOfQuickPayment(testDb(), asked.id)).toHaveLength(4);
    expect(await balanceOf(testDb(), c.companyId)).toEqual({
      currentKopecks: 0,
      pendingKopecks: 0,
      totalReceivedKopecks: 12_000_000,
      totalPaidOutKopecks: 11_760_000,
    });
    const atBank = (await bankOrders()).filter((o) => o.documentId === payout.documentId);
    expect(atBank).toEqual([
      expect.objectContaining({
        state: "executed",
        amountKopecks: 11_760_000,
        payee: expect.objectContaining({ account: CARRIER_ACCOUNTS[0].account }),
      }),
    ]);

    // For a bank without an API: the day's payment orders as a 1CClientBankExchange file, for an admin.
    const day = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const admin = await createCompanyUser({ role: "admin" });
    const adminAuth = { authorization: `Bearer ${(await sessionFor(admin.userId)).bearer}` };
    const file = await callWeb(`/api/admin/payouts/client-bank-exchange?date=${day}`, { headers: adminAuth });
    expect(file.response.headers.get("content-type")).toBe("text/plain; charset=windows-1251");
    const text = iconv.decode(Buffer.from(await file.response.arrayBuffer()), "win1251");
    expect(text.startsWith("1CClientBankExchange\r\n")).toBe(true);
    const section = text
      .split("СекцияДокумент=Платежное поручение")
      .find(
        (s) => s.includes(`ПолучательСчет=${CARRIER_ACCOUNTS[0].account}`) && s.includes("Сумма=117600.00"),
      );
    expect(section).toContain("НазначениеПлатежа=Оплата денежного требования по заказу №");
    const denied = await callWeb(`/api/admin/payouts/client-bank-exchange?date=${day}`, { headers: c.auth });
    expect(denied.response.status).toBe(403);

    // The page's read of it: the receipt carries the bank's document id.
    const { response } = await callWeb("/api/payments/history?type=payout", { headers: c.auth });
    const operations = await response.json<{
      data: { id: string; status: string; transactionId: string }[];
    }>();
    expect(operations.data).toContainEqual(
      expect.objectContaining({
        id: `payout:${payout.id}`,
        status: "completed",
        transactionId: payout.documentId,
      }),
    );
  });

  it("a bank rejection fails the request with the bank's reason and charges nothing", async () => {
    const c = await carrier(CLOSED_ACCOUNTS[0]);
    const orderId = await edoOrder(c, await chainOf(c));
    const asked = await ask(c, orderId, 50_000);
    await deliver([{ kind: "quick_payment.advance", id: asked.id }]);
    await check();
    const failed = await requestOf(asked.id);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toMatch(/^Банк отклонил выплату: .*закрыт/);
    expect(await balanceOf(testDb(), c.companyId)).toEqual({
      currentKopecks: 0,
      pendingKopecks: 0,
      totalReceivedKopecks: 0,
      totalPaidOutKopecks: 0,
    });
    const ledger = await ledgerOfQuickPayment(testDb(), asked.id);
    expect(ledger.map((e) => `${e.type}:${e.status}`)).toEqual(["payout:pending", "payout:failed"]);
  });

  it("a bank that is down keeps the payout queued and sends it once the bank is back", async () => {
    const c = await carrier(CARRIER_ACCOUNTS[1]);
    const orderId = await edoOrder(c, await chainOf(c));
    const asked = await ask(c, orderId, 30_000);
    const down = { BANK_DIRECTBANK_URL: "http://127.0.0.1:9/directbank" };
    const outcome = await deliver([{ kind: "quick_payment.advance", id: asked.id }], { env: down });
    expect(outcome.retryMessages).toEqual([]);
    const [waiting] = await payoutsOf(asked.id);
    expect(waiting).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: expect.stringMatching(/банк/i),
    });
    expect(await ledgerOfQuickPayment(testDb(), asked.id)).toEqual([]);

    // Its retry time comes; the next check sends it and, a check later, it is paid out.
    await testDb()
      .update(payouts)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(payouts.id, waiting.id));
    await check();
    expect((await payoutsOf(asked.id))[0].status).toBe("sent");
    await check();
    expect((await requestOf(asked.id)).status).toBe("paid_out");
  });

  it("a missed deadline gives the commission back and pays it out with its own order", async () => {
    const c = await carrier(CARRIER_ACCOUNTS[2]);
    const orderId = await edoOrder(c, await chainOf(c));
    const asked = await ask(c, orderId, 100_000);
    await deliver([{ kind: "quick_payment.advance", id: asked.id }], {
      env: { BANK_DIRECTBANK_URL: "http://127.0.0.1:9/directbank" },
    });
    // A day later, the bank still has not had it.
    await testDb()
      .update(quickPayments)
      .set({ deadlineAt: new Date(Date.now() - 1_000) })
      .where(eq(quickPayments.id, asked.id));
    await deliver([{ kind: "payouts.check", scheduledAt: Date.now() }], {
      env: { BANK_DIRECTBANK_URL: "http://127.0.0.1:9/directbank" },
    });
    expect((await requestOf(asked.id)).feeRefundedAt).not.toBeNull();
    expect(await ledgerOfQuickPayment(testDb(), asked.id)).toEqual([
      {
        movementId: `qp:${asked.id}:fee_refund`,
        type: "fee_refund",
        status: "pending",
        amountKopecks: 200_000,
      },
    ]);

    await testDb()
      .update(payouts)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(payouts.quickPaymentId, asked.id));
    await check(); // sends the net payout
    await check(); // executed: paid out, the refund completes and its own payout is sent
    await check(); // the refund's payout executed
    const [net, refund] = (await payoutsOf(asked.id)).sort((a, b) => a.seq - b.seq);
    expect([net.kind, net.status, refund.kind, refund.status, refund.amountKopecks]).toEqual([
      "net",
      "executed",
      "fee_refund",
      "executed",
      200_000,
    ]);
    expect(await balanceOf(testDb(), c.companyId)).toEqual({
      currentKopecks: 0,
      pendingKopecks: 0,
      totalReceivedKopecks: 10_200_000,
      totalPaidOutKopecks: 10_000_000,
    });
  });
});

describe("held until the documents say the trip is done", () => {
  it("names what is missing and moves on by itself once the chain closes", async () => {
    const c = await carrier();
    const doc = await chainOf(c, { titles: ["ON_TRN", "ON_TRNACLGROT", "ON_TRNACLPPRIN", "ON_TRNACLPVYN"] });
    const asked = await ask(c, await edoOrder(c, doc), 40_000);
    await deliver([{ kind: "quick_payment.advance", id: asked.id }]);
    const held = await requestOf(asked.id);
    expect(held).toMatchObject({ status: "held", holdReason: "chain_open" });
    expect(held.holdDetail).toMatch(/нет титула получателя о приёмке груза \(Т3\)/);
    expect(await payoutsOf(asked.id)).toEqual([]);

    const { response } = await callWeb(`/api/factoring/quick-payments/${asked.id}`, { headers: c.auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      data: {
        status: "pending",
        stage: "held",
        hold: { action: { label: "Открыть документы рейса", href: "/edo" } },
      },
    });

    // The consignee signs; the next sync mirrors the chain closed and a later check approves it.
    await testDb()
      .update(edoDocuments)
      .set({ data: { ...doc, info: { ...doc.info, documents: closedChain.info.documents } } })
      .where(and(eq(edoDocuments.companyId, c.companyId), eq(edoDocuments.id, doc.id)));
    await testDb()
      .update(quickPayments)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(quickPayments.id, asked.id));
    await check();
    expect((await requestOf(asked.id)).status).toBe("approved");
  });

  it("holds a chain of another carrier, and a platform order without EDO or its waybill", async () => {
    const c = await carrier();
    const foreign = await ask(c, await edoOrder(c, await chainOf(c, { carrierInn: randomInn() })), 10_000);
    await deliver([{ kind: "quick_payment.advance", id: foreign.id }]);
    expect(await requestOf(foreign.id)).toMatchObject({
      status: "held",
      holdReason: "chain_mismatch",
      holdDetail: expect.stringMatching(/^перевозчик в ЭТрН № .* — ИНН \d+, у вашей компании ИНН \d+$/),
    });

    const platformOrder = await createOrderFor(c.companyId, { priceKopecks: 2_500_000 });
    const noWaybill = await ask(c, platformOrder, 25_000);
    await deliver([{ kind: "quick_payment.advance", id: noWaybill.id }]);
    expect(await requestOf(noWaybill.id)).toMatchObject({ status: "held", holdReason: "chain_not_found" });

    await testDb().delete(edoConnections).where(eq(edoConnections.companyId, c.companyId));
    await testDb()
      .update(quickPayments)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(quickPayments.id, noWaybill.id));
    await check();
    expect(await requestOf(noWaybill.id)).toMatchObject({ status: "held", holdReason: "edo_not_connected" });
    expect(await ledgerEntriesOf(c.companyId)).toEqual([]);
  });
});

const ledgerEntriesOf = (companyId: string) =>
  testDb().select().from(ledgerEntries).where(eq(ledgerEntries.companyId, companyId));
