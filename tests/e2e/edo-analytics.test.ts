// /dashboard/analytics in Chromium (issue 22; spec 2 §2.2; decision 0058): a carrier connects EDO,
// the mirror fills, the page shows its figures and charts, and a filter changed in the form
// changes the URL and the figures; the filter survives a reload.
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { connectEdo, signedInPage, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();

const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

describe("the EDO analytics page", () => {
  it("disconnected prompt → connect → figures and charts → fewer documents by the filter, kept in the URL", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);

    await page.getByRole("navigation", { name: "Разделы" }).getByRole("link", { name: "Аналитика" }).click();
    await page.waitForURL(`${web}/dashboard/analytics`, WAIT);
    await page.getByTestId("edo-banner").getByText("ЭДО не подключено").waitFor(WAIT);
    await page.getByRole("link", { name: "Подключить ЭДО" }).waitFor(WAIT);

    await connectEdo(page, "carrier-3");
    await page.goto(`${web}/dashboard/analytics`);
    await page.getByTestId("edo-banner").getByText("ЭДО подключено").waitFor(WAIT);
    const total = page.getByTestId("analytics-card").filter({ hasText: "Всего документов" });
    const before = digits(await total.textContent());
    expect(before).toBeGreaterThan(500);
    expect(before).toBeLessThanOrEqual(1000);
    for (const region of ["Активность по часам", "Активность по дням", "Распределение по статусам"]) {
      await page.getByRole("region", { name: region }).waitFor(WAIT);
    }
    // The chart's table view: one row an hour.
    expect(await page.getByRole("region", { name: "Активность по часам" }).locator("tbody tr").count()).toBe(
      24,
    );

    const filters = page.getByRole("form", { name: "Фильтры аналитики" });
    await filters.getByLabel("Документов для анализа").selectOption("500");
    await filters.getByRole("button", { name: "Применить" }).click();
    await page.waitForURL(/limit=500/, WAIT);
    await expect.poll(async () => digits(await total.textContent()), WAIT).toBe(500);

    await page.reload();
    expect(await filters.getByLabel("Документов для анализа").inputValue()).toBe("500");
    expect(digits(await total.textContent())).toBe(500);
    expect(errors).toEqual([]);
  });
});
