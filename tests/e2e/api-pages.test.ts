import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers, type TestUser } from "./fixtures/users";

const web = inject("webUrl");
const WAIT = { timeout: 15_000 };

const chromium = chromiumPerFile();
const accounts = testUsers();

async function signInThroughLoginPage(page: Page, user: TestUser) {
  await page.goto(`${web}/login`);
  await page.fill('input[name="email"]', user.email);
  await page.fill('input[name="password"]', user.password);
  await page.click('button[type="submit"]:has-text("Войти")');
  await page.waitForURL(`${web}/dashboard`, WAIT);
}

describe("the API and session test pages", () => {
  it("sign in through the API client, survive an invalid access token by refreshing, and clear the tokens", async () => {
    const user = await accounts.create();
    const context = await chromium().newContext({ locale: "ru-RU" });
    const page = await context.newPage();
    // Uncaught errors include React's hydration mismatches, which these client-only pages must avoid.
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await signInThroughLoginPage(page, user);

    await page.goto(`${web}/api-test`);
    await page.getByRole("heading", { name: "Проверка API" }).waitFor(WAIT);
    // The base URL is filled in once the page has hydrated and created its client.
    const baseUrl = page.getByTestId("api-base-url");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="api-base-url"]')?.textContent !== "…",
      null,
      WAIT,
    );
    expect(await baseUrl.textContent()).toBe(`${web}/api`);
    expect(await page.getByTestId("token-prefix").textContent()).toBe("токена нет");

    await page.fill("#api-test-email", user.email);
    await page.fill("#api-test-password", user.password);
    await page.getByRole("button", { name: "Тест входа", exact: true }).click();
    const loginResult = page.locator('[data-testid="test-result"]', { hasText: "POST /api/auth/login" });
    await loginResult.waitFor(WAIT);
    expect(await loginResult.getAttribute("data-outcome")).toBe("success");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="token-prefix"]')?.textContent !== "токена нет",
      null,
      WAIT,
    );
    expect(await page.getByTestId("token-prefix").textContent()).toMatch(/^.{16}…$/);

    await page.getByRole("button", { name: "Тест health", exact: true }).click();
    const healthResult = page.locator('[data-testid="test-result"]', { hasText: "GET /api/health" });
    await healthResult.waitFor(WAIT);
    expect(await healthResult.getAttribute("data-outcome")).toBe("success");

    // «Запустить все тесты» goes on to the partner calls (spec 2 §7), the link made from {source} alone.
    await page.getByRole("button", { name: "Запустить все тесты", exact: true }).click();
    const generated = page.locator('[data-testid="test-result"]', { hasText: "POST /api/partner/generate" });
    await generated.waitFor(WAIT);
    const results = page.getByTestId("test-result");
    expect(await results.count()).toBe(7);
    for (const outcome of await results.evaluateAll((items) => items.map((item) => item.dataset.outcome))) {
      expect(outcome).toBe("success");
    }
    for (const call of ["GET /api/partner/ping", "GET /api/partner/leads"]) {
      await results.filter({ hasText: call }).waitFor(WAIT);
    }
    expect(await generated.textContent()).toMatch(
      new RegExp(`Создана ссылка ${web}/partner/[a-z2-7]{32} \\(источник api_test\\)`),
    );

    await page.goto(`${web}/session-test`);
    await page.getByRole("heading", { name: "Проверка сеанса" }).waitFor(WAIT);
    const status = page.getByTestId("auth-status");
    await page.locator('[data-testid="auth-status"][data-authenticated="true"]').waitFor(WAIT);
    expect(await status.textContent()).toContain("Авторизован");
    expect(await status.textContent()).toContain(user.email);

    await page.getByRole("button", { name: "Подставить недействительный токен" }).click();
    await page.getByRole("button", { name: "Проверить /auth/me" }).click();
    const recovered = page.locator('[data-testid="check-result"]', {
      hasText: "обновил токены и повторил запрос",
    });
    await recovered.waitFor(WAIT);
    expect(await recovered.getAttribute("data-outcome")).toBe("success");
    const steps = await recovered.locator("ol > li").allTextContents();
    expect(steps.map((step) => step.replace(/^.*?(\/api\/\S+) → (\d+)$/, "$1 $2"))).toEqual([
      "/api/auth/me 401",
      "/api/auth/refresh 200",
      "/api/auth/me 200",
    ]);

    // A second tab shares the tokens. Both find the access token invalid at the same moment:
    // one refreshes, the other takes the new pair, and neither presents a spent refresh token
    // (which would end the session in both).
    const other = await context.newPage();
    await other.goto(`${web}/session-test`);
    await other.locator('[data-testid="auth-status"][data-authenticated="true"]').waitFor(WAIT);
    await page.getByRole("button", { name: "Подставить недействительный токен" }).click();
    await Promise.all(
      [page, other].map((tab) => tab.getByRole("button", { name: "Проверить /auth/me" }).click()),
    );
    for (const [tab, checks] of [
      [page, 2],
      [other, 1],
    ] as const) {
      const results = tab.locator('[data-testid="check-result"]', { hasText: "Проверить /auth/me" });
      await expect.poll(() => results.count(), WAIT).toBe(checks);
      const newest = results.first();
      // The whole entry (message and the client's calls) tells what went wrong when it fails.
      expect({
        outcome: await newest.getAttribute("data-outcome"),
        text: await newest.textContent(),
      }).toEqual({
        outcome: "success",
        text: expect.any(String),
      });
    }
    await other.close();

    await page.getByRole("button", { name: "Очистить токены" }).click();
    await page.locator('[data-testid="auth-status"][data-authenticated="false"]').waitFor(WAIT);
    expect(await status.textContent()).toContain("Не авторизован");
    await page.getByRole("link", { name: "проверки API" }).waitFor(WAIT);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("signing out of the site also ends the API client's session on the server", async () => {
    const user = await accounts.create();
    const context = await chromium().newContext({ locale: "ru-RU" });
    const page = await context.newPage();
    await signInThroughLoginPage(page, user);
    await page.goto(`${web}/api-test`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="api-base-url"]')?.textContent !== "…",
      null,
      WAIT,
    );
    await page.fill("#api-test-email", user.email);
    await page.fill("#api-test-password", user.password);
    await page.getByRole("button", { name: "Тест входа", exact: true }).click();
    await page.locator('[data-testid="test-result"][data-outcome="success"]').waitFor(WAIT);
    const accessToken = await page.evaluate(() => localStorage.getItem("reys.auth.accessToken"));
    expect(accessToken).toBeTruthy();
    const me = () =>
      fetch(`${web}/api/auth/me`, { headers: { Authorization: `Bearer ${accessToken}` } }).then(
        (response) => response.status,
      );
    expect(await me()).toBe(200);

    await page.getByRole("button", { name: "Выйти" }).click();
    await page.waitForURL(`${web}/login`, WAIT);
    await expect.poll(me, WAIT).toBe(401);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("reys.auth.accessToken")), WAIT)
      .toBeNull();
    await context.close();
  });
});
