import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers, type TestUser } from "./fixtures/users";
import { PHONE, signedInPage, toast, WAIT } from "./helpers";

const web = inject("webUrl");

const chromium = chromiumPerFile();
const accounts = testUsers();
const database = createClient({ url: inject("databaseUrl") });
afterAll(() => database.close());

// The sandbox's X5 carrier account.
const X5_LOGIN = "carrier@x5.demo";
const X5_PASSWORD = "x5-demo-2025";

/** Whether the user's company has an X5 token stored. */
async function storedTokens(user: TestUser): Promise<number> {
  const result = await database.execute({
    sql: "SELECT count(*) AS n FROM x5_tokens WHERE company_id = (SELECT company_id FROM users WHERE email = ?)",
    args: [user.email],
  });
  return Number(result.rows[0]!.n);
}

/** GET /api/x5/test from the page: same origin, so the session cookie signs it in. */
function apiTest(page: Page): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(async () => {
    const response = await fetch("/api/x5/test");
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  });
}

/** Posts the page's login form as the browser would without JavaScript. */
function postLogin(page: Page, userName: string, password: string): Promise<number> {
  return page.evaluate(
    async (body) => (await fetch("/x5", { method: "POST", body: new URLSearchParams(body) })).status,
    { intent: "auth", userName, password },
  );
}

const status = (page: Page) => page.getByTestId("x5-status");

async function signInToX5(page: Page) {
  const form = page.getByTestId("x5-login-form");
  await form.getByLabel("Логин X5", { exact: true }).fill(X5_LOGIN);
  await form.getByLabel("Пароль X5", { exact: true }).fill(X5_PASSWORD);
  await form.getByRole("button", { name: "Получить токен" }).click();
  await status(page).getByText("Подключено", { exact: true }).waitFor(WAIT);
}

describe("the X5 integration page", () => {
  it("gets a token with the X5 login, tests it, keeps it across a reload and disconnects", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: web });

    await page.goto(`${web}/x5`);
    await page.getByRole("heading", { name: "Интеграция с X5", level: 1 }).waitFor(WAIT);
    expect(await status(page).textContent()).toBe("Не подключено");
    expect(await page.getByLabel("Токен X5").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Проверить подключение" }).count()).toBe(0);

    const form = page.getByTestId("x5-login-form");
    const login = form.getByLabel("Логин X5", { exact: true });
    const password = form.getByLabel("Пароль X5", { exact: true });
    const submit = form.getByRole("button", { name: "Получить токен" });
    expect(await login.getAttribute("type")).toBe("email");
    expect(await login.getAttribute("autocomplete")).toBe("username");
    expect(await password.getAttribute("type")).toBe("password");

    // Nothing filled in: spec 3 §5's message, on both fields.
    await submit.click();
    await form.getByRole("alert").getByText("Введите логин и пароль").first().waitFor(WAIT);
    expect(await login.getAttribute("aria-invalid")).toBe("true");
    expect(await password.getAttribute("aria-invalid")).toBe("true");

    // A wrong password: X5 refuses it, nothing is stored, the password is not sent back.
    await login.fill(X5_LOGIN);
    await password.fill("not-the-password");
    await form.getByRole("button", { name: "Показать пароль" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await form.getByRole("button", { name: "Скрыть пароль" }).click();
    expect(await password.getAttribute("type")).toBe("password");
    await submit.click();
    await form.getByRole("alert").getByText("X5 отклонила логин или пароль", { exact: true }).waitFor(WAIT);
    expect(await status(page).textContent()).toBe("Не подключено");
    expect(await login.inputValue()).toBe(X5_LOGIN);
    expect(await storedTokens(user)).toBe(0);

    // The right one: connected, the token shown read-only with its owner and expiry.
    await password.fill(X5_PASSWORD);
    await submit.click();
    await status(page).getByText("Подключено", { exact: true }).waitFor(WAIT);
    expect(await form.count()).toBe(0);
    const tokenField = page.getByLabel("Токен X5");
    const token = await tokenField.inputValue();
    expect(token).toMatch(/^\S{16,}$/);
    expect(await tokenField.getAttribute("readonly")).not.toBeNull();
    expect(await page.getByTestId("x5-user").textContent()).toBe(X5_LOGIN);
    const expires = page.getByTestId("x5-expires");
    expect(await expires.textContent()).toMatch(/\d{4} г\.,? (в )?\d{2}:\d{2}/);
    const expiresIn = Date.parse((await expires.getAttribute("datetime"))!) - Date.now();
    expect(expiresIn).toBeGreaterThan(50 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    expect(await storedTokens(user)).toBe(1);

    await page.getByRole("button", { name: "Скопировать токен" }).click();
    await toast(page, "Токен скопирован").waitFor(WAIT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    await page.getByRole("button", { name: "Проверить подключение" }).click();
    await toast(page, "Подключение к X5 работает!").waitFor(WAIT);

    // The token is kept: after a reload the page and the API still see it.
    await page.reload();
    await status(page).getByText("Подключено", { exact: true }).waitFor(WAIT);
    expect(await page.getByLabel("Токен X5").inputValue()).toBe(token);
    expect(await apiTest(page)).toEqual({
      status: 200,
      body: { success: true, data: { connected: true }, message: "Подключение к X5 работает!" },
    });

    // The API documentation block, with the full reference one link away.
    const docs = page.getByTestId("x5-api-docs");
    expect(await docs.getByTestId("x5-api-call").locator("h3").allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining("POST/api/x5/auth"),
        expect.stringContaining("GET/api/x5/test"),
        expect.stringContaining("GET/api/x5/health"),
        expect.stringContaining("DELETE/api/x5/auth"),
      ]),
    );
    const docsHref = await docs.getByRole("link", { name: /Полная документация API/ }).getAttribute("href");
    expect(docsHref).toBe("/docs/api#post-x5-auth");
    const reference = await page.context().newPage();
    await reference.goto(`${web}${docsHref}`);
    await reference.locator("#post-x5-auth").waitFor(WAIT);
    await reference.close();

    await page.getByRole("button", { name: "Отключить" }).click();
    await toast(page, "X5 отключена").waitFor(WAIT);
    await status(page).getByText("Не подключено", { exact: true }).waitFor(WAIT);
    await page.getByTestId("x5-login-form").waitFor(WAIT);
    expect(await page.getByLabel("Токен X5").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Проверить подключение" }).count()).toBe(0);
    expect(await storedTokens(user)).toBe(0);
    expect(await apiTest(page)).toEqual({
      status: 409,
      body: { success: false, error: "Сначала получите токен" },
    });

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("works on a phone; a refused login clears the stored token; a failed copy says so", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user, {
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    const fitsTheScreen = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await page.goto(`${web}/x5`);
    await page.getByTestId("x5-login-form").waitFor(WAIT);
    expect(await fitsTheScreen()).toBe(true);
    const submitBox = await page.getByRole("button", { name: "Получить токен" }).boundingBox();
    expect(submitBox!.width).toBeGreaterThan(PHONE.width / 2);

    await signInToX5(page);
    expect(await fitsTheScreen()).toBe(true);
    const tokenBox = await page.getByLabel("Токен X5").boundingBox();
    expect(tokenBox!.x).toBeGreaterThanOrEqual(0);
    expect(tokenBox!.x + tokenBox!.width).toBeLessThanOrEqual(PHONE.width);
    for (const name of ["Скопировать токен", "Проверить подключение", "Отключить"]) {
      const box = await page.getByRole("button", { name }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(36);
    }

    // No clipboard: the token is selected for copying by hand, and the page says so.
    const token = await page.getByLabel("Токен X5").inputValue();
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException("denied", "NotAllowedError"));
    });
    await page.getByRole("button", { name: "Скопировать токен" }).click();
    await toast(page, "Не удалось скопировать токен").waitFor(WAIT);
    const selected = await page
      .getByLabel("Токен X5")
      .evaluate((field: HTMLTextAreaElement) => field.value.slice(field.selectionStart, field.selectionEnd));
    expect(selected).toBe(token);

    // Spec 3 §8: an X5 login that fails clears the token kept so far.
    expect(await postLogin(page, X5_LOGIN, "not-the-password")).toBe(422);
    expect(await storedTokens(user)).toBe(0);
    await page.reload();
    await status(page).getByText("Не подключено", { exact: true }).waitFor(WAIT);
    await page.getByTestId("x5-login-form").waitFor(WAIT);

    expect(errors).toEqual([]);
    await page.context().close();
  });
});
