// The orders list's two views (issue 24; decision 0083): the server renders only one of them — a
// compact row per order on a desk unless the user chose the cards, the cards on a phone — and the
// page's data carries only what the card and the row show.
import { describe, expect, it } from "vitest";
import { callWeb, createCompanyUser, createOrderFor, postJson, sessionFor } from "./support";
import { textOf } from "../support/page-text";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

type Who = { cookie: string; bearer: string };

async function director(): Promise<Who & { companyId: string }> {
  const user = await createCompanyUser();
  await createOrderFor(user.companyId, { status: "delivered", priceKopecks: 4_825_050 });
  await createOrderFor(user.companyId, { status: "in_transit", priceKopecks: 1_200_000 });
  return { ...user, ...(await sessionFor(user.userId)) };
}

async function ordersPage(who: Who, headers: Record<string, string> = {}, path = "/dashboard/orders") {
  const { response } = await callWeb(path, { headers: { cookie: who.cookie, ...headers } });
  expect(response.status).toBe(200);
  return response.text();
}

const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;
/** The page's markup without its scripts (the loader data for the browser lives in those). */
const markupOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");
const switchOf = (html: string) => /<div role="group" aria-label="Вид списка"[\s\S]*?<\/div>/.exec(html)?.[0];

describe("the orders list's view", () => {
  it("is a row per order on a desk by default, with no card in the page the server sends", async () => {
    const who = await director();
    for (const path of ["/dashboard/orders", "/crm/orders"]) {
      const html = await ordersPage(who, { "user-agent": DESKTOP_CHROME, "sec-ch-ua-mobile": "?0" }, path);
      const markup = markupOf(html);
      expect(markup).toContain('data-view="compact"');
      expect(count(markup, "order-row")).toBe(2);
      expect(count(markup, "order-item")).toBe(2);
      // No card, nor any of its contents, hidden or not.
      for (const cardPart of ["order-card", "order-price", "order-status", "order-number"])
        expect(count(markup, cardPart), cardPart).toBe(0);
      for (const term of ["Отправитель", "Получатель", "Маржа", "Расстояние"])
        expect(markup).not.toContain(term);

      // Each row: a collapsed button naming the empty place its card opens into.
      const toggles = markup.match(/<button[^>]*class="order-cells[^>]*>/g) ?? [];
      expect(toggles).toHaveLength(2);
      for (const tag of toggles) {
        const [, cardId] = /aria-expanded="false" aria-controls="([^"]+)"/.exec(tag) ?? [];
        expect(markup).toContain(`<div id="${cardId}"></div>`);
      }
      const text = textOf(html);
      expect(text).toContain("Статус: Доставлен");
      expect(text).toContain("Маршрут: Краснодар → Ростов-на-Дону");
      expect(markup).toContain('title="г Краснодар, ул Солнечная, д 15/5"');
      expect(text).toMatch(/Стоимость: 48 250,50 ₽/);
      expect(text).toContain("Быстрая оплата доступна · 2 %");
      expect([...markup.matchAll(/<button[^>]*>Получить деньги<\/button>/g)]).toHaveLength(1);
      expect(count(markup, "quick-payment-unavailable")).toBe(1);
      expect(switchOf(markup)).toMatch(/aria-pressed="true"[^>]*>Компактно</);
    }
  });

  it("is the cards on a phone, told by the client hint or the User-Agent, whatever the user chose", async () => {
    const who = await director();
    const phones: Record<string, string>[] = [
      { "user-agent": IPHONE },
      { "user-agent": DESKTOP_CHROME, "sec-ch-ua-mobile": "?1" },
    ];
    for (const phone of phones) {
      const markup = markupOf(await ordersPage(who, phone));
      expect(markup).toContain('data-view="cards"');
      expect(count(markup, "order-card")).toBe(2);
      expect(count(markup, "order-price")).toBe(2);
      expect(count(markup, "order-row")).toBe(0);
      // A phone is offered no switch: it would change nothing there.
      expect(switchOf(markup)).toBeUndefined();
    }
  });

  it("is the cards on a desk once the user chose them, for that user alone", async () => {
    const who = await director();
    const chosen = await callWeb(
      "/api/settings",
      postJson({ ordersListView: "cards" }, { authorization: `Bearer ${who.bearer}` }),
    );
    expect(await chosen.response.json()).toEqual({
      success: true,
      data: { edoListView: "compact", ordersListView: "cards" },
    });
    const markup = markupOf(await ordersPage(who));
    expect(markup).toContain('data-view="cards"');
    expect(count(markup, "order-card")).toBe(2);
    expect(count(markup, "order-row")).toBe(0);
    expect(switchOf(markup)).toMatch(/aria-pressed="true"[^>]*>Карточки</);

    const other = await director();
    expect(markupOf(await ordersPage(other))).toContain('data-view="compact"');
  });

  it("sends the browser only the order fields the card and the row show", async () => {
    const who = await director();
    const html = await ordersPage(who);
    // Shown: in the loader data (a JSON string inside the page's script).
    for (const shown of ["pickup_address", "cargo_weight", "delivery_time_from", "quickPay"])
      expect(html).toContain(`\\"${shown}\\"`);
    // Not shown by the list: left out.
    for (const unshown of [
      "pickup_contact_phone",
      "delivery_contact_phone",
      "pickup_latitude",
      "documents_required",
      "vehicle_requirements",
      "payment_terms",
      "payment_requested_at",
      "platform_logo",
    ])
      expect(html, unshown).not.toContain(unshown);
  });
});
