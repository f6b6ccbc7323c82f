import { ORDER_STATUSES } from "../../workers/providers/customer-platform";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PLATFORM_IDS, type PlatformId } from "../../workers/providers/customer-platform";
import { createSandboxApp } from "../app";
import { SLOW_MS } from "../failures";
import type { WireOrder } from "./orders";

type App = ReturnType<typeof createSandboxApp>;
type OrdersBody = {
  data: WireOrder[];
  meta: { page: number; per_page: number; total: number; total_pages: number };
};

const DEMO = { username: "demo", password: "platform-demo-2025" };
const FORM = { "content-type": "application/x-www-form-urlencoded" };

const SPEC_FIELDS = [
  "id",
  "platform_name",
  "platform_logo",
  "external_order_id",
  "customer_name",
  "pickup_address",
  "pickup_contact_name",
  "pickup_contact_phone",
  "delivery_address",
  "delivery_contact_name",
  "delivery_contact_phone",
  "pickup_longitude",
  "pickup_latitude",
  "delivery_longitude",
  "delivery_latitude",
  "cargo_type",
  "cargo_description",
  "cargo_weight",
  "cargo_volume",
  "documents_required",
  "price",
  "currency",
  "payment_terms",
  "created_at",
  "pickup_time_from",
  "delivery_time_from",
  "status",
  "vehicle_requirements",
].sort();

const ISO_WITH_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

function requestToken(app: App, platformId: string, body: string, headers: Record<string, string> = FORM) {
  return app.request(`/platforms/${platformId}/oauth/token`, { method: "POST", headers, body });
}

async function signIn(app: App, platformId: PlatformId, account = DEMO): Promise<string> {
  const body = new URLSearchParams({ grant_type: "password", ...account }).toString();
  const response = await requestToken(app, platformId, body);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function ordersResponse(
  app: App,
  platformId: string,
  token: string,
  query = "",
  init: RequestInit = {},
) {
  return await app.request(`/platforms/${platformId}/api/v1/orders${query}`, {
    ...init,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function orders(app: App, platformId: PlatformId, token: string, query = ""): Promise<OrdersBody> {
  const response = await ordersResponse(app, platformId, token, query);
  expect(response.status).toBe(200);
  return (await response.json()) as OrdersBody;
}

const admin = (app: App, path: string, body?: unknown) =>
  app.request(`/__sandbox/platforms/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const switchFailure = (app: App, provider: string, mode: string) =>
  app.request("/__sandbox/failures", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ provider, mode }),
  });

afterEach(() => {
  vi.useRealTimers();
});

describe("the platforms' token endpoint", () => {
  it.each(PLATFORM_IDS)("gives %s's demo account a Bearer token for an hour", async (platformId) => {
    const response = await requestToken(
      createSandboxApp(),
      platformId,
      "grant_type=password&username=demo&password=platform-demo-2025",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      access_token: expect.stringMatching(/^\w{32}$/),
      token_type: "Bearer",
      expires_in: 3600,
    });
  });

  it("knows X5's own carrier account on X5 only", async () => {
    const app = createSandboxApp();
    const x5Account = "grant_type=password&username=carrier%40x5.demo&password=x5-demo-2025";
    expect((await requestToken(app, "x5", x5Account)).status).toBe(200);
    expect((await requestToken(app, "magnit", x5Account)).status).toBe(401);
  });

  it("refuses a wrong password or an unknown user with 401 invalid_grant", async () => {
    const app = createSandboxApp();
    for (const body of [
      "grant_type=password&username=demo&password=wrong",
      "grant_type=password&username=nobody&password=platform-demo-2025",
    ]) {
      const response = await requestToken(app, "pepsi", body);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: "invalid_grant",
        error_description: expect.any(String),
      });
    }
  });

  it("answers 400 to a malformed request", async () => {
    const app = createSandboxApp();
    const cases: [string, Record<string, string>, string][] = [
      ["grant_type=password&username=demo", FORM, "invalid_request"],
      ["username=demo&password=platform-demo-2025", FORM, "invalid_request"],
      ["grant_type=client_credentials&username=demo&password=x", FORM, "unsupported_grant_type"],
      [
        JSON.stringify({ grant_type: "password", ...DEMO }),
        { "content-type": "application/json" },
        "invalid_request",
      ],
    ];
    for (const [body, headers, error] of cases) {
      const response = await requestToken(app, "mars", body, headers);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
  });

  it("knows no other platform", async () => {
    const response = await requestToken(createSandboxApp(), "auchan", "grant_type=password&username=demo");
    expect(response.status).toBe(404);
  });
});

describe("the platforms' order list", () => {
  it("answers 401 invalid_token without a token, with an unknown one or another platform's", async () => {
    const app = createSandboxApp();
    const x5Token = await signIn(app, "x5");
    const refused = [
      await app.request("/platforms/x5/api/v1/orders"),
      await ordersResponse(app, "x5", "not-a-token"),
      await ordersResponse(app, "magnit", x5Token),
    ];
    for (const response of refused) {
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
      expect(await response.json()).toEqual({ error: "invalid_token" });
    }
  });

  it("refuses a token once its hour is over", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = createSandboxApp();
    const token = await signIn(app, "x5");
    vi.advanceTimersByTime(3599_000);
    expect((await ordersResponse(app, "x5", token)).status).toBe(200);
    vi.advanceTimersByTime(1_000);
    expect((await ordersResponse(app, "x5", token)).status).toBe(401);
  });

  it("pages 240 orders by 100 by default, and an empty page past the end", async () => {
    const app = createSandboxApp();
    const token = await signIn(app, "magnit");
    const first = await orders(app, "magnit", token);
    expect(first.meta).toEqual({ page: 1, per_page: 100, total: 240, total_pages: 3 });
    expect(first.data).toHaveLength(100);
    expect((await orders(app, "magnit", token, "?page=3")).data).toHaveLength(40);
    const beyond = await orders(app, "magnit", token, "?page=4&per_page=100");
    expect(beyond).toEqual({ data: [], meta: { page: 4, per_page: 100, total: 240, total_pages: 3 } });
  });

  it("takes per_page from 1 to 500 and page from 1, and answers 400 to anything else", async () => {
    const app = createSandboxApp();
    const token = await signIn(app, "pepsi");
    expect((await orders(app, "pepsi", token, "?per_page=1")).meta.total_pages).toBe(240);
    expect((await orders(app, "pepsi", token, "?per_page=500")).data).toHaveLength(240);
    for (const query of ["?per_page=0", "?per_page=501", "?per_page=abc", "?page=0", "?page=1.5", "?page="]) {
      const response = await ordersResponse(app, "pepsi", token, query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe("invalid_request");
    }
  });

  it("lists orders newest first, in the same order whatever the page size", async () => {
    const app = createSandboxApp();
    const token = await signIn(app, "sber_logistics");
    const whole = (await orders(app, "sber_logistics", token, "?per_page=240")).data;
    const paged = [];
    for (let page = 1; page <= 5; page++) {
      paged.push(...(await orders(app, "sber_logistics", token, `?page=${page}&per_page=50`)).data);
    }
    expect(paged).toEqual(whole);
    const createdAt = whole.map((order) => Date.parse(order.created_at));
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
    expect(new Set(createdAt).size).toBe(whole.length);
    expect(new Set(whole.map((order) => order.id)).size).toBe(whole.length);
  });

  it("lists the same orders in every sandbox, different ones per platform", async () => {
    const [one, two] = [createSandboxApp(), createSandboxApp()];
    const x5 = await orders(one, "x5", await signIn(one, "x5"), "?page=2");
    expect(await orders(two, "x5", await signIn(two, "x5"), "?page=2")).toEqual(x5);
    const mars = await orders(one, "mars", await signIn(one, "mars"), "?page=2");
    expect(x5.data.every((order) => order.id.startsWith("X5-"))).toBe(true);
    expect(mars.data.every((order) => order.id.startsWith("MARS-"))).toBe(true);
  });

  it.each(PLATFORM_IDS)(
    "gives %s's orders the spec's fields, plausible values and some gaps",
    async (platformId) => {
      const app = createSandboxApp();
      const { data } = await orders(app, platformId, await signIn(app, platformId), "?per_page=240");
      for (const order of data) {
        expect(Object.keys(order).sort()).toEqual(SPEC_FIELDS);
        expect(order.external_order_id).toBe(order.id);
        expect(order.platform_name).toBe(platformId);
        expect(order.cargo_weight).toBeGreaterThanOrEqual(500);
        expect(order.cargo_weight).toBeLessThanOrEqual(20_000);
        expect(order.price).toBeGreaterThan(0);
        expect(Math.round(order.price * 100)).toBeCloseTo(order.price * 100, 6);
        expect(order.currency).toBe("RUB");
        expect(order.documents_required.length).toBeGreaterThan(0);
        for (const time of [order.created_at, order.pickup_time_from, order.delivery_time_from]) {
          expect(time).toMatch(ISO_WITH_OFFSET);
        }
        expect(Date.parse(order.pickup_time_from)).toBeGreaterThan(Date.parse(order.created_at));
        expect(Date.parse(order.delivery_time_from)).toBeGreaterThan(Date.parse(order.pickup_time_from));
        if (order.delivery_latitude !== null) {
          expect(order.delivery_latitude).toBeGreaterThan(41);
          expect(order.delivery_longitude).toBeGreaterThan(19);
        }
      }
      expect(new Set(data.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
      expect(data.some((order) => order.delivery_latitude === null || order.pickup_latitude === null)).toBe(
        true,
      );
      expect(data.some((order) => order.delivery_contact_phone === null)).toBe(true);
      expect(data.some((order) => order.cargo_volume === null)).toBe(true);
      expect(data.some((order) => !Number.isInteger(order.price))).toBe(true);
    },
  );
});

describe("the sandbox's controls of platform orders", () => {
  it("sets how many orders a platform lists, up to 50,000, without changing the first ones", async () => {
    const app = createSandboxApp();
    const token = await signIn(app, "x5");
    const before = await orders(app, "x5", token, "?per_page=500");

    const set = await admin(app, "x5/orders", { count: 50_000 });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ count: 50_000, version: 0 });
    expect(await (await app.request("/__sandbox/platforms/x5/orders/state")).json()).toEqual({
      count: 50_000,
      version: 0,
    });

    const first = await orders(app, "x5", token, "?per_page=500");
    expect(first.meta).toEqual({ page: 1, per_page: 500, total: 50_000, total_pages: 100 });
    expect(first.data.slice(0, 240)).toEqual(before.data);
    const last = await orders(app, "x5", token, "?page=100&per_page=500");
    expect(last.data).toHaveLength(500);
    expect(new Set([...first.data, ...last.data].map((order) => order.id)).size).toBe(1000);
    expect((await orders(app, "magnit", await signIn(app, "magnit"))).meta.total).toBe(240);
  });

  it("refuses a count outside 0..50,000 and an unknown platform", async () => {
    const app = createSandboxApp();
    for (const body of [{ count: 50_001 }, { count: -1 }, { count: 1.5 }, {}]) {
      expect((await admin(app, "x5/orders", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin(app, "auchan/orders", { count: 10 })).status).toBe(404);
    expect((await admin(app, "x5/orders", { count: 0 })).status).toBe(200);
    expect((await orders(app, "x5", await signIn(app, "x5"))).data).toEqual([]);
  });

  it("moves some orders one status forward on advance, and keeps their ids", async () => {
    const app = createSandboxApp();
    const token = await signIn(app, "mars");
    const before = (await orders(app, "mars", token, "?per_page=240")).data;
    const advanced = await admin(app, "mars/advance");
    expect(await advanced.json()).toEqual({ count: 240, version: 1 });
    const after = (await orders(app, "mars", token, "?per_page=240")).data;

    expect(after.map((order) => order.id)).toEqual(before.map((order) => order.id));
    const next: Record<string, string> = {
      new: "reviewed",
      reviewed: "accepted",
      accepted: "confirmed",
      confirmed: "in_transit",
      in_transit: "delivered",
      delivered: "invoiced",
      свободен: "invoiced",
      invoiced: "paid",
    };
    const moved = after.filter((order, i) => order.status !== before[i].status);
    expect(moved.length).toBeGreaterThan(20);
    expect(moved.length).toBeLessThan(150);
    after.forEach((order, i) => {
      expect([before[i].status, next[before[i].status]]).toContain(order.status);
      expect({ ...order, status: before[i].status }).toEqual(before[i]);
    });

    const again = createSandboxApp();
    await admin(again, "mars/advance");
    expect((await orders(again, "mars", await signIn(again, "mars"), "?per_page=240")).data).toEqual(after);
  });

  it("expires a platform's tokens on demand", async () => {
    const app = createSandboxApp();
    const [x5, magnit] = [await signIn(app, "x5"), await signIn(app, "magnit")];
    expect(await (await admin(app, "x5/tokens/expire")).json()).toEqual({ expired: 1 });
    expect((await ordersResponse(app, "x5", x5)).status).toBe(401);
    expect((await ordersResponse(app, "magnit", magnit)).status).toBe(200);
  });
});

describe("platform failures", () => {
  it("lists each platform on the failure switch and /health", async () => {
    const app = createSandboxApp();
    const providers = [
      "dadata",
      ...PLATFORM_IDS.map((id) => `platform:${id}`),
      "edo",
      "geocoder",
      "router",
      "yookassa",
      "bank",
      "unisender-go",
    ];
    expect(await (await app.request("/__sandbox/failures")).json()).toEqual(
      Object.fromEntries(providers.map((p) => [p, "none"])),
    );
    expect(await (await app.request("/health")).json()).toEqual({ status: "ok", providers });
  });

  it("fails one platform with a 500 while the others answer", async () => {
    const app = createSandboxApp();
    const magnit = await signIn(app, "magnit");
    expect((await switchFailure(app, "platform:x5", "error500")).status).toBe(200);
    expect((await requestToken(app, "x5", "grant_type=password&username=demo&password=x")).status).toBe(500);
    expect((await ordersResponse(app, "x5", "any")).status).toBe(500);
    expect((await ordersResponse(app, "magnit", magnit)).status).toBe(200);
    await switchFailure(app, "platform:x5", "none");
    expect((await ordersResponse(app, "x5", await signIn(app, "x5"))).status).toBe(200);
  });

  it("refuses every token of a platform with expired tokens, while signing in still works", async () => {
    const app = createSandboxApp();
    const before = await signIn(app, "mars");
    expect((await switchFailure(app, "platform:mars", "expired_token")).status).toBe(200);
    const after = await signIn(app, "mars");
    for (const token of [before, after]) {
      const response = await ordersResponse(app, "mars", token);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    }
    await switchFailure(app, "platform:mars", "none");
    expect((await ordersResponse(app, "mars", after)).status).toBe(200);
    // A provider that takes no token or key has no expired ones.
    expect((await switchFailure(app, "geocoder", "expired_token")).status).toBe(400);
  });

  it("hangs a platform in timeout mode until the client gives up", async () => {
    const app = createSandboxApp();
    const token = await signIn(app, "pepsi");
    await switchFailure(app, "platform:pepsi", "timeout");
    const response = await ordersResponse(app, "pepsi", token, "", { signal: AbortSignal.timeout(50) });
    expect(response.status).toBe(504);
  });

  it("answers normally but only after SLOW_MS in slow mode", async () => {
    const app = createSandboxApp();
    const token = await signIn(app, "sber_logistics");
    await switchFailure(app, "platform:sber_logistics", "slow");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let answered = false;
    const pending = ordersResponse(app, "sber_logistics", token).then((response) => {
      answered = true;
      return response;
    });
    await vi.advanceTimersByTimeAsync(SLOW_MS - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const response = await pending;
    expect(response.status).toBe(200);
    expect(((await response.json()) as OrdersBody).data).toHaveLength(100);
  });

  it("stops waiting in slow mode when the client goes away", async () => {
    const app = createSandboxApp();
    await switchFailure(app, "platform:x5", "slow");
    const client = new AbortController();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const pending = ordersResponse(app, "x5", "any", "", { signal: client.signal });
    await vi.advanceTimersByTimeAsync(10);
    client.abort();
    expect((await pending).status).toBe(504);
  });

  it("names the slow mode when the switch is asked for an unknown one", async () => {
    const response = await switchFailure(createSandboxApp(), "platform:x5", "sometimes");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /none\|error500\|timeout\|slow.*slow answers/,
    );
  });
});
