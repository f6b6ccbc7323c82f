import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { signedInPage, SYNC_WAIT, toast, WAIT } from "./helpers";

const web = inject("webUrl");

const chromium = chromiumPerFile();
const accounts = testUsers();

// This file alone uses the sandbox's `carrier-3` EDO account (800 documents); the demo company
// has `demo-carrier`.
const EDO_LOGIN = { login: "carrier-3", password: "edo-demo-2025" };

/** «1–20 из 612» → [1, 20, 612]. */
const range = (text: string) => text.replace(/\s/g, "").match(/\d+/g)!.map(Number);

describe("the EDO page", () => {
  it("onboarding → connect → the mirror fills → filter → page through → saved filters → disconnect", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);

    await page
      .getByRole("navigation", { name: "Разделы" })
      .getByRole("link", { name: "ЭДО", exact: true })
      .click();
    await page.waitForURL(`${web}/edo`, WAIT);
    await page.getByRole("heading", { name: "Электронный документооборот (ЭДО)", level: 1 }).waitFor(WAIT);

    // First visit: onboarding with the notice that these are the operator's credentials.
    const onboarding = page.getByRole("region", { name: "Что такое ЭДО и ЭТрН" });
    await onboarding.waitFor(WAIT);
    await onboarding.getByRole("heading", { name: "Как подключить" }).waitFor(WAIT);
    expect(await onboarding.getByRole("note").textContent()).toContain("не те, с которыми вы входите в Рейс");
    await onboarding.getByRole("button", { name: "Пропустить" }).click();

    // Skipping opens the login modal; both fields are required.
    const dialog = page.getByRole("dialog", { name: "Подключение к ЭДО" });
    await dialog.waitFor(WAIT);
    await dialog.getByRole("button", { name: "Подключить", exact: true }).click();
    await dialog.getByText("Введите логин ЭДО", { exact: true }).waitFor(WAIT);
    await dialog.getByText("Введите пароль ЭДО", { exact: true }).waitFor(WAIT);

    // A wrong password: refused, nothing connected.
    await dialog.getByLabel("Логин ЭДО").fill(EDO_LOGIN.login);
    await dialog.getByLabel("Пароль").fill("wrong-password");
    await dialog.getByRole("button", { name: "Подключить", exact: true }).click();
    await dialog.getByText("Неверный логин или пароль ЭДО").first().waitFor(WAIT);

    await dialog.getByLabel("Пароль").fill(EDO_LOGIN.password);
    await dialog.getByRole("button", { name: "Подключить", exact: true }).click();
    await toast(page, "Подключение к ЭДО выполнено успешно!").waitFor(WAIT);
    await dialog.waitFor({ state: "detached", ...WAIT });

    // The mirror is filled by the jobs Worker; the page follows its progress.
    const card = page.getByRole("region", { name: "Подключение к ЭДО" });
    await card.getByText("Подключено").first().waitFor(WAIT);
    await card.getByText(EDO_LOGIN.login).first().waitFor(WAIT);
    const list = page.getByRole("region", { name: "Документы ЭДО" });
    const heading = list.getByRole("heading", { name: /^Документы \(\d/ });
    await page.getByTestId("edo-document").first().waitFor(SYNC_WAIT);
    await page.getByTestId("edo-sync-state").getByText("Документы обновлены").waitFor(SYNC_WAIT);
    const all = range((await heading.textContent())!)[0];
    expect(all).toBeGreaterThan(100);
    expect(await page.getByTestId("edo-document").count()).toBe(20);
    expect(range((await page.getByTestId("edo-page-range").textContent())!)).toEqual([1, 20, all]);

    // Filter by status: every card shows it, and the indicator counts the filter.
    const filters = page.getByRole("region", { name: "Фильтры документов" });
    await filters.getByLabel("Статус").selectOption({ label: "Свободен" });
    await filters.getByRole("button", { name: "Применить" }).click();
    await page.waitForURL(/status=ON_TRNACLPVYN/, WAIT);
    await page.getByTestId("edo-active-filters").getByText("Активных фильтров: 1").waitFor(WAIT);
    const handedOver = range((await heading.textContent())!)[0];
    expect(handedOver).toBeGreaterThan(20);
    expect(handedOver).toBeLessThan(all);
    const statuses = await page.getByTestId("edo-document-status").allTextContents();
    expect(statuses.length).toBe(20);
    for (const status of statuses) expect(status).toContain("ON_TRNACLPVYN");

    // Page through: forward, a page number, a larger page size.
    const pages = page.getByRole("navigation", { name: "Страницы документов" });
    const firstNumber = await page.getByTestId("edo-document-number").first().textContent();
    await pages.getByRole("link", { name: "Вперёд" }).click();
    await page.waitForURL(/page=2/, WAIT);
    await page
      .getByTestId("edo-page-range")
      .getByText(/^21–40/)
      .waitFor(WAIT);
    expect(await page.getByTestId("edo-document-number").first().textContent()).not.toBe(firstNumber);
    await pages.getByRole("link", { name: "Страница 3" }).click();
    await page
      .getByTestId("edo-page-range")
      .getByText(/^41–60/)
      .waitFor(WAIT);
    expect(await pages.locator('[aria-current="page"]').textContent()).toBe("Страница 3");
    await page.getByLabel("Показывать по").selectOption("50");
    await page.getByTestId("edo-page-range").getByText(/^1–50/).waitFor(WAIT);
    expect(await page.getByTestId("edo-document").count()).toBe(50);

    // The filters are kept: /edo opened plainly comes back to them.
    await page.goto(`${web}/edo`);
    await page.waitForURL(/status=ON_TRNACLPVYN/, WAIT);
    await page.getByTestId("edo-active-filters").getByText("Активных фильтров: 1").waitFor(WAIT);
    await list
      .getByRole("heading", { name: `Документы (${handedOver.toLocaleString("ru-RU")})` })
      .waitFor(WAIT);
    await filters.getByRole("button", { name: "Сбросить" }).click();
    await page.waitForURL((url) => !url.search.includes("status="), WAIT);
    await page.getByTestId("edo-active-filters").waitFor({ state: "detached", ...WAIT });

    // Removing the token: confirmed, the documents go, the page asks to connect again.
    await card.getByRole("button", { name: "Удалить токен" }).click();
    const confirm = page.getByRole("dialog", { name: "Удалить токен ЭДО?" });
    await confirm.getByRole("button", { name: "Отключить ЭДО", exact: true }).click();
    await toast(page, "Отключение от ЭДО выполнено успешно").waitFor(WAIT);
    await page.getByTestId("edo-connect-start").getByText("ЭДО не подключено").waitFor(WAIT);
    // Onboarding was seen once: not shown again.
    expect(await page.getByTestId("edo-onboarding").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
