import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { platformOrders } from "../../db/schema";
import {
  listOrders,
  ordersQuerySchema,
  type OrderMetrics,
  type OrderView,
} from "../../workers/core/orders/orders";
import {
  callWeb,
  createCompanyUser,
  createConnectionFor,
  createOrderFor,
  deliver,
  PLATFORM_DEMO,
  postJson,
  recordingQueue,
  sessionFor,
  testDb,
} from "./support";

type Pagination = {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  nextCursor: string | null;
  prevCursor: string | null;
};
type Listing = { data: OrderView[]; pagination: Pagination };

let companyId: string;
let token: string;

const auth = (bearer = token) => ({ authorization: `Bearer ${bearer}` });
const list = async (query: Record<string, string> = {}, bearer = token) => {
  const { response } = await callWeb(`/api/platforms/orders?${new URLSearchParams(query)}`, {
    headers: auth(bearer),
  });
  expect(response.status).toBe(200);
  return response.json<Listing>();
};

/** Every order of the list the query names, page by page. */
async function everyOrder(query: Record<string, string> = {}, bearer = token): Promise<OrderView[]> {
  const all: OrderView[] = [];
  for (let page = 1; ; page++) {
    const { data, pagination } = await list({ ...query, limit: "200", page: String(page) }, bearer);
    all.push(...data);
    if (page >= pagination.totalPages) return all;
  }
}

/** The company's СберЛогистика orders, synced from the sandbox as a user would. */
async function syncSberLogistics(bearer: string) {
  const created = await callWeb(
    "/api/platforms/connections",
    postJson(
      { platform_id: "sber_logistics", connection_name: "СберЛогистика", credentials: PLATFORM_DEMO },
      auth(bearer),
    ),
  );
  expect(created.response.status).toBe(201);
  const queue = recordingQueue();
  let pending = created.sent.map((m) => m.body);
  while (pending.length > 0) {
    await deliver(pending, { env: { JOBS: queue.queue } });
    pending = queue.sent.splice(0).map((m) => m.body);
  }
}

beforeAll(async () => {
  const user = await createCompanyUser();
  companyId = user.companyId;
  token = (await sessionFor(user.userId)).bearer;
  await syncSberLogistics(token);
});

describe("the orders list", () => {
  it("pages the company's orders, newest first, in the spec's fields", async () => {
    const first = await list();
    expect(first.pagination).toEqual({
      page: 1,
      limit: 50,
      total: 240,
      totalPages: 5,
      nextCursor: expect.any(String),
      prevCursor: null,
    });
    expect(first.data).toHaveLength(50);
    const created = first.data.map((order) => order.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(first.data[0]).toMatchObject({
      platform_name: "sber_logistics",
      platform_logo: "/platforms/sber_logistics.svg",
      currency: "RUB",
      external_order_id: expect.stringMatching(/^SBL-/),
    });
    const last = await list({ page: "5" });
    expect(last.data).toHaveLength(40);
    expect(new Set([...first.data, ...last.data].map((o) => o.id)).size).toBe(90);
  });

  it("filters by platform and status on the server", async () => {
    const delivered = await list({ status: "delivered", limit: "200" });
    expect(delivered.data.length).toBeGreaterThan(0);
    expect(delivered.data.every((order) => order.status === "delivered")).toBe(true);
    expect((await list({ platform: "magnit" })).pagination.total).toBe(0);
    expect((await list({ platform: "sber_logistics", status: "all" })).pagination.total).toBe(240);
  });

  it("searches shipper, consignee, cargo and order number without regard to case, Cyrillic included", async () => {
    const [sample] = (await list({ limit: "1" })).data;
    const byCustomer = await list({ search: sample.customer_name!.slice(4, 12).toUpperCase(), limit: "200" });
    expect(byCustomer.data.map((o) => o.id)).toContain(sample.id);
    const byNumber = await list({ search: sample.external_order_id.toLowerCase() });
    expect(byNumber.data.map((o) => o.id)).toEqual([sample.id]);
    expect((await list({ search: "такого груза нет ни у кого" })).pagination.total).toBe(0);
  });

  it("refuses unknown filter values in Russian", async () => {
    const { response } = await callWeb("/api/platforms/orders?status=lost", { headers: auth() });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Неизвестный статус заказа (status)" });
  });
});

const idsOf = (orders: OrderView[]) => orders.map((order) => order.id);

/** Orders written straight to the database, as a sync writes them, created at the given instants. */
async function insertOrders(company: string, connectionId: string, createdAts: number[]): Promise<string[]> {
  const syncedAt = new Date();
  const rows = createdAts.map((at) => {
    const id = crypto.randomUUID();
    const number = `MGN-PAGE-${id.slice(0, 8)}`;
    return {
      id,
      companyId: company,
      connectionId,
      platformId: "magnit" as const,
      externalOrderId: number,
      pickupAddress: "г Краснодар, ул Солнечная, д 15/5",
      deliveryAddress: "г Ростов-на-Дону, пр-кт Шолохова, д 31",
      documentsRequired: ["ТТН"],
      currency: "RUB",
      status: "new" as const,
      createdAt: new Date(at),
      syncedAt,
      searchText: number.toLowerCase(),
    };
  });
  for (let i = 0; i < rows.length; i += 100)
    await testDb()
      .insert(platformOrders)
      .values(rows.slice(i, i + 100));
  return rows.map((row) => row.id);
}

/** The company's order ids in the list's order (newest first, then id), read from the database. */
async function idsInListOrder(company: string): Promise<string[]> {
  const rows = await testDb()
    .select({ id: platformOrders.id })
    .from(platformOrders)
    .where(eq(platformOrders.companyId, company))
    .orderBy(desc(platformOrders.createdAt), desc(platformOrders.id));
  return rows.map((row) => row.id);
}

describe("paging by cursor", () => {
  const NEWEST = Date.UTC(2026, 0, 15, 9);
  let pager: { companyId: string; bearer: string; connectionId: string };
  const pagerList = (query: Record<string, string>) => list(query, pager.bearer);

  beforeAll(async () => {
    const user = await createCompanyUser();
    const connectionId = await createConnectionFor(user.companyId);
    pager = { companyId: user.companyId, bearer: (await sessionFor(user.userId)).bearer, connectionId };
    // 600 orders a minute apart; every fourth was created in the same minute as the one before it
    // (the list orders such pairs by id), one such pair across the boundary of pages 99 and 100.
    const minutes = Array.from({ length: 600 }, (_, i) => (i % 4 === 3 ? i - 1 : i));
    await insertOrders(
      pager.companyId,
      connectionId,
      minutes.map((minute) => NEWEST - minute * 60_000),
    );
  });

  it("answers a page 100 deep with the orders the whole list has there, by number and by cursor", async () => {
    const all = await idsInListOrder(pager.companyId);
    const byNumber = await pagerList({ limit: "5", page: "100" });
    expect(idsOf(byNumber.data)).toEqual(all.slice(495, 500));

    let page = await pagerList({ limit: "5" });
    expect(page.pagination.prevCursor).toBeNull();
    for (let n = 2; n <= 100; n++)
      page = await pagerList({ limit: "5", page: String(n), after: page.pagination.nextCursor! });
    expect(idsOf(page.data)).toEqual(all.slice(495, 500));
    expect(page.pagination).toEqual({
      page: 100,
      limit: 5,
      total: 600,
      totalPages: 120,
      nextCursor: expect.any(String),
      prevCursor: expect.any(String),
    });
    expect(page.pagination).toEqual({ ...byNumber.pagination });

    const back = await pagerList({ limit: "5", page: "99", before: page.pagination.prevCursor! });
    expect(idsOf(back.data)).toEqual(all.slice(490, 495));
    const next = await pagerList({ limit: "5", page: "101", after: page.pagination.nextCursor! });
    expect(idsOf(next.data)).toEqual(all.slice(500, 505));

    // The ends: no cursor past the last page, nor before the first.
    const beforeLast = await pagerList({ limit: "5", page: "119" });
    const last = await pagerList({ limit: "5", page: "120", after: beforeLast.pagination.nextCursor! });
    expect(idsOf(last.data)).toEqual(all.slice(595));
    expect(last.pagination.nextCursor).toBeNull();
    const second = await pagerList({ limit: "5", page: "2" });
    const first = await pagerList({ limit: "5", page: "1", before: second.pagination.prevCursor! });
    expect(idsOf(first.data)).toEqual(all.slice(0, 5));
    expect(first.pagination.prevCursor).toBeNull();
  });

  it("neither repeats nor drops an order when orders arrive while the list is paged, either way", async () => {
    const before = await idsInListOrder(pager.companyId);
    // Meanwhile: one newer than all, one among the orders already read, one among those not read
    // yet, and one created in the very minute of the page's edge.
    const arriving = (edge: OrderView) => {
      const at = Date.parse(edge.created_at);
      return insertOrders(pager.companyId, pager.connectionId, [Date.now(), at + 90_000, at - 90_000, at]);
    };

    const forward: string[] = [];
    let page = await pagerList({ limit: "50" });
    forward.push(...idsOf(page.data));
    for (let n = 2; page.pagination.nextCursor; n++) {
      await arriving(page.data.at(-1)!);
      page = await pagerList({ limit: "50", page: String(n), after: page.pagination.nextCursor });
      forward.push(...idsOf(page.data));
    }
    expect(forward.length).toBe(new Set(forward).size);
    expect(before.filter((id) => !forward.includes(id))).toEqual([]);

    const midway = await idsInListOrder(pager.companyId);
    const backward: string[] = [];
    const { totalPages } = (await pagerList({ limit: "50" })).pagination;
    page = await pagerList({ limit: "50", page: String(totalPages) });
    backward.push(...idsOf(page.data));
    for (let n = totalPages - 1; page.pagination.prevCursor; n--) {
      await arriving(page.data[0]);
      page = await pagerList({
        limit: "50",
        page: String(Math.max(n, 1)),
        before: page.pagination.prevCursor,
      });
      backward.push(...idsOf(page.data));
    }
    expect(backward.length).toBe(new Set(backward).size);
    expect(midway.filter((id) => !backward.includes(id))).toEqual([]);
  });

  it("refuses a cursor it cannot read, or both at once, in Russian", async () => {
    const refusal = async (query: Record<string, string>) => {
      const { response } = await callWeb(`/api/platforms/orders?${new URLSearchParams(query)}`, {
        headers: auth(pager.bearer),
      });
      expect(response.status).toBe(400);
      return (await response.json<{ message: string }>()).message;
    };
    expect(await refusal({ after: "вчера" })).toBe(
      "Курсор страницы не читается: возьмите его из pagination (after)",
    );
    const { nextCursor } = (await pagerList({})).pagination;
    expect(await refusal({ after: nextCursor!, before: nextCursor! })).toBe(
      "Укажите after или before, не оба (before)",
    );
  });

  it("shows only the company's own orders after another company's cursor", async () => {
    const theirs = (await list({ limit: "1" })).pagination.nextCursor!;
    const page = await pagerList({ limit: "200", after: theirs });
    const own = new Set(await idsInListOrder(pager.companyId));
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((order) => own.has(order.id))).toBe(true);
  });
});

describe("search through the trigram index", () => {
  /** Another company with the same platform's orders: the same texts under other ids. */
  let rival: { companyId: string; bearer: string };
  const FIELDS = [
    "customer_name",
    "delivery_contact_name",
    "cargo_description",
    "external_order_id",
  ] as const;
  /** What the search is to find: the orders with `term` in a searched field, in any case. */
  const matching = (orders: OrderView[], term: string) =>
    orders.filter((order) =>
      FIELDS.some((field) => order[field]?.toLowerCase().includes(term.toLowerCase())),
    );

  beforeAll(async () => {
    const user = await createCompanyUser();
    rival = { companyId: user.companyId, bearer: (await sessionFor(user.userId)).bearer };
    await syncSberLogistics(rival.bearer);
  });

  it("finds a substring of each searched field in any case, and only the company's own orders", async () => {
    const all = await everyOrder();
    const rivals = new Set(idsOf(await everyOrder({}, rival.bearer)));
    for (const field of FIELDS) {
      const sample = all.find((order) => (order[field]?.length ?? 0) >= 9)!;
      // From the middle of the field, upper-cased: «ОЛОЧНАЯ П», «ИКОЛАЕВА», «BL-2026-0».
      const term = sample[field]!.slice(2, 9).toUpperCase();
      const expected = idsOf(matching(all, term));
      const found = await everyOrder({ search: term });
      expect(idsOf(found), `${field}: «${term}»`).toEqual(expected);
      expect(found.some((order) => rivals.has(order.id))).toBe(false);
      expect((await list({ search: term })).pagination.total).toBe(expected.length);
      // The rival finds its own copies of them, no more.
      expect((await list({ search: term }, rival.bearer)).pagination.total).toBe(expected.length);
      // The same page when the matches are paged from the list's walk instead of from the index.
      const query = ordersQuerySchema.parse({ search: term, limit: "200" });
      const walked = await listOrders(testDb(), companyId, query, { pageFromMatchesAtMost: 0 });
      expect(idsOf(walked.orders), `${field}: «${term}», walked`).toEqual(expected.slice(0, 200));
      expect(walked.total).toBe(expected.length);
    }
  });

  it("looks for terms shorter than three characters in the orders themselves, as before", async () => {
    const all = await everyOrder();
    for (const term of ["ПА", "о", "sb"]) {
      const expected = idsOf(matching(all, term));
      expect(expected.length, term).toBeGreaterThan(0);
      expect(idsOf(await everyOrder({ search: term })), term).toEqual(expected);
    }
  });

  it("takes a search with a filter, and pages a search by cursor", async () => {
    const all = await everyOrder();
    const sample = all[3];
    // A part of the shipper's name: one of a few customers, so many orders and several pages.
    const term = sample.customer_name!.slice(1, 7).toUpperCase();
    const filtered = matching(all, term).filter((order) => order.status === sample.status);
    expect(idsOf(filtered)).toContain(sample.id);
    expect(idsOf(await everyOrder({ search: term, status: sample.status }))).toEqual(idsOf(filtered));

    const expected = idsOf(matching(all, term));
    expect(expected.length).toBeGreaterThan(60);
    // Page after page by cursor: from the index's matches (the API's choice for so few), and
    // along the list's walk.
    type Step = { orders: OrderView[]; next: string | null };
    const pageByPage = async (pageOf: (query: Record<string, string>) => Promise<Step>) => {
      const paged: string[] = [];
      let step = await pageOf({ search: term, limit: "30" });
      paged.push(...idsOf(step.orders));
      for (let n = 2; step.next; n++) {
        step = await pageOf({ search: term, limit: "30", page: String(n), after: step.next });
        paged.push(...idsOf(step.orders));
      }
      return paged;
    };
    const fromMatches = await pageByPage(async (query) => {
      const { data, pagination } = await list(query);
      return { orders: data, next: pagination.nextCursor };
    });
    expect(fromMatches).toEqual(expected);
    const walked = await pageByPage(async (query) => {
      const parsed = ordersQuerySchema.parse(query);
      const { orders, nextCursor } = await listOrders(testDb(), companyId, parsed, {
        pageFromMatchesAtMost: 0,
      });
      return { orders, next: nextCursor };
    });
    expect(walked).toEqual(expected);
  });

  it("reads a term with the index's own syntax as plain text", async () => {
    for (const term of ['"молоко"', "паллет OR тандер", "NEAR(паллет)", "пал*", "scope : x"])
      expect((await list({ search: term })).pagination.total, term).toBe(0);
  });

  it("follows the orders' texts: a changed text is found by the new words only, a removed order by none", async () => {
    const [order] = (await list({ limit: "1" }, rival.bearer)).data;
    const term = order.external_order_id.toLowerCase();
    await testDb()
      .update(platformOrders)
      .set({ searchText: "ооо «новый грузоотправитель»" })
      .where(and(eq(platformOrders.companyId, rival.companyId), eq(platformOrders.id, order.id)));
    expect((await list({ search: term }, rival.bearer)).pagination.total).toBe(0);
    expect(idsOf((await list({ search: "Новый грузоотправитель" }, rival.bearer)).data)).toEqual([order.id]);

    const { data: connections } = await (
      await callWeb("/api/platforms/connections", { headers: auth(rival.bearer) })
    ).response.json<{ data: { id: string }[] }>();
    for (const connection of connections) {
      const removed = await callWeb(`/api/platforms/connections/${connection.id}`, {
        method: "DELETE",
        headers: auth(rival.bearer),
      });
      expect(removed.response.status).toBe(200);
    }
    expect((await list({ search: "паллет" }, rival.bearer)).pagination.total).toBe(0);
    expect((await list({ search: "грузоотправитель" }, rival.bearer)).pagination.total).toBe(0);
    // Its orders' twins at the first company are still found.
    expect((await list({ search: term })).pagination.total).toBe(1);
  });
});

describe("order metrics", () => {
  it("count and sum in SQL what the list holds", async () => {
    const orders = await everyOrder();
    const completed = orders.filter((o) => ["delivered", "invoiced", "paid"].includes(o.status));
    const revenue = completed.reduce((sum, o) => sum + Math.round((o.price ?? 0) * 100), 0) / 100;
    const { response } = await callWeb("/api/orders/metrics", { headers: auth() });
    const { data } = await response.json<{ data: OrderMetrics }>();
    expect(data).toEqual({
      totalOrders: 240,
      activeOrders: orders.filter((o) =>
        ["new", "reviewed", "accepted", "confirmed", "in_transit"].includes(o.status),
      ).length,
      completedOrders: completed.length,
      totalRevenue: revenue,
      averageOrderValue: Math.round((revenue * 100) / completed.length) / 100,
      profitMargin: 0.15,
      platformBreakdown: [{ platform: "sber_logistics", orders: 240, revenue }],
    });
  });

  it("reads the finance screen's orders by status", async () => {
    const { response } = await callWeb("/api/orders?status=paid", { headers: auth() });
    const { data } = await response.json<{ data: OrderView[] }>();
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((order) => order.status === "paid")).toBe(true);
  });
});

describe("payment requests", () => {
  const request = (id: string) =>
    callWeb(`/api/orders/${id}/payment-request`, { method: "POST", headers: auth() });

  it("records one request per delivered order, however often it is asked", async () => {
    const id = await createOrderFor(companyId, { status: "delivered" });
    const [a, b] = await Promise.all([request(id), request(id)]);
    expect([a.response.status, b.response.status].sort()).toEqual([200, 201]);
    const bodies = [
      await a.response.json<{ data: { requestedAt: string } }>(),
      await b.response.json<{ data: { requestedAt: string } }>(),
    ];
    expect(bodies[0]).toMatchObject({ success: true, message: "Запрос на оплату отправлен успешно!" });
    expect(bodies[0].data.requestedAt).toBe(bodies[1].data.requestedAt);
    const again = await request(id);
    expect(await again.response.json()).toMatchObject({
      data: { created: false, requestedAt: bodies[0].data.requestedAt },
    });
  });

  it("accepts «свободен» and paid orders and refuses the rest", async () => {
    expect((await request(await createOrderFor(companyId, { status: "свободен" }))).response.status).toBe(
      201,
    );
    expect((await request(await createOrderFor(companyId, { status: "paid" }))).response.status).toBe(201);
    const inTransit = await request(await createOrderFor(companyId, { status: "in_transit" }));
    expect(inTransit.response.status).toBe(409);
    expect(await inTransit.response.json()).toEqual({
      success: false,
      error: "Оплату можно запросить только за выполненный заказ",
    });
  });

  it("answers another company's order with 404", async () => {
    const other = await createCompanyUser();
    const theirs = await request(await createOrderFor(other.companyId));
    expect(theirs.response.status).toBe(404);
    expect(await theirs.response.json()).toEqual({ success: false, error: "Заказ не найден" });
  });
});

describe("«свободен» on the orders page", () => {
  it("reads «Готов к оплате» without the handover title, and the status filter does not offer it (spec 2 §2.1, spec 3 §4)", async () => {
    const user = await createCompanyUser();
    const { cookie } = await sessionFor(user.userId);
    await createOrderFor(user.companyId, { status: "свободен" });
    const page = async (query = "") => {
      const { response } = await callWeb(`/dashboard/orders${query}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return response.text();
    };
    const html = await page();
    expect(html).toMatch(
      /data-testid="order-row-status"[^>]*><span class="sr-only">Статус: <\/span>Готов к оплате</,
    );
    expect(html).not.toContain(">Свободен<");
    const statusSelect = /<select id="orders-status"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
    expect(statusSelect).toContain('value="paid"');
    expect(statusSelect).not.toContain("свободен");
    // A link that asks for it still lists those orders, and the select says so rather than «Все статусы».
    const linked = await page(`?status=${encodeURIComponent("свободен")}`);
    expect(linked).toMatch(/Заказы \((<!-- -->)?1(<!-- -->)?\)/);
    expect(/<select id="orders-status"[^>]*>([\s\S]*?)<\/select>/.exec(linked)?.[1]).toMatch(
      /<option value="свободен" selected="">Готов к оплате<\/option>/,
    );
  });
});
