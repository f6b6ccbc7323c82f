import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import type { TokenPair as ServerTokenPair } from "../../workers/core/auth/refresh";
import type { PublicUser } from "../../workers/core/auth/users";
import {
  CLIENT_MESSAGES,
  createApiClient,
  STORAGE_KEYS,
  type ApiClientOptions,
  type ApiUser,
  type KeyValueStorage,
  type RefreshCoordinator,
  type TokenPair,
} from "./api-client";

const T0 = 1_700_000_000_000;

const director: ApiUser = {
  id: "u1",
  firstName: "Ольга",
  lastName: "Смирнова",
  email: "director@reys.demo",
  phone: "+79001234567",
  role: "user",
  company: { id: "c1", name: "ООО «Трасса»", inn: "7707083893", kpp: null, ogrn: null, address: null },
};

function pair(n: number, expiresAt = T0 + 900_000): TokenPair {
  return { accessToken: `a${n}`, refreshToken: `r${n}`, accessTokenExpiresAt: expiresAt, expiresIn: 900 };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const unauthorized = () => json(401, { success: false, error: "Требуется авторизация" });

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: KeyValueStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  return { storage, items };
}

function signedIn(tokens: Pick<TokenPair, "accessToken" | "refreshToken" | "accessTokenExpiresAt">) {
  return memoryStorage({
    [STORAGE_KEYS.accessToken]: tokens.accessToken,
    [STORAGE_KEYS.refreshToken]: tokens.refreshToken,
    [STORAGE_KEYS.accessTokenExpiresAt]: String(tokens.accessTokenExpiresAt),
    [STORAGE_KEYS.user]: JSON.stringify(director),
  });
}

type Call = { method: string; path: string; authorization: string | null; body: unknown };
type Route = (call: Call, init: RequestInit) => Response | Promise<Response>;

/** A fetch that answers by "METHOD /path" (the part after /api) and records every call. */
function fakeApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input).replace(/^\/api/, "");
    const headers = new Headers(init.headers);
    const call: Call = {
      method: init.method ?? "GET",
      path,
      authorization: headers.get("Authorization"),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${path}`];
    return route ? route(call, init) : json(404, { success: false, error: "Не найдено" });
  }) as typeof globalThis.fetch;
  const count = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).length;
  return { fetch, calls, count };
}

/** /auth/me that accepts only `validToken`, and /auth/refresh that rotates r1 → a2/r2 once. */
function sessionServer(validToken = "a2") {
  return fakeApi({
    "GET /auth/me": (call) =>
      call.authorization === `Bearer ${validToken}`
        ? json(200, { success: true, data: director })
        : unauthorized(),
    "GET /orders": (call) =>
      call.authorization === `Bearer ${validToken}` ? json(200, { success: true, data: [] }) : unauthorized(),
    "POST /auth/refresh": (call) =>
      (call.body as { refreshToken: string }).refreshToken === "r1"
        ? json(200, { success: true, data: { tokens: pair(2), user: director } })
        : json(401, { success: false, error: "Сеанс истёк. Войдите снова." }),
  });
}

function client(fetch: typeof globalThis.fetch, storage: KeyValueStorage, extra: ApiClientOptions = {}) {
  return createApiClient({ fetch, storage, now: () => T0, ...extra });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What Web Locks give a site's tabs: one refresh at a time, and marks every tab sees at once. */
function tabsCoordinator(): RefreshCoordinator {
  let queue: Promise<unknown> = Promise.resolve();
  const spent = new Set<string>();
  return {
    exclusive<T>(task: () => Promise<T>) {
      const run = queue.then(task);
      queue = run.catch(() => undefined);
      return run;
    },
    markSpent: async (token) => void spent.add(token),
    isSpent: async (token) => spent.has(token),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the client's types", () => {
  it("are the answer schemas' types, and those are what the core services return", () => {
    expectTypeOf<TokenPair>().toEqualTypeOf<ServerTokenPair>();
    expectTypeOf<ApiUser>().toEqualTypeOf<PublicUser>();
  });
});

describe("request", () => {
  it("sends JSON with the stored access token as a Bearer token, and none when there is no token", async () => {
    const api = fakeApi({
      "POST /echo": (call) => json(200, { success: true, data: call.body }),
      "GET /health": () => json(200, { success: true, data: { status: "ok" } }),
    });
    const { storage } = signedIn(pair(1));
    const result = await client(api.fetch, storage).request("POST", "/echo", { n: 1 });
    expect(result).toEqual({ success: true, data: { n: 1 } });
    expect(api.calls[0]).toMatchObject({ path: "/echo", authorization: "Bearer a1" });

    await client(api.fetch, memoryStorage().storage).health();
    expect(api.calls[1]).toMatchObject({ path: "/health", authorization: null });
  });

  it("answers a 401 by refreshing once and repeating the call with the new token", async () => {
    const api = sessionServer();
    const { storage, items } = signedIn(pair(1));
    const result = await client(api.fetch, storage).me();
    expect(result).toEqual({ success: true, data: director });
    expect(api.calls.map((c) => [c.method, c.path, c.authorization])).toEqual([
      ["GET", "/auth/me", "Bearer a1"],
      ["POST", "/auth/refresh", null],
      ["GET", "/auth/me", "Bearer a2"],
    ]);
    expect(api.calls[1].body).toEqual({ refreshToken: "r1" });
    expect(items.get(STORAGE_KEYS.accessToken)).toBe("a2");
    expect(items.get(STORAGE_KEYS.refreshToken)).toBe("r2");
  });

  it("shares one refresh between calls that get a 401 at the same time", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = sessionServer();
    const api = fakeApi({
      "GET /auth/me": (_call, init) => server.fetch("/api/auth/me", init),
      "GET /orders": (_call, init) => server.fetch("/api/orders", init),
      "POST /auth/refresh": async (_call, init) => {
        await gate;
        return server.fetch("/api/auth/refresh", init);
      },
    });
    const { storage } = signedIn(pair(1));
    const api1 = client(api.fetch, storage);
    const both = Promise.all([api1.me(), api1.request("GET", "/orders")]);
    await tick();
    await tick();
    release();
    const [me, orders] = await both;
    expect(me.success && orders.success).toBe(true);
    expect(api.count("POST /auth/refresh")).toBe(1);
    expect(api.count("GET /auth/me")).toBe(2);
    expect(api.count("GET /orders")).toBe(2);
  });

  it("lets one of two tabs refresh while the other takes its new pair, so neither is signed out", async () => {
    const coordinator = tabsCoordinator();
    const api = sessionServer();
    const { storage, items } = signedIn(pair(1));
    const signedOut = vi.fn();
    const tabA = client(api.fetch, storage, { coordinator, onSignedOut: signedOut });
    const tabB = client(api.fetch, storage, { coordinator, onSignedOut: signedOut });
    // Both tabs' 4-minute checks fire together, each having read r1.
    const [a, b] = await Promise.all([tabA.refresh(), tabB.refresh()]);
    expect(api.count("POST /auth/refresh")).toBe(1);
    for (const result of [a, b]) {
      expect(result).toMatchObject({
        success: true,
        data: { tokens: { accessToken: "a2", refreshToken: "r2" }, user: director },
      });
    }
    expect(signedOut).not.toHaveBeenCalled();
    expect(items.get(STORAGE_KEYS.refreshToken)).toBe("r2");
    expect(await tabB.me()).toEqual({ success: true, data: director });
  });

  it("waits for another tab's new tokens to reach its storage instead of presenting the spent token", async () => {
    const coordinator = tabsCoordinator();
    const api = sessionServer();
    const signedOut = vi.fn();
    // Each tab reads its own copy of localStorage; another tab's writes arrive a moment later.
    const a = signedIn(pair(1));
    const b = signedIn(pair(1));
    const tabA = client(api.fetch, a.storage, { coordinator, onSignedOut: signedOut });
    const tabB = client(api.fetch, b.storage, { coordinator, onSignedOut: signedOut });
    expect(await tabA.refresh()).toMatchObject({ success: true });

    const late = tabB.refresh();
    await new Promise((resolve) => setTimeout(resolve, 120));
    for (const [key, value] of a.items) b.items.set(key, value);
    expect(await late).toMatchObject({ success: true, data: { tokens: { refreshToken: "r2" } } });
    expect(api.count("POST /auth/refresh")).toBe(1);
    expect(signedOut).not.toHaveBeenCalled();
  });

  it("asks to repeat, keeping the session, when another tab's tokens never arrive", async () => {
    vi.useFakeTimers();
    const coordinator = tabsCoordinator();
    const api = sessionServer();
    const signedOut = vi.fn();
    const a = signedIn(pair(1));
    const b = signedIn(pair(1));
    await client(api.fetch, a.storage, { coordinator }).refresh();
    const pending = client(api.fetch, b.storage, { coordinator, onSignedOut: signedOut }).refresh();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await pending).toEqual({ success: false, error: CLIENT_MESSAGES.refreshedElsewhere });
    expect(api.count("POST /auth/refresh")).toBe(1);
    expect(signedOut).not.toHaveBeenCalled();
    expect(b.items.get(STORAGE_KEYS.refreshToken)).toBe("r1");
  });

  it("clears the tokens and reports the sign-out once when the server refuses the refresh", async () => {
    const api = sessionServer();
    const { storage, items } = signedIn({ ...pair(1), refreshToken: "stolen" });
    const onSignedOut = vi.fn();
    const api1 = client(api.fetch, storage, { onSignedOut });
    const results = await Promise.all([api1.me(), api1.request("GET", "/orders")]);
    expect(results).toEqual([
      { success: false, error: "Сеанс истёк. Войдите снова." },
      { success: false, error: "Сеанс истёк. Войдите снова." },
    ]);
    expect(api.count("POST /auth/refresh")).toBe(1);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(api1.tokens()).toBeNull();
    expect(items.size).toBe(0);
  });

  it("keeps the tokens when the refresh fails because the server is unreachable", async () => {
    const api = fakeApi({
      "GET /auth/me": unauthorized,
      "POST /auth/refresh": () => Promise.reject(new TypeError("Failed to fetch")),
    });
    const { storage } = signedIn(pair(1));
    const onSignedOut = vi.fn();
    const api1 = client(api.fetch, storage, { onSignedOut });
    expect(await api1.me()).toEqual({ success: false, error: "Нет связи с сервером" });
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(api1.tokens()?.refreshToken).toBe("r1");
  });

  it("does not try to refresh a call made without any session", async () => {
    const api = sessionServer();
    const onSignedOut = vi.fn();
    const result = await client(api.fetch, memoryStorage().storage, { onSignedOut }).me();
    expect(result).toEqual({ success: false, error: "Требуется авторизация" });
    expect(api.count("POST /auth/refresh")).toBe(0);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it("gives up after the spec's 10 s, and after a custom timeout, with the Russian message", async () => {
    const hanging = ((_input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
      })) as typeof globalThis.fetch;

    const quick = await client(hanging, memoryStorage().storage, { timeoutMs: 50 }).health();
    expect(quick).toEqual({ success: false, error: "Сервер не ответил за 0,05 секунды" });

    vi.useFakeTimers();
    const pending = client(hanging, memoryStorage().storage).health();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toEqual({ success: false, error: "Сервер не ответил за 10 секунд" });
  });

  it("reports a network failure and a non-JSON answer in Russian", async () => {
    const offline = (() => Promise.reject(new TypeError("Failed to fetch"))) as typeof globalThis.fetch;
    expect(await client(offline, memoryStorage().storage).health()).toEqual({
      success: false,
      error: "Нет связи с сервером",
    });
    const gateway = (async () =>
      new Response("<html>Bad Gateway</html>", { status: 502 })) as typeof globalThis.fetch;
    expect(await client(gateway, memoryStorage().storage).health()).toEqual({
      success: false,
      error: "Некорректный ответ сервера",
    });
  });
});

describe("login", () => {
  it("stores the tokens and the user together", async () => {
    const api = fakeApi({
      "POST /auth/login": () =>
        json(200, { success: true, data: { tokens: pair(1), user: director }, message: "Добро пожаловать!" }),
    });
    const { storage, items } = memoryStorage();
    const api1 = client(api.fetch, storage);
    const result = await api1.login("director@reys.demo", "Reys2025demo");
    expect(result).toMatchObject({ success: true, message: "Добро пожаловать!" });
    expect(api.calls[0].body).toEqual({ email: "director@reys.demo", password: "Reys2025demo" });
    expect(api1.tokens()).toEqual({
      accessToken: "a1",
      refreshToken: "r1",
      accessTokenExpiresAt: T0 + 900_000,
    });
    expect(api1.user()).toEqual(director);
    expect([...items.keys()].sort()).toEqual(Object.values(STORAGE_KEYS).sort());
    expect(api1.accessTokenExpiresInSeconds()).toBe(900);
  });

  it.each([
    [
      "the server's error",
      json(401, { success: false, error: "Неверный email или пароль" }),
      "Неверный email или пароль",
    ],
    [
      "the server's detailed message",
      json(400, {
        success: false,
        error: "Некорректные данные",
        message: "Пароль должен содержать минимум 6 символов",
      }),
      "Пароль должен содержать минимум 6 символов",
    ],
    ["the generic text without a server message", json(500, { success: false }), CLIENT_MESSAGES.loginFailed],
    [
      "the shape error for a 200 without tokens",
      json(200, { success: true, data: { user: director } }),
      "Ошибка входа - неверная структура ответа",
    ],
    [
      "the shape error for a 200 that is not JSON",
      new Response("ok", { status: 200 }),
      "Ошибка входа - неверная структура ответа",
    ],
  ])("fails with %s", async (_name, response, error) => {
    const api = fakeApi({ "POST /auth/login": () => response });
    const { storage, items } = memoryStorage();
    expect(await client(api.fetch, storage).login("a@b.ru", "secret1")).toEqual({ success: false, error });
    expect(items.size).toBe(0);
    expect(api.calls).toHaveLength(1);
  });
});

describe("logout", () => {
  it("clears the local tokens even when the call fails", async () => {
    const offline = (() => Promise.reject(new TypeError("Failed to fetch"))) as typeof globalThis.fetch;
    const { storage, items } = signedIn(pair(1));
    const result = await client(offline, storage).logout();
    expect(result.success).toBe(false);
    expect(items.size).toBe(0);
  });
});

describe("startAutoRefresh", () => {
  it("checks every 4 minutes and refreshes only when under 300 s are left", async () => {
    vi.useFakeTimers();
    let clock = T0;
    const api = sessionServer();
    const { storage } = signedIn(pair(1, T0 + 600_000));
    const api1 = client(api.fetch, storage, { now: () => clock });
    const stop = api1.startAutoRefresh();

    clock += 240_000;
    await vi.advanceTimersByTimeAsync(240_000);
    expect(api1.accessTokenExpiresInSeconds()).toBe(360);
    expect(api.count("POST /auth/refresh")).toBe(0);

    clock += 240_000;
    await vi.advanceTimersByTimeAsync(240_000);
    expect(api.count("POST /auth/refresh")).toBe(1);
    expect(api1.tokens()?.accessToken).toBe("a2");

    stop();
    clock += 3_600_000;
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(api.count("POST /auth/refresh")).toBe(1);
  });
});

describe("initialize (the app-load flow)", () => {
  it("ends unauthenticated without a call when there is no access token", async () => {
    const api = sessionServer();
    const { storage } = memoryStorage({ [STORAGE_KEYS.refreshToken]: "r1" });
    expect(await client(api.fetch, storage).initialize()).toEqual({ user: null, isAuthenticated: false });
    expect(api.calls).toHaveLength(0);
  });

  it("loads the user with a working access token", async () => {
    const api = sessionServer("a1");
    const { storage } = signedIn(pair(1));
    expect(await client(api.fetch, storage).initialize()).toEqual({ user: director, isAuthenticated: true });
    expect(api.count("POST /auth/refresh")).toBe(0);
  });

  it("refreshes and loads the user again when the first load fails", async () => {
    let meCalls = 0;
    const server = sessionServer();
    const api = fakeApi({
      // The first load fails with an outage rather than a 401: the flow still refreshes.
      "GET /auth/me": (_call, init) =>
        ++meCalls === 1
          ? json(503, { success: false, error: "База данных недоступна" })
          : server.fetch("/api/auth/me", init),
      "POST /auth/refresh": (_call, init) => server.fetch("/api/auth/refresh", init),
    });
    const { storage } = signedIn(pair(1));
    const api1 = client(api.fetch, storage);
    expect(await api1.initialize()).toEqual({ user: director, isAuthenticated: true });
    expect(api.calls.map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      "GET /auth/me Bearer a1",
      "POST /auth/refresh null",
      "GET /auth/me Bearer a2",
    ]);
    expect(api1.tokens()?.refreshToken).toBe("r2");
  });

  it("clears the tokens when the user cannot be loaded even after a refresh", async () => {
    const api = fakeApi({
      "GET /auth/me": unauthorized,
      "POST /auth/refresh": () => json(503, { success: false, error: "База данных недоступна" }),
    });
    const { storage, items } = signedIn(pair(1));
    expect(await client(api.fetch, storage).initialize()).toEqual({ user: null, isAuthenticated: false });
    expect(items.size).toBe(0);
  });

  it("clears the tokens when the user cannot be loaded and there is no refresh token", async () => {
    const api = sessionServer();
    const { storage, items } = memoryStorage({ [STORAGE_KEYS.accessToken]: "a1" });
    expect(await client(api.fetch, storage).initialize()).toEqual({ user: null, isAuthenticated: false });
    expect(api.count("POST /auth/refresh")).toBe(0);
    expect(items.size).toBe(0);
  });
});
