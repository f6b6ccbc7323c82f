// The customer platforms' adapter against the sandbox twin over real HTTP: the same protocol both ways.
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSandboxApp } from "../../sandbox/app";
import type { WireOrder } from "../../sandbox/platforms/orders";
import {
  ORDER_STATUSES,
  PLATFORM_IDS,
  PlatformAuthError,
  PlatformUnavailableError,
  type PlatformId,
  type PlatformOrder,
} from "./customer-platform";
import { createPlatformApi } from "./platform-api";

const DEMO = { username: "demo", password: "platform-demo-2025" };

let server: ReturnType<typeof serve>;
let sandboxUrl: string;

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: createSandboxApp().fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(started),
    );
  });
  sandboxUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const postJson = (path: string, body: unknown) =>
  fetch(`${sandboxUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const switchFailure = (platformId: PlatformId, mode: "none" | "error500" | "timeout" | "slow") =>
  postJson("/__sandbox/failures", { provider: `platform:${platformId}`, mode });

afterEach(async () => {
  vi.restoreAllMocks();
  for (const platformId of PLATFORM_IDS) await switchFailure(platformId, "none");
});

const apiOf = (platformId: PlatformId, options: { timeoutMs?: number; now?: () => number } = {}) =>
  createPlatformApi({ platformId, baseUrl: `${sandboxUrl}/platforms/${platformId}`, ...options });

/** The sandbox's own answer, read past the adapter, to compare the mapping with. */
async function rawPage(platformId: PlatformId, page: number, perPage: number): Promise<WireOrder[]> {
  const base = `${sandboxUrl}/platforms/${platformId}`;
  const token = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", ...DEMO }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const response = await fetch(`${base}/api/v1/orders?page=${page}&per_page=${perPage}`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  return ((await response.json()) as { data: WireOrder[] }).data;
}

describe("a customer platform's adapter against the sandbox", () => {
  it("signs in and pages through all of a platform's orders", async () => {
    const api = apiOf("x5");
    const session = await api.signIn(DEMO);
    const all: PlatformOrder[] = [];
    let page = 1;
    let totalPages = 1;
    do {
      const result = await api.ordersPage(session, page, 100);
      expect(result).toMatchObject({ page, total: 240, totalPages: 3 });
      all.push(...result.orders);
      totalPages = result.totalPages;
      page++;
    } while (page <= totalPages);

    expect(all).toHaveLength(240);
    expect(new Set(all.map((order) => order.externalOrderId)).size).toBe(240);
    expect(all.every((order) => (ORDER_STATUSES as readonly string[]).includes(order.status))).toBe(true);
    const createdAt = all.map((order) => order.createdAt.getTime());
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
    expect(await api.ordersPage(session, 4, 100)).toEqual({ orders: [], page: 4, totalPages: 3, total: 240 });
  });

  it("maps prices to kopecks, times to Dates, and keeps the platform's gaps as nulls", async () => {
    const raw = await rawPage("magnit", 1, 240);
    const { orders } = await apiOf("magnit").ordersPage(await apiOf("magnit").signIn(DEMO), 1, 240);
    expect(orders).toHaveLength(raw.length);

    orders.forEach((order, i) => {
      const wire = raw[i];
      expect(order.externalOrderId).toBe(wire.id);
      expect(order.priceKopecks).toBe(Math.round(wire.price * 100));
      expect(Number.isInteger(order.priceKopecks)).toBe(true);
      expect(order.createdAt.getTime()).toBe(Date.parse(wire.created_at));
      expect(order.pickupTimeFrom?.getTime()).toBe(Date.parse(wire.pickup_time_from));
      expect(order.deliveryTimeFrom?.getTime()).toBe(Date.parse(wire.delivery_time_from));
      expect(order.delivery).toEqual({
        address: wire.delivery_address,
        contactName: wire.delivery_contact_name,
        contactPhone: wire.delivery_contact_phone,
        longitude: wire.delivery_longitude,
        latitude: wire.delivery_latitude,
      });
      expect(order.cargo).toEqual({
        type: wire.cargo_type,
        description: wire.cargo_description,
        weightKg: wire.cargo_weight,
        volumeM3: wire.cargo_volume,
      });
    });

    const withKopecks = raw.findIndex((wire) => !Number.isInteger(wire.price));
    expect(orders[withKopecks].priceKopecks! % 100).not.toBe(0);
    expect(orders.some((order) => order.delivery.latitude === null || order.pickup.latitude === null)).toBe(
      true,
    );
    expect(orders.some((order) => order.delivery.contactPhone === null)).toBe(true);
    expect(orders.some((order) => order.cargo.volumeM3 === null)).toBe(true);

    // Nothing of the platform's own shape passes the adapter.
    expect(Object.keys(orders[0]).sort()).toEqual(
      [
        "externalOrderId",
        "customerName",
        "pickup",
        "delivery",
        "cargo",
        "documentsRequired",
        "priceKopecks",
        "currency",
        "paymentTerms",
        "createdAt",
        "pickupTimeFrom",
        "deliveryTimeFrom",
        "status",
        "vehicleRequirements",
      ].sort(),
    );
  });

  it("serves each of the five platforms from its own base URL", async () => {
    for (const platformId of PLATFORM_IDS) {
      const api = apiOf(platformId);
      const { orders, total } = await api.ordersPage(await api.signIn(DEMO), 1, 5);
      expect(total, platformId).toBe(240);
      expect(orders).toHaveLength(5);
    }
  });

  it("sends the password grant as a form and the token as a Bearer header", async () => {
    const sent = vi.spyOn(globalThis, "fetch");
    const api = createPlatformApi({ platformId: "pepsi", baseUrl: `${sandboxUrl}/platforms/pepsi/` });
    const session = await api.signIn({ username: "demo", password: "platform-demo-2025" });
    await api.ordersPage(session, 2, 50);

    const [tokenUrl, tokenInit] = sent.mock.calls[0];
    expect(tokenUrl).toBe(`${sandboxUrl}/platforms/pepsi/oauth/token`);
    expect(tokenInit?.method).toBe("POST");
    expect(tokenInit?.headers).toMatchObject({ "Content-Type": "application/x-www-form-urlencoded" });
    expect(Object.fromEntries(new URLSearchParams(String(tokenInit?.body)))).toEqual({
      grant_type: "password",
      username: "demo",
      password: "platform-demo-2025",
    });
    const [ordersUrl, ordersInit] = sent.mock.calls[1];
    expect(ordersUrl).toBe(`${sandboxUrl}/platforms/pepsi/api/v1/orders?page=2&per_page=50`);
    expect(ordersInit?.headers).toMatchObject({ Authorization: `Bearer ${session.accessToken}` });
  });

  it("dates the session's end by the token's lifetime", async () => {
    const session = await apiOf("mars", { now: () => 1_000_000 }).signIn(DEMO);
    expect(session).toEqual({ accessToken: expect.any(String), expiresAt: 1_000_000 + 3600_000 });
  });

  it("signs in X5's own carrier account", async () => {
    const x5Account = { username: "carrier@x5.demo", password: "x5-demo-2025" };
    await expect(apiOf("x5").signIn(x5Account)).resolves.toMatchObject({ accessToken: expect.any(String) });
    await expect(apiOf("magnit").signIn(x5Account)).rejects.toBeInstanceOf(PlatformAuthError);
  });
});

describe("a customer platform's adapter when things go wrong", () => {
  it("throws PlatformAuthError for refused or empty credentials", async () => {
    await expect(apiOf("x5").signIn({ username: "demo", password: "wrong" })).rejects.toBeInstanceOf(
      PlatformAuthError,
    );
    const sent = vi.spyOn(globalThis, "fetch");
    await expect(apiOf("x5").signIn({ username: "demo", password: "" })).rejects.toBeInstanceOf(
      PlatformAuthError,
    );
    expect(sent).not.toHaveBeenCalled();
  });

  it("throws PlatformAuthError when the platform no longer takes the session's token", async () => {
    const api = apiOf("sber_logistics");
    const session = await api.signIn(DEMO);
    await postJson("/__sandbox/platforms/sber_logistics/tokens/expire", {});
    await expect(api.ordersPage(session, 1, 100)).rejects.toBeInstanceOf(PlatformAuthError);
    await expect(api.ordersPage(await api.signIn(DEMO), 1, 100)).resolves.toMatchObject({ total: 240 });
  });

  it("throws PlatformUnavailableError on a 500, at sign-in and on a page", async () => {
    const api = apiOf("magnit");
    const session = await api.signIn(DEMO);
    await switchFailure("magnit", "error500");
    await expect(api.signIn(DEMO)).rejects.toBeInstanceOf(PlatformUnavailableError);
    await expect(api.ordersPage(session, 1, 100)).rejects.toBeInstanceOf(PlatformUnavailableError);
  });

  it("throws PlatformUnavailableError when the platform hangs past the timeout", async () => {
    await switchFailure("pepsi", "timeout");
    const timeout = vi.spyOn(AbortSignal, "timeout");
    const error = await apiOf("pepsi", { timeoutMs: 200 })
      .signIn(DEMO)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    // The adapter's own 200 ms timer aborted the request; the sandbox would answer only after 30 s.
    expect(timeout).toHaveBeenCalledExactlyOnceWith(200);
    expect((error as Error).cause).toMatchObject({ name: "TimeoutError" });
  });

  it("waits for a slow platform within its timeout, and gives up on it past a shorter one", async () => {
    const session = await apiOf("mars").signIn(DEMO);
    await switchFailure("mars", "slow");
    await expect(apiOf("mars").ordersPage(session, 1, 10)).resolves.toMatchObject({ total: 240 });
    await expect(apiOf("mars", { timeoutMs: 200 }).ordersPage(session, 1, 10)).rejects.toBeInstanceOf(
      PlatformUnavailableError,
    );
  });

  it("throws PlatformUnavailableError when nothing listens at the base URL", async () => {
    const api = createPlatformApi({ platformId: "x5", baseUrl: "http://127.0.0.1:9/platforms/x5" });
    await expect(api.signIn(DEMO)).rejects.toBeInstanceOf(PlatformUnavailableError);
  });

  it("throws PlatformUnavailableError for an answer that is not the protocol's", async () => {
    const api = apiOf("x5");
    const session = await api.signIn(DEMO);
    const answers = [
      new Response("<html>502 Bad Gateway</html>", { status: 200, headers: { "content-type": "text/html" } }),
      Response.json({ orders: [] }),
    ];
    for (const answer of answers) {
      vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(answer);
      await expect(api.ordersPage(session, 1, 100)).rejects.toBeInstanceOf(PlatformUnavailableError);
    }
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(Response.json({ access_token: 42 }));
    await expect(api.signIn(DEMO)).rejects.toBeInstanceOf(PlatformUnavailableError);
  });

  it("takes a 400 invalid_grant as refused credentials, as RFC 6749 servers answer them", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      Response.json({ error: "invalid_grant" }, { status: 400 }),
    );
    await expect(apiOf("x5").signIn(DEMO)).rejects.toBeInstanceOf(PlatformAuthError);
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      Response.json({ error: "invalid_request" }, { status: 400 }),
    );
    await expect(apiOf("x5").signIn(DEMO)).rejects.toBeInstanceOf(PlatformUnavailableError);
  });

  it("skips unreadable orders and keeps the rest of the page", async () => {
    const [good, other] = await rawPage("x5", 1, 2);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      Response.json({
        data: [good, { ...other, status: "cancelled" }, { ...good, id: undefined }, "garbage"],
        meta: { page: 1, per_page: 100, total: 4, total_pages: 1 },
      }),
    );
    const page = await apiOf("x5").ordersPage({ accessToken: "t", expiresAt: 0 }, 1, 100);
    expect(page.orders.map((order) => order.externalOrderId)).toEqual([good.id]);
    expect(page.total).toBe(4);
    expect(warned).toHaveBeenCalledOnce();
    expect(warned.mock.calls[0][0]).toContain(`${other.id}: status`);
  });

  it("never puts a password or a token into an error or a log", async () => {
    const logged = [
      vi.spyOn(console, "log"),
      vi.spyOn(console, "warn").mockImplementation(() => {}),
      vi.spyOn(console, "error").mockImplementation(() => {}),
    ];
    const api = apiOf("x5", { timeoutMs: 200 });
    const session = await api.signIn(DEMO);
    const errors: unknown[] = [];
    errors.push(
      await api.signIn({ username: "demo", password: "secret-wrong-password" }).catch((e: unknown) => e),
    );
    await postJson("/__sandbox/platforms/x5/tokens/expire", {});
    errors.push(await api.ordersPage(session, 1, 10).catch((e: unknown) => e));
    for (const mode of ["error500", "timeout"] as const) {
      await switchFailure("x5", mode);
      errors.push(await api.signIn(DEMO).catch((e: unknown) => e));
      errors.push(await api.ordersPage(session, 1, 10).catch((e: unknown) => e));
    }

    const said = [
      ...errors.map((error) => `${(error as Error).name}: ${(error as Error).message}`),
      ...logged.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(" "))),
    ].join("\n");
    expect(errors).toHaveLength(6);
    for (const secret of [DEMO.password, "secret-wrong-password", session.accessToken]) {
      expect(said).not.toContain(secret);
    }
  });
});
