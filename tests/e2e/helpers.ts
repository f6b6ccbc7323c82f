import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { inject } from "vitest";
import type { TestUser } from "./fixtures/users";

export const WAIT = { timeout: 15_000 };
// A sync is a queued job: ~1 s to deliver each of the two pages of the sandbox's 240 orders.
export const SYNC_WAIT = { timeout: 45_000 };
export const PHONE = { width: 390, height: 844 };
/** A desk's screen: the layout with the sidebar and the compact lists. */
export const DESKTOP = { width: 1280, height: 800 };
/**
 * A phone's browser context: its screen, touch, and its User-Agent (Playwright's `isMobile` keeps
 * the desktop one), which pages rendered for a phone by the server read (decision 0083).
 */
export const PHONE_CONTEXT = {
  viewport: PHONE,
  hasTouch: true,
  isMobile: true,
  userAgent:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
};

/** Polls until `read` returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("eventually: condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A fresh browser context signed in as the user through /login; `errors` collects page errors. */
export async function signedInPage(browser: Browser, user: TestUser, options: BrowserContextOptions = {}) {
  const web = inject("webUrl");
  const context = await browser.newContext({ locale: "ru-RU", ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${web}/login`);
  await page.fill('input[name="email"]', user.email);
  await page.fill('input[name="password"]', user.password);
  await page.click('button[type="submit"]:has-text("Войти")');
  await page.waitForURL(`${web}/dashboard`, WAIT);
  return { page, errors };
}

export const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/**
 * Connects the sandbox's Magnit (240 orders) through the /platforms modal and waits for its
 * first sync to end.
 */
export async function connectMagnit(page: Page, connectionName = "Магнит — РЦ Краснодар") {
  await page.goto(`${inject("webUrl")}/platforms?connect=magnit`);
  const dialog = page.getByRole("dialog", { name: "Подключение платформы" });
  await dialog.waitFor(WAIT);
  await dialog.locator('input[name="connection_name"]').fill(connectionName);
  await dialog.locator('input[name="credentials.username"]').fill("demo");
  await dialog.locator('input[name="credentials.password"]').fill("platform-demo-2025");
  await dialog.getByRole("button", { name: "Подключить" }).click();
  const card = page.getByTestId("platform-connection").filter({ hasText: connectionName });
  await card.getByText("Синхронизировано", { exact: true }).waitFor(SYNC_WAIT);
  await toast(page, "Загружено 240 заказов").waitFor(WAIT);
}

/**
 * Connects a sandbox EDO account through /edo (past the first visit's onboarding) and waits
 * until the jobs Worker has mirrored its documents.
 */
export async function connectEdo(page: Page, login: string) {
  await page.goto(`${inject("webUrl")}/edo`);
  const onboarding = page.getByRole("region", { name: "Что такое ЭДО и ЭТрН" });
  await onboarding.getByRole("button", { name: "Пропустить" }).click(WAIT);
  const dialog = page.getByRole("dialog", { name: "Подключение к ЭДО" });
  await dialog.getByLabel("Логин ЭДО").fill(login, WAIT);
  await dialog.getByLabel("Пароль").fill("edo-demo-2025");
  await dialog.getByRole("button", { name: "Подключить", exact: true }).click();
  await toast(page, "Подключение к ЭДО выполнено успешно!").waitFor(WAIT);
  await page.getByTestId("edo-sync-state").getByText("Документы обновлены").waitFor(SYNC_WAIT);
}
