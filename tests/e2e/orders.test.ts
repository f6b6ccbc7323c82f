import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers, type TestUser } from "./fixtures/users";
import { connectMagnit, eventually, PHONE, PHONE_CONTEXT, signedInPage, toast, WAIT } from "./helpers";

const web = inject("webUrl");
const ORDERS_URL = `${web}/dashboard/orders`;

const chromium = chromiumPerFile();
const accounts = testUsers();
const database = createClient({ url: inject("databaseUrl") });
afterAll(() => database.close());

const COMPANY = "(SELECT company_id FROM users WHERE email = ?)";

async function ordersInStatus(user: TestUser, status: string): Promise<number> {
  const result = await database.execute({
    sql: `SELECT count(*) AS n FROM platform_orders WHERE company_id = ${COMPANY} AND status = ?`,
    args: [user.email, status],
  });
  return Number(result.rows[0]!.n);
}

async function quickPaymentsFor(user: TestUser, orderNumber: string): Promise<number> {
  const result = await database.execute({
    sql: `SELECT count(*) AS n FROM quick_payments WHERE order_id IN
            (SELECT id FROM platform_orders WHERE company_id = ${COMPANY} AND external_order_id = ?)`,
    args: [user.email, orderNumber],
  });
  return Number(result.rows[0]!.n);
}

/** The company's settlement account, as the requisites form would have kept it. */
async function giveRequisites(user: TestUser): Promise<void> {
  await database.execute({
    sql: `INSERT INTO company_requisites (company_id, account, bik, bank_name, correspondent_account, updated_at)
            VALUES (${COMPANY}, '40702810900000000001', '044525225', 'ПАО Сбербанк', '30101810400000000225', ?)`,
    args: [user.email, Date.now()],
  });
}

async function orderId(user: TestUser, orderNumber: string): Promise<string> {
  const result = await database.execute({
    sql: `SELECT id FROM platform_orders WHERE company_id = ${COMPANY} AND external_order_id = ?`,
    args: [user.email, orderNumber],
  });
  return String(result.rows[0]!.id);
}

/** React's hydration complaints reach the console, not `pageerror`: both must stay empty. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|Minified React error/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  return errors;
}

const listTitle = (page: Page, count: number) =>
  page.getByRole("heading", { name: `Заказы (${count})`, exact: true, level: 2 });
const cards = (page: Page) => page.getByTestId("order-card");
/** On a desk the list is a row per order by default (decision 0083). */
const rows = (page: Page) => page.getByTestId("order-row");
const numbers = (page: Page) => page.getByTestId("order-row-number").allTextContents();
const numberOf = (text: string) => text.replace(/^№\s*/, "");

describe("the orders page", () => {
  it("lists a platform's orders: metrics, filters, search, pages, a payment request, the badge", async () => {
    // A desk (Playwright's desktop Chromium): the compact rows, each opening into its card.
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    const hydration = consoleErrors(page);
    await connectMagnit(page);

    const sidebar = page.getByRole("navigation", { name: "Разделы" });
    await sidebar.getByRole("link", { name: /^Заказы/ }).click();
    await page.waitForURL(ORDERS_URL, WAIT);
    await page.getByRole("heading", { name: "Управление заказами", level: 1 }).waitFor(WAIT);

    // Metrics over all 240 orders; revenue in rubles, ru-RU.
    expect(await page.getByTestId("metric-total").locator("dd").textContent()).toBe("240");
    const active = Number(
      (await page.getByTestId("metric-active").locator("dd").textContent())!.replace(/\s/g, ""),
    );
    const completed = Number(
      (await page.getByTestId("metric-completed").locator("dd").textContent())!.replace(/\s/g, ""),
    );
    expect(active + completed).toBeLessThanOrEqual(240);
    expect(completed).toBe(
      (await ordersInStatus(user, "delivered")) +
        (await ordersInStatus(user, "invoiced")) +
        (await ordersInStatus(user, "paid")),
    );
    expect(await page.getByTestId("metric-revenue").locator("dd").textContent()).toMatch(
      /^[\d\s\u00a0\u202f]+(,\d{2})?\s₽$/,
    );

    // The first of ten pages of 25.
    await listTitle(page, 240).waitFor(WAIT);
    expect(await rows(page).count()).toBe(25);
    expect(await cards(page).count()).toBe(0);
    await page.getByText("Страница 1 из 10", { exact: true }).waitFor(WAIT);
    const firstPage = await numbers(page);
    expect(new Set(firstPage).size).toBe(25);
    const row = rows(page).first();
    expect(await row.locator("img").getAttribute("src")).toBe("/platforms/magnit.svg");
    await row.getByText("Магнит", { exact: true }).waitFor(WAIT);
    // The row opens into the order's full card.
    await row.getByRole("button", { expanded: false }).click();
    const card = cards(page).first();
    await card.waitFor(WAIT);
    await card.getByText("Обычный").waitFor(WAIT);
    for (const term of ["Отправитель", "Получатель", "Груз", "Стоимость", "Создан"]) {
      await card.getByText(term, { exact: true }).waitFor(WAIT);
    }
    expect(await card.getByTestId("order-price").textContent()).toMatch(/₽$/);
    // Margin is 15 % of the price; orders paid on the fact say so instead. The rows open one
    // after another until both kinds of card are on the page.
    for (let next = 1; next < 50; next++) {
      const both =
        (await cards(page).filter({ hasText: "Маржа" }).count()) > 0 &&
        (await cards(page).filter({ hasText: "Оплата по факту" }).count()) > 0;
      if (both) break;
      await rows(page).nth(next).getByRole("button", { expanded: false }).click();
    }
    const rubles = (text: string | null) => Number(text!.replace(/[^\d,]/g, "").replace(",", "."));
    const withMargin = cards(page).filter({ hasText: "Маржа" }).first();
    const price = rubles(await withMargin.getByTestId("order-price").textContent());
    const margin = rubles(await withMargin.getByText(/^Маржа /).textContent());
    expect(margin).toBeCloseTo(price * 0.15, 1);
    expect(await cards(page).filter({ hasText: "Оплата по факту" }).count()).toBeGreaterThan(0);

    // EDO is not connected: the banner leads to /edo, and syncing asks for an EDO login first.
    const banner = page.getByTestId("edo-banner");
    await banner.getByText("ЭДО не подключено").waitFor(WAIT);
    expect(await banner.getByRole("link", { name: "Подключить ЭДО" }).getAttribute("href")).toBe("/edo");
    await page.getByRole("button", { name: "Синхронизировать ЭДО" }).click();
    const syncDialog = page.getByRole("dialog", { name: "Синхронизировать все ЭДО документы с заказами?" });
    await syncDialog.getByRole("button", { name: "Синхронизировать" }).click();
    await toast(page, 'Сначала авторизуйтесь в ЭДО через раздел "ЭДО"').waitFor(WAIT);

    // Status filter: on the server, so the count covers every delivered order.
    const delivered = await ordersInStatus(user, "delivered");
    expect(delivered).toBeGreaterThan(0);
    await page.getByLabel("Статус", { exact: true }).selectOption({ label: "Доставлен" });
    await listTitle(page, delivered).waitFor(WAIT);
    expect(new URL(page.url()).searchParams.get("status")).toBe("delivered");
    expect(await rows(page).count()).toBe(Math.min(delivered, 25));
    for (const status of await page.getByTestId("order-row-status").allTextContents()) {
      expect(status).toContain("Доставлен");
    }

    // Priority is "normal" for every order: another priority shows the empty state.
    await page.getByLabel("Приоритет", { exact: true }).selectOption({ label: "Срочный" });
    await page.getByText("Заказы не найдены").waitFor(WAIT);
    await listTitle(page, 0).waitFor(WAIT);
    await page.getByLabel("Приоритет", { exact: true }).selectOption({ label: "Обычный" });
    await listTitle(page, delivered).waitFor(WAIT);
    await page.getByLabel("Приоритет", { exact: true }).selectOption({ label: "Все" });

    // Quick payment of a delivered order: the server's price in the panel, consent before confirm,
    // a refusal without requisites said in the panel, then the request made once.
    const deliveredNumber = numberOf((await numbers(page))[0]!);
    const deliveredCard = rows(page).filter({ hasText: deliveredNumber });
    await deliveredCard.getByText("Быстрая оплата доступна · 2 %").waitFor(WAIT);
    const pay = deliveredCard.getByRole("button", { name: "Получить деньги" });
    await pay.click();
    const payDialog = page.getByRole("dialog", { name: `Быстрая оплата заказа № ${deliveredNumber}` });
    await payDialog.getByTestId("quick-payment-calculation").waitFor(WAIT);
    await payDialog.getByText("2 %", { exact: true }).waitFor(WAIT);
    await payDialog.getByText("в течение 24 часов после проверки документов", { exact: true }).waitFor(WAIT);
    const confirm = payDialog.getByRole("button", { name: "Подтвердить" });
    expect(await confirm.isDisabled()).toBe(true);
    await payDialog.getByRole("checkbox").check();
    await confirm.click();
    await payDialog.getByText("Не удалось запросить быструю оплату").waitFor(WAIT);
    await payDialog.getByText(/Укажите расчётный счёт компании/).waitFor(WAIT);
    expect(await quickPaymentsFor(user, deliveredNumber)).toBe(0);
    await page.keyboard.press("Escape");
    await payDialog.waitFor({ state: "hidden", ...WAIT });

    await giveRequisites(user);
    await pay.click();
    await payDialog.getByTestId("quick-payment-calculation").waitFor(WAIT);
    await payDialog.getByRole("checkbox").check();
    await payDialog.getByRole("button", { name: "Подтвердить" }).click();
    const success = page.getByTestId("quick-payment-success");
    await success.waitFor(WAIT);
    await success.getByRole("button", { name: "Закрыть" }).click();
    await deliveredCard
      .getByTestId("quick-payment-requested")
      .getByText(/Запрос принят/)
      .waitFor(WAIT);
    expect(await deliveredCard.getByRole("button", { name: "Получить деньги" }).count()).toBe(0);
    expect(await quickPaymentsFor(user, deliveredNumber)).toBe(1);
    await page.reload();
    await deliveredCard.getByTestId("quick-payment-requested").waitFor(WAIT);
    expect(await quickPaymentsFor(user, deliveredNumber)).toBe(1);

    // Search (server side, case-insensitive) by a part of an order number finds just that order.
    await page.getByLabel("Статус", { exact: true }).selectOption({ label: "Все статусы" });
    await listTitle(page, 240).waitFor(WAIT);
    const wanted = numberOf((await numbers(page))[7]!);
    const term = wanted.slice(2).toLowerCase();
    await page.getByLabel("Поиск", { exact: true }).fill(term);
    await listTitle(page, 1).waitFor(WAIT);
    expect(await numbers(page)).toEqual([`№ ${wanted}`]);
    expect(new URL(page.url()).searchParams.get("q")).toBe(term);
    // Two letters are searched too, but only longer terms are logged for analytics.
    await page.getByLabel("Поиск", { exact: true }).fill("mg");
    await page.waitForURL((url) => url.searchParams.get("q") === "mg", WAIT);
    await listTitle(page, 240).waitFor(WAIT);
    await page.getByLabel("Поиск", { exact: true }).fill("такого заказа нет");
    await page.getByText("Заказы не найдены").waitFor(WAIT);
    await page.getByLabel("Поиск", { exact: true }).fill("");
    await listTitle(page, 240).waitFor(WAIT);
    expect(await numbers(page)).toEqual(firstPage);

    // Page 2: the next 25, right after the last order shown (the cursor rides in the URL).
    await page.getByRole("link", { name: "Вперёд" }).click();
    await page.getByText("Страница 2 из 10", { exact: true }).waitFor(WAIT);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(new URL(page.url()).searchParams.get("after")).toBeTruthy();
    expect(await rows(page).count()).toBe(25);
    const secondPage = await numbers(page);
    expect(secondPage.some((number) => firstPage.includes(number))).toBe(false);
    // Page 3 and back to 2 (right before page 3's first order), then to the list's head.
    await page.getByRole("link", { name: "Вперёд" }).click();
    await page.getByText("Страница 3 из 10", { exact: true }).waitFor(WAIT);
    await page.getByRole("link", { name: "Назад" }).click();
    await page.getByText("Страница 2 из 10", { exact: true }).waitFor(WAIT);
    expect(new URL(page.url()).searchParams.get("before")).toBeTruthy();
    expect(await numbers(page)).toEqual(secondPage);
    await page.getByRole("link", { name: "Назад" }).click();
    await page.getByText("Страница 1 из 10", { exact: true }).waitFor(WAIT);
    expect(new URL(page.url()).search).toBe("");
    expect(await numbers(page)).toEqual(firstPage);

    // The sidebar's badge counts the new orders, as the «Новый» filter does.
    const fresh = await ordersInStatus(user, "new");
    await page.getByLabel("Статус", { exact: true }).selectOption({ label: "Новый" });
    await listTitle(page, fresh).waitFor(WAIT);
    const badge = sidebar.getByRole("link", { name: /^Заказы/ }).getByTestId("nav-badge");
    if (fresh === 0) expect(await badge.count()).toBe(0);
    else expect(await badge.locator("[aria-hidden]").textContent()).toBe(String(fresh));

    // «Обновить» reloads the list and the badge: one new order is accepted meanwhile.
    if (fresh > 0) {
      await database.execute({
        sql: `UPDATE platform_orders SET status = 'accepted' WHERE id IN
                (SELECT id FROM platform_orders WHERE company_id = ${COMPANY} AND status = 'new' LIMIT 1)`,
        args: [user.email],
      });
      // The reload is held back a little, so its loading state can be seen.
      const slowData = "**/dashboard/orders.data*";
      await page.route(slowData, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      await page.getByRole("button", { name: "Обновить" }).click();
      await page.getByRole("status").filter({ hasText: "Загрузка заказов..." }).waitFor(WAIT);
      await listTitle(page, fresh - 1).waitFor(WAIT);
      await page.unroute(slowData);
      if (fresh > 1) {
        await badge
          .locator("[aria-hidden]")
          .getByText(String(fresh - 1), { exact: true })
          .waitFor(WAIT);
      } else {
        await badge.waitFor({ state: "detached", ...WAIT });
      }
    }

    // Another company can neither see nor request payment for these orders.
    const stranger = await signedInPage(chromium(), await accounts.create());
    await stranger.page.goto(ORDERS_URL);
    await stranger.page.getByText("Заказы не найдены").waitFor(WAIT);
    await listTitle(stranger.page, 0).waitFor(WAIT);
    await stranger.page.getByRole("link", { name: "«Платформы»" }).waitFor(WAIT);
    expect(await stranger.page.getByTestId("nav-badge").count()).toBe(0);
    const id = await orderId(user, deliveredNumber);
    const status = await stranger.page.evaluate(async (orderId) => {
      const body = JSON.stringify({ orderId, amount: 1 });
      const headers = { "content-type": "application/json" };
      return (await fetch("/api/factoring/calculate-quick-payment", { method: "POST", body, headers }))
        .status;
    }, id);
    expect(status).toBe(404);
    expect(stranger.errors).toEqual([]);
    await stranger.page.context().close();

    expect(errors).toEqual([]);
    expect(hydration).toEqual([]);

    // Hiding the page delivers the queued analytics: the searches longer than 2 characters.
    const sessionId = await page.evaluate(() => sessionStorage.getItem("reys.analytics.session"));
    await page.close({ runBeforeUnload: true });
    const searches = await eventually(async () => {
      const { rows } = await database.execute({
        sql: "SELECT event_category, event_label FROM analytics_events WHERE session_id = ? AND event_type = 'search'",
        args: [sessionId],
      });
      return rows.length >= 2 ? rows : undefined;
    });
    expect(searches.map((row) => [row.event_category, row.event_label]).sort()).toEqual(
      [
        ["orders", term],
        ["orders", "такого заказа нет"],
      ].sort(),
    );
    await page.context().close();
  });

  it("works on a phone: cards stack, filters wrap, the menu shows the badge", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user, PHONE_CONTEXT);
    await connectMagnit(page);
    await page.getByRole("button", { name: "Открыть меню" }).click();
    const menu = page.locator("#mobile-menu");
    const ordersLink = menu.getByRole("link", { name: /^Заказы/ });
    const fresh = await ordersInStatus(user, "new");
    if (fresh > 0) {
      expect(await ordersLink.getByTestId("nav-badge").locator("[aria-hidden]").textContent()).toBe(
        String(fresh),
      );
    }
    await ordersLink.tap();
    await page.waitForURL(ORDERS_URL, WAIT);
    await listTitle(page, 240).waitFor(WAIT);
    // A phone gets the cards from the server, and no switch of views.
    expect(await cards(page).count()).toBe(25);
    expect(await rows(page).count()).toBe(0);
    expect(await page.getByRole("group", { name: "Вид списка" }).count()).toBe(0);

    const fitsTheScreen = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fitsTheScreen()).toBe(true);
    for (const label of ["Поиск", "Платформа", "Статус", "Приоритет"]) {
      const box = (await page.getByLabel(label, { exact: true }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    const first = (await cards(page).first().boundingBox())!;
    const second = (await cards(page).nth(1).boundingBox())!;
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);

    await page.getByLabel("Статус", { exact: true }).selectOption({ label: "Доставлен" });
    await listTitle(page, await ordersInStatus(user, "delivered")).waitFor(WAIT);
    const pay = cards(page).first().getByRole("button", { name: "Получить деньги" });
    expect(await pay.isVisible()).toBe(true);
    await pay.tap();
    const dialog = page.getByRole("dialog", { name: /^Быстрая оплата заказа/ });
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await dialog.getByRole("button", { name: "Отмена" }).tap();
    await dialog.waitFor({ state: "hidden", ...WAIT });
    expect(await fitsTheScreen()).toBe(true);

    expect(errors).toEqual([]);
    await page.context().close();
  });
});
