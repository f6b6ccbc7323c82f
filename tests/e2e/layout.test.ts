// The signed-in frame in Chromium (issue 24 item 2; spec 1 §2 «Main layout»): on a desktop the
// header has help, the EDO status and the user; on a phone the sidebar is a menu that closes once
// a section is chosen, and the header still shows the EDO status.
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { signedInPage, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();

describe("the signed-in frame", () => {
  it("desktop: help, the EDO indicator and the sections in the header and sidebar", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    await page.setViewportSize({ width: 1280, height: 800 });
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
});
