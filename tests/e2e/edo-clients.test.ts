// /edo-clients in Chromium (issue 23, item 4; spec 2 §2.11; spec 3 §2; decision 0061): a carrier
// connects EDO, the mirror fills, the page lists the counterparties of its documents with the
// stats and the role distribution; a search typed in another case finds a client, a role filter
// narrows the table and stays in the URL, and a client's card shows its documents and routes.
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { connectEdo, signedInPage, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();

const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

describe("the EDO clients page", () => {
  it("disconnected prompt → connect → clients → search in capitals → role filter in the URL → a client's card", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);

    await page
      .getByRole("navigation", { name: "Разделы" })
      .getByRole("link", { name: "Клиенты ЭДО" })
      .click();
    await page.waitForURL(`${web}/edo-clients`, WAIT);
    await page.getByTestId("edo-banner").getByText("ЭДО не подключено").waitFor(WAIT);

    await connectEdo(page, "carrier-2");
    await page.goto(`${web}/edo-clients`);
    await page.getByTestId("edo-banner").getByText("ЭДО подключено").waitFor(WAIT);
    const stat = (label: string) => page.getByTestId("clients-stat").filter({ hasText: label });
    const clients = digits(await stat("Всего клиентов").textContent());
    expect(clients).toBeGreaterThan(10);
    // The most recent 1000 documents by default (spec 3 §9).
    expect(digits(await stat("Всего документов").textContent())).toBe(1000);
    const roles = page.getByRole("region", { name: "Распределение по ролям" });
    expect(await roles.locator("tbody tr").count()).toBe(3);
    const rows = page.getByTestId("client-row");
    expect(await rows.count()).toBe(Math.min(clients, 50));

    // Search: the first client's name in capitals finds it.
    const first = (await rows.first().getByRole("link").textContent()) ?? "";
    const word = first
      .replace(/[«»"]/g, " ")
      .split(/\s+/)
      .sort((a, b) => b.length - a.length)[0];
    const filters = page.getByRole("form", { name: "Фильтры клиентов" });
    await filters.getByLabel("Поиск").fill(word.toUpperCase());
    await filters.getByRole("button", { name: "Найти" }).click();
    await page.waitForURL(/[?&]q=/, WAIT);
    await expect.poll(() => rows.first().getByRole("link").textContent(), WAIT).toBe(first);
    for (const name of await rows.getByRole("link").allTextContents()) {
      expect(name.toLowerCase().replaceAll("ё", "е")).toContain(word.toLowerCase().replaceAll("ё", "е"));
    }

    // Role: consignees only, kept in the URL over a reload.
    await filters.getByLabel("Поиск").fill("");
    await filters.getByLabel("Роль").selectOption("GP");
    await filters.getByRole("button", { name: "Найти" }).click();
    await page.waitForURL(/role=GP/, WAIT);
    const consignees = digits(await roles.locator("tr", { hasText: "Грузополучатель" }).textContent());
    await expect
      .poll(async () => digits(await page.getByTestId("clients-matched").textContent()), WAIT)
      .toBe(consignees);
    await page.reload();
    expect(await filters.getByLabel("Роль").inputValue()).toBe("GP");
    for (const role of await rows.locator("td:nth-child(3)").allTextContents()) {
      expect(role).toBe("Грузополучатель");
    }

    // A client's card: its documents, linked to /edo, and its routes.
    const name = (await rows.first().getByRole("link").textContent()) ?? "";
    const count = digits(await rows.first().locator("td:nth-child(4)").textContent());
    await rows.first().getByRole("link").click();
    await page.waitForURL(/\/edo-clients\/\d{10,12}/, WAIT);
    await page.getByRole("heading", { level: 1, name }).waitFor(WAIT);
    // The card counts every role of the INN: at least the row's documents.
    const all = digits(await page.getByTestId("client-stat").filter({ hasText: "Документов" }).textContent());
    expect(all).toBeGreaterThanOrEqual(count);
    const documents = page.getByTestId("client-documents").locator("li");
    expect(await documents.count()).toBe(Math.min(all, 50));
    expect(await documents.first().getByRole("link").getAttribute("href")).toMatch(/^\/edo\?docNum=/);
    await page.getByRole("region", { name: "Маршруты клиента" }).waitFor(WAIT);
    await page.getByRole("link", { name: "← Все клиенты" }).click();
    await page.waitForURL(`${web}/edo-clients`, WAIT);
    expect(errors).toEqual([]);
  });
});
