// The partner landing and quick registration (issue 12, items 3, 4 and 6; decision 0034):
// GET /api/landing/landing, GET /api/landing/validate/:codeOrHash, POST
// /api/registration/partner-register and the /partner/:hash page, against a real sqld.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, partnerLinks, throttleHits, users } from "../../db/schema";
import type { AnalyticsEventRecord } from "../../workers/core/analytics/event";
import { MAX_REGISTRATIONS_PER_IP } from "../../workers/core/auth/rate-limit";
import { ipThrottleKey } from "../../workers/core/throttle";
import {
  bearer,
  callWeb,
  newPartnerLink,
  partnerRegistration,
  postJson,
  testDb,
  type SentMessage,
} from "./support";

const unique = () => crypto.randomUUID().slice(0, 8);

type Envelope<T> = { success: boolean; data: T; error?: string; message?: string };

async function landing(query: string) {
  const { response, sent } = await callWeb(`/api/landing/landing?${query}`);
  return { status: response.status, body: await response.json<Envelope<Record<string, unknown>>>(), sent };
}

async function register(payload: unknown, headers: Record<string, string> = {}) {
  const { response, sent } = await callWeb("/api/registration/partner-register", postJson(payload, headers));
  return { response, sent, body: await response.json<Envelope<Record<string, unknown>>>() };
}

const eventsOf = (sent: SentMessage[]): AnalyticsEventRecord[] =>
  sent.flatMap((message) => (message.body.kind === "analytics.ingest" ? message.body.events : []));

async function storedLink(id: string) {
  const [row] = await testDb().select().from(partnerLinks).where(eq(partnerLinks.id, id));
  return row;
}

describe("GET /api/landing/landing", () => {
  it("gives a live link's offer and lead, and records the view with its UTM labels", async () => {
    const link = await newPartnerLink("magnit");
    const { status, body, sent } = await landing(
      `token=${link.uniqueToken}&utm_source=partner&utm_medium=short_link&utm_campaign=magnit`,
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({
      isValid: true,
      alreadyRegistered: false,
      partner: {
        name: "Магнит",
        logo: "/platforms/magnit.svg",
        code: "magnit",
        description: expect.stringContaining("Магнит"),
      },
      discount: {
        discountValue: 15,
        discountType: "percentage",
        description: expect.stringContaining("15%"),
        validUntil: link.discountValidUntil?.toISOString(),
      },
      lead: {
        companyName: link.companyName,
        companyInn: link.companyInn,
        companyAddress: link.companyAddress,
        companyEmail: link.companyEmail,
        companyPhone: link.companyPhone,
        contactName: "Андрей Волков",
        contactEmail: link.contactEmail,
        contactPhone: link.contactPhone,
      },
    });
    const [view] = eventsOf(sent);
    expect(view).toMatchObject({
      eventType: "partner_link_viewed",
      eventCategory: "partner_funnel",
      eventLabel: link.id,
      metadata: {
        utm_source: "partner",
        utm_medium: "short_link",
        utm_campaign: "magnit",
        partnerCode: "magnit",
      },
    });
  });

  it("names the inviting carrier and shows no discount for a carrier's own link", async () => {
    const link = await newPartnerLink();
    const { body } = await landing(`token=${link.uniqueToken}`);
    expect(body.data).toMatchObject({
      isValid: true,
      partner: { name: "ООО «Трасса»", logo: null, code: null },
      discount: null,
    });
  });

  it("answers an unknown or malformed token as invalid, with no lead and no view recorded", async () => {
    const unknown = "a".repeat(32);
    for (const token of [unknown, "abc", "<script>alert(1)</script>", "A".repeat(31) + "!"]) {
      const { status, body, sent } = await landing(new URLSearchParams({ token }).toString());
      expect(status, token).toBe(200);
      expect(body.data, token).toEqual({
        isValid: false,
        alreadyRegistered: false,
        partner: null,
        discount: null,
        lead: null,
      });
      expect(eventsOf(sent)).toEqual([]);
    }
  });

  it("refuses a missing or oversize token, and oversize UTM labels", async () => {
    const missing = await landing("utm_source=partner");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      success: false,
      message: "Партнерская ссылка недействительна (token)",
    });
    expect((await landing(`token=${"a".repeat(201)}`)).status).toBe(400);
    const link = await newPartnerLink();
    expect((await landing(`token=${link.uniqueToken}&utm_campaign=${"x".repeat(201)}`)).status).toBe(400);
  });
});

describe("GET /api/landing/validate/:codeOrHash", () => {
  it("knows the partner codes in any case", async () => {
    const { response } = await callWeb("/api/landing/validate/MAGNIT");
    expect(await response.json()).toEqual({
      success: true,
      data: { valid: true, kind: "partner", code: "magnit", name: "Магнит", discountPercent: 15 },
    });
  });

  it("knows link tokens, used or not, without telling the lead", async () => {
    const link = await newPartnerLink();
    const live = await callWeb(`/api/landing/validate/${link.uniqueToken}`);
    const body = await live.response.json<Envelope<Record<string, unknown>>>();
    expect(body.data).toMatchObject({ valid: true, kind: "link", alreadyRegistered: false });
    expect(body.data).not.toHaveProperty("lead");
    expect(JSON.stringify(body)).not.toContain(link.contactEmail);

    expect((await register(partnerRegistration(link.uniqueToken))).response.status).toBe(201);
    const used = await callWeb(`/api/landing/validate/${link.uniqueToken}`);
    expect((await used.response.json<Envelope<unknown>>()).data).toMatchObject({
      valid: false,
      kind: "link",
      alreadyRegistered: true,
    });
  });

  it("answers anything else as not valid", async () => {
    for (const value of ["unknown", "a".repeat(32), encodeURIComponent("' OR 1=1 --"), "x".repeat(500)]) {
      const { response } = await callWeb(`/api/landing/validate/${value}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, data: { valid: false, kind: null } });
    }
  });
});

describe("POST /api/registration/partner-register", () => {
  it("creates the company and user, signs in, uses the link up and records the registration", async () => {
    const link = await newPartnerLink("lenta");
    const payload = partnerRegistration(link.uniqueToken, { email: `Lead.${unique()}@Example.ru` });
    const { response, body, sent } = await register(payload);
    expect(response.status).toBe(201);
    expect(body.message).toBe("Регистрация успешна!");
    const data = body.data as {
      authToken: string;
      tokens: { accessToken: string; refreshToken: string };
      user: { id: string; email: string; phone: string; company: { id: string; name: string; inn: string } };
    };
    expect(data.authToken).toBe(data.tokens.accessToken);
    expect(data.tokens.refreshToken).toEqual(expect.any(String));
    expect(data.user).toMatchObject({
      email: payload.email.toLowerCase(),
      phone: "+79123456789",
      company: { name: "ООО «Вектор»", inn: payload.companyInn, address: "г Казань, ул Баумана, д 1" },
    });

    const me = await callWeb("/api/auth/me", bearer(data.authToken));
    expect(me.response.status).toBe(200);
    expect((await me.response.json<Envelope<{ id: string }>>()).data.id).toBe(data.user.id);

    const row = await storedLink(link.id);
    expect(row.usedAt).toBeInstanceOf(Date);
    expect(row.registeredCompanyId).toBe(data.user.company.id);
    const [company] = await testDb()
      .select({ partnerSource: companies.partnerSource, campaign: companies.campaign })
      .from(companies)
      .where(eq(companies.id, data.user.company.id));
    expect(company).toEqual({ partnerSource: "lenta", campaign: null });
    expect(eventsOf(sent)).toEqual([
      expect.objectContaining({
        eventType: "partner_registered",
        eventCategory: "partner_funnel",
        userId: data.user.id,
        eventLabel: link.id,
        metadata: expect.objectContaining({
          companyId: data.user.company.id,
          partnerCode: "lenta",
          channel: "api",
        }),
      }),
    ]);

    // The landing now says so, and shows no lead.
    const after = await landing(`token=${link.uniqueToken}`);
    expect(after.body.data).toMatchObject({ isValid: true, alreadyRegistered: true, lead: null });
    expect(eventsOf(after.sent)).toEqual([]);
  });

  it("refuses a second registration with the same link and creates nothing", async () => {
    const link = await newPartnerLink();
    expect((await register(partnerRegistration(link.uniqueToken))).response.status).toBe(201);
    const second = partnerRegistration(link.uniqueToken);
    const { response, body } = await register(second);
    expect(response.status).toBe(409);
    expect(body).toMatchObject({ success: false, error: "Уже зарегистрированы" });
    expect(await testDb().select().from(companies).where(eq(companies.inn, second.companyInn))).toEqual([]);
    expect(await testDb().select().from(users).where(eq(users.email, second.email))).toEqual([]);
  });

  it("lets only one of two simultaneous registrations through one link create a company", async () => {
    const link = await newPartnerLink();
    const payloads = [partnerRegistration(link.uniqueToken), partnerRegistration(link.uniqueToken)];
    const results = await Promise.all(payloads.map((payload) => register(payload)));
    expect(results.map((result) => result.response.status).sort()).toEqual([201, 409]);
    const loser = results.find((result) => result.response.status === 409)!;
    expect(loser.body.error).toBe("Уже зарегистрированы");

    const created = await testDb()
      .select({ id: companies.id })
      .from(companies)
      .where(
        inArray(
          companies.inn,
          payloads.map((payload) => payload.companyInn),
        ),
      );
    expect(created).toHaveLength(1);
    const createdUsers = await testDb()
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.email,
          payloads.map((payload) => payload.email),
        ),
      );
    expect(createdUsers).toHaveLength(1);
    expect((await storedLink(link.id)).registeredCompanyId).toBe(created[0].id);
  });

  it("answers an unknown link and a taken e-mail or INN", async () => {
    const unknown = await register(partnerRegistration("b".repeat(32)));
    expect(unknown.response.status).toBe(404);
    expect(unknown.body.error).toBe("Ссылка недействительна");

    const first = await newPartnerLink();
    const taken = partnerRegistration(first.uniqueToken);
    expect((await register(taken)).response.status).toBe(201);
    const link = await newPartnerLink();
    const sameEmail = await register(partnerRegistration(link.uniqueToken, { email: taken.email }));
    expect(sameEmail.response.status).toBe(409);
    expect(sameEmail.body.error).toBe("Пользователь с таким email уже зарегистрирован");
    const sameInn = await register(partnerRegistration(link.uniqueToken, { companyInn: taken.companyInn }));
    expect(sameInn.response.status).toBe(409);
    expect(sameInn.body.error).toMatch(/^Компания с таким ИНН уже зарегистрирована/);
    expect((await storedLink(link.id)).usedAt).toBeNull();
  });

  it("answers every broken rule with the spec's message and leaves the link unused", async () => {
    const link = await newPartnerLink();
    const cases: [Record<string, unknown>, string][] = [
      [{ phone: "89123456789" }, "Телефон должен быть в формате +7XXXXXXXXXX (phone)"],
      [{ phone: "+7912345678" }, "Телефон должен быть в формате +7XXXXXXXXXX (phone)"],
      [{ phone: "+449123456789" }, "Телефон должен быть в формате +7XXXXXXXXXX (phone)"],
      [{ companyInn: "" }, "ИНН обязателен (companyInn)"],
      [{ companyInn: "12345" }, "ИНН должен содержать 10 или 12 цифр (companyInn)"],
      [{ companyInn: "7707083894" }, "Неверная контрольная сумма ИНН (companyInn)"],
      [{ agreedToTerms: false }, "Необходимо согласие с условиями (agreedToTerms)"],
      [{ agreedToTerms: undefined }, "Необходимо согласие с условиями (agreedToTerms)"],
      [{ companyAddress: "  " }, "Адрес компании обязателен (companyAddress)"],
      [{ companyName: "ОО" }, "Название компании должно содержать минимум 3 символа (companyName)"],
      [{ firstName: "А" }, "Имя должно содержать минимум 2 символа (firstName)"],
      [{ lastName: "" }, "Фамилия обязательна (lastName)"],
      [{ email: "not-an-email" }, "Введите корректный email (email)"],
      [{ password: "short" }, "Пароль должен содержать минимум 8 символов (password)"],
      [
        { password: "vector2025" },
        "Пароль должен содержать заглавную букву, строчную букву и цифру (password)",
      ],
      [{ token: "" }, "Партнерская ссылка недействительна (token)"],
    ];
    for (const [override, message] of cases) {
      const { response, body } = await register(partnerRegistration(link.uniqueToken, override));
      expect(response.status, message).toBe(400);
      expect(body, message).toEqual({ success: false, error: "Некорректные данные", message });
    }
    expect((await storedLink(link.id)).usedAt).toBeNull();
  });

  it("refuses oversize fields", async () => {
    const link = await newPartnerLink();
    const cases: [Record<string, unknown>, string][] = [
      [{ companyName: "Я".repeat(301) }, "Название компании не длиннее 300 символов (companyName)"],
      [{ companyAddress: "Я".repeat(501) }, "Адрес не длиннее 500 символов (companyAddress)"],
      [{ firstName: "Я".repeat(101) }, "Имя не длиннее 100 символов (firstName)"],
      [{ email: `${"a".repeat(250)}@example.ru` }, "Email не длиннее 254 символов (email)"],
      [{ password: `Aa1${"x".repeat(200)}` }, "Пароль не длиннее 128 символов (password)"],
      [{ phone: `+7${"1".repeat(40)}` }, "Телефон должен быть в формате +7XXXXXXXXXX (phone)"],
      [{ token: "a".repeat(201) }, "Партнерская ссылка недействительна (token)"],
    ];
    for (const [override, message] of cases) {
      const { response, body } = await register(partnerRegistration(link.uniqueToken, override));
      expect(response.status, message).toBe(400);
      expect(body.message, message).toBe(message);
    }
    expect((await storedLink(link.id)).usedAt).toBeNull();
  });

  it("shares the sign-up limit per IP: the 11th account an hour from one address is refused", async () => {
    // An address no other file uses: the sign-up limit per IP is shared with /register's tests.
    const ip = "192.0.2.77";
    const now = new Date();
    await testDb()
      .insert(throttleHits)
      .values(
        Array.from({ length: MAX_REGISTRATIONS_PER_IP }, () => ({
          key: `register:ip:${ipThrottleKey(ip)}`,
          createdAt: now,
        })),
      );
    const link = await newPartnerLink();
    const { response, body } = await register(partnerRegistration(link.uniqueToken), {
      "cf-connecting-ip": ip,
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body.error).toBe("Слишком много регистраций с этого адреса. Попробуйте позже.");
    expect((await storedLink(link.id)).usedAt).toBeNull();
  });
});

const FORM_HEADERS = {
  "content-type": "application/x-www-form-urlencoded",
  "sec-fetch-site": "same-origin",
  origin: "http://reys.test",
};

function formOf(payload: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (key === "agreedToTerms") {
      if (value === true) form.set(key, "on");
    } else if (value !== undefined) form.set(key, String(value));
  }
  return form.toString();
}

describe("the /partner/:hash page", () => {
  it("renders the offer, the calculator and the form prefilled from the lead, and records the view", async () => {
    const link = await newPartnerLink("metro");
    const { response, sent } = await callWeb(`/partner/${link.uniqueToken}?utm_source=mail`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="quick-registration-form"');
    expect(html).toContain("METRO");
    expect(html).toContain("Калькулятор экономии");
    for (const value of [link.companyInn, "Андрей", "Волков", link.contactEmail, "+79123456789"]) {
      expect(html, value).toContain(`value="${value}"`);
    }
    expect(html).toContain('href="/terms"');
    expect(html).toContain('href="/privacy"');
    expect(eventsOf(sent)).toEqual([
      expect.objectContaining({
        eventType: "partner_link_viewed",
        metadata: expect.objectContaining({ utm_source: "mail" }),
      }),
    ]);
  });

  it("takes the token from ?token= too, and says when a link is unknown, missing or used", async () => {
    const link = await newPartnerLink();
    const byQuery = await callWeb(`/partner?token=${link.uniqueToken}`);
    expect(await byQuery.response.text()).toContain('data-testid="quick-registration-form"');

    const unknown = await callWeb(`/partner/${"c".repeat(32)}`);
    const unknownHtml = await unknown.response.text();
    expect(unknownHtml).toContain("Ссылка недействительна");
    expect(unknownHtml).not.toContain('data-testid="quick-registration-form"');

    // No token in the path or query: the browser looks in the URL hash; without scripts it cannot.
    const none = await callWeb("/partner");
    const noneHtml = await none.response.text();
    expect(noneHtml).toContain('data-testid="partner-loading"');
    expect(noneHtml).toContain("Партнерская ссылка недействительна");

    const registered = await callWeb(`/partner/${link.uniqueToken}`, {
      method: "POST",
      headers: FORM_HEADERS,
      body: formOf(partnerRegistration(link.uniqueToken)),
    });
    expect(registered.response.status).toBe(200);
    const used = await callWeb(`/partner/${link.uniqueToken}`);
    const usedHtml = await used.response.text();
    expect(usedHtml).toContain("Уже зарегистрированы");
    expect(usedHtml).not.toContain(link.contactEmail);
  });

  it("registers through the form without scripts, sets the session cookie and opens the dashboard after 3 s", async () => {
    const link = await newPartnerLink("metro");
    const payload = partnerRegistration(link.uniqueToken);
    const { response, sent } = await callWeb(`/partner/${link.uniqueToken}?utm_campaign=spring`, {
      method: "POST",
      headers: FORM_HEADERS,
      body: formOf(payload),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Регистрация успешна!");
    expect(html).toContain('content="3;url=/dashboard"');
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.startsWith("reys_session="))
      ?.split(";")[0];
    expect(cookie).toBeDefined();
    const me = await callWeb("/api/auth/me", { headers: { cookie: cookie! } });
    expect((await me.response.json<Envelope<{ email: string }>>()).data.email).toBe(payload.email);
    expect((await storedLink(link.id)).usedAt).toBeInstanceOf(Date);
    expect(eventsOf(sent)).toEqual([
      expect.objectContaining({
        eventType: "partner_registered",
        metadata: expect.objectContaining({ utm_campaign: "spring", channel: "page" }),
      }),
    ]);
    // The company keeps its partner and campaign (decision 0038), and the partner came with its
    // link, so its payments get the partner's discount (decision 0042).
    const [company] = await testDb()
      .select({
        partnerSource: companies.partnerSource,
        partnerViaLink: companies.partnerViaLink,
        campaign: companies.campaign,
      })
      .from(companies)
      .innerJoin(users, eq(users.companyId, companies.id))
      .where(eq(users.email, payload.email.toLowerCase()));
    expect(company).toEqual({ partnerSource: "metro", partnerViaLink: true, campaign: "spring" });
    const dashboard = await callWeb("/dashboard", { headers: { cookie: cookie! } });
    expect(await dashboard.response.text()).toContain('href="/payment"');
  });

  it("shows the rules' messages and creates nothing for a bad form", async () => {
    const link = await newPartnerLink();
    const { response } = await callWeb(`/partner/${link.uniqueToken}`, {
      method: "POST",
      headers: FORM_HEADERS,
      body: formOf(
        partnerRegistration(link.uniqueToken, { phone: "8912", companyInn: "", agreedToTerms: false }),
      ),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      "Телефон должен быть в формате +7XXXXXXXXXX",
      "ИНН обязателен",
      "Необходимо согласие с условиями",
    ]) {
      expect(html, message).toContain(message);
    }
    expect((await storedLink(link.id)).usedAt).toBeNull();
  });
});
