// /finance in Chromium (issue 21; spec 3 §2, §4; decision 0057): requisites with the БИК
// type-ahead, a ready order paid at once through the panel with consent, the animation (and its
// reduced-motion form), the request's timeline, money arriving while the page is open, and the
// history filters acting through the URL.
import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { settlementAccountWithKey } from "../../workers/core/requisites/bank-account";
import { chromiumPerFile } from "../support/browser";
import { testUsers, type TestUser } from "./fixtures/users";
import { connectMagnit, eventually, signedInPage, toast, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();
const database = createClient({ url: inject("databaseUrl") });
afterAll(() => database.close());

const COMPANY = "(SELECT company_id FROM users WHERE email = ?)";

async function quickPaymentOf(user: TestUser, orderNumber: string) {
  return eventually(async () => {
    const { rows } = await database.execute({
      sql: `SELECT q.id, q.order_id, q.net_kopecks, q.company_id FROM quick_payments q
              JOIN platform_orders o ON o.id = q.order_id
              WHERE q.company_id = ${COMPANY} AND o.external_order_id = ?`,
      args: [user.email, orderNumber.replace(/^№\s*/, "")],
    });
    const row = rows[0];
    return row
      ? {
          id: String(row.id),
          order_id: String(row.order_id),
          company_id: String(row.company_id),
          net_kopecks: Number(row.net_kopecks),
        }
      : undefined;
  });
}

/** A ledger row as the payout pipeline writes one (decision 0053). */
async function ledgerRow(
  row: { company_id: unknown; id: unknown; order_id: unknown },
  fields: { movement: string; type: string; status: string; kopecks: number; description: string },
) {
  await database.execute({
    sql: `INSERT INTO ledger_entries (id, company_id, movement_id, type, status, amount_kopecks, platform_id,
            order_id, quick_payment_id, transaction_id, description, created_at)
          VALUES (?, ?, ?, ?, ?, ?, 'magnit', ?, ?, ?, ?, ?)`,
    args: [
      crypto.randomUUID(),
      String(row.company_id),
      fields.movement,
      fields.type,
      fields.status,
      fields.kopecks,
      String(row.order_id),
      String(row.id),
      fields.status === "completed" ? "PP-000777" : null,
      fields.description,
      Date.now(),
    ],
  });
}

/** React's hydration complaints reach the console, not `pageerror`. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|Minified React error/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

const readyCards = (page: Page) => page.getByTestId("ready-order");

async function payFirstReadyOrder(page: Page): Promise<string> {
  const card = readyCards(page)
    .filter({ has: page.getByRole("button", { name: "Быстрая оплата", disabled: false }) })
    .first();
  const label = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("button", { name: "Быстрая оплата" }).click();
  const dialog = page.getByRole("dialog", { name: `Быстрая оплата заказа ${label}` });
  await dialog.getByTestId("quick-payment-calculation").waitFor(WAIT);
  await dialog.getByText("Без резерва, без минимального объёма, без договора", { exact: true }).waitFor(WAIT);
  expect(await dialog.getByRole("button", { name: "Подтвердить" }).isDisabled()).toBe(true);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Подтвердить" }).click();
  await dialog.waitFor({ state: "hidden", ...WAIT });
  return label;
}

describe("the finance page", () => {
  it("requisites, a quick payment with consent and its animation, the timeline, money received, filters", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    const hydration = consoleErrors(page);
    await connectMagnit(page);

    // Requisites: the БИК type-ahead fills the bank and its к/с; the account is checked and kept.
    await page.goto(`${web}/finance?tab=requisites`);
    await page.getByTestId("requisites-missing").waitFor(WAIT);
    const bic = page.getByRole("combobox", { name: "БИК" });
    await bic.fill("банк");
    const option = page.getByRole("option").filter({ hasNotText: "ликвидир" }).first();
    await option.waitFor(WAIT);
    await option.click();
    const chosen = await bic.inputValue();
    expect(chosen).toMatch(/^\d{9}$/);
    expect(await page.getByLabel("Корреспондентский счёт").inputValue()).toMatch(/^30101\d{15}$/);
    expect(await page.getByLabel("Наименование банка").inputValue()).not.toBe("");
    await page.getByLabel("Расчётный счёт").fill(settlementAccountWithKey("40702810000000054321", chosen));
    await page.getByRole("button", { name: "Сохранить реквизиты" }).click();
    await toast(page, "Реквизиты сохранены").waitFor(WAIT);
    await page.getByTestId("requisites-saved").waitFor(WAIT);

    // A ready order: the panel with the server's price, consent, then the animation to its end.
    await page.getByRole("link", { name: "Готовые к оплате" }).first().click();
    await page.waitForURL(/\?tab=ready/, WAIT);
    await readyCards(page).first().waitFor(WAIT);
    const label = await payFirstReadyOrder(page);
    const overlay = page.getByTestId("quick-payment-success");
    await overlay.waitFor(WAIT);
    expect(await overlay.getAttribute("data-phase")).toBe("processing");
    await overlay.getByText(/комиссия 2 %/).waitFor(WAIT);
    await page.locator('[data-testid="quick-payment-success"][data-phase="celebration"]').waitFor(WAIT);
    await overlay.waitFor({ state: "detached", timeout: 15_000 });
    const paid = readyCards(page).filter({ hasText: label });
    await paid.getByTestId("ready-order-quick-payment").waitFor(WAIT);

    // Its timeline on the overview; the payout pipeline holds it (no EDO to check it by) and says
    // which action moves it on.
    await page.getByRole("link", { name: "Обзор" }).click();
    const timeline = page.getByTestId("quick-payment").filter({ hasText: label });
    await timeline.waitFor(WAIT);
    await timeline.getByText("Запрос принят", { exact: true }).first().waitFor(WAIT);

    // Money on its way, then executed by the bank while the page is open: the next 30 s poll shows
    // the receipt, the balance and «Деньги поступили».
    const request = await quickPaymentOf(user, label);
    const movement = `qp:${String(request.id)}:payout`;
    const net = Number(request.net_kopecks);
    const base = { movement, type: "payout", kopecks: net, description: `Выплата по заказу ${label}` };
    await ledgerRow(request, { ...base, status: "pending" });
    await page.reload();
    await page.getByTestId("receipts").getByText("В обработке").waitFor(WAIT);
    await ledgerRow(request, { ...base, status: "completed" });
    await toast(page, "Деньги поступили").waitFor({ timeout: 45_000 });
    await toast(page, "в течение 1 минуты").waitFor(WAIT);
    await page.getByTestId("receipts").getByText("транзакция PP-000777").waitFor(WAIT);
    await page.getByTestId("paid-out").getByText("1 выплата").waitFor(WAIT);

    // History: a filter changes the list and the URL; «Назад» undoes it.
    await page.getByRole("link", { name: "История" }).click();
    await page.getByTestId("operation").first().waitFor(WAIT);
    await page.getByLabel("Статус").selectOption({ label: "Отклонён" });
    await page.waitForURL(/status=failed/, WAIT);
    await page.getByTestId("history-empty").waitFor(WAIT);
    await page.getByLabel("Статус").selectOption({ label: "Выполнен" });
    await page.waitForURL(/status=completed/, WAIT);
    await page.getByTestId("operation").first().waitFor(WAIT);
    expect(await page.getByText("Найдено по фильтру: 1").count()).toBe(1);
    await page.goBack();
    await page.waitForURL(/status=failed/, WAIT);
    await page.getByTestId("history-empty").waitFor(WAIT);

    expect(errors).toEqual([]);
    expect(hydration).toEqual([]);
    await page.context().close();
  });

  it("with reduced motion the animation shows its final state at once", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user, { reducedMotion: "reduce" });
    await connectMagnit(page);
    await database.execute({
      sql: `INSERT INTO company_requisites (company_id, account, bik, bank_name, correspondent_account, updated_at)
              VALUES (${COMPANY}, '40702810900000000001', '044525225', 'ПАО Сбербанк', '30101810400000000225', ?)`,
      args: [user.email, Date.now()],
    });
    await page.goto(`${web}/finance?tab=ready`);
    await readyCards(page).first().waitFor(WAIT);
    await payFirstReadyOrder(page);
    const overlay = page.getByTestId("quick-payment-success");
    await overlay.waitFor(WAIT);
    expect(await overlay.getAttribute("data-phase")).toBe("complete");
    expect(await overlay.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    await overlay.waitFor({ state: "detached", timeout: 5_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
