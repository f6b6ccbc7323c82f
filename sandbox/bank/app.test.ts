// The sandbox bank driven by the real 1C:DirectBank adapter over HTTP: the same protocol both
// ways, with the sandbox's clock in the test's hands.
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { directBankOptions } from "../../workers/providers/bank-config";
import { settlementAccountWithKey } from "../../workers/core/requisites/bank-account";
import {
  createDirectBank,
  payoutDocumentId,
  type DirectBankOptions,
} from "../../workers/providers/directbank";
import {
  buildPacket,
  buildPayDocRu,
  documentBytes,
  documentText,
  parseResultBank,
} from "../../workers/providers/directbank-xml";
import type { PayoutOrder, PayoutRecipient } from "../../workers/providers/payout-bank";
import { createSandboxApp } from "../app";
import { LIQUIDATED_BANK_BIC, bankByBic } from "../dadata/banks";
import { sandboxProviderVars } from "../vars";
import { CARRIER_ACCOUNTS, CLOSED_ACCOUNTS, type KnownAccount } from "./accounts";

const DELAY_MS = 3_000;
const servers: ReturnType<typeof serve>[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A sandbox on its own port with a clock the test moves, and the adapter pointed at it. */
async function world(adapter: Partial<DirectBankOptions> = {}) {
  let clock = Date.parse("2025-06-02T07:00:00Z");
  const now = () => clock;
  const app = createSandboxApp({ bank: { now, executionDelayMs: DELAY_MS } });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const vars = sandboxProviderVars(base);
  const options: DirectBankOptions = {
    ...directBankOptions(vars),
    now,
    statementWaitMs: 2_000,
    pollIntervalMs: 20,
    ...adapter,
  };
  const control = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${base}/__sandbox/bank${path}`, {
      ...init,
      headers: { "content-type": "application/json" },
    });
    expect(response.status, path).toBe(200);
    return response.json();
  };
  return {
    base,
    vars,
    options,
    bank: createDirectBank(options),
    /** The sandbox's time passes. */
    wait(ms: number) {
      clock += ms;
    },
    balance: async () =>
      ((await control(`/accounts/${vars.BANK_PAYER_ACCOUNT}`)) as { balanceKopecks: number }).balanceKopecks,
    setBalance: (kopecks: number) =>
      control(`/accounts/${vars.BANK_PAYER_ACCOUNT}/balance`, {
        method: "PUT",
        body: JSON.stringify({ balanceKopecks: kopecks }),
      }),
    incoming: (amountKopecks: number) =>
      control(`/accounts/${vars.BANK_PAYER_ACCOUNT}/incoming`, {
        method: "POST",
        body: JSON.stringify({ amountKopecks }),
      }),
    orders: async () =>
      ((await control("/orders")) as { orders: { documentId: string; state: string }[] }).orders,
    failing: (mode: string) =>
      fetch(`${base}/__sandbox/failures`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ provider: "bank", mode }),
      }),
  };
}

const recipient = (account: KnownAccount): PayoutRecipient => ({
  name: account.holder.name,
  inn: account.holder.inn,
  kpp: account.holder.kpp,
  account: account.account,
  bank: { bic: account.bic, name: account.bankName, correspondentAccount: account.correspondentAccount },
});

let orders = 0;
const payout = (
  payee: PayoutRecipient = recipient(CARRIER_ACCOUNTS[0]),
  amountKopecks = 4_900_000,
): PayoutOrder => ({
  id: `payout-${++orders}-${Math.random()}`,
  number: String(orders),
  date: "2025-06-02",
  amountKopecks,
  payee,
  purpose: "Оплата по договору уступки права требования № 7 за рейс 1024. НДС не облагается",
});

describe("a payout through the sandbox bank", () => {
  it("is accepted when sent, executed after the delay, and the money leaves Рейс's account once", async () => {
    const w = await world();
    const before = await w.balance();
    const order = payout();
    const sent = await w.bank.sendPayout(order);
    expect(sent).toEqual({ documentId: await payoutDocumentId(order.id), alreadySent: false });

    expect(await w.bank.payoutStatus(sent.documentId)).toMatchObject({
      state: "accepted",
      reason: null,
      bankCode: "01",
    });
    w.wait(DELAY_MS - 1_000);
    expect((await w.bank.payoutStatus(sent.documentId))?.state).toBe("accepted");
    expect(await w.balance()).toBe(before);

    w.wait(1_000);
    expect(await w.bank.payoutStatus(sent.documentId)).toMatchObject({
      state: "executed",
      bankCode: "02",
      reason: null,
    });
    expect(await w.balance()).toBe(before - order.amountKopecks);
  });

  it("makes one order however often the same payout is sent", async () => {
    const w = await world();
    const before = await w.balance();
    const order = payout();
    const first = await w.bank.sendPayout(order);
    const again = await w.bank.sendPayout(order);
    const fromAnotherWorker = await createDirectBank(w.options).sendPayout(order);
    expect(again).toEqual({ documentId: first.documentId, alreadySent: true });
    expect(fromAnotherWorker).toEqual(again);
    w.wait(DELAY_MS);
    expect((await w.orders()).map((o) => [o.documentId, o.state])).toEqual([[first.documentId, "executed"]]);
    expect(await w.balance()).toBe(before - order.amountKopecks);
  });

  it("refuses a copy of the order in another packet, and the order itself goes on", async () => {
    const w = await world();
    const order = payout();
    const { documentId } = await w.bank.sendPayout(order);
    // The same payment order under a packet id of its own: the bank refuses the document as a duplicate.
    const logon = await fetch(`${w.vars.BANK_DIRECTBANK_URL}/Logon`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${w.vars.BANK_LOGIN}:${w.vars.BANK_PASSWORD}`)}`,
        CustomerID: "0",
        APIVersion: "2.3.2",
      },
    });
    const session = parseResultBank(await logon.text());
    expect(session.kind).toBe("logon");
    const payDoc = buildPayDocRu({
      id: documentId,
      creationDate: "2025-06-02T10:00:00",
      sender: { id: w.vars.BANK_CUSTOMER_ID },
      recipient: { bic: w.vars.BANK_BIC },
      data: {
        number: order.number,
        date: order.date,
        amountKopecks: order.amountKopecks,
        payer: {
          name: w.vars.BANK_PAYER_NAME,
          account: w.vars.BANK_PAYER_ACCOUNT,
          bank: { bic: w.vars.BANK_BIC },
        },
        payee: order.payee,
        purpose: order.purpose,
      },
    });
    const copy = await fetch(`${w.vars.BANK_DIRECTBANK_URL}/SendPack`, {
      method: "POST",
      headers: {
        SID: session.kind === "logon" ? session.sid : "",
        CustomerID: w.vars.BANK_CUSTOMER_ID,
        APIVersion: "2.3.2",
      },
      body: documentBytes(
        buildPacket({
          id: crypto.randomUUID(),
          creationDate: "2025-06-02T10:00:00",
          sender: { customer: { id: w.vars.BANK_CUSTOMER_ID } },
          recipient: { bank: { bic: w.vars.BANK_BIC } },
          documents: [{ id: documentId, dockind: "10", content: documentBytes(payDoc) }],
        }),
      ),
    });
    expect(parseResultBank(await copy.text()).kind).toBe("sendPacket");

    const { notices } = await w.bank.notices(null);
    expect(notices.map((n) => [n.documentId, n.state])).toEqual([[documentId, "accepted"]]);
    w.wait(DELAY_MS);
    expect((await w.bank.payoutStatus(documentId))?.state).toBe("executed");
    expect(await w.orders()).toHaveLength(1);
  });
});

describe("the bank's refusals, with its reasons in Russian", () => {
  it("rejects a payee account whose control key is wrong at once, and takes no money", async () => {
    const w = await world();
    const before = await w.balance();
    const good = CARRIER_ACCOUNTS[1];
    const mistyped = `${good.account.slice(0, 19)}${(Number(good.account[19]) + 1) % 10}`;
    const { documentId } = await w.bank.sendPayout(payout({ ...recipient(good), account: mistyped }));
    expect(await w.bank.payoutStatus(documentId)).toMatchObject({
      state: "rejected",
      bankCode: "03",
      reason: `Неверный контрольный ключ в номере счета получателя ${mistyped} (БИК ${good.bic})`,
    });
    w.wait(DELAY_MS);
    expect((await w.bank.payoutStatus(documentId))?.state).toBe("rejected");
    expect(await w.balance()).toBe(before);
  });

  it("rejects a payout to a closed account when it comes to executing it", async () => {
    const w = await world();
    const closed = CLOSED_ACCOUNTS[0];
    const { documentId } = await w.bank.sendPayout(payout(recipient(closed)));
    expect((await w.bank.payoutStatus(documentId))?.state).toBe("accepted");
    w.wait(DELAY_MS);
    expect(await w.bank.payoutStatus(documentId)).toMatchObject({
      state: "rejected",
      reason: `Счет получателя ${closed.account} закрыт`,
    });
  });

  it("rejects a payout the account cannot cover, and executes it once the account is topped up", async () => {
    const w = await world();
    await w.setBalance(100_000);
    const big = await w.bank.sendPayout(payout(undefined, 500_000));
    w.wait(DELAY_MS);
    expect(await w.bank.payoutStatus(big.documentId)).toMatchObject({
      state: "rejected",
      reason: "Недостаточно средств на счете плательщика",
    });
    expect(await w.balance()).toBe(100_000);

    await w.incoming(1_000_000);
    const retried = await w.bank.sendPayout(payout(undefined, 500_000));
    w.wait(DELAY_MS);
    expect((await w.bank.payoutStatus(retried.documentId))?.state).toBe("executed");
    expect(await w.balance()).toBe(600_000);
  });

  it("rejects a payout to a liquidated bank, and to a БИК the directory has not", async () => {
    const w = await world();
    const liquidated = bankByBic(LIQUIDATED_BANK_BIC)!;
    const account = settlementAccountWithKey("40702810000000000077", LIQUIDATED_BANK_BIC);
    const toLiquidated = await w.bank.sendPayout(
      payout({
        ...recipient(CARRIER_ACCOUNTS[2]),
        account,
        bank: {
          bic: LIQUIDATED_BANK_BIC,
          name: liquidated.data.name.payment,
          correspondentAccount: liquidated.data.correspondent_account,
        },
      }),
    );
    expect((await w.bank.payoutStatus(toLiquidated.documentId))?.reason).toBe(
      `Банк получателя (БИК ${LIQUIDATED_BANK_BIC}) ликвидирован 15.03.2023`,
    );
    const unknown = await w.bank.sendPayout(
      payout({
        ...recipient(CARRIER_ACCOUNTS[2]),
        bank: { ...recipient(CARRIER_ACCOUNTS[2]).bank, bic: "044525000" },
      }),
    );
    expect((await w.bank.payoutStatus(unknown.documentId))?.reason).toBe(
      "БИК 044525000 банка получателя не найден в справочнике БИК",
    );
  });
});

describe("the bank's notices and statement", () => {
  it("gives the notices since a cursor, each once", async () => {
    const w = await world();
    const first = await w.bank.sendPayout(payout());
    const start = await w.bank.notices(null);
    expect(start.notices.map((n) => [n.documentId, n.state])).toEqual([[first.documentId, "accepted"]]);

    const second = await w.bank.sendPayout(payout(recipient(CLOSED_ACCOUNTS[1])));
    const next = await w.bank.notices(start.cursor);
    expect(next.notices.map((n) => [n.documentId, n.state])).toEqual([[second.documentId, "accepted"]]);
    expect(await w.bank.notices(next.cursor)).toEqual({ notices: [], cursor: next.cursor });

    w.wait(DELAY_MS);
    const later = await w.bank.notices(next.cursor);
    expect(later.notices.map((n) => [n.documentId, n.state, n.reason])).toEqual([
      [first.documentId, "executed", null],
      [second.documentId, "rejected", `Счет получателя ${CLOSED_ACCOUNTS[1].account} закрыт`],
    ]);
  });

  it("lists the executed payouts out and the payments in, the balances adding up to the kopeck", async () => {
    const w = await world();
    const opening = await w.balance();
    const paid = [payout(undefined, 1_234_567), payout(recipient(CARRIER_ACCOUNTS[3]), 765_433)];
    const sent = [await w.bank.sendPayout(paid[0]), await w.bank.sendPayout(paid[1])];
    const rejected = await w.bank.sendPayout(payout(recipient(CLOSED_ACCOUNTS[2])));
    w.wait(DELAY_MS);
    await w.incoming(2_500_000);

    const statement = await w.bank.statement({ from: "2025-06-02", to: "2025-06-02" });
    expect(statement.account).toBe(w.vars.BANK_PAYER_ACCOUNT);
    const out = statement.operations.filter((operation) => operation.direction === "out");
    expect(out.map((operation) => [operation.documentId, operation.amountKopecks])).toEqual([
      [sent[0].documentId, 1_234_567],
      [sent[1].documentId, 765_433],
    ]);
    expect(out.some((operation) => operation.documentId === rejected.documentId)).toBe(false);
    expect(out[0]).toMatchObject({
      date: "2025-06-02",
      payee: {
        account: CARRIER_ACCOUNTS[0].account,
        bic: CARRIER_ACCOUNTS[0].bic,
        inn: CARRIER_ACCOUNTS[0].holder.inn,
      },
      purpose: paid[0].purpose,
    });
    const incoming = statement.operations.filter((operation) => operation.direction === "in");
    expect(incoming.at(-1)).toMatchObject({
      amountKopecks: 2_500_000,
      documentId: null,
      payer: { name: "ООО «Северная торговая сеть»" },
    });

    const sum = (direction: "in" | "out") =>
      statement.operations
        .filter((o) => o.direction === direction)
        .reduce((total, o) => total + o.amountKopecks, 0);
    expect(statement.closingBalanceKopecks).toBe(
      (statement.openingBalanceKopecks ?? 0) + sum("in") - sum("out"),
    );
    expect(statement.closingBalanceKopecks).toBe(opening - 2_000_000 + 2_500_000);
    expect(statement.closingBalanceKopecks).toBe(await w.balance());
  });

  it("gives an empty statement for a day without operations, with the balance carried over", async () => {
    const w = await world();
    const balance = await w.balance();
    const statement = await w.bank.statement({ from: "2025-06-03", to: "2025-06-03" });
    expect(statement).toMatchObject({
      openingBalanceKopecks: balance,
      closingBalanceKopecks: balance,
      operations: [],
    });
  });
});

describe("the bank failing", () => {
  it("answers 500: the adapter says the bank is unavailable, in Russian, and nothing is sent", async () => {
    const w = await world();
    await w.failing("error500");
    await expect(w.bank.sendPayout(payout())).rejects.toMatchObject({
      name: "BankUnavailableError",
      code: "500",
      message: "Банк временно недоступен (HTTP 500, вход)",
    });
    await w.failing("none");
    expect(await w.orders()).toEqual([]);
  });

  it("hangs: the adapter gives up at its own timeout", async () => {
    const w = await world({ timeoutMs: 300 });
    await w.failing("timeout");
    const started = Date.now();
    await expect(w.bank.notices(null)).rejects.toMatchObject({
      name: "BankUnavailableError",
      code: "timeout",
      message: "Банк не ответил за 0,3 с (вход)",
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses its sessions: the adapter logs on again once, then says the bank is unavailable", async () => {
    const w = await world();
    await w.bank.notices(null);
    await w.failing("expired_token");
    const sent = vi.spyOn(globalThis, "fetch");
    await expect(w.bank.notices(null)).rejects.toMatchObject({
      name: "BankUnavailableError",
      code: "1006",
      message:
        "Банк временно недоступен: Сессия закрыта по тайм-ауту: Требуется повторная аутентификация (код 1006)",
    });
    const paths = sent.mock.calls.map(([url]) => new URL(String(url)).pathname.split("/").at(-1));
    expect(paths).toEqual(["GetPackList", "Logon", "GetPackList"]);
    await w.failing("none");
    expect((await w.bank.notices(null)).notices).toEqual([]);
  });

  it("drops a session after 5 idle minutes: the adapter logs on again by itself", async () => {
    const w = await world();
    await w.bank.notices(null);
    w.wait(5 * 60_000 + 1);
    const sent = vi.spyOn(globalThis, "fetch");
    await w.bank.notices(null);
    expect(sent.mock.calls.map(([url]) => new URL(String(url)).pathname.split("/").at(-1))).toEqual([
      "GetPackList",
      "Logon",
      "GetPackList",
    ]);
  });

  it("refuses a wrong password, telling what to check", async () => {
    const w = await world({ password: "wrong" });
    await expect(w.bank.sendPayout(payout())).rejects.toMatchObject({
      name: "BankRefusedError",
      code: "1201",
      message:
        "Банк не принял вход: Некорректные данные для аутентификации: Неверные имя пользователя или пароль (код 1201). " +
        "Проверьте логин, пароль и идентификатор клиента DirectBank",
    });
  });
});

describe("the DirectBank service at its paths", () => {
  it("answers ResultBank in UTF-8 with a BOM, and the standard's error codes", async () => {
    const w = await world();
    const noAuth = await fetch(`${w.vars.BANK_DIRECTBANK_URL}/Logon`, {
      method: "POST",
      headers: { CustomerID: "0", APIVersion: "2.3.2" },
    });
    expect(noAuth.status).toBe(400);
    expect(noAuth.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const bytes = new Uint8Array(await noAuth.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parseResultBank(documentText(bytes))).toEqual({
      kind: "error",
      code: "1002",
      description: "Не указан обязательный заголовок в запросе",
      moreInfo: "Authorization",
    });

    const noSession = await fetch(`${w.vars.BANK_DIRECTBANK_URL}/GetPackList`, {
      headers: { SID: "nobody" },
    });
    expect(noSession.status).toBe(401);
    expect(parseResultBank(await noSession.text())).toMatchObject({ kind: "error", code: "1007" });
  });
});
