// The EDO documents list for desk work (issue 24 item 10; decision 0072), in Chromium: on a wide
// screen the list is one row per chain by default, a row opens into the chain's full card from
// the mouse or the keyboard; «Карточки» is kept on the server, so it survives a reload and follows
// the user to a new browser; a phone shows the cards whatever is chosen.
import { createClient } from "@libsql/client";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { connectEdo, DESKTOP, eventually, PHONE, signedInPage, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();
const client = createClient({ url: inject("databaseUrl") });
afterAll(() => client.close());

const listOf = (page: Page) => page.getByTestId("edo-document-list");
const toggleOf = (page: Page) => page.getByRole("group", { name: "Вид списка" });
const heightOf = async (locator: Locator) => (await locator.boundingBox())!.height;

describe("the EDO list's compact view", () => {
  it("desktop: compact by default, a row opens into its card, «Карточки» is remembered across reloads and browsers; a phone shows cards", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user, { viewport: DESKTOP });
    await connectEdo(page, "carrier-3");
    await page.reload();

    // The default on a wide screen: twenty rows, the cards folded away.
    const list = listOf(page);
    await list.waitFor(WAIT);
    expect(await list.getAttribute("data-view")).toBe("compact");
    const toggle = toggleOf(page);
    expect(await toggle.getByRole("button", { name: "Компактно" }).getAttribute("aria-pressed")).toBe("true");
    const rows = page.getByTestId("edo-row");
    expect(await rows.count()).toBe(20);
    expect(await page.getByTestId("edo-document-card").count()).toBe(20);
    for (const card of await page.getByTestId("edo-document-card").all())
      expect(await card.isVisible()).toBe(false);
    const compactHeight = await heightOf(list);

    // A row says what its card says: number, status label, route.
    const first = page.getByTestId("edo-document").first();
    const row = first.getByTestId("edo-row");
    const card = first.getByTestId("edo-document-card");
    expect(await row.getByTestId("edo-row-number").textContent()).toBe(
      await card.getByTestId("edo-document-number").textContent(),
    );
    const label = (await row.getByTestId("edo-row-status").textContent())!.replace("Статус: ", "");
    expect(await card.getByTestId("edo-document-status").textContent()).toContain(label);
    expect(await row.getByTestId("edo-row-route").textContent()).toContain("→");

    // Enter on the focused row opens its card in place; Space folds it again; a click opens it.
    await row.focus();
    await page.keyboard.press("Enter");
    await card.waitFor({ state: "visible", ...WAIT });
    expect(await row.getAttribute("aria-expanded")).toBe("true");
    expect(await row.getAttribute("aria-controls")).toBe(await card.getAttribute("id"));
    await card.getByRole("button", { name: "Просмотреть содержимое" }).waitFor(WAIT);
    await card.getByTestId("edo-document-history").waitFor(WAIT);
    await page.keyboard.press("Space");
    await card.waitFor({ state: "hidden", ...WAIT });
    expect(await row.getAttribute("aria-expanded")).toBe("false");
    await row.click();
    await card.waitFor({ state: "visible", ...WAIT });
    // The other rows stay folded.
    expect(await page.getByTestId("edo-document").nth(1).getByTestId("edo-document-card").isVisible()).toBe(
      false,
    );

    // «Карточки»: the cards at once, stored for the user.
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/settings") && r.request().method() === "POST", WAIT),
      toggle.getByRole("button", { name: "Карточки" }).click(),
    ]);
    expect(saved.status()).toBe(200);
    expect(await list.getAttribute("data-view")).toBe("cards");
    expect(await rows.count()).toBe(0);
    expect(await toggle.getByRole("button", { name: "Карточки" }).getAttribute("aria-pressed")).toBe("true");
    await page
      .getByTestId("edo-document-card")
      .nth(19)
      .waitFor({ state: "visible", ...WAIT });
    const cardsHeight = await heightOf(list);
    console.log(`EDO list of 20 at ${DESKTOP.width}px: compact ${compactHeight} px, cards ${cardsHeight} px`);
    expect(cardsHeight).toBeGreaterThan(compactHeight * 4);

    // After a reload: still cards, rendered so by the server.
    await page.reload();
    await listOf(page).waitFor(WAIT);
    expect(await listOf(page).getAttribute("data-view")).toBe("cards");
    expect(await page.getByTestId("edo-row").count()).toBe(0);
    await page
      .getByTestId("edo-document-card")
      .first()
      .waitFor({ state: "visible", ...WAIT });

    // The switch went to analytics under the EDO section (the batch leaves as the page unloads).
    await eventually(async () => {
      const { rows: events } = await client.execute({
        sql: "SELECT event_label FROM analytics_events WHERE user_id = ? AND event_category = 'edo' AND event_action = 'list_view_changed'",
        args: [user.id],
      });
      return events.length > 0 ? events.map((event) => event.event_label) : undefined;
    }, 30_000).then((labels) => expect(labels).toEqual(["cards"]));

    // Another browser of the same user: cards too. Switching back to compact there…
    const elsewhere = await signedInPage(chromium(), user, { viewport: DESKTOP });
    await elsewhere.page.goto(`${web}/edo`);
    await listOf(elsewhere.page).waitFor(WAIT);
    expect(await listOf(elsewhere.page).getAttribute("data-view")).toBe("cards");
    expect(await elsewhere.page.getByTestId("edo-row").count()).toBe(0);
    await Promise.all([
      elsewhere.page.waitForResponse((r) => r.url().endsWith("/api/settings"), WAIT),
      toggleOf(elsewhere.page).getByRole("button", { name: "Компактно" }).click(),
    ]);
    await elsewhere.page.getByTestId("edo-row").first().waitFor(WAIT);

    // …a phone still shows the cards, one under another, with no rows and no switch.
    const phone = await signedInPage(chromium(), user, { viewport: PHONE, isMobile: true, hasTouch: true });
    await phone.page.goto(`${web}/edo`);
    await listOf(phone.page).waitFor(WAIT);
    expect(await listOf(phone.page).getAttribute("data-view")).toBe("compact");
    await phone.page
      .getByTestId("edo-document-card")
      .first()
      .waitFor({ state: "visible", ...WAIT });
    expect(await phone.page.getByTestId("edo-row").first().isVisible()).toBe(false);
    expect(await toggleOf(phone.page).isVisible()).toBe(false);
    await phone.page
      .getByTestId("edo-document-card")
      .first()
      .getByRole("button", { name: "Просмотреть содержимое" })
      .waitFor(WAIT);
    const phoneWidth = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(phoneWidth).toBeLessThanOrEqual(PHONE.width);

    expect([...errors, ...elsewhere.errors, ...phone.errors]).toEqual([]);
  });
});
