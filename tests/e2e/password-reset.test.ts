// «Забыли пароль?» in Chromium (issue 25 item 2; decision 0073): from /login to the sandbox
// mailbox, through the letter's link to a new password, signed in; the old password no longer works.
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { eventually, WAIT } from "./helpers";

const web = inject("webUrl");
const sandbox = inject("sandboxUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();
const NEW_PASSWORD = "Novyi2026ok";

describe("a forgotten password", () => {
  it("forgot password → the sandbox mailbox → the link → a new password → signed in", async () => {
    const user = await accounts.create();
    const context = await chromium().newContext({ locale: "ru-RU" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto(`${web}/login`);
    await page.getByRole("link", { name: "Забыли пароль?" }).click();
    await page.waitForURL(`${web}/forgot-password`, WAIT);
    await page.fill('input[name="email"]', user.email);
    await page.getByRole("button", { name: "Отправить ссылку" }).click();
    await page
      .getByTestId("reset-requested")
      .getByText("Если этот адрес зарегистрирован в Рейсе", { exact: false })
      .waitFor(WAIT);

    // The jobs Worker sends the letter through the sandbox Unisender Go a moment later.
    const mailbox = `${sandbox}/__sandbox/mail?to=${encodeURIComponent(user.email)}`;
    await eventually(async () => {
      await page.goto(mailbox);
      return (await page.getByText("Восстановление пароля — Рейс").count()) > 0 ? true : undefined;
    }, 30_000);
    await page.locator(`a[href^="${web}/reset-password?token="]`).first().click();
    await page.waitForURL(`${web}/reset-password?token=*`, WAIT);

    await page.fill('input[name="password"]', NEW_PASSWORD);
    await page.fill('input[name="confirmPassword"]', NEW_PASSWORD);
    await page.getByRole("button", { name: "Сохранить пароль" }).click();
    await page.waitForURL(`${web}/dashboard`, WAIT);
    await page.getByText("Пароль изменён", { exact: false }).first().waitFor(WAIT);

    // A second browser: the old password is refused, the new one signs in.
    const other = await (await chromium().newContext({ locale: "ru-RU" })).newPage();
    await other.goto(`${web}/login`);
    await other.fill('input[name="email"]', user.email);
    await other.fill('input[name="password"]', user.password);
    await other.click('button[type="submit"]:has-text("Войти")');
    await other.getByText("Неверный email или пароль").waitFor(WAIT);
    await other.fill('input[name="password"]', NEW_PASSWORD);
    await other.click('button[type="submit"]:has-text("Войти")');
    await other.waitForURL(`${web}/dashboard`, WAIT);
    expect(errors).toEqual([]);
  });
});
