import { describe, expect, it } from "vitest";
import { throttleHits } from "../../db/schema";
import { callWeb, createCompanyUser, postJson, sessionFor, testDb } from "./support";

const SAME_ORIGIN = { "sec-fetch-site": "same-origin", origin: "http://reys.test" };

function loginForm(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_ORIGIN, ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  };
}

function registration(ip: string) {
  return postJson(
    {
      firstName: "Ольга",
      lastName: "Кузнецова",
      email: `reg.${crypto.randomUUID().slice(0, 8)}@example.ru`,
      phone: "+79123456789",
      password: "Gruz2025ok",
      companyName: "ООО «Быстрый груз»",
    },
    { "cf-connecting-ip": ip },
  );
}

describe("redirects after sign-in", () => {
  const PAYLOADS = [
    "/%09/evil.example",
    "/%0A/x",
    "/%0D%0A/evil.example",
    "//evil.example",
    "/%5Cevil.example",
    "/%2F%2Fevil.example",
    "/%252F%252Fevil.example",
    "https://evil.example",
    "javascript:alert(1)",
  ];

  it("sends a signed-in visitor only to same-site paths, never answering 500", async () => {
    const { userId } = await createCompanyUser();
    const { cookie } = await sessionFor(userId);
    for (const payload of PAYLOADS) {
      const { response } = await callWeb(`/login?redirectTo=${payload}`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect([payload, response.status]).toEqual([payload, 302]);
      expect([payload, response.headers.get("location")]).toEqual([payload, "/dashboard"]);
    }
    const { response } = await callWeb(`/login?redirectTo=${encodeURIComponent("/sessions?x=1")}`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(response.headers.get("location")).toBe("/sessions?x=1");
  });

  it("sends a visitor who signs in to /dashboard when the form's target leaves the site", async () => {
    const password = "Trassa2025ok";
    const { email } = await createCompanyUser({ password });
    for (const redirectTo of ["/\t/evil.example", "/\n/x", "/\\evil.example"]) {
      const { response } = await callWeb("/login", loginForm({ email, password, redirectTo }));
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/dashboard");
    }
  });
});

describe("throttles under bursts", () => {
  it("judges at most 5 of 40 parallel wrong passwords for one e-mail; the rest get 429", async () => {
    const { email } = await createCompanyUser({ password: "Right2025pass" });
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () =>
        callWeb(
          "/api/auth/login",
          postJson({ email, password: "Wrong2025pass" }, { "cf-connecting-ip": "198.51.100.40" }),
        ),
      ),
    );
    const statuses = attempts.map(({ response }) => response.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    const refused = attempts.find(({ response }) => response.status === 429)!.response;
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await refused.json()).toEqual({
      success: false,
      error: expect.stringMatching(/^Слишком много попыток входа\. Попробуйте снова через \d+ мин\.$/),
    });
  });

  it("counts an IPv6 client by its /64", async () => {
    // 20 failures from one address of the network already…
    const now = new Date();
    await testDb()
      .insert(throttleHits)
      .values(Array.from({ length: 20 }, () => ({ key: "login:ip:2001:db8:7:7::/64", createdAt: now })));
    // …so another address of the same /64 is refused, and one of another /64 is judged.
    const login = (ip: string) =>
      callWeb(
        "/api/auth/login",
        postJson({ email: "nobody@example.ru", password: "Guess2025x" }, { "cf-connecting-ip": ip }),
      );
    expect((await login("2001:db8:7:7:ffff::1")).response.status).toBe(429);
    expect((await login("2001:db8:7:8::1")).response.status).toBe(401);
  });

  it("creates at most 10 accounts per IP an hour; refused payloads cost nothing", async () => {
    const ip = "198.51.100.10";
    // Eight accounts already created from this address in the last hour…
    const now = new Date();
    await testDb()
      .insert(throttleHits)
      .values(Array.from({ length: 8 }, () => ({ key: `register:ip:${ip}`, createdAt: now })));
    // …a payload that fails validation and one whose e-mail is taken do not count…
    const invalid = await callWeb(
      "/api/auth/register",
      postJson({ email: "broken" }, { "cf-connecting-ip": ip }),
    );
    expect(invalid.response.status).toBe(400);
    const ninth = registration(ip);
    expect((await callWeb("/api/auth/register", ninth)).response.status).toBe(201);
    expect((await callWeb("/api/auth/register", ninth)).response.status).toBe(409);

    // …so of three at once, one more is created and two are refused.
    const burst = await Promise.all(
      Array.from({ length: 3 }, () => callWeb("/api/auth/register", registration(ip))),
    );
    const statuses = burst.map(({ response }) => response.status).sort();
    expect(statuses).toEqual([201, 429, 429]);
    const refused = burst.find(({ response }) => response.status === 429)!.response;
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await refused.json()).toEqual({
      success: false,
      error: "Слишком много регистраций с этого адреса. Попробуйте позже.",
    });
    // Another address is not affected.
    expect((await callWeb("/api/auth/register", registration("198.51.100.11"))).response.status).toBe(201);
  });

  it("tells the /register form when to try again once the address has used its accounts", async () => {
    const ip = "198.51.100.12";
    const now = new Date();
    await testDb()
      .insert(throttleHits)
      .values(Array.from({ length: 10 }, () => ({ key: `register:ip:${ip}`, createdAt: now })));
    const password = "Gruz2025ok";
    const { response } = await callWeb(
      "/register",
      loginForm(
        {
          firstName: "Ольга",
          lastName: "Кузнецова",
          email: `reg.${crypto.randomUUID().slice(0, 8)}@example.ru`,
          phone: "+79123456789",
          password,
          confirmPassword: password,
          companyName: "ООО «Быстрый груз»",
        },
        { "cf-connecting-ip": ip },
      ),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await response.text()).toContain("Слишком много регистраций с этого адреса");
  });
});

describe("sessions", () => {
  it("replaces the browser's previous session when it signs in again", async () => {
    const password = "Trassa2025ok";
    const { email, userId } = await createCompanyUser({ password });
    const { cookie: previous } = await sessionFor(userId);
    const { response } = await callWeb("/login", loginForm({ email, password }, { cookie: previous }));
    expect(response.status).toBe(302);
    const fresh = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("reys_session="))!
      .split(";")[0];
    expect(fresh).not.toBe(previous);
    expect((await callWeb("/api/auth/me", { headers: { cookie: previous } })).response.status).toBe(401);
    expect((await callWeb("/api/auth/me", { headers: { cookie: fresh } })).response.status).toBe(200);
  });

  it("uses a __Host- cookie that is always Secure in production, and reads it back", async () => {
    const password = "Trassa2025ok";
    const { email } = await createCompanyUser({ password });
    const production = { APP_ENV: "production" };
    const { response } = await callWeb("/login", loginForm({ email, password }), production);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-reys_session="))!;
    expect(setCookie.split("; ").slice(1).sort()).toEqual([
      expect.stringMatching(/^Expires=/),
      "HttpOnly",
      "Path=/",
      "SameSite=Lax",
      "Secure",
    ]);
    const cookie = setCookie.split(";")[0];
    const me = await callWeb("/api/auth/me", { headers: { cookie } }, production);
    expect(me.response.status).toBe(200);
  });
});

describe("caching of private answers", () => {
  it("marks auth answers, the user's data and signed-in pages no-store", async () => {
    const { userId } = await createCompanyUser();
    const { cookie, bearer } = await sessionFor(userId);
    const answers = [
      await callWeb("/api/auth/login", postJson({ email: "nobody@example.ru", password: "Nobody2025" })),
      await callWeb("/api/auth/me", { headers: { authorization: `Bearer ${bearer}` } }),
      await callWeb("/dashboard", { headers: { cookie } }),
      await callWeb("/dashboard.data", { headers: { cookie } }),
      await callWeb("/sessions", { headers: { cookie } }),
    ];
    for (const { response } of answers) expect(response.headers.get("cache-control")).toBe("no-store");
    // A signed-out visitor's landing page is public and may be cached.
    expect((await callWeb("/")).response.headers.get("cache-control")).not.toBe("no-store");
  });
});

describe("request bodies", () => {
  const big = "a".repeat(3 * 1024 * 1024);

  it("refuses a form post over 256 KiB to a page with 413 before reading it", async () => {
    const declared = await callWeb("/login", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(big.length),
        ...SAME_ORIGIN,
      },
      body: `email=${big}`,
    });
    expect(declared.response.status).toBe(413);
    expect(await declared.response.text()).toContain("Слишком большой запрос");

    const streamed = await callWeb("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_ORIGIN },
      body: new Blob([`email=${big}`]).stream(),
    });
    expect(streamed.response.status).toBe(413);
  });

  it("answers 413 with the envelope under /api", async () => {
    const { response } = await callWeb("/api/auth/register", postJson({ firstName: big }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, error: "Слишком большой запрос" });
  });
});

describe("small leaks", () => {
  it("says the database is down without saying why", async () => {
    const { response } = await callWeb("/api/health", {}, { DATABASE_URL: "http://127.0.0.1:9" });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ success: false, error: "База данных недоступна" });
  });

  it("skips the CSRF check for Bearer clients only", async () => {
    const { userId } = await createCompanyUser();
    const { cookie } = await sessionFor(userId);
    const crossSite = { cookie, "sec-fetch-site": "cross-site", origin: "https://evil.example" };
    const basic = await callWeb("/api/auth/sessions/end-others", {
      method: "POST",
      headers: { ...crossSite, authorization: "Basic dXNlcjpwYXNz" },
    });
    expect(basic.response.status).toBe(403);
    expect((await callWeb("/api/auth/me", { headers: { cookie } })).response.status).toBe(200);
  });
});
