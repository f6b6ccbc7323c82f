// /map-analytics in Chromium (issue 23 item 2; spec 3 §2, §4, §9; decisions 0062, 0064): after
// connecting EDO the mirror's addresses are placed by the jobs Worker, the map draws them with
// maplibre over the offline base map and switches between its three modes; with WebGL taken away
// the canvas map draws the same data instead.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { connectEdo, eventually, signedInPage, SYNC_WAIT, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();

const map = (page: Page) => page.getByTestId("transport-map");

/** Reloads /map-analytics until the jobs Worker has placed every address of the window. */
async function placedMap(page: Page, query = "") {
  await eventually(async () => {
    await page.goto(`${web}/map-analytics${query}`);
    await page.getByRole("heading", { name: "Карта перевозок", level: 1 }).waitFor(WAIT);
    return (await page.getByTestId("map-pending").count()) === 0 ? true : undefined;
  }, SYNC_WAIT.timeout);
}

describe("the transport map", () => {
  it("connect → placed addresses → markers, heatmap and routes drawn by maplibre", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    await page
      .getByRole("navigation", { name: "Разделы" })
      .getByRole("link", { name: "Карта перевозок" })
      .click();
    await page.getByTestId("edo-banner").getByText("ЭДО не подключено").waitFor(WAIT);

    await connectEdo(page, "carrier-3");
    await placedMap(page);
    expect(Number(await page.getByTestId("map-top-addresses").locator("li").count())).toBeGreaterThan(0);

    await page.locator('[data-testid="transport-map"][data-renderer="webgl"]').waitFor(WAIT);
    expect(await map(page).getAttribute("data-layers")).toBe("addresses");
    const modes = page.getByRole("group", { name: "Режим карты" });
    for (const [label, layer, mode] of [
      ["Маршруты", "routes", "routes"],
      ["Тепловая карта", "heat", "heatmap"],
      ["Маркеры", "addresses", "markers"],
    ] as const) {
      await modes.getByRole("button", { name: label }).click();
      await expect.poll(() => map(page).getAttribute("data-layers"), WAIT).toBe(layer);
      expect(await map(page).getAttribute("data-mode")).toBe(mode);
    }
    await page.waitForURL(/\/map-analytics$/, WAIT);
    expect(errors).toEqual([]);

    // Without WebGL the canvas map takes over and draws the same routes.
    const context = await chromium().newContext({
      locale: "ru-RU",
      storageState: await page.context().storageState(),
    });
    await context.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (
        this: HTMLCanvasElement,
        type: string,
        ...rest: unknown[]
      ) {
        if (type.startsWith("webgl")) return null;
        return (original as (...args: unknown[]) => RenderingContext | null).call(this, type, ...rest);
      } as typeof original;
    });
    const plain = await context.newPage();
    await plain.goto(`${web}/map-analytics?mode=routes`);
    await plain.locator('[data-testid="transport-map"][data-renderer="canvas"]').waitFor(WAIT);
    await plain.getByText("Браузер не поддерживает WebGL. Показана упрощённая карта.").waitFor(WAIT);
    const canvas = plain.getByTestId("map-canvas");
    expect(await canvas.getAttribute("width")).toBe("800");
    expect(await canvas.getAttribute("height")).toBe("400");
    expect(Number(await canvas.getAttribute("data-shapes"))).toBeGreaterThan(0);
    await context.close();
  });
});
