// GET /api/edo/clients, /api/edo/clients/:inn and the /edo-clients pages (issue 23, item 4; spec 2
// §2.11, §3 «Client summary»; spec 3 §2, §3 «Client data», §9 «Client activity»; decision 0061):
// every rule against a small hand-checked mirror — grouping by role and INN, the company itself
// left out, the activity bands at their 7- and 30-day edges, search folding Cyrillic case, the
// role, activity, period and status filters, paging, a client's card with its documents, routes
// and orders, and the company's own mirror only.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { edoConnections, edoDocuments, platformOrders } from "../../db/schema";
import type { EdoClientCard, EdoClients } from "../../workers/core/edo/clients";
import { activityOf } from "../../workers/core/edo/clients-schemas";
import type { WireDocument, WireParty } from "../../workers/providers/edo-operator";
import { edoConnectionRow, edoOrderRow } from "../support/edo-rows";
import { textOf } from "../support/page-text";
import { callWeb, createCompanyUser, mirrorEdoDocuments, sessionFor, testDb } from "./support";

const DAY = 86_400_000;
const MINUTE = 60_000;

type Member = {
  companyId: string;
  connectionId: string;
  auth: Record<string, string>;
  cookie: string;
  login: string;
};

async function member(options: { connected?: boolean; tokenExpiresAt?: number } = {}): Promise<Member> {
  const { companyId, userId } = await createCompanyUser();
  const login = `clients-${companyId.slice(0, 8)}`;
  const connection = {
    ...edoConnectionRow(companyId, login),
    tokenExpiresAt: new Date(options.tokenExpiresAt ?? Date.now() + 3_600_000),
    lastSyncedAt: new Date("2026-11-20T10:00:00Z"),
  };
  if (options.connected !== false) await testDb().insert(edoConnections).values(connection);
  const session = await sessionFor(userId);
  return {
    companyId,
    connectionId: connection.id,
    auth: { authorization: `Bearer ${session.bearer}` },
    cookie: session.cookie,
    login,
  };
}

const SELF: WireParty = { accName: "ООО «Своя Компания»", inn: "7704000001", kpp: "770401001" };
const TANDER: WireParty = { accName: "АО «Тандер»", inn: "2310031475", kpp: "231001001" };
const TANDER_OLD: WireParty = { accName: "ОАО «Тандер»", inn: "2310031475", kpp: "231001000" };
const AGROTORG: WireParty = { accName: "ООО «Агроторг»", inn: "7825706086", kpp: "784101001" };
const LENTA: WireParty = { accName: "ООО «Лента»", inn: "7814148471", kpp: "781401001" };
const PEK: WireParty = { accName: "ООО «ПЭК»", inn: "7714312079", kpp: "771401001" };
const YOLKIN: WireParty = { accName: "ИП Ёлкин Пётр Сергеевич", inn: "500100732259", kpp: null };
const STRANGER: WireParty = { accName: "ООО «Чужой Клиент»", inn: "7701000002", kpp: "770101001" };

const MOSCOW = "г Москва, ул Складочная, д 1";
const MOSCOW_2 = "г Москва, ул Тверская, д 7";
const PODOLSK = "Московская обл, г Подольск, ул Южная, д 5";
const PODOLSK_2 = "Московская обл, г Подольск, ул Ленина, д 1";
const KAZAN = "г Казань, ул Баумана, д 5";

/** The operator's createDate of an instant: Moscow wall time with its offset, to the second. */
const operatorDate = (at: number) => `${new Date(at + 3 * 3_600_000).toISOString().slice(0, 19)}+03:00`;

/** A transport waybill created at `at`: the account a carrier (TK) unless `role` says otherwise. */
function waybill(
  at: number,
  parties: { go?: WireParty; gp?: WireParty; tk?: WireParty },
  o: { role?: "GO" | "GP" | "TK"; status?: string; from?: string; to?: string; deleted?: boolean } & {
    expired?: boolean;
    category?: WireDocument["docflowType"];
  } = {},
): WireDocument {
  const id = crypto.randomUUID();
  const created = operatorDate(at);
  return {
    id,
    docflowType: o.category ?? "ETRN",
    createDate: created,
    updateDate: created,
    read: true,
    statusCode: o.status ?? "ON_TRNACLGROT",
    roleCode: o.role ?? "TK",
    expired: o.expired ?? false,
    deleted: o.deleted ?? false,
    info: {
      doc: {
        num: `ЭТрН-${id.slice(0, 6)}`,
        date: created.slice(0, 10),
        trns: "1",
        driver: null,
        chainId: id,
        trip: null,
      },
      go: parties.go ?? null,
      gp: parties.gp ?? null,
      tk: parties.tk ?? SELF,
      driver: null,
      ts: null,
      loading: { addr: o.from ?? MOSCOW },
      unloading: { addr: o.to ?? PODOLSK },
      cargo: null,
      documents: [{ id: `${id}-1`, type: "ON_TRNACLGROT", dateTime: created, contentSize: 0 }],
      lastdoc: null,
    },
  };
}

/**
 * The hand-checked mirror, dated from `now`: d1–d6 count, a deleted, an expired and a non-ETRN
 * docflow never do. Clients (role, INN) and their documents:
 *   GO Тандер d1 d2 (last d1: active)       GP Агроторг d1 d6 (last d1: active)
 *   GP Лента d2 d4 (last d2, 7 days less a minute ago: active)
 *   GO Агроторг d3, GP Тандер d3 d5 (7 days and a minute ago: moderately active)
 *   TK ПЭК d4 (30 days less a minute: moderately active)   GO Ёлкин d5 (30 days and a minute: inactive)
 * The company itself (7704000001) is the carrier of all but d4, the shipper of d4 (its role GO
 * there) and also the shipper of d6 — never a client.
 */
function fixture(now: number) {
  const d1 = waybill(now - DAY, { go: TANDER, gp: AGROTORG }, { status: "ON_TRNACLPVYN" });
  const d2 = waybill(now - 7 * DAY + MINUTE, { go: TANDER, gp: LENTA }, { from: MOSCOW_2, to: PODOLSK_2 });
  const d3 = waybill(now - 7 * DAY - MINUTE, { go: AGROTORG, gp: TANDER }, { from: KAZAN, to: MOSCOW });
  const d4 = waybill(now - 30 * DAY + MINUTE, { go: SELF, gp: LENTA, tk: PEK }, { role: "GO", to: KAZAN });
  const d5 = waybill(now - 30 * DAY - MINUTE, { go: YOLKIN, gp: TANDER_OLD }, { to: KAZAN });
  const d6 = waybill(Date.parse("2024-07-15T10:00:00+03:00"), { go: SELF, gp: AGROTORG });
  const never = [
    waybill(now - DAY, { go: STRANGER }, { deleted: true }),
    waybill(now - DAY, { go: STRANGER }, { expired: true }),
    waybill(now - DAY, { go: STRANGER }, { category: "PTL" }),
  ];
  return { d1, d2, d3, d4, d5, d6, all: [d1, d2, d3, d4, d5, d6, ...never] };
}

type Clients = EdoClients & { lastSyncedAt: string | null };

async function clients(m: Member, filters: Record<string, string> = {}, login = m.login) {
  const { response } = await callWeb(`/api/edo/clients?${new URLSearchParams({ login, ...filters })}`, {
    headers: m.auth,
  });
  const body = await response.json<{ success: boolean; data: Clients; error?: string }>();
  return { status: response.status, body, data: body.data };
}

async function card(m: Member, inn: string, filters: Record<string, string> = {}, login = m.login) {
  const { response } = await callWeb(
    `/api/edo/clients/${inn}?${new URLSearchParams({ login, ...filters })}`,
    { headers: m.auth },
  );
  const body = await response.json<{ success: boolean; data: EdoClientCard; error?: string }>();
  return { status: response.status, body, data: body.data };
}

/** The clients in the answer's order as «role name documents activity». */
const rowsOf = (data: EdoClients) =>
  data.clients.map((c) => `${c.role} ${c.name} ${c.documentsCount} ${c.activity}`);

const HAND_CHECKED = [
  "GO АО «Тандер» 2 active",
  "GP ООО «Агроторг» 2 active",
  "GP ООО «Лента» 2 active",
  "GP АО «Тандер» 2 moderate",
  "GO ООО «Агроторг» 1 moderate",
  "TK ООО «ПЭК» 1 moderate",
  "GO ИП Ёлкин Пётр Сергеевич 1 inactive",
];

describe("GET /api/edo/clients", () => {
  it("groups the counterparties by role and INN, leaves the company out and bands them by their last document", async () => {
    const a = await member();
    const now = Date.now();
    const { d1, d3, all } = fixture(now);
    await mirrorEdoDocuments(a.companyId, all);
    const { status, data } = await clients(a);
    expect(status).toBe(200);
    expect(data.lastSyncedAt).toBe("2026-11-20T10:00:00.000Z");
    expect(rowsOf(data)).toEqual(HAND_CHECKED);
    expect(data.clients.some((c) => c.inn === SELF.inn || c.inn === STRANGER.inn)).toBe(false);
    expect(data.totalClients).toBe(7);
    expect(data.totalDocuments).toBe(6);
    // The card counts 30 days: all but Ёлкин.
    expect(data.activeClients).toBe(6);
    expect(data.roleDistribution).toEqual([
      { role: "GO", count: 3 },
      { role: "GP", count: 3 },
      { role: "TK", count: 1 },
    ]);
    expect(data.activityDistribution).toEqual([
      { activity: "active", count: 3 },
      { activity: "moderate", count: 3 },
      { activity: "inactive", count: 1 },
    ]);
    // Name and KPP from the newest document naming it: d3's, not d5's «ОАО».
    const tanderGp = data.clients.find((c) => c.role === "GP" && c.inn === TANDER.inn);
    expect(tanderGp).toEqual({
      name: TANDER.accName,
      inn: TANDER.inn,
      kpp: TANDER.kpp,
      role: "GP",
      documentsCount: 2,
      lastDocumentDate: new Date(Date.parse(d3.createDate)).toISOString(),
      activity: "moderate",
    });
    expect(data.clients[0].lastDocumentDate).toBe(new Date(Date.parse(d1.createDate)).toISOString());
    expect(data.clients.at(-1)?.kpp).toBeNull();
    expect([data.matched, data.page, data.pageSize, data.pageCount]).toEqual([7, 1, 50, 1]);
  });

  it("bands at the edges: 7 days is active, 30 days moderately active, a moment more is the next band", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(activityOf(now, now)).toBe("active");
    expect(activityOf(now - 7 * DAY, now)).toBe("active");
    expect(activityOf(now - 7 * DAY - 1, now)).toBe("moderate");
    expect(activityOf(now - 30 * DAY, now)).toBe("moderate");
    expect(activityOf(now - 30 * DAY - 1, now)).toBe("inactive");
  });

  it("searches names and INNs whatever the case, ё as е; filters by role and activity; pages", async () => {
    const a = await member();
    await mirrorEdoDocuments(a.companyId, fixture(Date.now()).all);
    const names = async (filters: Record<string, string>) => rowsOf((await clients(a, filters)).data);
    expect(await names({ search: "ТАНДЕР" })).toEqual([HAND_CHECKED[0], HAND_CHECKED[3]]);
    expect(await names({ search: "тандер" })).toEqual([HAND_CHECKED[0], HAND_CHECKED[3]]);
    expect(await names({ search: "елкин" })).toEqual([HAND_CHECKED[6]]);
    expect(await names({ search: "ЁЛКИН п" })).toEqual([HAND_CHECKED[6]]);
    expect(await names({ search: "78257" })).toEqual([HAND_CHECKED[1], HAND_CHECKED[4]]);
    expect(await names({ search: "нет такого" })).toEqual([]);
    expect(await names({ role: "TK" })).toEqual([HAND_CHECKED[5]]);
    expect(await names({ activity: "moderate" })).toEqual(HAND_CHECKED.slice(3, 6));
    expect(await names({ role: "GO", activity: "active" })).toEqual([HAND_CHECKED[0]]);
    // The stats stay those of the whole list; matched and the page follow the filters.
    const narrowed = (await clients(a, { role: "GP" })).data;
    expect([narrowed.totalClients, narrowed.matched, narrowed.activeClients]).toEqual([7, 3, 6]);
    const second = (await clients(a, { pageSize: "2", page: "2" })).data;
    expect(rowsOf(second)).toEqual(HAND_CHECKED.slice(2, 4));
    expect([second.matched, second.page, second.pageCount]).toEqual([7, 2, 4]);
    // A page past the end shows the last one.
    expect((await clients(a, { pageSize: "2", page: "9" })).data.page).toBe(4);
    expect((await clients(a, { role: "XX" })).status).toBe(400);
    expect((await clients(a, { activity: "busy" })).status).toBe(400);
  });

  it("counts the documents the period, status and how-many filters leave", async () => {
    const a = await member();
    await mirrorEdoDocuments(a.companyId, fixture(Date.now()).all);
    // Q3 2024 (Moscow): only d6, whose shipper is the company itself.
    const quarter = (await clients(a, { period: "20243" })).data;
    expect(rowsOf(quarter)).toEqual(["GP ООО «Агроторг» 1 inactive"]);
    expect(quarter.totalDocuments).toBe(1);
    const delivered = (await clients(a, { status: "ON_TRNACLPVYN" })).data;
    expect(rowsOf(delivered)).toEqual(["GO АО «Тандер» 1 active", "GP ООО «Агроторг» 1 active"]);
    const all = (await clients(a, { limit: "500" })).data;
    expect(all.totalDocuments).toBe(6);
    expect((await clients(a, { limit: "700" })).status).toBe(400);
  });

  it("counts the most recent 1000 documents by default (spec 3 §9), every document with limit 0", async () => {
    const a = await member();
    const now = Date.now();
    const recent = Array.from({ length: 1000 }, (_, i) => waybill(now - (i + 1) * MINUTE, { go: TANDER }));
    await mirrorEdoDocuments(a.companyId, [...recent, waybill(now - 2 * DAY, { gp: LENTA })]);
    const latest = (await clients(a)).data;
    expect(rowsOf(latest)).toEqual(["GO АО «Тандер» 1000 active"]);
    expect(latest.totalDocuments).toBe(1000);
    const every = (await clients(a, { limit: "0" })).data;
    expect(rowsOf(every)).toEqual(["GO АО «Тандер» 1000 active", "GP ООО «Лента» 1 active"]);
    expect(every.totalDocuments).toBe(1001);
    expect((await card(a, LENTA.inn)).status).toBe(404);
    expect((await card(a, LENTA.inn, { limit: "0" })).data.documentsCount).toBe(1);
  });

  it("counts documents mirrored before migration 0023 (no role or place columns) the same", async () => {
    const a = await member();
    const { all, d1 } = fixture(Date.now());
    await mirrorEdoDocuments(a.companyId, all);
    const before = await clients(a);
    const cardBefore = await card(a, LENTA.inn);
    await testDb()
      .update(edoDocuments)
      .set({ role: null, loadingPlace: null, unloadingPlace: null })
      .where(and(eq(edoDocuments.companyId, a.companyId), sql`${edoDocuments.id} <> ${d1.id}`));
    expect((await clients(a)).data).toEqual(before.data);
    expect((await card(a, LENTA.inn)).data).toEqual(cardBefore.data);
  });

  it("counts only the caller's mirror; another login is not found, an expired token 409", async () => {
    const a = await member();
    const b = await member();
    await mirrorEdoDocuments(a.companyId, fixture(Date.now()).all);
    await mirrorEdoDocuments(b.companyId, [waybill(Date.now() - DAY, { go: STRANGER, gp: LENTA })]);
    const own = (await clients(b)).data;
    expect(rowsOf(own)).toEqual(["GP ООО «Лента» 1 active", "GO ООО «Чужой Клиент» 1 active"]);
    expect(own.totalDocuments).toBe(1);
    expect((await clients(a)).data.clients.some((c) => c.inn === STRANGER.inn)).toBe(false);
    const foreign = await clients(b, {}, a.login);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("Логин ЭДО не найден");
    expect((await clients(await member({ connected: false }))).status).toBe(404);
    const stale = await clients(await member({ tokenExpiresAt: Date.now() - 1_000 }));
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/Токен ЭДО не найден или истек/);
  });
});

describe("GET /api/edo/clients/:inn", () => {
  it("answers a client's roles, documents newest first, routes city to city and the orders made from its documents", async () => {
    const a = await member();
    const b = await member();
    const { d1, d2, d3, d5, all } = fixture(Date.now());
    await mirrorEdoDocuments(a.companyId, all);
    const order = edoOrderRow(a.companyId, a.connectionId, d1);
    await testDb().insert(platformOrders).values(order);
    // Company B's own order from a document of its own naming Тандер: never on A's card.
    const theirs = waybill(Date.now() - DAY, { go: TANDER });
    await mirrorEdoDocuments(b.companyId, [theirs]);
    await testDb()
      .insert(platformOrders)
      .values(edoOrderRow(b.companyId, b.connectionId, theirs));

    const { status, data } = await card(a, TANDER.inn);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      inn: TANDER.inn,
      name: TANDER.accName,
      kpp: TANDER.kpp,
      documentsCount: 4,
      activity: "active",
      ordersCount: 1,
    });
    expect(data.roles.map((r) => `${r.role} ${r.name} ${r.documentsCount}`)).toEqual([
      "GO АО «Тандер» 2",
      "GP АО «Тандер» 2",
    ]);
    expect(data.documents.map((d) => [d.id, d.roles.join()])).toEqual([
      [d1.id, "GO"],
      [d2.id, "GO"],
      [d3.id, "GP"],
      [d5.id, "GP"],
    ]);
    expect(data.documents[0]).toMatchObject({
      number: d1.info.doc.num,
      statusCode: "ON_TRNACLPVYN",
      loading: MOSCOW,
      unloading: PODOLSK,
    });
    expect(data.routes).toEqual([
      { from: "Москва", to: "Подольск", count: 2 },
      { from: "Казань", to: "Москва", count: 1 },
      { from: "Москва", to: "Казань", count: 1 },
    ]);
    expect(data.orders).toEqual([
      {
        id: order.id,
        number: d1.info.doc.num,
        status: order.status,
        createdAt: new Date(Date.parse(d1.createDate)).toISOString(),
        priceKopecks: null,
      },
    ]);
    // The filters narrow the card as they narrow the list.
    const q = (await card(a, TANDER.inn, { status: "ON_TRNACLPVYN" })).data;
    expect([q.documentsCount, q.roles.length, q.ordersCount]).toEqual([1, 1, 1]);
  });

  it("is not found for the company itself, another company's client or an INN no document names", async () => {
    const a = await member();
    const b = await member();
    await mirrorEdoDocuments(a.companyId, fixture(Date.now()).all);
    await mirrorEdoDocuments(b.companyId, [waybill(Date.now() - DAY, { go: STRANGER })]);
    for (const inn of [SELF.inn, STRANGER.inn, "7700000000"]) {
      const answer = await card(a, inn);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe("Клиент ЭДО не найден");
    }
    expect((await card(b, STRANGER.inn)).status).toBe(200);
    expect((await card(b, STRANGER.inn, {}, a.login)).status).toBe(404);
    expect((await card(a, "12345")).status).toBe(400);
  });
});

async function page(path: string, m: Member) {
  const { response } = await callWeb(path, { headers: { cookie: m.cookie } });
  const html = await response.text();
  return { status: response.status, html, text: textOf(html) };
}

describe("/edo-clients", () => {
  it("without EDO asks to connect and says «ЭДО не подключено»; the sidebar's «Клиенты ЭДО» is ready", async () => {
    const none = await member({ connected: false });
    const { status, html, text } = await page("/edo-clients", none);
    expect(status).toBe(200);
    expect(text).toContain("ЭДО не подключено");
    expect(text).toContain("Подключить ЭДО");
    expect(html).not.toContain("Фильтры клиентов");
    const link = html.match(/<a[^>]*href="\/edo-clients"[^>]*>[\s\S]*?<\/a>/)?.[0] ?? "";
    expect(textOf(link)).toContain("Клиенты ЭДО");
    expect(textOf(link)).not.toContain("скоро");
    const expired = await member({ tokenExpiresAt: Date.now() - 1_000 });
    expect((await page("/edo-clients", expired)).text).toContain("ЭДО не подключено");
  });

  it("shows the stats, the role distribution and the table, and reads search and filters from the URL", async () => {
    const a = await member();
    const b = await member();
    await mirrorEdoDocuments(a.companyId, fixture(Date.now()).all);
    await mirrorEdoDocuments(b.companyId, [waybill(Date.now() - DAY, { go: STRANGER })]);
    const { status, html, text } = await page("/edo-clients", a);
    expect(status).toBe(200);
    expect(text).toContain("Обновлено: 20.11.2026, 13:00");
    expect(text).toMatch(
      /Всего клиентов 7 Всего документов 6 Активные клиенты 6 С документом за последние 30 дней/,
    );
    expect(html).toContain("<caption>Распределение по ролям</caption>");
    expect(html).toContain('<th scope="row">Грузоотправитель</th><td>3</td>');
    expect(html).toContain('<th scope="row">Перевозчик</th><td>1</td>');
    expect(html).toContain('<th scope="row">Неактивный</th><td>1</td>');
    expect(html.match(/data-testid="client-row"/g)).toHaveLength(7);
    expect(html.match(/data-testid="client-card"/g)).toHaveLength(7);
    expect(text).toContain("АО «Тандер» 2310031475 / 231001001 Грузоотправитель 2");
    expect(html).toContain(`href="/edo-clients/${TANDER.inn}"`);
    expect(html).toMatch(/data-activity="moderate"[^>]*>Умеренно активный</);
    expect(text).not.toContain(STRANGER.accName);
    expect(text).not.toContain(SELF.accName);

    const found = await page("/edo-clients?q=%D0%81%D0%9B%D0%9A%D0%98%D0%9D", a);
    expect(found.text).toContain("Найдено клиентов: 1");
    expect(found.text).toContain("ИП Ёлкин Пётр Сергеевич");
    expect(found.html).toMatch(/<input[^>]*name="q"[^>]*value="ЁЛКИН"/);
    const carriers = await page("/edo-clients?role=TK&period=0", a);
    expect(carriers.html.match(/data-testid="client-row"/g)).toHaveLength(1);
    expect(carriers.html).toMatch(/<option value="TK" selected="">Перевозчик<\/option>/);
    // The stats stay the whole list's; the card keeps the documents' filters.
    expect(carriers.text).toContain("Всего клиентов 7");
    const quarter = await page("/edo-clients?period=20243", a);
    expect(quarter.html).toContain(`href="/edo-clients/${AGROTORG.inn}?period=20243"`);
    expect((await page("/edo-clients?q=nothing-like-it", a)).text).toContain(
      "Никого не нашли. Измените поиск или фильтры.",
    );
    // A hand-edited value falls back to its default.
    expect((await page("/edo-clients?role=XX&limit=7", a)).text).toContain("Найдено клиентов: 7");
  });

  it("says so when the documents name no client", async () => {
    const a = await member();
    const { text } = await page("/edo-clients", a);
    expect(text).toContain("В документах ЭДО с такими фильтрами нет клиентов.");
  });

  it("opens a client's card with its roles, documents, routes and orders; another company's client is not found", async () => {
    const a = await member();
    const b = await member();
    const { d1, all } = fixture(Date.now());
    await mirrorEdoDocuments(a.companyId, all);
    await testDb()
      .insert(platformOrders)
      .values(edoOrderRow(a.companyId, a.connectionId, d1));
    await mirrorEdoDocuments(b.companyId, [waybill(Date.now() - DAY, { go: STRANGER })]);
    const { status, html, text } = await page(`/edo-clients/${TANDER.inn}`, a);
    expect(status).toBe(200);
    expect(text).toContain("АО «Тандер» Активный ИНН 2310031475 · КПП 231001001");
    expect(text).toMatch(/Документов 4 Последний документ \d\d\.\d\d\.\d{4} Заказов 1/);
    expect(text).toContain("Грузоотправитель · АО «Тандер», КПП 231001001 2 док.");
    expect(html).toContain(`href="/edo?goInn=${TANDER.inn}"`);
    expect(html).toContain(`href="/edo?gpInn=${TANDER.inn}"`);
    expect(html).toContain('<th scope="row">Москва → Подольск</th><td>2</td>');
    expect(html.match(/href="\/edo\?docNum=/g)).toHaveLength(4);
    expect(text).toContain(d1.info.doc.num);
    expect(html).toContain(`href="/dashboard/orders?q=${encodeURIComponent(d1.info.doc.num)}"`);

    const foreign = await page(`/edo-clients/${STRANGER.inn}`, a);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain("Клиент ЭДО не найден");
    expect((await page(`/edo-clients/${SELF.inn}`, a)).status).toBe(404);
    expect((await page(`/edo-clients/${STRANGER.inn}`, b)).status).toBe(200);
  });
});
