// Quick payment in Chromium through the real pipeline (issue 21; decision 0054): a carrier whose
// EDO mirror holds a closed chain enters its settlement account, sells the delivered order with
// consent, watches the animation, and the stack's own jobs Worker, cron and the sandbox bank
// (1C:DirectBank, executing after its delay) bring the money — the page tells it «Деньги
// поступили». The same way, a payout to a closed account comes back rejected with the bank's words.
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import * as schema from "../../db/schema";
import { companies, edoConnections, edoDocuments, platformOrders } from "../../db/schema";
import { CARRIER_ACCOUNTS, CLOSED_ACCOUNTS, type KnownAccount } from "../../sandbox/bank/accounts";
import { documentRow } from "../../workers/core/edo/documents";
import type { WireDocument } from "../../workers/providers/edo-operator";
import { chromiumPerFile } from "../support/browser";
import { edoConnectionRow, edoOrderRow } from "../support/edo-rows";
import { randomInn } from "../support/russian-ids";
import { testUsers, type TestUser } from "./fixtures/users";
import { signedInPage, toast, WAIT } from "./helpers";

const web = inject("webUrl");
const sandbox = inject("sandboxUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();
const client = createClient({ url: inject("databaseUrl") });
const db = drizzle(client, { schema });
afterAll(() => client.close());

/** The bank executes after ~5 s and the cron looks every few seconds; the page polls every 30 s. */
const MONEY_WAIT = { timeout: 75_000 };

/** A closed chain of the sandbox operator's demo account, to copy as the carrier's own. */
async function closedChain(): Promise<WireDocument> {
  const auth = await fetch(`${sandbox}/edo/api/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: "demo-carrier", password: "edo-demo-2025" }),
  });
  const { token } = (await auth.json()) as { token: string };
  const list = await fetch(`${sandbox}/edo/api/v1/documents?limit=200&category=ETRN`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { docs } = (await list.json()) as { docs: WireDocument[] };
  const closed = docs.find((doc) =>
    ["ON_TRNACLGRPO", "ON_TRNACLPVYN"].every((type) => doc.info.documents.some((t) => t.type === type)),
  );
  if (!closed) throw new Error("the sandbox's demo account has no closed chain");
  return closed;
}

/**
 * What connecting EDO and «Синхронизировать ЭДО» leave for a carrier: its ИНН, a connection, the
 * docflow mirrored (the carrier in it is this company) and the order made from it, without a price.
 */
async function carrierWithClosedTrip(user: TestUser): Promise<{ orderNumber: string }> {
  const [{ companyId }] = await db
    .select({ companyId: schema.users.companyId })
    .from(schema.users)
    .where(eq(schema.users.id, user.id));
  const inn = randomInn();
  await db
    .update(companies)
    .set({ inn, kpp: `${inn.slice(0, 4)}01001` })
    .where(eq(companies.id, companyId));
  const source = await closedChain();
  const doc: WireDocument = {
    ...source,
    id: crypto.randomUUID(),
    info: {
      ...source.info,
      doc: { ...source.info.doc, num: `ТН-${inn.slice(-6)}` },
      tk: source.info.tk && { ...source.info.tk, inn },
    },
  };
  const connection = edoConnectionRow(companyId, `e2e-${inn}`);
  await db.batch([
    db.insert(edoConnections).values(connection),
    db.insert(edoDocuments).values(documentRow(companyId, doc, Date.now())),
    db.insert(platformOrders).values(edoOrderRow(companyId, connection.id!, doc)),
  ]);
  return { orderNumber: doc.info.doc.num };
}

/** The requisites form as a carrier fills it in by hand. */
async function enterRequisites(page: Page, account: KnownAccount) {
  await page.goto(`${web}/finance?tab=requisites`);
  await page.getByRole("combobox", { name: "БИК" }).fill(account.bic);
  await page.keyboard.press("Escape");
  await page.getByLabel("Наименование банка").fill(account.bankName);
  await page.getByLabel("Корреспондентский счёт").fill(account.correspondentAccount);
  await page.getByLabel("Расчётный счёт").fill(account.account);
  await page.getByRole("button", { name: "Сохранить реквизиты" }).click();
  await toast(page, "Реквизиты сохранены").waitFor(WAIT);
}

/** «Быстрая оплата» on the order, the contract amount, consent, confirm; the animation to its end. */
async function sellOrder(page: Page, orderNumber: string, amount: string) {
  await page.goto(`${web}/finance?tab=ready`);
  const card = page.getByTestId("ready-order").filter({ hasText: orderNumber });
  await card.getByRole("button", { name: "Быстрая оплата" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Сумма по договору, ₽").fill(amount);
  await dialog.getByRole("button", { name: "Рассчитать" }).click();
  await dialog.getByTestId("quick-payment-calculation").waitFor(WAIT);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Подтвердить" }).click();
  const overlay = page.getByTestId("quick-payment-success");
  await overlay.waitFor(WAIT);
  await overlay.waitFor({ state: "detached", timeout: 20_000 });
}

/** The request's card on the overview, re-read until `text` shows (the page polls only every 30 s). */
async function timelineSays(page: Page, orderNumber: string, text: RegExp) {
  const card = page.getByTestId("quick-payment").filter({ hasText: orderNumber });
  const until = Date.now() + MONEY_WAIT.timeout;
  for (;;) {
    await page.goto(`${web}/finance`);
    await card.waitFor(WAIT);
    if (text.test((await card.textContent()) ?? "")) return card;
    if (Date.now() > until) throw new Error(`the timeline of ${orderNumber} never said ${text}`);
    await page.waitForTimeout(3_000);
  }
}

describe("quick payment through the bank", () => {
  it("requisites → a delivered EDO order sold with consent → the animation → «Деньги поступили»", async () => {
    const user = await accounts.create();
    const { orderNumber } = await carrierWithClosedTrip(user);
    const { page, errors } = await signedInPage(chromium(), user);
    await enterRequisites(page, CARRIER_ACCOUNTS[3]);
    await sellOrder(page, orderNumber, "85 000");

    // The page stays open; the bank executes the order and the page's next poll says the money came.
    await toast(page, "Деньги поступили").waitFor(MONEY_WAIT);
    await page.goto(`${web}/finance`);
    const card = page.getByTestId("quick-payment").filter({ hasText: orderNumber });
    await card.getByTestId("quick-payment-status").getByText("Выплачено").waitFor(WAIT);
    // 85 000 ₽ less 2 %: 83 300 ₽ on the account, its documents kept with the request.
    await page
      .getByTestId("receipts")
      .getByText(/83\s300,00/)
      .first()
      .waitFor(WAIT);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a payout to a closed account comes back rejected with the bank's reason, nothing charged", async () => {
    const user = await accounts.create();
    const { orderNumber } = await carrierWithClosedTrip(user);
    const { page, errors } = await signedInPage(chromium(), user);
    await enterRequisites(page, CLOSED_ACCOUNTS[1]);
    await sellOrder(page, orderNumber, "40 000,50");
    const card = await timelineSays(page, orderNumber, /Отклонено: Банк отклонил выплату/);
    expect(await card.textContent()).toMatch(/закрыт.*Комиссия не удержана/);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
