import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/seed/demo";
import { apiLogin, bearer, callWeb, postJson, type Tokens } from "./support";

const { director: DIRECTOR, admin: ADMIN } = DEMO_ACCOUNTS;

function registration(overrides: Record<string, string> = {}) {
  return {
    firstName: "Ольга",
    lastName: "Кузнецова",
    email: `olga.${crypto.randomUUID().slice(0, 8)}@example.ru`,
    phone: "+7 (912) 345-67-89",
    password: "Gruz2025ok",
    companyName: "ООО «Быстрый груз»",
    inn: "",
    kpp: "",
    ogrn: "",
    address: "г. Самара",
    ...overrides,
  };
}

/** Signs in through the /login page as a browser would and returns the session cookie. */
async function browserLogin(credentials: { email: string; password: string }, redirectTo = "") {
  const form = new URLSearchParams({ ...credentials, redirectTo });
  const { response } = await callWeb("/login", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      origin: "http://reys.test",
    },
    body: form,
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("reys_session="))
    ?.split(";")[0];
  return { response, cookie };
}

describe("registration API", () => {
  it("registers a user without signing in, and refuses a second account with the same e-mail in any case", async () => {
    const payload = registration();
    const { response } = await callWeb("/api/auth/register", postJson(payload));
    expect(response.status).toBe(201);
    const body = await response.json<{ data: { user: { email: string } }; message: string }>();
    expect(body.data.user.email).toBe(payload.email);
    expect(body.message).toBe("Регистрация успешна! Теперь войдите в систему.");
    expect(response.headers.get("set-cookie")).toBeNull();

    const again = await callWeb(
      "/api/auth/register",
      postJson({ ...payload, email: payload.email.toUpperCase() }),
    );
    expect(again.response.status).toBe(409);
    expect(await again.response.json()).toEqual({
      success: false,
      error: "Пользователь с таким email уже зарегистрирован",
    });
  });

  it("keeps the partner, campaign and plan the visitor came with: the dashboard offers that plan", async () => {
    const dashboardOffer = async (arrival: Record<string, string>) => {
      const payload = registration(arrival);
      expect((await callWeb("/api/auth/register", postJson(payload))).response.status).toBe(201);
      const { cookie } = await browserLogin(payload);
      const { response } = await callWeb("/dashboard", { headers: { cookie: cookie! } });
      expect(response.status).toBe(200);
      const html = await response.text();
      return /href="(\/payment[^"]*)"[^>]*>Выбрать тариф</.exec(html)?.[1].replaceAll("&amp;", "&");
    };
    expect(await dashboardOffer({ partnerSource: "metro", campaign: "spring_2026", plan: "basic" })).toBe(
      // No partner in the link: /payment reads the company's own, and a URL's partner gives no discount (0042).
      "/payment?plan=basic",
    );
    // Unknown partner, plan and a campaign name no link carries: none of them is kept.
    expect(await dashboardOffer({ partnerSource: "evil", campaign: "<b>x</b>", plan: "gold" })).toBe(
      "/payment",
    );
  });

  it("answers every broken rule with its Russian message and creates nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ email: "not-an-email" }, "Введите корректный email"],
      [{ phone: "0123" }, "Введите корректный номер телефона"],
      [{ password: "short" }, "Пароль должен содержать минимум 8 символов"],
      [{ firstName: "О" }, "Имя должно содержать минимум 2 символа"],
      [{ companyName: "ОО" }, "Название компании должно содержать минимум 3 символа"],
      [{ inn: "123" }, "ИНН должен содержать 10 или 12 цифр"],
    ];
    for (const [override, message] of cases) {
      const { response } = await callWeb("/api/auth/register", postJson(registration(override)));
      expect(response.status).toBe(400);
      const body = await response.json<{ message: string }>();
      expect(body.message).toContain(message);
    }
  });

  it("refuses malformed JSON and wrong content types with a 4xx envelope", async () => {
    const broken = await callWeb("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(broken.response.status).toBe(400);
    const xml = await callWeb("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "text/xml" },
      body: "<a/>",
    });
    expect(xml.response.status).toBe(415);
    expect(await xml.response.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Ожидается JSON/),
    });
    // A payload of the wrong shape is answered in Russian too, not with the validator's English.
    const list = await callWeb("/api/auth/register", postJson([]));
    expect(list.response.status).toBe(400);
    expect(await list.response.json()).toEqual({
      success: false,
      error: "Некорректные данные",
      message: "Ожидается объект",
    });
  });
});

describe("token sign-in", () => {
  it("signs in with JSON or a form body and reads the user with the Bearer token", async () => {
    const { response, body } = await apiLogin(DIRECTOR);
    expect(response.status).toBe(200);
    expect(body.message).toBe("Добро пожаловать!");
    expect(body.data.tokens.expiresIn).toBe(900);
    const form = await callWeb("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(DIRECTOR),
    });
    expect(form.response.status).toBe(200);

    const me = await callWeb("/api/auth/me", bearer(body.data.tokens.accessToken));
    expect(await me.response.json()).toMatchObject({
      success: true,
      data: { email: DIRECTOR.email, role: "user" },
    });
  });

  it("gives the same answer for an unknown e-mail and a wrong password", async () => {
    const unknown = await apiLogin({ email: "nobody@reys.demo", password: "Whatever2025" });
    const wrong = await apiLogin({ email: ADMIN.email, password: "Whatever2025" });
    expect(unknown.response.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual({ success: false, error: "Неверный email или пароль" });
  });

  it("stops the access token at once on logout", async () => {
    const { body } = await apiLogin(DIRECTOR);
    const token = body.data.tokens.accessToken;
    const logout = await callWeb("/api/auth/logout", { method: "POST", ...bearer(token) });
    expect(await logout.response.json()).toMatchObject({ success: true, message: "Вы вышли из системы." });
    const me = await callWeb("/api/auth/me", bearer(token));
    expect(me.response.status).toBe(401);
    expect(await me.response.json()).toEqual({ success: false, error: "Требуется авторизация" });
  });

  it.each([
    ["an empty body and no content type (curl -X POST)", { body: "", headers: {} }],
    ["an empty JSON body", { body: "", headers: { "content-type": "application/json" } }],
    ["an empty object", { body: "{}", headers: { "content-type": "application/json" } }],
  ])("ends the session on logout with a Bearer token and %s", async (_, request) => {
    const { body } = await apiLogin(DIRECTOR);
    const token = body.data.tokens.accessToken;
    const logout = await callWeb("/api/auth/logout", {
      method: "POST",
      body: request.body,
      headers: { authorization: `Bearer ${token}`, ...request.headers },
    });
    expect(logout.response.status).toBe(200);
    expect((await callWeb("/api/auth/me", bearer(token))).response.status).toBe(401);
  });

  it("ends the session with the refresh token when the access token is gone", async () => {
    const { body } = await apiLogin(DIRECTOR);
    const logout = await callWeb(
      "/api/auth/logout",
      postJson({ refreshToken: body.data.tokens.refreshToken }),
    );
    expect(logout.response.status).toBe(200);
    expect((await callWeb("/api/auth/me", bearer(body.data.tokens.accessToken))).response.status).toBe(401);
  });

  it("rotates refresh tokens and revokes the family when a used one is replayed", async () => {
    const { body } = await apiLogin(DIRECTOR);
    const first = body.data.tokens;
    const rotated = await callWeb("/api/auth/refresh", postJson({ refreshToken: first.refreshToken }));
    const { data } = await rotated.response.json<{ data: { tokens: Tokens } }>();
    expect(data.tokens.refreshToken).not.toBe(first.refreshToken);
    expect((await callWeb("/api/auth/me", bearer(data.tokens.accessToken))).response.status).toBe(200);

    const replay = await callWeb("/api/auth/refresh", postJson({ refreshToken: first.refreshToken }));
    expect(replay.response.status).toBe(401);
    expect((await callWeb("/api/auth/me", bearer(data.tokens.accessToken))).response.status).toBe(401);
    const next = await callWeb("/api/auth/refresh", postJson({ refreshToken: data.tokens.refreshToken }));
    expect(next.response.status).toBe(401);
  });

  it("blocks an e-mail after 5 failures in 15 minutes with 429 and a Russian message", async () => {
    const payload = registration();
    await callWeb("/api/auth/register", postJson(payload));
    for (let i = 0; i < 5; i++) {
      expect((await apiLogin({ email: payload.email, password: "Wrong2025x" })).response.status).toBe(401);
    }
    const blocked = await apiLogin({ email: payload.email, password: payload.password });
    expect(blocked.response.status).toBe(429);
    expect(blocked.response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(blocked.body).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Слишком много попыток входа/),
    });
  });
});

describe("browser sessions, guard and CSRF", () => {
  it("signs in through /login, sets an httpOnly Lax cookie and goes back where the user came from", async () => {
    const { response, cookie } = await browserLogin(DIRECTOR, "/sessions");
    expect(cookie).toBeTruthy();
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("reys_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/sessions");

    const me = await callWeb("/api/auth/me", { headers: { cookie: cookie! } });
    expect(await me.response.json()).toMatchObject({ data: { email: DIRECTOR.email } });
    const page = await callWeb("/dashboard", { headers: { cookie: cookie! } });
    expect(page.response.status).toBe(200);
    expect(await page.response.text()).toContain("Добро пожаловать, <!-- -->Алексей<!-- -->!");
  });

  it("drops a cookie whose session is gone, on pages and API alike", async () => {
    for (const path of ["/", "/api/health"]) {
      const { response } = await callWeb(path, { headers: { cookie: "reys_session=not-a-live-session" } });
      const cleared = response.headers.getSetCookie().find((c) => c.startsWith("reys_session="));
      expect(cleared).toMatch(/^reys_session=; .*Expires=Thu, 01 Jan 1970/);
    }
  });

  it("sends a signed-out visitor to /login remembering the page", async () => {
    for (const path of ["/dashboard", "/sessions", "/edo", "/help/orders"]) {
      const { response } = await callWeb(path, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it("refuses cookie-authenticated state changes from another site", async () => {
    const { cookie } = await browserLogin(DIRECTOR);
    const crossSite = await callWeb("/api/auth/logout", {
      method: "POST",
      headers: { cookie: cookie!, "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    });
    expect(crossSite.response.status).toBe(403);
    expect(await crossSite.response.json()).toMatchObject({
      success: false,
      error: "Недопустимый источник запроса",
    });
    const noMetadata = await callWeb("/logout", {
      method: "POST",
      headers: { cookie: cookie! },
      redirect: "manual",
    });
    expect(noMetadata.response.status).toBe(403);
    // The session survived both attempts.
    expect((await callWeb("/api/auth/me", { headers: { cookie: cookie! } })).response.status).toBe(200);
    const sameOrigin = await callWeb("/api/auth/logout", {
      method: "POST",
      headers: { cookie: cookie!, "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.response.status).toBe(200);
    expect((await callWeb("/api/auth/me", { headers: { cookie: cookie! } })).response.status).toBe(401);
  });
});

describe("analytics access", () => {
  it("lets only admins read metrics and journeys, and attributes a signed-in user's events to them", async () => {
    const director = (await apiLogin(DIRECTOR)).body.data;
    const admin = (await apiLogin(ADMIN)).body.data;
    expect((await callWeb("/api/analytics/metrics")).response.status).toBe(401);
    const forbidden = await callWeb("/api/analytics/metrics", bearer(director.tokens.accessToken));
    expect(forbidden.response.status).toBe(403);
    expect(await forbidden.response.json()).toMatchObject({ error: "Доступ запрещен" });
    expect((await callWeb("/api/analytics/metrics", bearer(admin.tokens.accessToken))).response.status).toBe(
      200,
    );

    const event = { id: crypto.randomUUID(), eventType: "page_view", sessionId: "s", userId: "someone-else" };
    const { sent } = await callWeb(
      "/api/analytics/events",
      postJson({ events: [event] }, { authorization: `Bearer ${director.tokens.accessToken}` }),
    );
    const [message] = sent;
    expect(message.body.kind === "analytics.ingest" && message.body.events[0].userId).toBe(director.user.id);
    const journey = await callWeb(
      `/api/analytics/user/${director.user.id}/journey`,
      bearer(admin.tokens.accessToken),
    );
    expect(journey.response.status).toBe(200);
  });
});
