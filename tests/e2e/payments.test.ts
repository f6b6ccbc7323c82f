import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { signedInPage, toast, WAIT } from "./helpers";

const web = inject("webUrl");

const chromium = chromiumPerFile();
const accounts = testUsers();
const database = createClient({ url: inject("databaseUrl") });
afterAll(() => database.close());

/** The sandbox checkout (YooKassa's confirmation page): card number, expiry, CVC, pay. */
async function payWithCard(page: Page, card: string) {
  await page.getByLabel("Номер карты").waitFor(WAIT);
  await page.getByLabel("Номер карты").fill(card);
  await page.getByLabel("Срок действия").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Оплатить" }).click();
}

describe("plans and card payments", () => {
  it("trial → choose a plan with a partner discount → pay on the checkout page → success page → subscription active", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);

    // A new company is on the 14-day trial.
    const block = page.getByTestId("subscription-block");
    await block.waitFor(WAIT);
    expect(await block.getAttribute("data-status")).toBe("trial");
    await block.getByRole("heading", { name: /^Пробный период: осталось 1[34] дн(я|ей)$/ }).waitFor(WAIT);
    await block.getByRole("link", { name: "Выбрать тариф" }).click();
    await page.waitForURL(`${web}/payment`, WAIT);

    // Three plans; the popular one is chosen by default.
    await page.getByRole("heading", { name: "Выбор тарифа", level: 1 }).waitFor(WAIT);
    for (const [id, price] of [
      ["basic", "990 ₽"],
      ["extended", "2 990 ₽"],
      ["corporate", "9 990 ₽"],
    ]) {
      const text = (await page.getByTestId(`plan-${id}`).textContent())!.replace(/\u00a0/g, " ");
      expect(text).toContain(price);
    }
    expect(await page.getByTestId("plan-corporate").textContent()).toContain("Без ограничений по рейсам");
    expect(await page.getByRole("radio", { name: "Расширенный", exact: true }).isChecked()).toBe(true);
    await page.getByText("Популярный").waitFor(WAIT);
    await page.getByRole("button", { name: "Оплатить 2 990 ₽" }).waitFor(WAIT);

    // A partner named in the URL gives a company without one no discount (decision 0042)…
    await page.goto(`${web}/payment?plan=basic&source=magnit&discount=90`);
    await page.getByRole("button", { name: "Оплатить 990 ₽" }).waitFor(WAIT);
    expect(await page.getByTestId("partner-discount").count()).toBe(0);

    // …while a company that registered through Magnit's partner link gets Magnit's, whatever the
    // URL says.
    await database.execute({
      sql: "UPDATE companies SET partner_source = 'magnit', partner_via_link = 1 WHERE id = (SELECT company_id FROM users WHERE email = ?)",
      args: [user.email],
    });
    await page.goto(`${web}/payment?plan=basic&source=metro&discount=90`);
    await page.getByTestId("partner-discount").getByText("Скидка партнёра «Магнит»: 15%").waitFor(WAIT);
    expect(await page.getByRole("radio", { name: "Базовый", exact: true }).isChecked()).toBe(true);
    await page.getByRole("radio", { name: "Расширенный", exact: true }).check({ force: true });
    // 2 990 ₽ − 15 % = 2 541,50 ₽, shown rounded to whole rubles.
    await page.getByRole("button", { name: "Оплатить 2 542 ₽" }).click();

    // The provider's page, then back to ours.
    await page.waitForURL(/\/checkout\//, WAIT);
    expect((await page.textContent("body"))!.replace(/[\u00a0\u202f]/g, " ")).toContain("2 541,50");
    await payWithCard(page, "5555 5555 5555 4477");
    await page.waitForURL(/\/payment\/success\?payment_id=/, WAIT);
    const result = page.getByTestId("payment-result");
    await result.getByText("Оплата прошла успешно").waitFor(WAIT);
    expect(await result.getByTestId("payment-status").textContent()).toBe("Оплачено");
    expect((await result.getByTestId("payment-details").textContent())!.replace(/\u00a0/g, " ")).toContain(
      "2 541,50 ₽",
    );
    await toast(page, "Платеж успешно обработан!").waitFor(WAIT);
    await result.getByText(/^Переход в личный кабинет через \d+ секунд/).waitFor(WAIT);

    // The countdown takes the user to the dashboard, where the plan is active.
    await page.waitForURL(`${web}/dashboard`, { timeout: 15_000 });
    await block.waitFor(WAIT);
    expect(await block.getAttribute("data-status")).toBe("active");
    await block.getByRole("heading", { name: "Тариф «Расширенный»" }).waitFor(WAIT);
    expect(errors).toEqual([]);
  });

  it("a declined card: the payment is canceled with the reason, and the user may try again", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    await page.goto(`${web}/payment?plan=basic`);
    await page.getByRole("button", { name: "Оплатить 990 ₽" }).click();
    await page.waitForURL(/\/checkout\//, WAIT);
    await payWithCard(page, "5555555555554592");
    await page.waitForURL(/\/payment\/success\?payment_id=/, WAIT);
    const result = page.getByTestId("payment-result");
    await result.getByRole("heading", { name: "Платёж отменён" }).waitFor(WAIT);
    await result.getByText(/Недостаточно средств/).waitFor(WAIT);
    await result.getByRole("link", { name: "Попробовать снова" }).click();
    await page.waitForURL(`${web}/payment?plan=basic`, WAIT);
    expect(await page.getByRole("radio", { name: "Базовый", exact: true }).isChecked()).toBe(true);

    await page.goto(`${web}/dashboard`);
    expect(await page.getByTestId("subscription-block").getAttribute("data-status")).toBe("trial");
    expect(errors).toEqual([]);
  });

  it("a payer whose session ended at the checkout sees the status alone, then signs in for the details", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    await page.goto(`${web}/payment?plan=basic`);
    await page.getByRole("button", { name: "Оплатить 990 ₽" }).click();
    await page.waitForURL(/\/checkout\//, WAIT);
    // The session is gone by the time the bank has confirmed (or the card was paid elsewhere).
    await page.context().clearCookies();
    await payWithCard(page, "5555 5555 5555 4477");
    await page.waitForURL(/\/payment\/result\?payment_id=/, WAIT);
    const result = page.getByTestId("payment-result");
    await result.getByTestId("payment-status").getByText("Оплачено").waitFor(WAIT);
    const text = (await page.textContent("body"))!.replace(/[\u00a0\u202f]/g, " ");
    for (const secret of ["990 ₽", "Базовый", user.email]) expect(text).not.toContain(secret);

    await result.getByRole("link", { name: "Войти" }).click();
    await page.waitForURL(/\/login\?redirectTo=/, WAIT);
    await page.fill('input[name="email"]', user.email);
    await page.fill('input[name="password"]', user.password);
    await page.click('button[type="submit"]:has-text("Войти")');
    await page.waitForURL(/\/payment\/success\?payment_id=/, WAIT);
    await page.getByTestId("payment-result").getByText("Оплата прошла успешно").waitFor(WAIT);
    expect(errors).toEqual([]);
  });
});
