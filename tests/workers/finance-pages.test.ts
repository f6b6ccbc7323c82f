// The finance pages as the server renders them (issue 21 items 6–9; spec 3 §2, §4): /finance and
// its tabs for an empty company and one with money moving, the history filters acting on the list
// and kept in the URL, quick payments' timelines, the requisites form, /factoring, the order cards'
// quick-payment line, and each company seeing only its own.
import { edoConnectionRow } from "../support/edo-rows";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { edoConnections } from "../../db/schema/edo";
import { companyRequisites, quickPayments } from "../../db/schema/finance";
import { platformOrders } from "../../db/schema/platforms";
import type { OrderStatus } from "../../db/vocabulary";
import { finishMovement, recordMovement, type Movement } from "../../workers/core/finance/ledger";
import { settlementAccountWithKey } from "../../workers/core/requisites/bank-account";
import {
  activeBank,
  callWeb,
  createCompanyUser,
  createOrderFor,
  postJson,
  sessionFor,
  testDb,
} from "./support";
import { textOf } from "../support/page-text";
import { addCompanyMember } from "./members-fixture";

const sandbox = env.EDO_API_URL.replace(/\/edo$/, "");
const DAY = 24 * 60 * 60 * 1000;

type Member = { companyId: string; userId: string; cookie: string };

async function member(): Promise<Member> {
  const user = await createCompanyUser();
  const { cookie } = await sessionFor(user.userId);
  return { ...user, cookie };
}

const page = async (path: string, who: Member, envOverrides: Partial<Env> = {}) => {
  const { response } = await callWeb(path, { headers: { cookie: who.cookie } }, envOverrides);
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
};

const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;

/** A movement of the company's ledger in the state `state` (a failed one starts pending). */
async function movement(
  companyId: string,
  m: Omit<Movement, "movementId" | "companyId">,
  state: "pending" | "completed" | "failed",
  at = Date.now(),
) {
  const db = testDb();
  const full: Movement = { movementId: `test:${crypto.randomUUID()}`, companyId, ...m };
  await recordMovement(db, full, state === "completed" ? "completed" : "pending", at);
  if (state === "failed") await finishMovement(db, full.movementId, "failed", at + 1_000);
  return full.movementId;
}

async function quickPayment(
  companyId: string,
  orderId: string,
  fields: Partial<typeof quickPayments.$inferInsert> = {},
) {
  const id = crypto.randomUUID();
  const now = Date.now();
  await testDb()
    .insert(quickPayments)
    .values({
      id,
      companyId,
      orderId,
      platformId: "magnit",
      amountKopecks: 8_500_000,
      feeRateBp: 200,
      feeKopecks: 170_000,
      netKopecks: 8_330_000,
      status: "requested",
      consentAt: new Date(now - 60_000),
      requestedAt: new Date(now - 60_000),
      updatedAt: new Date(now),
      ...fields,
    });
  return id;
}

const edoLogins = new Map<string, string>();

/** The company's EDO connection (an order made from a docflow belongs to one), made once. */
async function edoConnectionOf(companyId: string): Promise<string> {
  const known = edoLogins.get(companyId);
  if (known) return known;
  const row = edoConnectionRow(companyId);
  await testDb().insert(edoConnections).values(row);
  const id = row.id!;
  edoLogins.set(companyId, id);
  return id;
}

async function edoOrder(
  companyId: string,
  options: { closed: boolean; status?: OrderStatus; createdAt?: Date },
) {
  const id = crypto.randomUUID();
  const now = new Date();
  const edoConnectionId = await edoConnectionOf(companyId);
  await testDb()
    .insert(platformOrders)
    .values({
      id,
      companyId,
      edoConnectionId,
      platformId: "edo",
      externalOrderId: `edo-${id}`,
      orderNumber: `ЭТрН-${id.slice(0, 6)}`,
      customerName: "ООО «Ромашка»",
      pickupAddress: "г Казань, ул Баумана, д 1",
      deliveryAddress: "г Самара, ул Ленина, д 2",
      documentsRequired: [],
      priceKopecks: null,
      currency: "RUB",
      status: options.status ?? "свободен",
      edoInfo: {
        edoId: id,
        documents: [
          { id: `${id}-1`, type: "ON_TRNACLGROT", dateTime: now.toISOString() },
          ...(options.closed ? [{ id: `${id}-4`, type: "ON_TRNACLPVYN", dateTime: now.toISOString() }] : []),
        ],
      },
      createdAt: options.createdAt ?? now,
      syncedAt: now,
    });
  return id;
}

describe("/finance for a company with no money moving yet", () => {
  let who: Member;
  beforeAll(async () => {
    who = await member();
  });

  it("shows zeros and says where things will appear, the sidebar leads to it without «скоро»", async () => {
    const { status, html } = await page("/finance", who);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Финансы");
    expect(text).toMatch(/Текущий баланс 0,00 ₽ В пути на расчётный счёт: 0,00 ₽/);
    expect(text).toMatch(/Готовы к оплате 0 заказов ЭДО: 0 · обычные: 0/);
    expect(text).toMatch(/Получено 0,00 ₽ 0 платежей/);
    expect(text).toMatch(/Выплачено на счёт 0,00 ₽ 0 выплат/);
    for (const hint of ["receipts-empty", "quick-payments-empty", "operations-empty"]) {
      expect(count(html, hint)).toBe(1);
    }
    // No history to judge by: no credit score and no advance.
    expect(count(html, "credit-score")).toBe(0);
    expect(count(html, "max-advance")).toBe(0);
    expect(html).toMatch(/<a[^>]*href="\/finance"[^>]*>Финансы<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/factoring"[^>]*>Быстрая оплата<\/a>/);
    expect(text).not.toMatch(/Финансы скоро/);
    // The quick payment's rate is the server's, on the tiles and the page's intro.
    expect(text).toContain("Быстрая оплата · 2 %");
  });

  it("opens a tab named in the URL, the overview otherwise; the tabs scroll sideways on a phone", async () => {
    const history = await page("/finance?tab=history", who);
    expect(history.html).toMatch(/aria-current="page"[^>]*>История</);
    expect(count(history.html, "history-empty")).toBe(1);
    expect(textOf(history.html)).toMatch(/Всего операций 0 Поступлений 0 Выплат на счёт 0 Выполнено 0/);
    const unknown = await page("/finance?tab=nonsense", who);
    expect(unknown.html).toMatch(/aria-current="page"[^>]*>Обзор</);
    expect(unknown.html).toMatch(/<nav aria-label="Вкладки" class="[^"]*overflow-x-auto/);
    const ready = await page("/finance?tab=ready", who);
    expect(count(ready.html, "ready-empty")).toBe(1);
    expect(textOf(ready.html)).toContain("ЭДО не подключено");
  });

  it("asks a signed-out visitor to sign in first", async () => {
    for (const path of ["/finance", "/factoring?tab=history"]) {
      const { response } = await callWeb(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });
});

describe("/finance with money moving", () => {
  let who: Member;
  let stranger: Member;
  let orderId: string;
  let payoutId: string;

  beforeAll(async () => {
    who = await member();
    stranger = await member();
    orderId = await createOrderFor(who.companyId, { status: "delivered", priceKopecks: 8_500_000 });
    const qp = await quickPayment(who.companyId, orderId, {
      status: "approved",
      checkedAt: new Date(Date.now() - 50_000),
      approvedAt: new Date(Date.now() - 40_000),
      deadlineAt: new Date(Date.now() - 40_000 + DAY),
    });
    const base = Date.now() - 10 * 60_000;
    const common = { platformId: "magnit" as const, orderId, quickPaymentId: qp };
    await movement(
      who.companyId,
      { ...common, type: "quick", amountKopecks: 8_500_000, description: "Быстрая оплата заказа" },
      "completed",
      base,
    );
    await movement(
      who.companyId,
      { ...common, type: "fee", amountKopecks: 170_000, description: "Комиссия за быструю оплату" },
      "completed",
      base + 1_000,
    );
    payoutId = `qp:${qp}:payout`;
    await recordMovement(
      testDb(),
      {
        ...common,
        movementId: payoutId,
        companyId: who.companyId,
        type: "payout",
        amountKopecks: 8_330_000,
        description: "Выплата по заказу на расчётный счёт",
      },
      "pending",
      base + 2_000,
    );
    await movement(
      who.companyId,
      {
        type: "payment",
        amountKopecks: 1_200_000,
        description: "Оплата заказчика по заказу 77",
        platformId: "edo",
      },
      "completed",
      base + 3_000,
    );
    await movement(
      who.companyId,
      { type: "payout", amountKopecks: 500_000, description: "Выплата, отклонённая банком" },
      "failed",
      base + 4_000,
    );
  });

  it("overview: balance with the pending payout, the counts and sums, the latest operations, receipts and the timeline", async () => {
    const { html } = await page("/finance", who);
    const text = textOf(html);
    // Credits 85 000 + 12 000 less the 1 700 commission; 83 300 on its way.
    expect(text).toMatch(/Текущий баланс 95 300,00 ₽ В пути на расчётный счёт: 83 300,00 ₽/);
    expect(text).toMatch(/Получено 97 000,00 ₽ 2 платежа/);
    expect(text).toMatch(/Выплачено на счёт 0,00 ₽ 0 выплат/);
    expect(count(html, "operation")).toBe(5);
    expect(text).toContain("+ поступление 12 000,00 ₽");
    expect(text).toContain("− списание 1 700,00 ₽");
    expect(count(html, "receipts")).toBe(1);
    expect(text).toMatch(/Выплата по заказу на расчётный счёт .*83 330,00 ₽|83 300,00 ₽ В обработке/);
    // The quick payment's way: requested, checked, approved with its deadline, not paid out yet.
    expect(count(html, "quick-payment")).toBe(1);
    expect(text).toMatch(/Одобрено, выплачиваем/);
    expect(text).toMatch(/Одобрено — выполнено .*выплата до/);
    expect(text).toMatch(/Выплачено — ожидается/);
  });

  it("once the bank executes the payout: the receipt is completed and the balance paid out", async () => {
    await finishMovement(testDb(), payoutId, "completed", Date.now(), "PP-000142");
    const text = textOf((await page("/finance", who)).html);
    expect(text).toMatch(/Текущий баланс 12 000,00 ₽ В пути на расчётный счёт: 0,00 ₽/);
    expect(text).toMatch(/Выплачено на счёт 83 300,00 ₽ 1 выплата/);
    expect(text).toMatch(/Всего получено: 83 300,00 ₽/);
    expect(text).toContain("транзакция PP-000142");
  });

  it("history: ?type=payout&status=failed lists only the failed payout, with the filters shown as chosen", async () => {
    const { html } = await page("/finance?tab=history&type=payout&status=failed", who);
    const text = textOf(html);
    expect(count(html, "operation")).toBe(1);
    expect(text).toContain("Выплата, отклонённая банком");
    expect(text).not.toContain("Оплата заказчика по заказу 77");
    expect(text).toContain("Найдено по фильтру: 1");
    expect(html).toMatch(/<option value="payout" selected="">/);
    expect(html).toMatch(/<option value="failed" selected="">/);
    // The counters are the company's whole history, not the filter's.
    expect(text).toMatch(/Всего операций 5 Поступлений 2 Выплат на счёт 1 Выполнено 4/);
  });

  it("history: each filter acts on its own, and a quick filter lists every movement of a quick payment", async () => {
    const cases: [string, number, string[]][] = [
      ["type=payment", 1, ["Оплата заказчика по заказу 77"]],
      ["type=payout", 2, ["Выплата по заказу на расчётный счёт", "Выплата, отклонённая банком"]],
      ["type=quick", 3, ["Быстрая оплата заказа", "Комиссия за быструю оплату", "Выплата по заказу"]],
      ["status=completed", 4, ["Выплата по заказу на расчётный счёт"]],
      ["status=pending", 0, []],
      ["type=quick&status=failed", 0, []],
    ];
    for (const [query, rows, shown] of cases) {
      const { html } = await page(`/finance?tab=history&${query}`, who);
      expect(count(html, "operation"), query).toBe(rows);
      for (const description of shown) expect(textOf(html), query).toContain(description);
      if (rows === 0) expect(count(html, "history-empty"), query).toBe(1);
    }
    // A value the page does not know is ignored: the whole history.
    const { html } = await page("/finance?tab=history&type=fee&status=lost", who);
    expect(count(html, "operation")).toBe(5);
  });

  it("history: the EDO and quick-payment badges, the status badges, and a table that is cards on a phone", async () => {
    const { html } = await page("/finance?tab=history", who);
    expect(html).toMatch(/<table class="hidden w-full[^"]*md:table/);
    expect(html).toMatch(/<ul class="space-y-2 md:hidden" aria-label="История операций">/);
    expect(count(html, "operation-card")).toBe(5);
    const text = textOf(html);
    for (const label of ["Выполнен", "Отклонён", "ЭДО", "Быстрая оплата"]) expect(text).toContain(label);
  });

  it("history pages after the last operation shown, keeping the filters", async () => {
    const filler = await member();
    const base = Date.now() - DAY;
    for (let i = 0; i < 23; i += 1) {
      await movement(
        filler.companyId,
        { type: "payment", amountKopecks: 100 + i, description: `Платёж ${i}` },
        "completed",
        base + i * 1_000,
      );
    }
    const first = await page("/finance?tab=history&type=payment", filler);
    expect(count(first.html, "operation")).toBe(20);
    const next = /href="\/finance(\?tab=history&amp;type=payment&amp;after=[^"]+)"[^>]*>Дальше/.exec(
      first.html,
    )?.[1];
    expect(next).toBeDefined();
    const second = await page(`/finance${next!.replace(/&amp;/g, "&")}`, filler);
    expect(count(second.html, "operation")).toBe(3);
    expect(textOf(second.html)).toContain("Платёж 0");
    expect(textOf(second.html)).not.toContain("Платёж 22");
    expect(second.html).toMatch(/>В начало</);
  });

  it("another company sees none of it", async () => {
    for (const path of ["/finance", "/finance?tab=history", "/factoring", "/factoring?tab=ready"]) {
      const text = textOf((await page(path, stranger)).html);
      expect(text, path).not.toContain("Оплата заказчика по заказу 77");
      expect(text, path).not.toContain("Выплата по заказу на расчётный счёт");
      expect(text, path).not.toContain("MGN-TEST-");
    }
    expect(textOf((await page("/finance", stranger)).html)).toMatch(/Текущий баланс 0,00 ₽/);
  });
});

describe("quick payments' timelines", () => {
  it("show a hold with its action, a failure with its reason, and a missed deadline's refund", async () => {
    const who = await member();
    const now = Date.now();
    await quickPayment(who.companyId, await createOrderFor(who.companyId), {
      status: "held",
      holdReason: "requisites_missing",
    });
    await quickPayment(who.companyId, await createOrderFor(who.companyId), {
      status: "failed",
      failedAt: new Date(now),
      failureReason: "Счёт получателя закрыт",
    });
    await quickPayment(who.companyId, await createOrderFor(who.companyId), {
      status: "paid_out",
      checkedAt: new Date(now - 3 * DAY),
      approvedAt: new Date(now - 3 * DAY),
      deadlineAt: new Date(now - 2 * DAY),
      paidOutAt: new Date(now - DAY),
      feeRefundedAt: new Date(now - DAY),
    });
    await quickPayment(who.companyId, await createOrderFor(who.companyId), {
      status: "approved",
      checkedAt: new Date(now - 2 * DAY),
      approvedAt: new Date(now - 2 * DAY),
      deadlineAt: new Date(now - DAY),
      feeRefundedAt: new Date(now - DAY),
    });
    const { html } = await page("/finance", who);
    const text = textOf(html);
    expect(count(html, "quick-payment")).toBe(4);
    expect(text).toContain("Не указан расчётный счёт для выплаты");
    expect(html).toMatch(/<a[^>]*href="\/finance\?tab=requisites"[^>]*>Указать реквизиты<\/a>/);
    expect(text).toContain("Отклонено: Счёт получателя закрыт. Комиссия не удержана.");
    expect(text).toContain("Срок нарушен — комиссия возвращена");
    // Still on its way: the commission is owed back and goes with the payout.
    expect(text).toMatch(/Срок нарушен: комиссия [\d\s,]+₽ вернётся вместе с выплатой/);
  });
});

describe("the ready tab", () => {
  let who: Member;
  let priced: string;
  let closedEdo: string;
  let openEdo: string;

  beforeAll(async () => {
    who = await member();
    priced = await createOrderFor(who.companyId, { status: "delivered", priceKopecks: 4_825_050 });
    await createOrderFor(who.companyId, { status: "in_transit" });
    closedEdo = await edoOrder(who.companyId, { closed: true, createdAt: new Date("2024-08-10T10:00:00Z") });
    openEdo = await edoOrder(who.companyId, { closed: false, createdAt: new Date("2025-02-10T10:00:00Z") });
  });

  it("lists the final-status orders with their status, route, cargo, total, customer and «Быстрая оплата»", async () => {
    const { html } = await page("/finance?tab=ready", who);
    const text = textOf(html);
    expect(count(html, "ready-order")).toBe(3);
    expect(text).toContain("48 250,50 ₽");
    expect(text).toContain("Сумма по договору");
    expect(text).toContain("Выдан получателю (ЭДО)");
    expect(text).toContain("Документы ЭДО готовы: груз выдан получателю");
    expect(text).toContain("г Краснодар, ул Солнечная, д 15/5 → г Ростов-на-Дону, пр-кт Шолохова, д 31");
    expect(count(html, "customer-reliability")).toBe(3);
    expect(text).toMatch(
      /Заказчик: .* · (закрыто \d+ % цепочек ЭТрН|закрытые цепочки ЭТрН: нет данных) · (платит в среднем за \d+ дн\.|срок оплаты: нет данных)/,
    );
    // Payable orders have the button enabled; the open chain's is disabled with the reason.
    const buttons = [...html.matchAll(/<button[^>]*>Быстрая оплата<\/button>/g)].map((m) => m[0]);
    expect(buttons).toHaveLength(3);
    expect(buttons.filter((b) => b.includes('disabled=""'))).toHaveLength(1);
    expect(text).toContain("Цепочка ЭТрН ещё не закрыта");
    expect(text).toContain("появляются здесь автоматически");
    expect(priced && closedEdo && openEdo).toBeTruthy();
  });

  it("the EDO period narrows the list to the orders created in that quarter", async () => {
    const q3 = await page("/finance?tab=ready&period=20243", who);
    expect(count(q3.html, "ready-order")).toBe(1);
    expect(q3.html).toMatch(/<option value="20243" selected="">3 квартал 2024<\/option>/);
    const q1 = await page("/finance?tab=ready&period=20251", who);
    expect(count(q1.html, "ready-order")).toBe(1);
    expect(textOf(q1.html)).toContain("Цепочка ЭТрН ещё не закрыта");
    const empty = await page("/finance?tab=ready&period=20242", who);
    expect(count(empty.html, "ready-empty")).toBe(1);
  });

  it("an order whose quick payment was asked for says so instead of offering it again", async () => {
    await quickPayment(who.companyId, priced);
    const { html } = await page("/finance?tab=ready", who);
    expect(count(html, "ready-order-quick-payment")).toBe(1);
    expect([...html.matchAll(/<button[^>]*>Быстрая оплата<\/button>/g)]).toHaveLength(2);
  });

  it("the overview counts the orders that can be paid now, EDO and regular", async () => {
    const other = await member();
    await createOrderFor(other.companyId, { status: "delivered", priceKopecks: 1_000_000 });
    await createOrderFor(other.companyId, { status: "paid", priceKopecks: 2_000_000 });
    await edoOrder(other.companyId, { closed: true });
    await edoOrder(other.companyId, { closed: false });
    const text = textOf((await page("/finance", other)).html);
    expect(text).toMatch(/Готовы к оплате 3 заказа ЭДО: 1 · обычные: 2/);
    expect(text).toMatch(
      /Сумма заказов 30 000,00 ₽ и 1 заказ ЭДО — сумму по договору укажете при оформлении/,
    );
  });
});

describe("/factoring", () => {
  it("is a page of its own (no longer the dashboard), starting at the overview, with the credit score's factors", async () => {
    const who = await member();
    for (let i = 0; i < 3; i += 1) await createOrderFor(who.companyId, { status: "delivered" });
    const { status, html } = await page("/factoring", who);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Быстрая оплата");
    expect(html).toMatch(/aria-current="page"[^>]*>Обзор</);
    expect(html).not.toMatch(/>Реквизиты</);
    expect(count(html, "credit-score")).toBe(1);
    expect(count(html, "credit-factors")).toBe(1);
    expect(text).toMatch(/Максимальный аванс \d[\d ]* тыс\. ₽/);
    expect(count(html, "receipts-empty")).toBe(1);
    const history = await page("/factoring?tab=history", who);
    expect(history.html).toMatch(/aria-current="page"[^>]*>История</);
  });
});

describe("the requisites tab", () => {
  let bank: { bic: string; correspondentAccount: string; name: string };

  beforeAll(async () => {
    bank = await activeBank();
  });

  const requisitesOf = (who: Member) =>
    testDb().select().from(companyRequisites).where(eq(companyRequisites.companyId, who.companyId));

  /** Posts the requisites form as the page does; the bank's own к/с and a keyed account unless overridden. */
  const save = (who: Member, fields: Record<string, string> = {}) =>
    callWeb("/finance?tab=requisites", {
      method: "POST",
      headers: {
        cookie: who.cookie,
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://reys.test",
      },
      body: new URLSearchParams({
        intent: "requisites",
        settlementAccount: settlementAccountWithKey("40702810000000054321", bank.bic),
        bic: bank.bic,
        bankName: bank.name,
        correspondentAccount: bank.correspondentAccount,
        ...fields,
      }).toString(),
    });

  it("saves a settlement account the keys and the directory accept, with a toast, and shows it back", async () => {
    const who = await member();
    expect(count((await page("/finance?tab=requisites", who)).html, "requisites-missing")).toBe(1);
    const account = settlementAccountWithKey("40702810000000054321", bank.bic);
    const { response } = await save(who);
    expect(response.status).toBe(200);
    expect(decodeURIComponent(response.headers.get("set-cookie") ?? "")).toContain("reys_toast");
    const [row] = await requisitesOf(who);
    expect(row).toMatchObject({ account, bik: bank.bic, correspondentAccount: bank.correspondentAccount });
    const { html } = await page("/finance?tab=requisites", who);
    expect(count(html, "requisites-saved")).toBe(1);
    expect(html).toContain(`value="${account}"`);
  });

  it("answers a mistyped account and an unknown БИК with a Russian error on the field, saving nothing", async () => {
    const who = await member();
    const account = settlementAccountWithKey("40702810000000054321", bank.bic);
    const wrongDigit = `${account.slice(0, 19)}${(Number(account[19]) + 1) % 10}`;
    const typo = await save(who, { settlementAccount: wrongDigit });
    expect(typo.response.status).toBe(400);
    const typoHtml = await typo.response.text();
    expect(typoHtml).toMatch(/aria-invalid="true"/);
    expect(textOf(typoHtml)).toMatch(/контрольн/i);

    const empty = await save(who, { settlementAccount: "", bic: "", bankName: "", correspondentAccount: "" });
    expect(empty.response.status).toBe(400);
    expect(textOf(await empty.response.text())).toContain("Укажите наименование банка");

    expect(await requisitesOf(who)).toEqual([]);
  });

  it("says the directory is down (503) and keeps nothing", async () => {
    const who = await member();
    await fetch(`${sandbox}/__sandbox/failures`, postJson({ provider: "dadata", mode: "error500" }));
    try {
      const down = await save(who);
      expect(down.response.status).toBe(503);
      expect(textOf(await down.response.text())).toContain("Справочник банков сейчас недоступен");
    } finally {
      await fetch(`${sandbox}/__sandbox/failures`, postJson({ provider: "dadata", mode: "none" }));
    }
    expect(await requisitesOf(who)).toEqual([]);
  });

  it("the БИК type-ahead answers banks from the directory, to a signed-in user only", async () => {
    const who = await member();
    const { bearer } = await sessionFor(who.userId);
    const { response } = await callWeb(`/api/banks/suggest?query=${bank.bic}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { bic: string; correspondentAccount: string | null }[] };
    expect(body.data.find((b) => b.bic === bank.bic)?.correspondentAccount).toBe(bank.correspondentAccount);
    const short = await callWeb("/api/banks/suggest?query=04", {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(await short.response.json()).toEqual({ success: true, data: [] });
    const signedOut = await callWeb(`/api/banks/suggest?query=${bank.bic}`);
    expect(signedOut.response.status).toBe(401);
  });
});

describe("orders' quick-payment line on /dashboard/orders (the compact rows carry the card's)", () => {
  it("say «Быстрая оплата доступна» at the server's rate, or why not, or the request's step", async () => {
    const who = await member();
    const delivered = await createOrderFor(who.companyId, { status: "delivered", priceKopecks: 4_825_050 });
    await createOrderFor(who.companyId, { status: "in_transit" });
    await createOrderFor(who.companyId, { status: "paid" }).then((id) => quickPayment(who.companyId, id));
    const { html } = await page("/dashboard/orders", who);
    const text = textOf(html);
    expect(count(html, "quick-payment-available")).toBe(1);
    expect(text).toContain("Быстрая оплата доступна · 2 %");
    expect([...html.matchAll(/<button[^>]*>Получить деньги<\/button>/g)]).toHaveLength(1);
    expect(count(html, "quick-payment-unavailable")).toBe(1);
    expect(text).toContain("Быстрая оплата доступна после доставки");
    expect(count(html, "quick-payment-requested")).toBe(1);
    expect(text).toContain("Быстрая оплата: Запрос принят.");
    expect(delivered).toBeTruthy();

    const cheaper = await page("/dashboard/orders", who, { QUICK_PAYMENT_FEE_BP: "150" });
    expect(textOf(cheaper.html)).toContain("Быстрая оплата доступна · 1,5 %");
  });

  it("show a dispatcher a request's step but offer no quick payment nor the way to /finance (decision 0077)", async () => {
    const who = await member();
    await createOrderFor(who.companyId, { status: "delivered", priceKopecks: 4_825_050 });
    await createOrderFor(who.companyId, { status: "paid" }).then((id) => quickPayment(who.companyId, id));
    const colleague = await addCompanyMember(who.companyId, "dispatcher");
    const dispatcher = { ...colleague, cookie: (await sessionFor(colleague.userId)).cookie };
    const { status, html } = await page("/dashboard/orders", dispatcher);
    expect(status).toBe(200);
    expect(count(html, "order-item")).toBe(2);
    expect(textOf(html)).toContain("Быстрая оплата: Запрос принят.");
    expect(count(html, "quick-payment-available")).toBe(0);
    expect(html).not.toContain("Получить деньги");
    expect(html).not.toContain('href="/finance"');
  });
});
