// GET /api/edo/analytics (issue 22, items 1 and 5; spec 2 §2.2, §3 «Analytics»; spec 3 §3
// «Analytics result»; decision 0058): every figure compared with a small hand-checked mirror,
// the period, status, "how many" and all-quarters filters, Moscow hours and quarters, top lists,
// region grouping, and the company's own mirror only; documents mirrored before migration 0037
// count the same once its backfill has run, and the facts its triggers keep follow every change
// of the mirror (decision 0090).
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import backfillMigration from "../../migrations/0023_edo_analytics_columns.sql?raw";
import factsMigration from "../../migrations/0037_edo_analytics_facts.sql?raw";
import {
  edoAnalyticsFacts,
  edoAnalyticsParties,
  edoAnalyticsPlaces,
  edoAnalyticsVehicles,
  edoConnections,
  edoDocuments,
} from "../../db/schema";
import type { EdoAnalytics } from "../../workers/core/edo/analytics";
import { disconnectEdo } from "../../workers/core/edo/connection";
import { documentRow, documentUpserts } from "../../workers/core/edo/documents";
import type { WireDocument, WireParty } from "../../workers/providers/edo-operator";
import { edoConnectionRow } from "../support/edo-rows";
import { callWeb, createCompanyUser, mirrorEdoDocuments, sessionFor, testDb } from "./support";
import { textOf } from "../support/page-text";

type Member = { companyId: string; auth: Record<string, string>; cookie: string; login: string };

async function member(options: { tokenExpiresAt?: number; connected?: boolean } = {}): Promise<Member> {
  const { companyId, userId } = await createCompanyUser();
  const login = `analytics-${companyId.slice(0, 8)}`;
  if (options.connected !== false) {
    await testDb()
      .insert(edoConnections)
      .values({
        ...edoConnectionRow(companyId, login),
        tokenExpiresAt: new Date(options.tokenExpiresAt ?? Date.now() + 3_600_000),
        lastSyncedAt: new Date("2026-11-20T10:00:00Z"),
      });
  }
  const session = await sessionFor(userId);
  return { companyId, auth: { authorization: `Bearer ${session.bearer}` }, cookie: session.cookie, login };
}

const SELF: WireParty = { accName: "ООО «Своя Компания»", inn: "7704000001", kpp: null };
const TANDER: WireParty = { accName: "АО «Тандер»", inn: "2310031475", kpp: null };
const AGROTORG: WireParty = { accName: "ООО «Агроторг»", inn: "7825706086", kpp: null };
const LENTA: WireParty = { accName: "ООО «Лента»", inn: "7814148471", kpp: null };
const PEK: WireParty = { accName: "ООО «ПЭК»", inn: "7714312079", kpp: null };

const MOSCOW = "г Москва, ул Складочная, д 1";
const MOSCOW_2 = "г Москва, ул Тверская, д 7";
const PODOLSK = "Московская обл, г Подольск, ул Южная, д 5";
const PODOLSK_2 = "Московская обл, г Подольск, ул Ленина, д 1";
const KAZAN = "г Казань, ул Баумана, д 5";
const NOWHERE = "Склад у развилки, строение 3";

/** A docflow created at `at` (Moscow wall time, "2025-09-10T09:15"). */
function doc(o: {
  at: string;
  status: string;
  role?: "GO" | "GP" | "TK";
  go?: WireParty;
  gp?: WireParty;
  tk?: WireParty;
  vehicle?: string;
  from?: string | null;
  to?: string | null;
  category?: WireDocument["docflowType"];
  deleted?: boolean;
  expired?: boolean;
}): WireDocument {
  const id = crypto.randomUUID();
  const created = `${o.at}:00+03:00`;
  return {
    id,
    docflowType: o.category ?? "ETRN",
    createDate: created,
    updateDate: created,
    read: true,
    statusCode: o.status,
    roleCode: o.role ?? "TK",
    expired: o.expired ?? false,
    deleted: o.deleted ?? false,
    info: {
      doc: {
        num: `ЭТрН-${id.slice(0, 6)}`,
        date: o.at.slice(0, 10),
        trns: "1",
        driver: null,
        chainId: id,
        trip: null,
      },
      go: o.go ?? null,
      gp: o.gp ?? null,
      tk: o.tk ?? SELF,
      driver: null,
      ts: o.vehicle ? { num: o.vehicle } : null,
      loading: o.from === undefined ? { addr: MOSCOW } : o.from === null ? null : { addr: o.from },
      unloading: o.to === undefined ? { addr: PODOLSK } : o.to === null ? null : { addr: o.to },
      cargo: null,
      documents: [{ id: `${id}-1`, type: "ON_TRNACLGROT", dateTime: created, contentSize: 1_000 }],
      lastdoc: null,
    },
  };
}

/** Moscow wall time of an instant, as `doc` takes it. */
const moscowAt = (at: number) => new Date(at + 3 * 3_600_000).toISOString().slice(0, 16);

/**
 * The hand-checked mirror: six documents analysed by default (d1–d6), one of today (outside the
 * quarters 2023–2025), and a deleted, an expired and a non-ETRN docflow that never count.
 */
const FIXTURE = () => [
  doc({ at: "2025-09-10T09:15", status: "ON_TRNACLPVYN", go: TANDER, gp: AGROTORG, vehicle: "А111АА77" }),
  doc({
    at: "2025-09-10T09:40",
    status: "ON_TRNACLPPRIN",
    go: TANDER,
    gp: LENTA,
    vehicle: "В222ВВ77",
    from: MOSCOW_2,
    to: PODOLSK_2,
  }),
  doc({
    at: "2025-09-11T14:05",
    status: "ON_TRNACLGROT",
    go: AGROTORG,
    gp: TANDER,
    vehicle: "А 111 АА 77",
    from: KAZAN,
    to: MOSCOW,
  }),
  doc({
    at: "2025-08-02T09:30",
    status: "ON_TRNACLZAKR",
    role: "GO",
    go: SELF,
    gp: TANDER,
    tk: PEK,
    vehicle: "Е333ЕЕ99",
    to: KAZAN,
  }),
  // 00:30 on 1 July in Moscow is still 30 June in UTC: the third quarter, hour 0.
  doc({
    at: "2025-07-01T00:30",
    status: "ON_TRNACLGRPO",
    go: LENTA,
    gp: TANDER,
    vehicle: "В222ВВ77",
    from: NOWHERE,
    to: null,
  }),
  doc({ at: "2024-07-15T10:00", status: "ON_TRNACLPVYN", go: TANDER, gp: AGROTORG, vehicle: "К444КК77" }),
  doc({ at: moscowAt(Date.now() - 60_000), status: "ON_TRNACLGROT", go: TANDER, vehicle: "М555ММ77" }),
  doc({ at: "2025-09-12T11:00", status: "ON_TRNACLPVYN", go: PEK, deleted: true }),
  doc({ at: "2025-09-12T11:00", status: "ON_TRNACLPVYN", go: PEK, expired: true }),
  doc({ at: "2025-09-12T11:00", status: "ON_TRNACLPVYN", go: PEK, category: "PTL" }),
];

/** The answer's data: the core's figures and the mirror's last refresh. */
type Analytics = EdoAnalytics & { lastSyncedAt: string | null };

async function analytics(m: Member, filters: Record<string, string> = {}, login = m.login) {
  const query = new URLSearchParams({ login, ...filters });
  const { response } = await callWeb(`/api/edo/analytics?${query}`, { headers: m.auth });
  const body = await response.json<{ success: boolean; data: Analytics; error?: string }>();
  return { status: response.status, body, data: body.data };
}

/** Every figure of the hand-checked mirror under the default filters (FIXTURE, decision 0058). */
function expectHandChecked(data: Analytics) {
  expect(data.lastSyncedAt).toBe("2026-11-20T10:00:00.000Z");
  expect(data.totalDocuments).toBe(6);
  // Busy vehicles (loading, on the way, unloading): а111аа77 (d3) and в222вв77 (d2, d5).
  expect(data.activeTransports).toBe(2);
  expect(data.vehicles).toBe(4);
  // Counterparties by INN, the company itself (its roleCode's party) left out.
  expect(data.companiesCount).toBe(4);
  expect(data.documentsToday).toBe(0);
  expect(data.byStatus).toEqual({
    ON_TRNACLPVYN: 2,
    ON_TRNACLPPRIN: 1,
    ON_TRNACLGROT: 1,
    ON_TRNACLZAKR: 1,
    ON_TRNACLGRPO: 1,
  });
  expect(data.statusDistribution[0]).toEqual({ status: "ON_TRNACLPVYN", count: 2 });
  expect(data.byParticipant).toEqual({ TK: 5, GO: 1 });
  expect(data.topCompanies).toEqual([
    { name: TANDER.accName, inn: TANDER.inn, count: 6 },
    { name: AGROTORG.accName, inn: AGROTORG.inn, count: 3 },
    { name: LENTA.accName, inn: LENTA.inn, count: 2 },
    { name: PEK.accName, inn: PEK.inn, count: 1 },
  ]);
  // Routes are trips city to city: two Moscow warehouses to two Podolsk ones are one route.
  expect(data.popularRoutes).toEqual([
    { from: "Москва", to: "Подольск", count: 3 },
    { from: "Казань", to: "Москва", count: 1 },
    { from: "Москва", to: "Казань", count: 1 },
  ]);
  expect(data.routes).toBe(3);
  expect(data.loadingRegions).toEqual([
    { region: "Москва", count: 4 },
    { region: "Регион не определён", count: 1 },
    { region: "Республика Татарстан", count: 1 },
  ]);
  expect(data.unloadingRegions).toEqual([
    { region: "Московская область", count: 3 },
    { region: "Москва", count: 1 },
    { region: "Республика Татарстан", count: 1 },
  ]);
  expect(data.regionActivity).toEqual([
    { region: "Москва", count: 5 },
    { region: "Московская область", count: 3 },
    { region: "Республика Татарстан", count: 2 },
    { region: "Регион не определён", count: 1 },
  ]);
  // Moscow hours: 09:15, 09:40, 14:05, 09:30, 00:30, 10:00.
  const hours = Object.fromEntries(
    data.hourlyActivity.filter((h) => h.count > 0).map((h) => [h.hour, h.count]),
  );
  expect(data.hourlyActivity).toHaveLength(24);
  expect(hours).toEqual({ 0: 1, 9: 3, 10: 1, 14: 1 });
  expect(data.timeAnalysis).toEqual({
    peakHour: 9,
    quietHour: 1,
    avgDocumentsPerHour: 0.25,
    workingHours: { from: 8, to: 18, documents: 5 },
  });
  // Thirty days up to the newest analysed document's day (11 September 2025).
  expect(data.dailyActivity).toHaveLength(30);
  expect(data.dailyActivity[0].date).toBe("2025-08-13");
  expect(data.dailyActivity.at(-1)).toEqual({ date: "2025-09-11", count: 1 });
  expect(data.dailyActivity.filter((d) => d.count > 0)).toEqual([
    { date: "2025-09-10", count: 2 },
    { date: "2025-09-11", count: 1 },
  ]);
}

/** A migration's statements that begin with one of `verbs` (its backfill), in order. */
function backfillStatements(migration: string, verbs: string[]): string[] {
  const statements = migration
    .split("--> statement-breakpoint")
    .map((part) => part.replace(/^(\s*--.*\n)*/, "").trim())
    .filter((part) => verbs.some((verb) => part.startsWith(verb)));
  if (statements.length === 0) throw new Error("the migration has no backfill");
  return statements;
}

/** Migration 0023's UPDATE that fills the analytics columns of rows mirrored before it. */
const backfillStatement = () => backfillStatements(backfillMigration, ["UPDATE"])[0];

describe("GET /api/edo/analytics", () => {
  it("answers every figure of the hand-checked mirror (all quarters 2023–2025, the latest 1000)", async () => {
    const a = await member();
    await mirrorEdoDocuments(a.companyId, FIXTURE());
    const { status, data } = await analytics(a);
    expect(status).toBe(200);
    expectHandChecked(data);
  });

  it("counts documents mirrored before migration 0037 the same once its backfill has run", async () => {
    const a = await member();
    await mirrorEdoDocuments(a.companyId, FIXTURE());
    // As before the migration: no facts, places or parties; and, as an older sync wrote them
    // before migration 0023, every other document without its role and place keys.
    const mine = and(eq(edoDocuments.companyId, a.companyId), sql`${edoDocuments}.rowid % 2 = 0`);
    await testDb()
      .update(edoDocuments)
      .set({ role: null, loadingPlace: null, unloadingPlace: null })
      .where(mine);
    await testDb().batch([
      testDb().delete(edoAnalyticsFacts).where(eq(edoAnalyticsFacts.companyId, a.companyId)),
      testDb().delete(edoAnalyticsPlaces).where(eq(edoAnalyticsPlaces.companyId, a.companyId)),
      testDb().delete(edoAnalyticsParties).where(eq(edoAnalyticsParties.companyId, a.companyId)),
      testDb().delete(edoAnalyticsVehicles).where(eq(edoAnalyticsVehicles.companyId, a.companyId)),
    ]);
    expect((await analytics(a)).data.totalDocuments).toBe(0);

    // The migration fills the columns with what documentRow gives a document synced now, and
    // the facts from them.
    for (const statement of backfillStatements(factsMigration, ["UPDATE", "INSERT"])) {
      await testDb().run(sql.raw(statement));
    }
    const rows = await testDb().select().from(edoDocuments).where(eq(edoDocuments.companyId, a.companyId));
    for (const row of rows) {
      const now = documentRow(a.companyId, row.data, Date.now());
      expect([row.role, row.loadingPlace, row.unloadingPlace]).toEqual([
        now.role,
        now.loadingPlace,
        now.unloadingPlace,
      ]);
    }
    expectHandChecked((await analytics(a)).data);
  });

  it("follows the mirror: a re-synced status or name, a deleted, expired or removed document, a new one", async () => {
    const a = await member();
    const fixture = FIXTURE();
    await mirrorEdoDocuments(a.companyId, fixture);
    const [d1, d2, d3, d4] = fixture;
    // Through the sync's own upsert (a re-synced document refreshes its row).
    const resync = (docs: WireDocument[]) =>
      testDb().$client.batch(
        documentUpserts(docs.map((d) => documentRow(a.companyId, d, Date.now()))),
        "write",
      );
    await resync([
      { ...d1, statusCode: "ON_TRNACLGROT" },
      { ...d2, deleted: true },
      { ...d3, expired: true },
    ]);
    await testDb()
      .delete(edoDocuments)
      .where(and(eq(edoDocuments.companyId, a.companyId), eq(edoDocuments.id, d4.id)));
    // Left: d1 (now at loading), d5 (unloading), d6 (handed over).
    const after = (await analytics(a)).data;
    expect(after.totalDocuments).toBe(3);
    expect(after.byStatus).toEqual({ ON_TRNACLGROT: 1, ON_TRNACLGRPO: 1, ON_TRNACLPVYN: 1 });
    expect([after.activeTransports, after.vehicles]).toEqual([2, 3]);
    expect(after.topCompanies).toEqual([
      { name: TANDER.accName, inn: TANDER.inn, count: 3 },
      { name: AGROTORG.accName, inn: AGROTORG.inn, count: 2 },
      { name: LENTA.accName, inn: LENTA.inn, count: 1 },
    ]);

    // d2 back from the bin with Tander renamed (its newest document now), and a new document
    // with a new counterparty and a new place: each counts at once.
    const renamed = { ...TANDER, accName: "АО «Тандер-Ритейл»" };
    const restored = { ...d2, info: { ...d2.info, go: renamed } };
    await resync([
      restored,
      doc({ at: "2025-09-12T11:00", status: "ON_TRNACLPVYN", go: PEK, from: KAZAN, to: KAZAN }),
    ]);
    const grown = (await analytics(a)).data;
    expect(grown.totalDocuments).toBe(5);
    expect(grown.topCompanies).toEqual([
      { name: renamed.accName, inn: TANDER.inn, count: 4 },
      { name: AGROTORG.accName, inn: AGROTORG.inn, count: 2 },
      { name: LENTA.accName, inn: LENTA.inn, count: 2 },
      { name: PEK.accName, inn: PEK.inn, count: 1 },
    ]);
    expect(grown.popularRoutes).toContainEqual({ from: "Казань", to: "Казань", count: 1 });

    // A re-sync that changes nothing leaves every figure as it was.
    await resync([{ ...d1, statusCode: "ON_TRNACLGROT" }, restored]);
    expect((await analytics(a)).data).toEqual(grown);
  });

  it("leaves nothing of the analytics behind when the company disconnects EDO", async () => {
    const a = await member();
    await mirrorEdoDocuments(a.companyId, FIXTURE());
    const left = async () =>
      Promise.all(
        [edoAnalyticsFacts, edoAnalyticsPlaces, edoAnalyticsParties, edoAnalyticsVehicles].map(
          async (table) =>
            (
              await testDb()
                .select({ n: sql<number>`count(*)` })
                .from(table)
                .where(eq(table.companyId, a.companyId))
            )[0].n,
        ),
      );
    expect((await left()).every((n) => n > 0)).toBe(true);
    expect(await disconnectEdo(testDb(), a.companyId, a.login)).toBe(true);
    expect(await left()).toEqual([0, 0, 0, 0]);
  });

  it("keys an address by its place the same in the sync and in the migration's backfill", async () => {
    const a = await member();
    const addresses = [
      "420000, г Казань, ул Баумана, д 5",
      "  г Москва , пр-кт Мира, д 1  ",
      "123456,г Тула",
      "12345, г Тула, ул Ленина",
      "Московская обл, г Подольск, Московское ш, д 1",
      "Склад у развилки, строение 3",
      "г Самара, пер Тихий, ш Южное, ул Ленина",
      "",
    ];
    await mirrorEdoDocuments(
      a.companyId,
      addresses.map((from, i) =>
        doc({ at: `2025-09-0${1 + (i % 9)}T10:00`, status: "ON_TRNACLPVYN", go: TANDER, from, to: from }),
      ),
    );
    const mine = eq(edoDocuments.companyId, a.companyId);
    const synced = await testDb().select().from(edoDocuments).where(mine);
    await testDb()
      .update(edoDocuments)
      .set({ role: null, loadingPlace: null, unloadingPlace: null })
      .where(mine);
    await testDb().run(sql.raw(backfillStatement()));
    const filled = await testDb().select().from(edoDocuments).where(mine);
    const keys = (rows: typeof synced) =>
      Object.fromEntries(rows.map((row) => [row.id, [row.role, row.loadingPlace, row.unloadingPlace]]));
    expect(keys(filled)).toEqual(keys(synced));
    // Cut at the first street or house part, a leading six-digit postal code dropped, spaces trimmed.
    expect(synced.map((row) => row.loadingPlace).sort()).toEqual(
      [
        "",
        "12345, г Тула",
        "г Казань",
        "г Москва",
        "г Самара",
        "г Тула",
        "Московская обл, г Подольск, Московское ш",
        "Склад у развилки, строение 3",
      ].sort(),
    );
  });

  it("narrows by a Moscow quarter, by status, and without all quarters reads the last 3 months", async () => {
    const a = await member();
    await mirrorEdoDocuments(a.companyId, FIXTURE());
    const q3 = (await analytics(a, { period: "20253" })).data;
    expect(q3.totalDocuments).toBe(5);
    expect(q3.byStatus.ON_TRNACLGRPO).toBe(1);
    const q2 = (await analytics(a, { period: "20252" })).data;
    expect(q2.totalDocuments).toBe(0);
    expect(q2.timeAnalysis.peakHour).toBeNull();
    expect(q2.topCompanies).toEqual([]);
    const y2024 = (await analytics(a, { period: "20243" })).data;
    expect(y2024.totalDocuments).toBe(1);
    expect(y2024.popularRoutes).toEqual([{ from: "Москва", to: "Подольск", count: 1 }]);

    const handed = (await analytics(a, { status: "ON_TRNACLPVYN" })).data;
    expect(handed.totalDocuments).toBe(2);
    expect(handed.byStatus).toEqual({ ON_TRNACLPVYN: 2 });
    expect(handed.activeTransports).toBe(0);
    expect((await analytics(a, { status: "0" })).data.totalDocuments).toBe(6);

    const recent = (await analytics(a, { allQuarters: "false" })).data;
    expect(recent.totalDocuments).toBe(1);
    expect(recent.documentsToday).toBe(1);
    expect(recent.activeTransports).toBe(1);
    expect(recent.dailyActivity.at(-1)?.count).toBe(1);
  });

  it("analyses the most recent N documents: 500 of 502 leave the two oldest out", async () => {
    const a = await member();
    const docs = Array.from({ length: 502 }, (_, i) => {
      const day = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString().slice(0, 16);
      return doc({ at: day, status: i < 2 ? "ON_TRNACLZAKR" : "ON_TRNACLPVYN", go: TANDER });
    });
    for (let i = 0; i < docs.length; i += 100) await mirrorEdoDocuments(a.companyId, docs.slice(i, i + 100));
    const latest = (await analytics(a, { limit: "500" })).data;
    expect(latest.totalDocuments).toBe(500);
    expect(latest.byStatus).toEqual({ ON_TRNACLPVYN: 500 });
    expect(latest.topCompanies).toEqual([{ name: TANDER.accName, inn: TANDER.inn, count: 500 }]);
    const all = (await analytics(a)).data;
    expect(all.totalDocuments).toBe(502);
    expect(all.byStatus.ON_TRNACLZAKR).toBe(2);
    expect((await analytics(a, { limit: "700" })).status).toBe(400);
  });

  it("counts only the caller's mirror; another login is not found, an expired token 409", async () => {
    const a = await member();
    const b = await member();
    await mirrorEdoDocuments(a.companyId, FIXTURE());
    await mirrorEdoDocuments(b.companyId, [
      doc({ at: "2025-09-10T12:00", status: "ON_TRNACLPVYN", go: LENTA }),
    ]);
    const own = (await analytics(b)).data;
    expect(own.totalDocuments).toBe(1);
    expect(own.topCompanies).toEqual([{ name: LENTA.accName, inn: LENTA.inn, count: 1 }]);
    const foreign = await analytics(b, {}, a.login);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("Логин ЭДО не найден");

    const none = await member({ connected: false });
    expect((await analytics(none)).status).toBe(404);
    const expired = await member({ tokenExpiresAt: Date.now() - 1_000 });
    const stale = await analytics(expired);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/Токен ЭДО не найден или истек/);
  });
});

async function page(path: string, m: Member) {
  const { response } = await callWeb(path, { headers: { cookie: m.cookie } });
  const html = await response.text();
  return { status: response.status, html, text: textOf(html) };
}

describe("/dashboard/analytics", () => {
  it("without EDO asks to connect and says «ЭДО не подключено»; the sidebar's «Аналитика» is ready", async () => {
    const none = await member({ connected: false });
    const { status, html, text } = await page("/dashboard/analytics", none);
    expect(status).toBe(200);
    expect(text).toContain("ЭДО не подключено");
    expect(text).toContain("Подключить ЭДО");
    expect(html).not.toContain("Фильтры аналитики");
    const link = html.match(/<a[^>]*href="\/dashboard\/analytics"[^>]*>[\s\S]*?<\/a>/)?.[0] ?? "";
    expect(textOf(link)).toContain("Аналитика");
    expect(textOf(link)).not.toContain("скоро");
    const expired = await member({ tokenExpiresAt: Date.now() - 1_000 });
    expect((await page("/dashboard/analytics", expired)).text).toContain("ЭДО не подключено");
  });

  it("shows the cards, lists and charts of the mirror, the last update, and reads its filters from the URL", async () => {
    const a = await member();
    await mirrorEdoDocuments(a.companyId, FIXTURE());
    const { status, html, text } = await page("/dashboard/analytics", a);
    expect(status).toBe(200);
    expect(text).toContain("Обновлено: 20.11.2026, 13:00");
    expect(text).toMatch(/Всего документов 6 Активный транспорт 2 Компании 4 Документов сегодня 0/);
    expect(text).toContain("Москва → Подольск 3 рейсов");
    expect(text).toMatch(/Пиковый час 09:00 Самый тихий час 01:00 В среднем за час 0,25 Всего 6/);
    expect(html).toContain("<caption>Топ-10 компаний</caption>");
    expect(html).toContain('<th scope="row">АО «Тандер»</th><td>6</td>');
    expect(html).toContain("<caption>Регионы погрузки</caption>");
    expect(html).toContain('<th scope="row">Республика Татарстан</th><td>1</td>');
    expect(html).toContain("Рабочие часы 8–18 выделены: 5 документов");
    expect(html.match(/data-chart="trend"/g)).toHaveLength(1);
    expect(html).toMatch(/<option value="1000" selected="">1000<\/option>/);
    expect(html).toMatch(/<input[^>]*name="allQuarters"[^>]*checked=""/);

    const quarter = await page(
      "/dashboard/analytics?filtered=1&period=20243&status=0&limit=500&allQuarters=true",
      a,
    );
    expect(quarter.text).toContain("Всего документов 1");
    expect(quarter.html).toMatch(/<option value="20243" selected="">/);
    expect(quarter.html).toMatch(/<option value="500" selected="">500<\/option>/);
    // The box unticked: the last three months, where only today's document is.
    const recent = await page("/dashboard/analytics?filtered=1&period=0&limit=1000", a);
    expect(recent.text).toContain("Всего документов 1");
    expect(recent.text).toContain("Документов сегодня 1");
    expect(recent.html).not.toMatch(/<input[^>]*name="allQuarters"[^>]*checked=""/);
    // A hand-edited value falls back to its default.
    expect((await page("/dashboard/analytics?limit=7&period=1", a)).text).toContain("Всего документов 6");
  });

  it("says so when nothing matches the filters", async () => {
    const a = await member();
    const { text } = await page("/dashboard/analytics", a);
    expect(text).toContain("Нет документов для анализа с такими фильтрами.");
  });
});

describe("/test-analytics", () => {
  it("shows the connection, empty sign-in fields, the figures and a dump of the query's inputs and outputs", async () => {
    const a = await member();
    await mirrorEdoDocuments(a.companyId, FIXTURE());
    const { status, html, text } = await page("/test-analytics?filtered=1&period=20243&allQuarters=true", a);
    expect(status).toBe(200);
    expect(text).toContain(`Состояние подключено Логин ${a.login}`);
    // Never prefilled: both fields render empty.
    for (const name of ["login", "password"]) {
      const input = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
      expect(input).toContain('value=""');
    }
    expect(text).toContain("Всего документов 1");
    const dump = html.match(/data-testid="test-analytics-dump">([\s\S]*?)<\/pre>/)?.[1] ?? "";
    const parsed = JSON.parse(dump.replace(/&quot;/g, '"').replace(/&amp;/g, "&")) as {
      input: { filters: { period: number; limit: number; allQuarters: boolean } };
      output: { state: string; analytics: { totalDocuments: number } };
    };
    expect(parsed.input.filters).toMatchObject({ period: 20243, limit: 1000, allQuarters: true });
    expect(parsed.output.state).toBe("ready");
    expect(parsed.output.analytics.totalDocuments).toBe(1);

    const none = await member({ connected: false });
    const off = await page("/test-analytics", none);
    expect(off.text).toContain("Состояние не подключено");
    expect(off.text).toContain("Аналитика ЭДО не подключено");
  });
});
