import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers, type TestUser } from "./fixtures/users";
import { PHONE, signedInPage, SYNC_WAIT, toast, WAIT } from "./helpers";

const web = inject("webUrl");

const chromium = chromiumPerFile();
const accounts = testUsers();
const database = createClient({ url: inject("databaseUrl") });
afterAll(() => database.close());

/** Rows of a table that belong to the user's company. */
async function companyRows(
  user: TestUser,
  table: "platform_connections" | "platform_orders",
): Promise<number> {
  const result = await database.execute({
    sql: `SELECT count(*) AS n FROM ${table} WHERE company_id = (SELECT company_id FROM users WHERE email = ?)`,
    args: [user.email],
  });
  return Number(result.rows[0]!.n);
}

/** Posts the page's own form data as the browser would (same origin, the session cookie). */
function postPlatformsForm(page: Page, fields: Record<string, string>): Promise<number> {
  return page.evaluate(async (body) => {
    const response = await fetch("/platforms", { method: "POST", body: new URLSearchParams(body) });
    return response.status;
  }, fields);
}

describe("the platforms page", () => {
  it("connects Magnit, follows its sync to 240 orders, tests it and syncs again without duplicates", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);

    await page.getByRole("navigation", { name: "Разделы" }).getByRole("link", { name: "Платформы" }).click();
    await page.waitForURL(`${web}/platforms`, WAIT);
    await page.getByRole("heading", { name: "Платформы", level: 1 }).waitFor(WAIT);
    await page.getByTestId("platforms-intro").waitFor(WAIT);
    expect(await page.getByTestId("platform-connection").count()).toBe(0);
    expect(await page.locator('[data-testid^="platform-"] h3').allTextContents()).toEqual(
      expect.arrayContaining(["X5 Group", "Магнит", "PepsiCo", "Mars", "СберЛогистика"]),
    );

    // The Magnit card opens the modal with Magnit chosen; focus moves into it.
    await page.getByTestId("platform-magnit").getByRole("link", { name: "Подключить Магнит" }).click();
    const dialog = page.getByRole("dialog", { name: "Подключение платформы" });
    await dialog.waitFor(WAIT);
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(await dialog.locator('select[name="platform_id"]').inputValue()).toBe("magnit");
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

    // Nothing filled in: the §5 messages.
    await dialog.locator('select[name="platform_id"]').selectOption("");
    await dialog.getByRole("button", { name: "Подключить" }).click();
    for (const message of [
      "Выберите платформу",
      "Введите название подключения",
      "Введите логин",
      "Введите пароль",
    ]) {
      await dialog.getByRole("alert").getByText(message, { exact: true }).waitFor(WAIT);
    }
    expect(await dialog.locator('input[name="credentials.username"]').getAttribute("aria-invalid")).toBe(
      "true",
    );

    // A wrong password: the platform refuses it and nothing is saved.
    await dialog.locator('select[name="platform_id"]').selectOption("magnit");
    await dialog.locator('input[name="connection_name"]').fill("Магнит — РЦ Краснодар");
    await dialog.locator('input[name="credentials.username"]').fill("demo");
    const password = dialog.locator('input[name="credentials.password"]');
    await password.fill("not-the-password");
    expect(await password.getAttribute("type")).toBe("password");
    await dialog.getByRole("button", { name: "Показать пароль" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await dialog.getByRole("button", { name: "Подключить" }).click();
    await dialog.getByText("Платформа отклонила логин или пароль. Проверьте данные для входа.").waitFor(WAIT);
    expect(await companyRows(user, "platform_connections")).toBe(0);

    // The right one: connected, and the first sync starts at once.
    await password.fill("platform-demo-2025");
    await dialog.getByRole("button", { name: "Подключить" }).click();
    await toast(page, "Подключение к платформе создано").waitFor(WAIT);
    await dialog.waitFor({ state: "hidden", ...WAIT });
    expect(new URL(page.url()).search).toBe("");
    const card = page.getByTestId("platform-connection").filter({ hasText: "Магнит — РЦ Краснодар" });
    await card.waitFor(WAIT);
    expect(await page.getByTestId("platforms-intro").count()).toBe(0);
    const status = card.getByTestId("sync-status");
    expect(await status.textContent()).toBe("Синхронизация…");
    expect(await card.getByRole("button", { name: "Синхронизация…" }).isDisabled()).toBe(true);

    // The page polls until the job is done.
    await card.getByText("Синхронизировано", { exact: true }).waitFor(SYNC_WAIT);
    expect(await card.getByTestId("orders-count").textContent()).toBe("240 заказов");
    await toast(page, "Загружено 240 заказов").waitFor(WAIT);
    expect(await card.getByText(/\d{4} г\., \d{2}:\d{2}|\d{4} г\. в \d{2}:\d{2}/).count()).toBe(1);
    expect(await card.getByRole("link", { name: /magnit\.ru/ }).getAttribute("href")).toBe(
      "https://www.magnit.ru",
    );
    expect(await companyRows(user, "platform_orders")).toBe(240);

    await card.getByRole("button", { name: "Проверить" }).click();
    await toast(page, "Платформа доступна").waitFor(WAIT);

    // Synced again: the same 240 orders, updated in place.
    await toast(page, "Загружено 240 заказов").waitFor({ state: "hidden", ...SYNC_WAIT });
    await card.getByRole("button", { name: "Синхронизировать" }).click();
    await card.getByText("Синхронизировано", { exact: true }).waitFor({ state: "hidden", ...WAIT });
    await card.getByText("Синхронизировано", { exact: true }).waitFor(SYNC_WAIT);
    await toast(page, "Загружено 240 заказов").waitFor(WAIT);
    expect(await card.getByTestId("orders-count").textContent()).toBe("240 заказов");
    expect(await companyRows(user, "platform_orders")).toBe(240);
    expect(await companyRows(user, "platform_connections")).toBe(1);

    // Another company's user cannot reach this connection from the page's actions.
    const connectionId = await card.locator('input[name="connectionId"]').first().inputValue();
    const stranger = await signedInPage(chromium(), await accounts.create());
    await stranger.page.goto(`${web}/platforms`);
    for (const intent of ["test", "sync", "disconnect"]) {
      expect(await postPlatformsForm(stranger.page, { intent, connectionId })).toBe(404);
    }
    await stranger.page.reload();
    await stranger.page.getByText("Подключение не найдено").waitFor(WAIT);
    await stranger.page.getByTestId("platforms-intro").waitFor(WAIT);
    expect(await companyRows(user, "platform_connections")).toBe(1);
    expect(await companyRows(user, "platform_orders")).toBe(240);
    await stranger.page.context().close();

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("works on a phone: the list, the modal, and disconnecting with a warning about the orders", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user, {
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });

    await page.getByRole("button", { name: "Открыть меню" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Платформы" }).click();
    await page.waitForURL(`${web}/platforms`, WAIT);
    await page.getByTestId("platforms-intro").waitFor(WAIT);
    const fitsTheScreen = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fitsTheScreen()).toBe(true);

    // From the page's button: no platform chosen yet; Esc closes and focus returns.
    const opener = page.getByRole("link", { name: "Подключить платформу" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Подключение платформы" });
    await dialog.waitFor(WAIT);
    expect(await dialog.locator('select[name="platform_id"]').inputValue()).toBe("");
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden", ...WAIT });
    expect(await opener.evaluate((node) => node === document.activeElement)).toBe(true);

    await opener.click();
    await dialog.waitFor(WAIT);
    await dialog.locator('select[name="platform_id"]').selectOption("x5");
    await dialog.locator('input[name="connection_name"]').fill("X5 — Москва");
    await dialog.locator('input[name="credentials.username"]').fill("demo");
    await dialog.locator('input[name="credentials.password"]').fill("platform-demo-2025");
    await dialog.getByRole("button", { name: "Подключить" }).tap();
    await toast(page, "Подключение к платформе создано").waitFor(WAIT);
    const card = page.getByTestId("platform-connection").filter({ hasText: "X5 — Москва" });
    await card.getByText("Синхронизировано", { exact: true }).waitFor(SYNC_WAIT);
    expect(await fitsTheScreen()).toBe(true);
    for (const name of ["Проверить", "Синхронизировать"]) {
      expect(await card.getByRole("button", { name }).isVisible()).toBe(true);
    }

    await card.getByRole("link", { name: "Отключить" }).tap();
    const confirm = page.getByRole("dialog", { name: "Отключить платформу?" });
    await confirm.waitFor(WAIT);
    await confirm.getByText(/вместе с загруженными с платформы заказами \(240\)/).waitFor(WAIT);
    await confirm.getByRole("button", { name: "Отключить" }).tap();
    await toast(page, "Платформа отключена, её заказы удалены").waitFor(WAIT);
    await page.getByTestId("platforms-intro").waitFor(WAIT);
    expect(await companyRows(user, "platform_connections")).toBe(0);
    expect(await companyRows(user, "platform_orders")).toBe(0);

    expect(errors).toEqual([]);
    await page.context().close();
  });
  it("connects without JavaScript too: the modal is a URL and the action answers with the form's errors", async () => {
    const user = await accounts.create();
    const { page } = await signedInPage(chromium(), user, { javaScriptEnabled: false });
    await page.goto(`${web}/platforms`);
    await page.getByTestId("platform-magnit").getByRole("link", { name: "Подключить Магнит" }).click();
    await page.waitForURL(`${web}/platforms?connect=magnit`, WAIT);
    const dialog = page.getByRole("dialog", { name: "Подключение платформы" });
    await dialog.waitFor(WAIT);

    await dialog.getByRole("button", { name: "Подключить" }).click();
    for (const message of ["Введите название подключения", "Введите логин", "Введите пароль"]) {
      await dialog.getByRole("alert").getByText(message, { exact: true }).waitFor(WAIT);
    }
    await dialog.locator('input[name="connection_name"]').fill("Магнит — РЦ Краснодар");
    await dialog.locator('input[name="credentials.username"]').fill("demo");
    await dialog.locator('input[name="credentials.password"]').fill("not-the-password");
    await dialog.getByRole("button", { name: "Подключить" }).click();
    await dialog.getByText("Платформа отклонила логин или пароль. Проверьте данные для входа.").waitFor(WAIT);
    // What was typed comes back, except the password.
    expect(await dialog.locator('input[name="connection_name"]').inputValue()).toBe("Магнит — РЦ Краснодар");
    expect(await dialog.locator('input[name="credentials.password"]').inputValue()).toBe("");
    expect(await companyRows(user, "platform_connections")).toBe(0);

    await dialog.getByRole("link", { name: "Отмена" }).click();
    await page.waitForURL(`${web}/platforms`, WAIT);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.context().close();
  });
});
