import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, partnerLinks } from "../../db/schema";
import { DEFAULT_LINK_SOURCE } from "../../workers/core/partners/link-schema";
import {
  claimLink,
  createLink,
  generateLink,
  MAX_LINKS_PER_USER_PER_HOUR,
  MAX_SHORT_LINK_MISSES_PER_IP_PER_HOUR,
  SHORT_CODE_ALPHABET,
  type PartnerLinkStats,
  type PartnerLinkView,
} from "../../workers/core/partners/links";
import { callWeb, createCompanyUser, postJson, sessionFor, testDb } from "./support";

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A lead that passes every rule of spec 1 §5 (the INN has valid check digits). */
const LEAD = {
  companyName: "ООО «Северный путь»",
  companyInn: "7707083893",
  companyAddress: "г Москва, ул Вавилова, д 19",
  companyPhone: "+7 495 123-45-67",
  companyEmail: "office@sever.example",
  contactFirstName: "Анна",
  contactLastName: "Ковалёва",
  contactPhone: "+79161234567",
  contactEmail: "anna@sever.example",
};

type Member = { companyId: string; userId: string; bearer: string; companyName: string };

async function member(): Promise<Member> {
  const { companyId, userId } = await createCompanyUser();
  const [company] = await testDb().select().from(companies).where(eq(companies.id, companyId));
  return { companyId, userId, bearer: (await sessionFor(userId)).bearer, companyName: company.name };
}

async function api<T>(who: Member | null, path: string, init: RequestInit = {}) {
  const headers = {
    ...(who ? { authorization: `Bearer ${who.bearer}` } : {}),
    ...(init.headers as Record<string, string>),
  };
  const { response } = await callWeb(`/api/partner${path}`, { ...init, headers });
  const body = await response.json<{ success: boolean; data: T; error?: string; message?: string }>();
  return { status: response.status, body, headers: response.headers };
}

const generate = (who: Member, payload: Record<string, unknown>) =>
  api<PartnerLinkView>(who, "/generate", postJson(payload));

const leads = (who: Member) => api<{ leads: PartnerLinkView[]; stats: PartnerLinkStats }>(who, "/leads");

const follow = (code: string, userAgent: string | null = BROWSER, method = "GET", ip?: string) =>
  callWeb(`/s/${code}`, {
    method,
    headers: { ...(userAgent ? { "user-agent": userAgent } : {}), ...(ip ? { "cf-connecting-ip": ip } : {}) },
    redirect: "manual",
  });

/** A documentation address (RFC 5737) of its own for each test that counts per IP. */
const randomIp = () => `198.51.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** A well-formed code that no link has (one in 10^17 that it does). */
const guessCode = () =>
  [...crypto.getRandomValues(new Uint8Array(12))]
    .map((byte) => SHORT_CODE_ALPHABET[byte % SHORT_CODE_ALPHABET.length])
    .join("");

async function clicksOf(id: string): Promise<number> {
  const [row] = await testDb()
    .select({ clicks: partnerLinks.clicks })
    .from(partnerLinks)
    .where(eq(partnerLinks.id, id));
  return row.clicks;
}

let carrierA: Member;
let carrierB: Member;

beforeAll(async () => {
  [carrierA, carrierB] = await Promise.all([member(), member()]);
});

describe("POST /api/partner/generate", () => {
  it("creates the link with a 32-character token, a 12-character short code and both URLs", async () => {
    const { status, body } = await generate(carrierA, { ...LEAD, companyInn: " 7707 083 893 " });
    expect(status).toBe(201);
    const link = body.data;
    expect(link.unique_token).toMatch(/^[a-z2-7]{32}$/);
    expect(link.short_code).toHaveLength(12);
    expect([...link.short_code].every((c) => SHORT_CODE_ALPHABET.includes(c))).toBe(true);
    expect(link.link).toBe(`http://reys.test/partner/${link.unique_token}`);
    expect(link.short_link).toBe(`http://reys.test/s/${link.short_code}`);
    expect(link).toMatchObject({
      partner_source: { name: carrierA.companyName, code: null },
      source: DEFAULT_LINK_SOURCE,
      clicks: 0,
      used_at: null,
    });
    // The lead is kept for the partner landing's form, the INN without its spaces.
    const [row] = await testDb().select().from(partnerLinks).where(eq(partnerLinks.id, link.id));
    expect(row).toMatchObject({
      companyId: carrierA.companyId,
      createdBy: carrierA.userId,
      companyInn: "7707083893",
      companyName: LEAD.companyName,
      contactEmail: LEAD.contactEmail,
      discountValue: 0,
    });
  });

  it("makes an open invitation from {source} alone, as spec 1 §7 and the API test page send it", async () => {
    const { status, body } = await generate(carrierA, { source: "api_test" });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      partner_source: { name: carrierA.companyName, code: null },
      source: "api_test",
      used_at: null,
    });
    expect((await leads(carrierA)).body.data.leads.map((link) => link.id)).toContain(body.data.id);
    // Its landing offers the quick registration with nothing filled in.
    const page = await callWeb(`/partner/${body.data.unique_token}`);
    expect(page.response.status).toBe(200);
    const html = await page.response.text();
    expect(html).toContain('name="companyInn"');
    expect(html).not.toContain('data-testid="partner-already-registered"');
    // A source that breaks the rule, or a lead with a field left out, is still refused by §5's words.
    const refused = await generate(carrierA, { source: "API test" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "Источник ссылки: латинские буквы, цифры и _ (до 40 символов) (source)",
    );
    const partial = await generate(carrierA, { source: "api_test", companyName: LEAD.companyName });
    expect(partial.body.message).toBe("ИНН обязателен (companyInn)");
  });

  it("answers every §5 message exactly", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...LEAD, companyName: "  " }, "Название компании обязательно (companyName)"],
      [{ ...LEAD, companyInn: undefined }, "ИНН обязателен (companyInn)"],
      [{ ...LEAD, companyInn: "   " }, "ИНН обязателен (companyInn)"],
      [{ ...LEAD, companyInn: "12345" }, "ИНН должен содержать 10 или 12 цифр (companyInn)"],
      [{ ...LEAD, companyInn: "77070838931" }, "ИНН должен содержать 10 или 12 цифр (companyInn)"],
      [{ ...LEAD, companyInn: "77O7083893" }, "ИНН должен содержать 10 или 12 цифр (companyInn)"],
      [{ ...LEAD, companyAddress: "" }, "Адрес компании обязателен (companyAddress)"],
      [{ ...LEAD, contactFirstName: undefined }, "Имя контактного лица обязательно (contactFirstName)"],
      [{ ...LEAD, contactLastName: "" }, "Фамилия контактного лица обязательна (contactLastName)"],
      [{ ...LEAD, contactEmail: "" }, "Email контактного лица обязателен (contactEmail)"],
      [{ ...LEAD, contactEmail: "anna@" }, "Некорректный email (contactEmail)"],
      [{ ...LEAD, companyEmail: "office" }, "Некорректный email компании (companyEmail)"],
    ];
    for (const [payload, message] of cases) {
      const { status, body } = await generate(carrierA, payload);
      expect(status, message).toBe(400);
      expect(body).toEqual({ success: false, error: "Некорректные данные", message });
    }
  });

  it("takes an empty optional company e-mail and phone, and refuses oversize fields", async () => {
    const { status } = await generate(carrierA, {
      ...LEAD,
      companyEmail: "",
      companyPhone: "",
      contactPhone: "",
    });
    expect(status).toBe(201);
    for (const [field, size] of [
      ["companyName", 301],
      ["companyAddress", 501],
      ["contactFirstName", 101],
      ["contactEmail", 260],
      ["companyPhone", 31],
    ] as const) {
      const { status: refused, body } = await generate(carrierA, { ...LEAD, [field]: "а".repeat(size) });
      expect(refused, field).toBe(400);
      expect(body.message).toContain(`(${field})`);
    }
  });

  it("refuses callers who are not signed in", async () => {
    const { response } = await callWeb("/api/partner/generate", postJson(LEAD));
    expect(response.status).toBe(401);
  });

  it("limits one user to MAX_LINKS_PER_USER_PER_HOUR links an hour", async () => {
    const carrier = await member();
    const creator = {
      companyId: carrier.companyId,
      companyName: carrier.companyName,
      userId: carrier.userId,
    };
    const now = Date.now();
    for (let i = 0; i < MAX_LINKS_PER_USER_PER_HOUR - 1; i++) {
      expect((await generateLink(testDb(), creator, { ...LEAD, source: "api" }, now)).ok).toBe(true);
    }
    expect((await generate(carrier, LEAD)).status).toBe(201);
    const refused = await generate(carrier, LEAD);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("Ошибка создания ссылки");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("GET /api/partner/leads", () => {
  it("lists only the caller company's links, newest first, with stats", async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const db = testDb();
    const creatorA = { companyId: a.companyId, companyName: a.companyName, userId: a.userId };
    const first = await createLink(db, creatorA, LEAD, { source: "web_dashboard", now: Date.now() - 2000 });
    const second = await createLink(db, creatorA, LEAD, { source: "web_dashboard", now: Date.now() - 1000 });
    const other = await createLink(
      db,
      { companyId: b.companyId, companyName: b.companyName, userId: b.userId },
      LEAD,
      { source: "web_dashboard", now: Date.now() },
    );

    const mine = await leads(a);
    expect(mine.status).toBe(200);
    expect(mine.body.data.leads.map((l) => l.id)).toEqual([second.id, first.id]);
    expect(mine.body.data.stats).toEqual({
      total: 2,
      used: 0,
      active: 2,
      clicks: 0,
      clicked: 0,
      conversion: 0,
    });
    // The spec's partner link, and nothing of the lead.
    expect(Object.keys(mine.body.data.leads[0]).sort()).toEqual(
      [
        "clicks",
        "created_at",
        "id",
        "last_clicked_at",
        "link",
        "partner_source",
        "short_code",
        "short_link",
        "source",
        "unique_token",
        "used_at",
      ].sort(),
    );

    const theirs = await leads(b);
    expect(theirs.body.data.leads.map((l) => l.id)).toEqual([other.id]);
    expect(JSON.stringify(theirs.body)).not.toContain(first.uniqueToken);
  });

  it("counts clicks, used links and the clicked → registered conversion", async () => {
    const [carrier, registered] = await Promise.all([member(), member()]);
    const db = testDb();
    const creator = {
      companyId: carrier.companyId,
      companyName: carrier.companyName,
      userId: carrier.userId,
    };
    const clickedAndUsed = await createLink(db, creator, LEAD, { source: "web_dashboard", now: Date.now() });
    const clickedOnly = await createLink(db, creator, LEAD, { source: "web_dashboard", now: Date.now() });
    await createLink(db, creator, LEAD, { source: "web_dashboard", now: Date.now() });
    await follow(clickedAndUsed.shortCode);
    await follow(clickedAndUsed.shortCode);
    await follow(clickedOnly.shortCode);
    expect(await claimLink(db, clickedAndUsed.uniqueToken, registered.companyId, Date.now())).toBe(true);

    const { body } = await leads(carrier);
    expect(body.data.stats).toEqual({ total: 3, used: 1, active: 2, clicks: 3, clicked: 2, conversion: 50 });
    const used = body.data.leads.find((l) => l.id === clickedAndUsed.id)!;
    expect(used.used_at).not.toBeNull();
    expect(used.clicks).toBe(2);
  });

  it("refuses callers who are not signed in", async () => {
    expect((await api(null, "/leads")).status).toBe(401);
  });
});

describe("GET /s/:code", () => {
  it("redirects a person to the partner landing with UTM labels, uncached, and counts the click", async () => {
    const { body } = await generate(carrierA, LEAD);
    const link = body.data;

    const { response } = await follow(link.short_code);
    expect(response.status).toBe(302);
    // The campaign is never the short code: the landing's URL goes into analytics.
    expect(response.headers.get("location")).toBe(
      `/partner/${link.unique_token}?utm_source=partner&utm_medium=short_link&utm_campaign=carrier_invite`,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await clicksOf(link.id)).toBe(1);

    // Typed in capitals, it is the same code.
    expect((await follow(link.short_code.toUpperCase())).response.status).toBe(302);
    await Promise.all([follow(link.short_code), follow(link.short_code), follow(link.short_code)]);
    expect(await clicksOf(link.id)).toBe(5);
    const [row] = await testDb().select().from(partnerLinks).where(eq(partnerLinks.id, link.id));
    expect(row.lastClickedAt).not.toBeNull();
  });

  it("redirects crawlers, previews and HEAD probes without counting them", async () => {
    const { body } = await generate(carrierA, LEAD);
    const link = body.data;
    for (const visit of [follow(link.short_code, GOOGLEBOT), follow(link.short_code, null)]) {
      const { response } = await visit;
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toContain(`/partner/${link.unique_token}?`);
    }
    expect((await follow(link.short_code, BROWSER, "HEAD")).response.status).toBe(302);
    expect(await clicksOf(link.id)).toBe(0);
  });

  it("uses the partner's code as the campaign of a retail partner's link", async () => {
    const link = await createLink(
      testDb(),
      { companyId: carrierA.companyId, companyName: carrierA.companyName, userId: carrierA.userId },
      LEAD,
      { source: "seed", partnerCode: "magnit", now: Date.now() },
    );
    expect(link).toMatchObject({
      partnerSourceName: "Магнит",
      discountValue: 15,
      discountType: "percentage",
    });
    const { response } = await follow(link.shortCode);
    expect(response.headers.get("location")).toBe(
      `/partner/${link.uniqueToken}?utm_source=partner&utm_medium=short_link&utm_campaign=magnit`,
    );
  });

  it("answers an unknown or malformed code with a Russian 404 page", async () => {
    for (const code of ["zzzzzzzz", "zzzzzzzzzzzz", "abc", "a".repeat(300), "%D0%B0%D0%B1"]) {
      const { response } = await follow(code);
      expect(response.status, code).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(await response.text()).toContain("Ссылка не найдена");
    }
  });

  it("keeps an 8-character code made before codes grew working", async () => {
    const link = await createLink(
      testDb(),
      { companyId: carrierA.companyId, companyName: carrierA.companyName, userId: carrierA.userId },
      LEAD,
      { source: "web_dashboard", now: Date.now() },
    );
    const legacyCode = link.shortCode.slice(0, 8);
    await testDb().update(partnerLinks).set({ shortCode: legacyCode }).where(eq(partnerLinks.id, link.id));
    const { response } = await follow(legacyCode.toUpperCase());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain(`/partner/${link.uniqueToken}?`);
  });

  it("answers 429 to an address that guessed too many codes, for any code, while others follow theirs", async () => {
    const { body } = await generate(carrierA, LEAD);
    const link = body.data;
    const guesser = randomIp();
    for (let miss = 1; miss <= MAX_SHORT_LINK_MISSES_PER_IP_PER_HOUR; miss++) {
      expect((await follow(guessCode(), BROWSER, "GET", guesser)).response.status, `miss ${miss}`).toBe(404);
    }
    const refused = (await follow(guessCode(), BROWSER, "GET", guesser)).response;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("content-type")).toContain("text/html");
    expect(await refused.text()).toContain("Слишком много запросов");
    // A right guess would tell the guesser nothing now: a live code answers 429 to it too …
    const live = (await follow(link.short_code, BROWSER, "GET", guesser)).response;
    expect(live.status).toBe(429);
    expect(live.headers.get("location")).toBeNull();
    // … while a person at another address follows it as before.
    expect((await follow(link.short_code, BROWSER, "GET", randomIp())).response.status).toBe(302);
    expect(await clicksOf(link.id)).toBe(1);
  });

  it("counts at most the limit of misses from one address, even in a parallel burst", async () => {
    const guesser = randomIp();
    const burst = await Promise.all(
      Array.from({ length: MAX_SHORT_LINK_MISSES_PER_IP_PER_HOUR + 10 }, () =>
        follow(guessCode(), BROWSER, "GET", guesser),
      ),
    );
    const statuses = burst.map(({ response }) => response.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(MAX_SHORT_LINK_MISSES_PER_IP_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe("claimLink", () => {
  it("claims a link once, even for two registrations at the same moment", async () => {
    const [first, second] = await Promise.all([member(), member()]);
    const { body } = await generate(carrierA, LEAD);
    const token = body.data.unique_token;
    const db = testDb();
    const now = Date.now();
    const results = await Promise.all([
      claimLink(db, token, first.companyId, now),
      claimLink(testDb(), token, second.companyId, now),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? first : second;
    const [row] = await db.select().from(partnerLinks).where(eq(partnerLinks.uniqueToken, token));
    expect(row.usedAt?.getTime()).toBe(now);
    expect(row.registeredCompanyId).toBe(winner.companyId);
    // Used is used: a later claim changes nothing.
    expect(await claimLink(db, token, first.companyId, now + 1000)).toBe(false);
    expect(await claimLink(db, "no-such-token", first.companyId, now)).toBe(false);
  });
});

describe("GET /api/partner/ping", () => {
  it("answers ok with the server time", async () => {
    const { status, body } = await api<{ status: string; time: string }>(carrierB, "/ping");
    expect(status).toBe(200);
    expect(body.data.status).toBe("ok");
    expect(Math.abs(Date.parse(body.data.time) - Date.now())).toBeLessThan(60_000);
  });
});

describe("the /partners page", () => {
  const form = (fields: Record<string, string>, cookie: string): RequestInit => ({
    method: "POST",
    headers: {
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      origin: "http://reys.test",
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

  it("creates a link from the dialog and shows only the company's links", async () => {
    const carrier = await member();
    const { cookie } = await sessionFor(carrier.userId);
    const created = await callWeb("/partners?create=1", form({ intent: "create", ...LEAD }, cookie));
    expect(created.response.status).toBe(302);
    expect(created.response.headers.get("location")).toBe("/partners");

    const refused = await callWeb(
      "/partners?create=1",
      form({ intent: "create", ...LEAD, companyInn: "" }, cookie),
    );
    expect(refused.response.status).toBe(400);
    expect(await refused.response.text()).toContain("ИНН обязателен");

    const { response } = await callWeb("/partners", { headers: { cookie } });
    expect(response.status).toBe(200);
    const page = await response.text();
    const [row] = await testDb()
      .select()
      .from(partnerLinks)
      .where(eq(partnerLinks.companyId, carrier.companyId));
    expect(page).toContain(row.uniqueToken);
    expect(page).toContain(`/s/${row.shortCode}`);
    const { body } = await generate(carrierB, LEAD);
    const again = await (await callWeb("/partners", { headers: { cookie } })).response.text();
    expect(again).not.toContain(body.data.unique_token);
  });
});
