// Profile and company in Chromium (issue 25 item 5; decision 0078): a user opens «Профиль» from
// the header, changes their name and sees it in the header; a bad phone is refused in Russian
// and nothing changes; a director reaches «Компания» from the sidebar.
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { signedInPage, toast, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();

describe("the profile", () => {
  it("changes the name from «Профиль» and the header shows it; a bad phone is refused", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);

    await page.getByRole("banner").getByRole("link", { name: "Профиль", exact: true }).click();
    await page.waitForURL(`${web}/profile`, WAIT);
    await page.getByRole("heading", { name: "Профиль", level: 1 }).waitFor(WAIT);
    const person = page.getByRole("region", { name: "Личные данные" });
    await person.getByLabel("Имя").fill("Марина");
    await person.getByLabel("Фамилия").fill("Волкова");
    await person.getByRole("button", { name: "Сохранить" }).click();
    await toast(page, "Данные профиля сохранены.").waitFor(WAIT);
    await page.getByTestId("user-name").getByText("Марина Волкова").waitFor(WAIT);

    await person.getByLabel("Телефон").fill("12-ab");
    await person.getByRole("button", { name: "Сохранить" }).click();
    await person.getByText("Введите корректный номер телефона").waitFor(WAIT);
    expect(await person.getByLabel("Телефон").getAttribute("aria-invalid")).toBe("true");

    // Read again from the server: the name stayed, the bad phone was never saved.
    await page.reload();
    expect(await person.getByLabel("Имя").inputValue()).toBe("Марина");
    expect(await person.getByLabel("Телефон").inputValue()).not.toBe("12-ab");
    await page.getByTestId("user-name").getByText("Марина Волкова").waitFor(WAIT);

    // A director has «Компания» in the sidebar, with the card and the payout requisites.
    await page
      .getByRole("navigation", { name: "Разделы" })
      .getByRole("link", { name: "Компания" })
      .first()
      .click();
    await page.waitForURL(`${web}/company`, WAIT);
    await page.getByRole("heading", { name: "Карточка компании" }).waitFor(WAIT);
    await page.getByRole("heading", { name: "Реквизиты для выплат" }).waitFor(WAIT);
    expect(errors).toEqual([]);
  });
});
