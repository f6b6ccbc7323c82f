import { beforeAll, describe, expect, it } from "vitest";
import type { OrderMetrics, OrderView } from "../../workers/core/orders/orders";
import {
  callWeb,
  createCompanyUser,
  createOrderFor,
  deliver,
  postJson,
  recordingQueue,
  sessionFor,
} from "./support";

type Listing = {
  data: OrderView[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
};

let companyId: string;
let token: string;

const auth = () => ({ authorization: `Bearer ${token}` });
const list = async (query: Record<string, string> = {}) => {
  const { response } = await callWeb(`/api/platforms/orders?${new URLSearchParams(query)}`, {
    headers: auth(),
  });
  expect(response.status).toBe(200);
  return response.json<Listing>();
};

/** Every order of the company, page by page. */
async function everyOrder(): Promise<OrderView[]> {
  const all: OrderView[] = [];
  for (let page = 1; ; page++) {
    const { data, pagination } = await list({ limit: "200", page: String(page) });
    all.push(...data);
    if (page >= pagination.totalPages) return all;
  }
}

beforeAll(async () => {
  const user = await createCompanyUser();
  companyId = user.companyId;
  token = (await sessionFor(user.userId)).bearer;
  // The company's СберЛогистика orders, synced from the sandbox as a user would.
  const created = await callWeb(
    "/api/platforms/connections",
    postJson(
      {
        platform_id: "sber_logistics",
        connection_name: "СберЛогистика",
        credentials: { username: "demo", password: "platform-demo-2025" },
      },
      auth(),
    ),
  );
  expect(created.response.status).toBe(201);
  const queue = recordingQueue();
  let pending = created.sent.map((m) => m.body);
  while (pending.length > 0) {
    await deliver(pending, { env: { JOBS: queue.queue } });
    pending = queue.sent.splice(0).map((m) => m.body);
  }
});

describe("the orders list", () => {
  it("pages the company's orders, newest first, in the spec's fields", async () => {
    const first = await list();
    expect(first.pagination).toEqual({ page: 1, limit: 50, total: 240, totalPages: 5 });
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
