import { createClient } from "@libsql/client";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers, type TestUser } from "./fixtures/users";
import { PHONE, signedInPage, toast, WAIT } from "./helpers";

const web = inject("webUrl");
const DESKTOP_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const chromium = chromiumPerFile();
const accounts = testUsers();
const database = createClient({ url: inject("databaseUrl") });
afterAll(() => database.close());

/** The user's company's partner links, newest first, as stored. */
async function storedLinks(user: TestUser) {
  const result = await database.execute({
    sql: `SELECT unique_token, short_code, company_inn, company_address, contact_email, clicks
          FROM partner_links WHERE company_id = (SELECT company_id FROM users WHERE email = ?)
          ORDER BY created_at DESC`,
    args: [user.email],
  });
  return result.rows.map((row) => ({
    token: String(row.unique_token),
    code: String(row.short_code),
    inn: String(row.company_inn),
    address: String(row.company_address),
    contactEmail: String(row.contact_email),
    clicks: Number(row.clicks),
  }));
}

describe("the partners page", () => {
  it("creates a link with the company look-up, lists it, copies it and follows its short link", async () => {
    const user = await accounts.create();
    const { page, errors } = await signedInPage(chromium(), user);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: web });

    await page.getByRole("navigation", { name: "Разделы" }).getByRole("link", { name: "Партнеры" }).click();
    await page.waitForURL(`${web}/partners`, WAIT);
    await page.getByRole("heading", { name: "Партнерские ссылки", level: 1 }).waitFor(WAIT);
    await toast(page, "Загружено 0 партнерских ссылок").waitFor(WAIT);
    expect(await page.getByTestId("partner-stat-total").locator("dd").textContent()).toBe("0");
    await page.getByTestId("partner-links-empty").waitFor(WAIT);

    await page.getByRole("link", { name: "Создать ссылку" }).click();
    const dialog = page.getByRole("dialog", { name: "Новая партнерская ссылка" });
    await dialog.waitFor(WAIT);

    // Nothing filled in: the §5 messages, and the form's toast.
    await dialog.getByRole("button", { name: "Создать ссылку" }).click();
    await toast(page, "Пожалуйста, исправьте ошибки в форме").waitFor(WAIT);
    for (const message of [
      "Название компании обязательно",
      "ИНН обязателен",
      "Адрес компании обязателен",
      "Имя контактного лица обязательно",
      "Фамилия контактного лица обязательна",
      "Email контактного лица обязателен",
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor(WAIT);
    }

    // The INN input keeps digits only, at most 12.
    const inn = dialog.getByLabel("ИНН", { exact: true });
    await inn.pressSequentially("77 07-08a3893999");
    expect(await inn.inputValue()).toBe("770708389399");
    await inn.fill("");
    await inn.pressSequentially("123");
    await dialog.getByLabel("Email", { exact: true }).fill("not-an-email");
    await dialog.getByRole("button", { name: "Создать ссылку" }).click();
    await dialog.getByText("ИНН должен содержать 10 или 12 цифр", { exact: true }).waitFor(WAIT);
    await dialog.getByText("Некорректный email", { exact: true }).waitFor(WAIT);

    // The company look-up fills the INN and address.
    await dialog.locator('input[name="companyName"]').fill("Тр");
    const option = dialog.locator('[role="option"]').first();
    await option.waitFor(WAIT);
    await option.click();
    await toast(page, "Данные компании автоматически заполнены!").waitFor(WAIT);
    const filledInn = await inn.inputValue();
    expect(filledInn).toMatch(/^\d{10}(\d{2})?$/);
    const filledAddress = await dialog.getByLabel("Адрес компании", { exact: true }).inputValue();
    expect(filledAddress).not.toBe("");

    await dialog.getByLabel("Имя", { exact: true }).fill("Анна");
    await dialog.getByLabel("Фамилия", { exact: true }).fill("Ковалёва");
    await dialog.getByLabel("Email", { exact: true }).fill("anna@sever.example");
    await dialog.getByRole("button", { name: "Создать ссылку" }).click();
    await toast(page, "Партнерская ссылка успешно создана!").waitFor(WAIT);
    await dialog.waitFor({ state: "detached", ...WAIT });
    await page.waitForURL(`${web}/partners`, WAIT);

    const [stored] = await storedLinks(user);
    expect(stored).toMatchObject({
      inn: filledInn,
      address: filledAddress,
      contactEmail: "anna@sever.example",
    });
    const row = page.getByTestId("partner-link-row");
    await row.first().waitFor(WAIT);
    expect(await row.count()).toBe(1);
    expect(await row.getAttribute("data-token")).toBe(stored.token);
    await row.getByRole("cell", { name: stored.token, exact: true }).waitFor(WAIT);
    await row.getByText("Активна").waitFor(WAIT);
    expect(await page.getByTestId("partner-stat-total").locator("dd").textContent()).toBe("1");
    expect(await page.getByTestId("partner-stat-active").locator("dd").textContent()).toBe("1");
    expect(await page.getByTestId("partner-stat-used").locator("dd").textContent()).toBe("0");

    await row.getByRole("button", { name: "Скопировать ссылку" }).click();
    await toast(page, "Ссылка скопирована в буфер обмена!").waitFor(WAIT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${web}/partner/${stored.token}`);

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException("denied", "NotAllowedError"));
    });
    await row.getByRole("button", { name: "Скопировать короткую ссылку" }).click();
    await toast(page, "Не удалось скопировать ссылку").waitFor(WAIT);

    // The short link: one 302 to the partner landing with its UTM labels, and each visit of a
    // person counted (headless Chromium calls itself HeadlessChrome, which counts as a bot).
    // Only the redirect is asserted: the landing is another page's business.
    const visitor = await chromium().newContext({ locale: "ru-RU", userAgent: DESKTOP_CHROME });
    const visit = await visitor.newPage();
    const answer = await visit.request.get(`${web}/s/${stored.code}`, {
      maxRedirects: 0,
      headers: { "user-agent": DESKTOP_CHROME },
    });
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toBe(
      `/partner/${stored.token}?utm_source=partner&utm_medium=short_link&utm_campaign=carrier_invite`,
    );
    expect(answer.headers()["cache-control"]).toBe("no-store");
    const landed = visit.waitForRequest((request) => request.url().includes(`/partner/${stored.token}`));
    await visit.goto(`${web}/s/${stored.code}`).catch(() => undefined);
    expect((await landed).url()).toBe(
      `${web}/partner/${stored.token}?utm_source=partner&utm_medium=short_link&utm_campaign=carrier_invite`,
    );
    await visitor.close();
    // A crawler is sent on too, and not counted.
    const crawler = await page.request.get(`${web}/s/${stored.code}`, {
      maxRedirects: 0,
      headers: { "user-agent": "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)" },
    });
    expect(crawler.status()).toBe(302);
    expect((await storedLinks(user))[0].clicks).toBe(2);

    await page.reload();
    await page.getByTestId("partner-link-row").first().waitFor(WAIT);
    expect(await page.getByTestId("partner-stat-clicks").locator("dd").textContent()).toBe("2");
    await toast(page, "Загружена 1 партнерская ссылка").waitFor(WAIT);
    expect(errors).toEqual([]);
  });

  it("shows a carrier only its own links, and fits a phone", async () => {
    const [owner, other] = await Promise.all([accounts.create(), accounts.create()]);
    const { page: ownerPage } = await signedInPage(chromium(), owner);
    const created = await ownerPage.evaluate(async () => {
      const response = await fetch("/api/partner/generate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          companyName: "ООО «Северный путь»",
          companyInn: "7707083893",
          companyAddress: "г Москва, ул Вавилова, д 19",
          contactFirstName: "Анна",
          contactLastName: "Ковалёва",
          contactEmail: "anna@sever.example",
        }),
      });
      return { status: response.status, body: (await response.json()) as { data: { unique_token: string } } };
    });
    expect(created.status).toBe(201);

    const { page } = await signedInPage(chromium(), other, { viewport: PHONE });
    await page.goto(`${web}/partners`);
    await page.getByTestId("partner-links-empty").waitFor(WAIT);
    expect(await page.content()).not.toContain(created.body.data.unique_token);
    const leads = await page.evaluate(
      async () => (await (await fetch("/api/partner/leads")).json()) as unknown,
    );
    expect(JSON.stringify(leads)).not.toContain(created.body.data.unique_token);
    // Nothing wider than the screen but the table, which scrolls inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
