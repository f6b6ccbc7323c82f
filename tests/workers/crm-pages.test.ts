// The CRM screens (issue 22 item 4; spec 3 §2): /crm with its quick stats, top platforms,
// efficiency and quick actions; /crm/orders, the orders list by platform; /crm/analytics with
// per-platform totals, the 12-week trend of a chosen platform and the receivables with their 1С
// file. Rendered by the real web Worker for a signed-in carrier; another company's orders never show.
import { beforeAll, describe, expect, it } from "vitest";
import { fixture, type Fixture, type OrderSpec } from "./crm-fixture";
import { callWeb, createCompanyUser, sessionFor } from "./support";
import { textOf } from "../support/page-text";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Member = Fixture & { cookie: string };

async function carrier(orders: Record<number, OrderSpec>): Promise<Member> {
  const now = Date.now();
  const f = await fixture(orders, now);
  return { ...f, cookie: (await sessionFor(f.userId)).cookie };
}

const page = async (path: string, who: { cookie: string }) => {
  const { response } = await callWeb(path, { headers: { cookie: who.cookie } });
  const html = await response.text();
  return { status: response.status, html, text: textOf(html) };
};

describe("the CRM screens of a carrier with orders", () => {
  let me: Member;
  beforeAll(async () => {
    const now = Date.now();
    me = await carrier({
      // Created a second ago: today's (unless the test runs in the first second of a Moscow day).
      1: {
        platform: "magnit",
        status: "new",
        rubles: 90_000,
        createdAt: now - 1_000,
        pickupAt: now + 2 * HOUR,
      },
      2: {
        platform: "magnit",
        status: "delivered",
        rubles: 200_000,
        createdAt: now - 5 * DAY,
        deliveryAt: now - DAY,
      },
      3: {
        platform: "x5",
        status: "invoiced",
        rubles: 120_000,
        createdAt: now - 50 * DAY,
        deliveryAt: now - 45 * DAY,
      },
    });
    // Another carrier's orders on the same platforms, far bigger: none of it may show.
    await carrier({
      1: {
        platform: "magnit",
        status: "delivered",
        rubles: 7_777_000,
        createdAt: now - DAY,
        deliveryAt: now - HOUR,
      },
    });
  });

  it("/crm: the four cards from the company's orders, top platforms, efficiency and quick actions", async () => {
    const { status, text, html } = await page("/crm", me);
    expect(status).toBe(200);
    expect(text).toMatch(/Заказы сегодня 1 /);
    expect(text).toContain("На сумму 90 000,00 ₽");
    expect(text).toMatch(/Активные заказы 1 Срочных: 1 На сумму 90 000,00 ₽/);
    expect(text).toMatch(/Выручка за 7 дней 200 000,00 ₽ За предыдущие 7 дней выручки не было/);
    // History of 50 days, but nothing done in the 4 weeks before these 7 days.
    expect(text).toContain("Цели нет: за 4 недели до этого выручки не было");
    // Magnit has an order this month, X5 not; Pepsi is connected without orders; X5 connected 2 days ago.
    expect(text).toMatch(/Активные платформы 1 из 3 .*1 новая за неделю/);
    expect(text).toContain("Топ-5 платформ по сумме заказов");
    expect(html.split('data-testid="crm-efficiency-row"').length - 1).toBe(2);
    for (const href of ["/crm/orders", "/factoring", "/crm/analytics"])
      expect(html).toContain(`href="${href}"`);
    expect(text).not.toContain("7 777 000");
  });

  it("/crm/orders: the platform strip with counts, one platform's orders only", async () => {
    const all = await page("/crm/orders", me);
    expect(all.status).toBe(200);
    expect(all.text).toMatch(/Заказы по платформам/);
    expect(all.text).toMatch(/Все платформы 3 .*Магнит 2 .*X5 Group 1/);
    expect(all.html.split('data-testid="order-item"').length - 1).toBe(3);
    const magnit = await page("/crm/orders?platform=magnit", me);
    expect(magnit.html).toMatch(/aria-current="page"[^>]*>Магнит/);
    expect(magnit.text).toContain("Заказы (2)");
  });

  it("/crm/analytics: totals, the chosen platform's 12 weeks and the receivables with the 1С file", async () => {
    const { status, text, html } = await page("/crm/analytics?platform=x5", me);
    expect(status).toBe(200);
    expect(text).toMatch(/Магнит 2 290 000,00 ₽ 145 000,00 ₽ 50 %/);
    expect(text).toContain("Динамика за 12 недель: X5 Group");
    expect(html).toContain('<option value="x5" selected="">X5 Group</option>');
    // Delivered a day ago: 0–30; invoiced 45 days ago: 31–60.
    expect(text).toMatch(/Магнит 1 200 000,00 ₽ 0,00 ₽ 0,00 ₽ 0,00 ₽ 200 000,00 ₽/);
    expect(text).toMatch(/X5 Group 1 0,00 ₽ 120 000,00 ₽ 0,00 ₽ 0,00 ₽ 120 000,00 ₽/);
    expect(text).toMatch(/Всего 2 200 000,00 ₽ 120 000,00 ₽ 0,00 ₽ 0,00 ₽ 320 000,00 ₽/);
    expect(html).toContain('href="/api/crm/receivables/export"');
    expect(text).not.toContain("7 777 000");
  });

  it("/crm/analytics: a platform the company has no orders on shows every platform", async () => {
    const { text } = await page("/crm/analytics?platform=pepsi", me);
    expect(text).toContain("Динамика за 12 недель: все платформы");
  });
});

describe("the CRM screens of a carrier with no orders", () => {
  it("say where orders come from instead of showing figures", async () => {
    const user = await createCompanyUser();
    const who = { cookie: (await sessionFor(user.userId)).cookie };
    const crm = await page("/crm", who);
    expect(crm.text).toMatch(/Заказы сегодня 0 Вчера к этому часу заказов не было На сумму 0,00 ₽/);
    expect(crm.text).toContain("Заказов пока нет");
    expect(crm.html).toContain('href="/platforms"');
    const analytics = await page("/crm/analytics", who);
    expect(analytics.text).toContain("Заказов пока нет: аналитика появится после первой синхронизации");
  });

  it("send a signed-out visitor to /login", async () => {
    for (const path of ["/crm", "/crm/orders", "/crm/analytics"]) {
      const { response } = await callWeb(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/login/);
    }
  });
});
