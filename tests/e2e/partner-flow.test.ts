// The partner flow in Chromium (issue 12, «Done when»): a carrier makes a link, a lead opens
// its short link, finds the quick-registration form prefilled, watches the password strength
// meter, registers, is signed in and lands on the dashboard 3 seconds later; the carrier sees
// the link used, and the link now says «Уже зарегистрированы».
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers } from "./fixtures/users";
import { signedInPage, WAIT } from "./helpers";
import { randomInn } from "../support/russian-ids";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();
const database = createClient({ url: inject("databaseUrl") });
afterAll(() => database.close());

/** The funnel events the server stored for a link (through the queue and the jobs Worker). */
async function funnelEventsOf(linkId: string): Promise<string[]> {
  const result = await database.execute({
    sql: "SELECT event_type FROM analytics_events WHERE event_label = ? ORDER BY created_at",
    args: [linkId],
  });
  return result.rows.map((row) => String(row.event_type));
}

/** The browser's analytics queue flushes every 30 s (spec 1 §9), so this may take that long. */
const FLUSH_WAIT = { timeout: 45_000 };

type LinkView = {
  id: string;
  unique_token: string;
  short_code: string;
  short_link: string;
  used_at: string | null;
};

describe("the partner flow", () => {
  it("goes from a new link through the short link and quick registration to the dashboard, once", async () => {
    const carrier = await accounts.create();
    const { page: carrierPage, errors: carrierErrors } = await signedInPage(chromium(), carrier);
    const suffix = crypto.randomUUID().slice(0, 8);
    const lead = {
      companyName: `ООО «Вектор ${suffix}»`,
      companyInn: randomInn(),
      companyAddress: "г Казань, ул Баумана, д 1",
      companyPhone: "+7 843 200-10-20",
      contactFirstName: "Андрей",
      contactLastName: "Волков",
      contactPhone: "8 (912) 345-67-89",
      contactEmail: `e2e.lead.${suffix}@example.ru`,
    };
    accounts.removeAfterwards(lead.contactEmail);

    // The carrier makes the link as its /partners page does, with its own session.
    const created = await carrierPage.evaluate(async (body) => {
      const response = await fetch("/api/partner/generate", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { data: LinkView } };
    }, lead);
    expect(created.status).toBe(201);
    const link = created.body.data;

    // The lead, in a browser of its own, follows the short link to the partner landing.
    const visitor = await chromium().newContext({ locale: "ru-RU" });
    const page = await visitor.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const analyticsBatches: string[] = [];
    page.on("request", (request) => {
      if (request.url() === `${web}/api/analytics/events`) analyticsBatches.push(request.postData() ?? "");
    });
    await page.goto(link.short_link);
    await page.waitForURL((url) => url.pathname === `/partner/${link.unique_token}`, WAIT);
    expect(new URL(page.url()).searchParams.get("utm_medium")).toBe("short_link");
    await page.getByRole("heading", { name: "Быстрая регистрация" }).waitFor(WAIT);
    await page.getByTestId("partner-offer").waitFor(WAIT);

    // The first input into the form is a funnel event the browser sends with its next batch.
    const formStarted = page.waitForRequest(
      (request) =>
        request.url() === `${web}/api/analytics/events` &&
        (request.postData() ?? "").includes('"eventType":"partner_form_started"'),
      FLUSH_WAIT,
    );

    // Prefilled from the lead.
    const form = page.getByTestId("quick-registration-form");
    expect(await form.locator('input[name="companyName"]').inputValue()).toBe(lead.companyName);
    expect(await form.locator('input[name="companyInn"]').inputValue()).toBe(lead.companyInn);
    expect(await form.locator('input[name="companyAddress"]').inputValue()).toBe(lead.companyAddress);
    expect(await form.locator('input[name="firstName"]').inputValue()).toBe("Андрей");
    expect(await form.locator('input[name="lastName"]').inputValue()).toBe("Волков");
    expect(await form.locator('input[name="email"]').inputValue()).toBe(lead.contactEmail);
    expect(await form.locator('input[name="phone"]').inputValue()).toBe("+79123456789");

    // The savings calculator follows its inputs: 10 trips of 20 000 ₽ → 4 000 ₽ commission.
    const calculator = page.getByTestId("savings-calculator");
    await calculator.getByLabel("Рейсов в месяц").fill("10");
    await calculator.getByLabel("Средняя стоимость рейса, ₽").fill("20000");
    await calculator
      .locator('[data-savings="commission"]')
      .filter({ hasText: /4\s000/ })
      .waitFor(WAIT);

    // Submitting without consent shows the rule's message.
    await form.getByRole("button", { name: "Зарегистрироваться" }).click();
    await form.getByText("Необходимо согласие с условиями", { exact: true }).waitFor(WAIT);
    await form.getByText("Пароль обязателен", { exact: true }).waitFor(WAIT);

    // The strength meter reacts to each character class.
    const meter = page.getByTestId("password-strength");
    const password = form.locator('input[name="password"]');
    for (const [typed, label] of [
      ["abc", "Слабый"],
      ["abcdefgh", "Средний"],
      ["Abcdefg1", "Сильный"],
      ["Vector2025!", "Сильный"],
    ] as const) {
      await password.fill(typed);
      await meter.getByText(label, { exact: true }).waitFor(WAIT);
    }
    expect(await meter.getAttribute("data-level")).toBe("strong");

    await form.getByRole("link", { name: "пользовательское соглашение" }).waitFor(WAIT);
    expect(
      await form.getByRole("link", { name: "политику обработки персональных данных" }).getAttribute("href"),
    ).toBe("/privacy");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Зарегистрироваться" }).click();
    await page.getByTestId("partner-success").getByText("Регистрация успешна!").waitFor(WAIT);
    // Spec 1 §9: the dashboard opens by itself after 3 seconds, signed in.
    await page.waitForURL(`${web}/dashboard`, WAIT);
    await page.getByRole("heading", { name: "Добро пожаловать, Андрей!" }).waitFor(WAIT);

    expect((await formStarted).postData()).toContain(link.id);
    // What the browser reported, the landing's page view included, never names the link's token
    // or short code (decision 0043).
    const reported = analyticsBatches.join("\n");
    expect(reported).toContain('"eventType":"page_view"');
    expect(reported).not.toContain(link.unique_token);
    expect(reported).not.toContain(link.short_code);
    // The server recorded the view and the registration.
    await expect
      .poll(() => funnelEventsOf(link.id), FLUSH_WAIT)
      .toEqual(expect.arrayContaining(["partner_link_viewed", "partner_form_started", "partner_registered"]));

    // The carrier sees the link used.
    const leads = await carrierPage.evaluate(
      async () =>
        (await (await fetch("/api/partner/leads")).json()) as {
          data: { leads: LinkView[]; stats: { used: number; active: number } };
        },
    );
    const used = leads.data.leads.find((item) => item.id === link.id);
    expect(used?.used_at).not.toBeNull();
    expect(leads.data.stats).toMatchObject({ used: 1, active: 0 });

    // The link cannot register again: by its short link, and with the token in the URL hash.
    const again = await chromium().newContext({ locale: "ru-RU" });
    const second = await again.newPage();
    await second.goto(link.short_link);
    await second.getByTestId("partner-already-registered").getByText("Уже зарегистрированы").waitFor(WAIT);
    expect(await second.getByTestId("quick-registration-form").count()).toBe(0);
    await second.goto(`${web}/partner#${link.unique_token}`);
    await second.getByTestId("partner-already-registered").getByText("Уже зарегистрированы").waitFor(WAIT);
    await second.goto(`${web}/partner`);
    await second.getByText("Партнерская ссылка недействительна").waitFor(WAIT);

    expect(errors).toEqual([]);
    expect(carrierErrors).toEqual([]);
    await Promise.all([visitor.close(), again.close()]);
  });
});
