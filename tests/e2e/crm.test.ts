// The CRM in Chromium (issue 22 item 4; spec 3 §2; decision 0060): a carrier connects Magnit,
// opens /crm from the sidebar, follows the quick actions to /crm/orders (one platform's orders)
// and /crm/analytics (a platform's 12 weeks), and downloads the receivables file 1С imports —
// every figure compared with the company's orders in the database.
import { createClient } from "@libsql/client";
import iconv from "iconv-lite";
import { readFile } from "node:fs/promises";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ACTIVE_STATUSES } from "../../workers/core/orders/orders";
import { RECEIVABLE_STATUSES } from "../../workers/core/crm/crm";
import { RECEIVABLES_CSV_HEADER } from "../../workers/core/crm/receivables-csv";
import { chromiumPerFile } from "../support/browser";
import { testUsers, type TestUser } from "./fixtures/users";
import { connectMagnit, signedInPage, WAIT } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();
const database = createClient({ url: inject("databaseUrl") });
afterAll(() => database.close());

const digits = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

/** How many of the user's company's orders are in these statuses. */
async function ordersIn(user: TestUser, statuses: readonly string[]): Promise<number> {
  const { rows } = await database.execute({
    sql: `SELECT count(*) AS n FROM platform_orders
          WHERE company_id = (SELECT company_id FROM users WHERE id = ?)
            AND status IN (${statuses.map(() => "?").join(", ")})`,
    args: [user.id, ...statuses],
  });
  return Number(rows[0].n);
}

describe("the CRM", () => {
  it("dashboard → orders by platform → platform analytics → the 1С file", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    await connectMagnit(page);

    await page.getByRole("navigation", { name: "Разделы" }).getByRole("link", { name: "CRM" }).click();
    await page.waitForURL(`${web}/crm`, WAIT);
    await page.getByRole("heading", { name: "CRM: платформы", level: 1 }).waitFor(WAIT);
    expect(await page.getByTestId("crm-stat").count()).toBe(4);
    const active = page.getByRole("region", { name: "Активные заказы" });
    expect(digits(await active.locator("p").first().textContent())).toBe(
      await ordersIn(user, ACTIVE_STATUSES),
    );
    // Magnit was connected a moment ago: one platform connected, new this week.
    const platforms = page.getByRole("region", { name: "Активные платформы" });
    expect(await platforms.textContent()).toMatch(/из 1.*1 новая за неделю/);
    await page.getByRole("region", { name: "Топ-5 платформ" }).getByText("Магнит").first().waitFor(WAIT);
    expect(await page.getByTestId("crm-efficiency-row").count()).toBe(1);

    await page.getByRole("link", { name: /Заказы по платформам Все заказы/ }).click();
    await page.waitForURL(`${web}/crm/orders`, WAIT);
    const strip = page.getByRole("navigation", { name: "Платформы" });
    expect(digits(await strip.getByRole("link", { name: /Магнит/ }).textContent())).toBe(240);
    await strip.getByRole("link", { name: /Магнит/ }).click();
    await page.waitForURL(/\/crm\/orders\?platform=magnit/, WAIT);
    await page.getByRole("heading", { name: "Заказы (240)" }).waitFor(WAIT);
    expect(await page.getByTestId("order-row").count()).toBe(25);

    await page
      .getByRole("navigation", { name: "Разделы CRM" })
      .getByRole("link", { name: "Аналитика платформ" })
      .click();
    await page.waitForURL(`${web}/crm/analytics`, WAIT);
    await page.getByTestId("crm-platform-row").filter({ hasText: "Магнит" }).waitFor(WAIT);
    await page.getByLabel("Платформа", { exact: true }).selectOption("magnit");
    await page.waitForURL(/platform=magnit/, WAIT);
    await page.getByRole("heading", { name: "Динамика за 12 недель: Магнит" }).waitFor(WAIT);

    const owed = await ordersIn(user, RECEIVABLE_STATUSES);
    expect(owed).toBeGreaterThan(0);
    const totalRow = page.getByTestId("receivables-row").filter({ hasText: "Всего" });
    expect(digits(await totalRow.locator("td").nth(1).textContent())).toBe(owed);
    const [download] = await Promise.all([
      page.waitForEvent("download", WAIT),
      page.getByRole("link", { name: "Скачать CSV для 1С" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^(receivables-\d{4}-\d{2}-\d{2}|Дебиторская задолженность [\d.]+)\.csv$/,
    );
    const lines = iconv
      .decode(await readFile((await download.path())!), "win1251")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(RECEIVABLES_CSV_HEADER.join(";"));
    expect(lines).toHaveLength(owed + 1);
    expect(lines.slice(1).every((line) => line.startsWith("Магнит;"))).toBe(true);
    expect(errors).toEqual([]);
  });
});
