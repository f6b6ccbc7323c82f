// The orders list for desk work (issue 24; decision 0083), in Chromium: on a desk the server
// renders one row per order and no card; a row opens into the order's card from the mouse or the
// keyboard, with «Получить деньги» in both; «Карточки» is kept on the server and survives a
// reload; a phone gets the cards, and a narrow desk window still fits the rows.
import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { connectMagnit, DESKTOP, eventually, PHONE_CONTEXT, signedInPage, WAIT } from "./helpers";

const web = inject("webUrl");
const DELIVERED = `${web}/dashboard/orders?status=delivered`;
const chromium = chromiumPerFile();
const accounts = testUsers();
const client = createClient({ url: inject("databaseUrl") });
afterAll(() => client.close());

const listOf = (page: Page) => page.getByTestId("order-list");
const rowsOf = (page: Page) => page.getByTestId("order-row");
const cardsOf = (page: Page) => page.getByTestId("order-card");
const switchOf = (page: Page) => page.getByRole("group", { name: "Вид списка" });
const fitsTheWindow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The page's HTML as the server renders it (the browser's own cookie and User-Agent). */
async function serverHtml(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return response.text();
}

describe("the orders list's compact view", () => {
  it("desktop: rows by default that open into their cards, «Карточки» remembered across a reload; a phone gets cards", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user, { viewport: DESKTOP });
    await connectMagnit(page);
    await page.goto(DELIVERED);

    // The default on a desk: rows, and no card in the server's page.
    const list = listOf(page);
    await list.waitFor(WAIT);
    expect(await list.getAttribute("data-view")).toBe("compact");
    const rowCount = await rowsOf(page).count();
    expect(rowCount).toBeGreaterThan(1);
    expect(await cardsOf(page).count()).toBe(0);
    expect(await serverHtml(page, DELIVERED)).not.toContain('data-testid="order-card"');
    const toggle = switchOf(page);
    expect(await toggle.getByRole("button", { name: "Компактно" }).getAttribute("aria-pressed")).toBe("true");

    // A delivered order's row offers its quick payment, as the card does.
    const first = page.getByTestId("order-item").first();
    const row = first.getByTestId("order-row");
    await row.getByText("Быстрая оплата доступна · 2 %").waitFor(WAIT);
    const rowPay = row.getByRole("button", { name: "Получить деньги" });
    await rowPay.click();
    const payDialog = page.getByRole("dialog", { name: /^Быстрая оплата заказа № / });
    await payDialog.getByTestId("quick-payment-calculation").waitFor(WAIT);
    await page.keyboard.press("Escape");
    await payDialog.waitFor({ state: "hidden", ...WAIT });

    // Enter on the focused row opens its card in place; Space folds it; a click opens it again.
    const opener = row.getByRole("button", { expanded: false });
    const number = (await row.getByTestId("order-row-number").textContent())!;
    await opener.focus();
    await page.keyboard.press("Enter");
    const card = first.getByTestId("order-card");
    await card.waitFor({ state: "visible", ...WAIT });
    const expanded = row.getByRole("button", { expanded: true });
    const cardPlace = first.locator(`[id="${await expanded.getAttribute("aria-controls")}"]`);
    expect(await cardPlace.getByTestId("order-card").count()).toBe(1);
    expect(await card.getByTestId("order-number").textContent()).toBe(number);
    for (const term of ["Отправитель", "Получатель", "Груз", "Стоимость"])
      await card.getByRole("term").getByText(term, { exact: true }).waitFor(WAIT);
    await card.getByRole("button", { name: "Получить деньги" }).waitFor(WAIT);
    await page.keyboard.press("Space");
    await card.waitFor({ state: "detached", ...WAIT });
    await opener.click();
    await card.waitFor({ state: "visible", ...WAIT });
    // Another row opens beside it: any number may be open.
    await rowsOf(page).nth(1).getByRole("button", { expanded: false }).click();
    await expect.poll(() => cardsOf(page).count(), WAIT).toBe(2);

    // A narrow desk window: the rows wrap and the page does not scroll sideways.
    await page.setViewportSize({ width: 820, height: 800 });
    expect(await fitsTheWindow(page)).toBe(true);
    expect(await rowsOf(page).nth(2).getByRole("button", { name: "Получить деньги" }).isVisible()).toBe(true);
    await page.setViewportSize(DESKTOP);

    // A phone gets the cards from the server, with no switch.
    const phone = await signedInPage(chromium(), user, PHONE_CONTEXT);
    await phone.page.goto(DELIVERED);
    await listOf(phone.page).waitFor(WAIT);
    expect(await listOf(phone.page).getAttribute("data-view")).toBe("cards");
    expect(await rowsOf(phone.page).count()).toBe(0);
    expect(await cardsOf(phone.page).count()).toBe(rowCount);
    expect(await switchOf(phone.page).count()).toBe(0);
    expect(await fitsTheWindow(phone.page)).toBe(true);
    await phone.page.context().close();

    // «Карточки»: the cards at once, stored for the user.
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/settings") && r.request().method() === "POST", WAIT),
      toggle.getByRole("button", { name: "Карточки" }).click(),
    ]);
    expect(saved.status()).toBe(200);
    expect(await list.getAttribute("data-view")).toBe("cards");
    expect(await rowsOf(page).count()).toBe(0);
    expect(await cardsOf(page).count()).toBe(rowCount);
    expect(await toggle.getByRole("button", { name: "Карточки" }).getAttribute("aria-pressed")).toBe("true");

    // After a reload: still cards, rendered so by the server.
    await page.reload();
    await listOf(page).waitFor(WAIT);
    expect(await listOf(page).getAttribute("data-view")).toBe("cards");
    expect(await rowsOf(page).count()).toBe(0);
    await cardsOf(page).first().getByRole("button", { name: "Получить деньги" }).waitFor(WAIT);
    const html = await serverHtml(page, DELIVERED);
    expect(html).toContain('data-view="cards"');
    expect(html).not.toContain('data-testid="order-row"');

    // The switch went to analytics under the orders section (the batch leaves as the page unloads).
    await eventually(async () => {
      const { rows: events } = await client.execute({
        sql: "SELECT event_label FROM analytics_events WHERE user_id = ? AND event_category = 'orders' AND event_action = 'list_view_changed'",
        args: [user.id],
      });
      return events.length > 0 ? events.map((event) => event.event_label) : undefined;
    }, 30_000).then((labels) => expect(labels).toEqual(["cards"]));

    expect([...errors, ...phone.errors]).toEqual([]);
    await page.context().close();
  });
});
