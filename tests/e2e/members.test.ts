// Members and invitations in Chromium (issue 25 item 3; decision 0076): a director invites a
// colleague from /members, the letter reaches the sandbox mailbox, its link's short registration
// signs the colleague in inside the same company with the role's limits (no «Финансы», /finance
// refused: decision 0077), and the director's /members lists them.
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { eventually, signedInPage, toast, WAIT } from "./helpers";

const web = inject("webUrl");
const sandbox = inject("sandboxUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();
const PASSWORD = "Dispetcher2026";

describe("a colleague's invitation", () => {
  it("director invites → the mailbox → the link → the colleague is signed in and listed on /members", async () => {
    const director = await accounts.create();
    const email = `e2e.colleague.${crypto.randomUUID().slice(0, 8)}@example.ru`;
    accounts.removeAfterwards(email);
    const { page, errors } = await signedInPage(chromium(), director);

    await page
      .getByRole("navigation", { name: "Разделы" })
      .getByRole("link", { name: "Сотрудники" })
      .first()
      .click();
    await page.waitForURL(`${web}/members`, WAIT);
    await page.getByTestId("members-empty").waitFor(WAIT);
    await page.getByLabel("Email сотрудника").fill(email);
    await page.getByLabel("Роль", { exact: true }).selectOption("dispatcher");
    await page.getByRole("button", { name: "Пригласить" }).click();
    await page.getByTestId("invite-result").getByText(`Приглашение отправлено на ${email}`).waitFor(WAIT);
    await page.getByTestId("invitations").getByText(email).waitFor(WAIT);

    // The colleague's own browser: the letter in the sandbox mailbox, its link, the short form.
    const colleague = await (await chromium().newContext({ locale: "ru-RU" })).newPage();
    colleague.on("pageerror", (error) => errors.push(error.message));
    await eventually(async () => {
      await colleague.goto(`${sandbox}/__sandbox/mail?to=${encodeURIComponent(email)}`);
      return (await colleague.getByText("Приглашение в кабинет", { exact: false }).count()) > 0
        ? true
        : undefined;
    }, 30_000);
    await colleague.locator(`a[href^="${web}/invite?token="]`).first().click();
    await colleague.waitForURL(`${web}/invite?token=*`, WAIT);
    await colleague.getByText("Ваша роль: диспетчер", { exact: false }).waitFor(WAIT);
    expect(await colleague.getByLabel("Email").inputValue()).toBe(email);
    await colleague.getByLabel("Имя").fill("Ольга");
    await colleague.getByLabel("Фамилия").fill("Смирнова");
    await colleague.fill('input[name="password"]', PASSWORD);
    await colleague.fill('input[name="confirmPassword"]', PASSWORD);
    await colleague.getByRole("button", { name: "Присоединиться к компании" }).click();
    await colleague.waitForURL(`${web}/dashboard`, WAIT);
    // Signed in: the signed-in layout names the colleague.
    await colleague.getByText("Ольга Смирнова").first().waitFor(WAIT);
    await toast(colleague, "Добро пожаловать в кабинет").waitFor(WAIT);
    // A dispatcher has no «Сотрудники» and no money in the sidebar (decision 0077), only the office's.
    const sections = colleague.getByRole("navigation", { name: "Разделы" });
    await sections.getByRole("link", { name: "Заказы" }).first().waitFor(WAIT);
    for (const name of ["Сотрудники", "Финансы", "Быстрая оплата", "Партнеры"])
      expect(await sections.getByRole("link", { name, exact: true }).count(), name).toBe(0);
    // Reached anyway, /finance answers 403 with the Russian page and shows no figures.
    const refused = await colleague.goto(`${web}/finance`);
    expect(refused?.status()).toBe(403);
    await colleague.getByText("Недостаточно прав").first().waitFor(WAIT);
    await colleague.getByText("Это действие недоступно для вашей роли в компании").first().waitFor(WAIT);
    expect(await colleague.getByText("Баланс").count()).toBe(0);

    await page.reload();
    const row = page.getByTestId("member-row").filter({ hasText: email });
    await row.waitFor(WAIT);
    expect(await row.getByRole("combobox").inputValue()).toBe("dispatcher");
    expect(await page.getByTestId("invitations").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
