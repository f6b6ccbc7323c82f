// /transport in Chromium (issue 23 item 3; spec 3 §2; decision 0063): a carrier connects EDO, the
// fleet page shows vehicles derived from its documents, the status filter and search narrow the
// table through the URL, and a vehicle opens with its trips listed and drawn on the map.
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { connectEdo, signedInPage, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();

const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

describe("the fleet page", () => {
  it("disconnected prompt → connect → KPIs and vehicles → filter by status → a vehicle's trips", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);

    await page.getByRole("navigation", { name: "Разделы" }).getByRole("link", { name: "Транспорт" }).click();
    await page.waitForURL(`${web}/transport`, WAIT);
    await page.getByTestId("edo-banner").getByText("ЭДО не подключено").waitFor(WAIT);

    await connectEdo(page, "carrier-3");
    await page.goto(`${web}/transport`);
    const vehicles = page.getByRole("region", { name: "Всего ТС" });
    const total = digits(await vehicles.locator("p").first().textContent());
    expect(total).toBeGreaterThan(1);
    const rows = page.getByTestId("vehicle-row");
    expect(await rows.count()).toBe(total);

    // Only completed vehicles: each row says so, and there are fewer than all.
    const search = page.getByRole("form", { name: "Поиск ТС" });
    await search.getByLabel("Статус").selectOption("Завершено");
    await search.getByRole("button", { name: "Найти" }).click();
    await page.waitForURL(/vstatus=/, WAIT);
    await expect.poll(() => rows.count(), WAIT).toBeLessThan(total);
    const statuses = await rows.locator("td:nth-child(3)").allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["Завершено"]));

    // A vehicle's own page lists its trips, newest first.
    const first = rows.first().getByRole("link");
    const number = (await first.textContent())!.trim();
    const documents = digits(await rows.first().locator("td").last().textContent());
    await first.click();
    await page.getByRole("heading", { name: `ТС ${number}`, level: 1 }).waitFor(WAIT);
    expect(await page.getByTestId("vehicle-trip").count()).toBeGreaterThanOrEqual(Math.min(documents, 100));
    // …and draws them on the map (maplibre), routes first, its points on a switch.
    const map = page.locator('[data-testid="transport-map"]');
    await page.locator('[data-testid="transport-map"][data-renderer="webgl"]').waitFor(WAIT);
    await expect.poll(() => map.getAttribute("data-layers"), WAIT).toBe("routes");
    await page.getByRole("group", { name: "Режим карты" }).getByRole("button", { name: "Маркеры" }).click();
    await expect.poll(() => map.getAttribute("data-layers"), WAIT).toBe("addresses");
    await expect(page.getByTestId("vehicle-map-note").textContent()).resolves.toMatch(
      /На карте маршрутов: \d+ из \d+/,
    );
    expect(errors).toEqual([]);
  });
});
