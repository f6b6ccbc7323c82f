// The signed-in frame in Chromium (issue 24 item 2; spec 1 §2 «Main layout»): on a desktop the
// header has help, the EDO status and the user; on a phone the sidebar is a menu that closes once
// a section is chosen, the header still shows the EDO status, and tables read as cards.
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { connectEdo, DESKTOP, signedInPage, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();

describe("the signed-in frame", () => {
  it("desktop: help, the EDO indicator and the sections in the header and sidebar", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${web}/dashboard`);
    const header = page.locator("header");
    await expect(header.getByTestId("edo-indicator").getAttribute("data-state")).resolves.toBe(
      "disconnected",
    );
    await header.getByRole("link", { name: "ЭДО не подключено" }).waitFor(WAIT);
    await header.getByRole("link", { name: "Помощь" }).click();
    await page.waitForURL(`${web}/help`, WAIT);
    await page.getByRole("navigation", { name: "Разделы" }).waitFor(WAIT);
    expect(errors).toEqual([]);
  });

  it("phone: the sidebar is a menu that closes after a choice", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${web}/dashboard`);
    const sections = page.getByRole("navigation", { name: "Разделы" });
    await expect(sections.isVisible()).resolves.toBe(false);
    await page.getByRole("button", { name: "Открыть меню" }).click();
    await sections.getByRole("link", { name: "Заказы" }).click();
    await page.waitForURL(`${web}/dashboard/orders`, WAIT);
    await expect.poll(() => sections.isVisible(), WAIT).toBe(false);
    await page.locator("header").getByTestId("edo-indicator").waitFor(WAIT);
    // The menu offers what the phone's header has no room for.
    await page.getByRole("button", { name: "Открыть меню" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Помощь" }).click();
    await page.waitForURL(`${web}/help`, WAIT);
    expect(errors).toEqual([]);
  });

  it("phone: a table reads as cards, each value under its column's name", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user, { viewport: { width: 390, height: 844 } });
    await connectEdo(page, "carrier-3");
    // The header now says EDO is connected.
    await expect(
      page.locator("header").getByTestId("edo-indicator").getAttribute("data-state"),
    ).resolves.toBe("connected");
    await page.goto(`${web}/transport`);
    await page.getByTestId("vehicle-card").first().getByRole("link").click();
    const trip = page.getByTestId("vehicle-trip").first();
    await trip.waitFor(WAIT);
    expect(await trip.evaluate((row) => getComputedStyle(row).display)).toBe("block");
    const label = await trip
      .locator("td")
      .first()
      .evaluate((cell) => getComputedStyle(cell, "::before").content);
    expect(label).toBe('"Накладная"');
    // Nothing spills past the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });
});
