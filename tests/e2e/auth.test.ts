import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers, type TestUser } from "./fixtures/users";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();

async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await chromium().newContext({ locale: "ru-RU", ...options });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]:has-text("Войти")');
}

/** A browser of its own, signed in through /login and on /dashboard. */
async function signedInPage(user: TestUser, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await newPage(options);
  await page.goto(`${web}/login`);
  await signIn(page, user.email, user.password);
  await page.waitForURL(`${web}/dashboard`);
  return page;
}

describe("accounts in the browser", () => {
  it("registers with a company from the look-up, signs in, opens a guarded page and signs out", async () => {
    const page = await newPage();
    await page.goto(`${web}/register`);
    const email = `e2e.${crypto.randomUUID().slice(0, 8)}@example.ru`;
    accounts.removeAfterwards(email);
    await page.fill('input[name="firstName"]', "Пётр");
    await page.fill('input[name="lastName"]', "Иванов");
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="phone"]', "+79001234567");
    await page.fill('input[name="password"]', "Trassa2025");
    await page.fill('input[name="confirmPassword"]', "Trassa2025");

    await page.fill('input[name="companyName"]', "Тр");
    const options = page.locator('[role="option"]');
    await options.first().waitFor({ timeout: 15_000 });
    expect(await options.count()).toBeLessThanOrEqual(10);
    await options.first().click();
    const inn = await page.inputValue('input[name="inn"]');
    expect(inn).toMatch(/^\d{10}(\d{2})?$/);
    expect(await page.getAttribute('input[name="inn"]', "readonly")).not.toBeNull();
    expect(await page.inputValue('input[name="address"]')).not.toBe("");

    await page.fill('input[name="companyName"]', "Нет такой компании");
    await page.getByText("Компания не найдена", { exact: false }).waitFor({ timeout: 15_000 });
    expect(await page.inputValue('input[name="inn"]')).toBe("");
    await page.fill('input[name="companyName"]', "Тр");
    await options.first().waitFor({ timeout: 15_000 });
    await options.first().click();
    await page.click('button[type="submit"]:has-text("Зарегистрироваться")');
    await page.waitForURL(`${web}/login`);
    await page.getByText("Регистрация успешна! Теперь войдите в систему.").waitFor();
    await accounts.tourTaken(email);

    await signIn(page, email, "Trassa2025");
    await page.waitForURL(`${web}/dashboard`);
    await page.getByRole("heading", { name: "Добро пожаловать, Пётр!" }).waitFor();

    await page.click('button:has-text("Выйти")');
    await page.waitForURL(`${web}/login`);
    await page.getByText("Вы вышли из системы.").waitFor();
    await page.goto(`${web}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.context().close();
  });

  it("sends a signed-out visitor to /login and back to the page they wanted after signing in", async () => {
    const user = await accounts.create();
    const page = await newPage();
    await page.goto(`${web}/sessions`);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/sessions");
    await signIn(page, user.email, user.password);
    await page.waitForURL(`${web}/sessions`);
    await page.getByRole("heading", { name: "Активные сеансы" }).waitFor();
    await page.goto(`${web}/login`);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await page.goto(web);
    await page.getByRole("banner").getByRole("link", { name: "Перейти в кабинет" }).waitFor();
    await page.context().close();
  });

  it("shows the spec's messages for bad sign-in and registration input", async () => {
    // A user of its own: its wrong password counts against no one else's sign-in limit.
    const user = await accounts.create();
    const page = await newPage();
    await page.goto(`${web}/login`);
    await page.click('button[type="submit"]:has-text("Войти")');
    await page.getByText("Email обязателен").waitFor();
    await page.getByText("Пароль обязателен").waitFor();
    await page.fill('input[name="email"]', "director@");
    await page.fill('input[name="password"]', "123");
    await page.click('button[type="submit"]:has-text("Войти")');
    await page.getByText("Введите корректный email").waitFor();
    await page.getByText("Пароль должен содержать минимум 6 символов").waitFor();
    await signIn(page, user.email, "WrongPassword1");
    await page.getByText("Неверный email или пароль").waitFor();
    expect(await page.getAttribute('input[name="email"]', "aria-invalid")).toBeNull();

    // On a phone the form is one column: an error appearing above the button would move it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${web}/register`);
    await page.fill('input[name="phone"]', "0123");
    await page.fill('input[name="password"]', "Trassa2025");
    await page.fill('input[name="confirmPassword"]', "Trassa2026");
    // Straight from the field to the button: the first click submits.
    await page.click('button[type="submit"]:has-text("Зарегистрироваться")');
    await page.getByText("Пароли должны совпадать").waitFor();
    await page.getByText("Введите корректный номер телефона").waitFor();
    await page.getByText("Название компании обязательно").waitFor();
    expect(await page.getAttribute('input[name="confirmPassword"]', "aria-invalid")).toBe("true");
    await page.context().close();
  });

  it("lists active sessions and ends the others", async () => {
    const user = await accounts.create();
    const other = await signedInPage(user);

    const page = await signedInPage(user);
    await page.goto(`${web}/sessions`);
    const rows = page.locator('[data-testid="sessions"] > li');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    await page.click('button:has-text("Завершить все, кроме текущего")');
    await page.getByText(/^Завершено \d+ сеанс/).waitFor();
    expect(await rows.count()).toBe(1);

    await other.reload();
    expect(new URL(other.url()).pathname).toBe("/login");
    await page.context().close();
    await other.context().close();
  });

  it("opens the API documentation in a new tab from the sidebar, also readable without signing in", async () => {
    const page = await signedInPage(await accounts.create());
    const [docs] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("link", { name: /Документация API/ }).click(),
    ]);
    await docs.getByRole("heading", { name: "Документация API", level: 1 }).waitFor();
    const login = docs.getByTestId("api-operation").filter({ hasText: "POST/api/auth/login" });
    await login.getByText("Вход: пара токенов и пользователь").waitFor();
    expect(await login.locator("td").allTextContents()).toContain("строка, 6–128 символов");

    const openapi = await docs.request.get(`${web}/api/openapi.json`);
    expect(openapi.status()).toBe(200);
    const document = (await openapi.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain("/auth/sessions/{id}");
    await page.context().close();

    const visitor = await newPage();
    await visitor.goto(`${web}/docs/api`);
    expect(new URL(visitor.url()).pathname).toBe("/docs/api");
    await visitor.getByRole("heading", { name: "Документация API", level: 1 }).waitFor();
    await visitor.context().close();
  });

  it("shows a loading bar while the next signed-in page loads", async () => {
    const page = await signedInPage(await accounts.create());
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/profile\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Профиль", exact: true }).click();
    const bar = page.getByRole("progressbar", { name: "Загрузка страницы" });
    await bar.waitFor();
    expect(await page.locator("main").getAttribute("aria-busy")).toBe("true");
    release();
    await page.getByRole("heading", { name: "Активные сеансы" }).waitFor();
    await bar.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("is usable on a phone: the menu opens from the header", async () => {
    const page = await signedInPage(await accounts.create(), { viewport: { width: 390, height: 844 } });
    // The welcome toast is on screen and must not cover the header's menu button.
    const toast = page.locator('[data-sonner-toast][data-mounted="true"]').first();
    await toast.waitFor();
    await toast.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    await page.click('button[aria-controls="mobile-menu"]', { timeout: 3000 });
    await page.locator("#mobile-menu").getByText("Главная").waitFor();
    await page.context().close();
  });
});
