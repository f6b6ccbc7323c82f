// The orders page reads its list through statements made into text once per shape of filters
// (decision 0085); the API builds the same list's statements on every call. Both must pick the
// same orders, count the same total and hand out the same cursors, whatever the filters and page.
import { describe, expect, it } from "vitest";
import { platformOrders } from "../../db/schema";
import { cursorOf, listOrders, ordersPage, type OrdersQuery } from "../../workers/core/orders/orders";
import { createCompanyUser, createConnectionFor, testDb } from "./support";

const STATUSES = ["new", "in_transit", "delivered", "paid"] as const;

async function companyWithOrders() {
  const user = await createCompanyUser();
  const magnit = await createConnectionFor(user.companyId, { platformId: "magnit" });
  const x5 = await createConnectionFor(user.companyId, { platformId: "x5" });
  const start = Date.UTC(2026, 9, 1);
  await testDb()
    .insert(platformOrders)
    .values(
      Array.from({ length: 31 }, (_, i) => ({
        id: crypto.randomUUID(),
        companyId: user.companyId,
        connectionId: i % 3 === 0 ? x5 : magnit,
        platformId: i % 3 === 0 ? ("x5" as const) : ("magnit" as const),
        externalOrderId: `T-${i}`,
        customerName: i % 2 ? "АО «Тандер»" : "ООО «Агроторг»",
        pickupAddress: "г Краснодар, ул Солнечная, д 15/5",
        deliveryAddress: "г Ростов-на-Дону, пр-кт Шолохова, д 31",
        documentsRequired: ["ТТН"],
        priceKopecks: 100_000 * (i + 1),
        currency: "RUB",
        status: STATUSES[i % STATUSES.length],
        // Every third pair shares its moment: the id breaks the tie.
        createdAt: new Date(start + Math.floor(i / 2) * 3_600_000),
        syncedAt: new Date(start),
        searchText: i % 2 ? "тандер" : "агроторг",
      })),
    );
  return user;
}

const base: OrdersQuery = { limit: 7, page: 1 };

describe("the orders page's list", () => {
  it("is the API's list for every shape of filters, page and cursor", async () => {
    const user = await companyWithOrders();
    const db = testDb();
    const member = { companyId: user.companyId, userId: user.userId };
    const first = await listOrders(db, user.companyId, base);
    const queries: OrdersQuery[] = [
      base,
      { ...base, page: 3 },
      { ...base, page: 9 },
      { ...base, status: "delivered" },
      { ...base, platform: "x5" },
      { ...base, platform: "magnit", status: "new" },
      { ...base, after: { createdAt: Date.parse(first.orders[6].created_at), id: first.orders[6].id } },
      { ...base, before: { createdAt: Date.parse(first.orders[3].created_at), id: first.orders[3].id } },
      {
        ...base,
        status: "paid",
        after: { createdAt: Date.parse(first.orders[1].created_at), id: first.orders[1].id },
      },
      { ...base, search: "тандер" },
    ];
    for (const query of queries) {
      const api = await listOrders(db, user.companyId, query);
      const page = await ordersPage(db, member, query, Date.now());
      const label = JSON.stringify(query);
      expect(
        page.orders.map((o) => o.id),
        label,
      ).toEqual(api.orders.map((o) => o.id));
      expect(page.total, label).toBe(api.total);
      expect([page.nextCursor, page.prevCursor], label).toEqual([api.nextCursor, api.prevCursor]);
      expect(page.orders.map(cursorOf), label).toEqual(api.orders.map(cursorOf));
    }
    // The shapes really select: a status narrows the list, a cursor moves it.
    expect((await ordersPage(db, member, { ...base, status: "delivered" }, Date.now())).total).toBe(8);
    expect((await ordersPage(db, member, { ...base, platform: "x5" }, Date.now())).total).toBe(11);
    const second = await ordersPage(db, member, queries[6], Date.now());
    expect(second.orders[0].id).not.toBe(first.orders[0].id);
  });

  it("is each company's own, though the statement's text is shared", async () => {
    const a = await companyWithOrders();
    const b = await createCompanyUser();
    const db = testDb();
    const ofA = await ordersPage(db, { companyId: a.companyId, userId: a.userId }, base, Date.now());
    const ofB = await ordersPage(db, { companyId: b.companyId, userId: b.userId }, base, Date.now());
    expect(ofA.total).toBe(31);
    expect(ofB.total).toBe(0);
    expect(ofB.orders).toEqual([]);
  });
});
