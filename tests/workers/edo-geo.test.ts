// Coordinates for the EDO mirror and GET /api/edo/geo (issue 23, items 1 and 2; spec 2 §3, spec 3
// §3–§5, §9; decision 0062): the edo.geo job places each distinct address once through the geocoder
// port and routes each distinct pair once through the router, a failing provider loses nothing,
// a sync ends with the job; the read's every figure against a small hand-checked mirror, and
// another company's documents never counted.
import { env } from "cloudflare:test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { edoConnections, edoDocuments, geoPlaceRoutes, geoPlaces, platformOrders } from "../../db/schema";
import columnsMigration from "../../migrations/0026_mirror_address_columns.sql?raw";
import { documentRow } from "../../workers/core/edo/documents";
import { edoAnalyticsFiltersSchema } from "../../workers/core/edo/analytics-schemas";
import {
  geoFiguresOf,
  geoFiguresStatement,
  geoOf,
  geoStatement,
  geoTops,
  type EdoGeo,
  type EdoGeoMap,
} from "../../workers/core/edo/geo-read";
import { GEO_ATTEMPTS, placeMirror, type PlacesDeps } from "../../workers/core/edo/places";
import type { JobMessage } from "../../workers/core/jobs/messages";
import { addressKey } from "../../workers/core/geo/gazetteer";
import { jobDeps } from "../../workers/jobs/deps";
import { GeoUnavailableError, type Geocoder, type GeoPoint, type Router } from "../../workers/providers/geo";
import { createNominatimGeocoder } from "../../workers/providers/nominatim";
import { createOsrmRouter } from "../../workers/providers/osrm";
import type { WireDocument, WireParty } from "../../workers/providers/edo-operator";
import { edoConnectionRow, edoOrderRow } from "../support/edo-rows";
import {
  callWeb,
  createCompanyUser,
  deliver,
  EDO_PASSWORD,
  mirrorEdoDocuments,
  postJson,
  recordingQueue,
  sessionFor,
  testDb,
} from "./support";

// geo_places and the geocoder cache are shared by every company and live as long as the test
// database: this run's addresses carry its own house numbers, so none is placed before.
const RUN = String(10_000 + Math.floor(Math.random() * 89_999));
const MSK = `г Москва, ул Складочная, д ${RUN}`;
/** The same address written otherwise: one geocoder call serves both spellings. */
const MSK_ALT = `г. Москва,  ул. Складочная, д. ${RUN}`;
const KZN = `420000, Респ Татарстан, г Казань, ул Мира, д ${RUN}`;
/** A street the geocoder does not know: the gazetteer places the city's centre (approximate). */
const KZN_CITY = `г Казань, ул Неведомая, д ${RUN}`;
/** No service can place it. */
const NOWHERE = `Склад у развилки ${RUN}, строение 3`;

const SELF: WireParty = { accName: "ООО «Своя Компания»", inn: "7704000001", kpp: null };
type Titles = string[];
const COMPLETE: Titles = ["ON_TRN", "ON_TRNACLGROT", "ON_TRNACLGRPO"];

let minute = 0;
/** A docflow of 2025-09 with its addresses, titles and chain. */
function doc(from: string | null, to: string | null, titles: Titles, chainId?: string): WireDocument {
  const id = crypto.randomUUID();
  minute += 1;
  const created = `2025-09-10T${String(8 + Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00+03:00`;
  return {
    id,
    docflowType: "ETRN",
    createDate: created,
    updateDate: created,
    read: true,
    statusCode: "ON_TRNACLPVYN",
    roleCode: "TK",
    expired: false,
    deleted: false,
    info: {
      doc: {
        num: `ЭТрН-${id.slice(0, 6)}`,
        date: "2025-09-10",
        trns: "1",
        driver: null,
        chainId: chainId ?? id,
        trip: null,
      },
      go: null,
      gp: null,
      tk: SELF,
      driver: null,
      ts: null,
      loading: from === null ? null : { addr: from },
      unloading: to === null ? null : { addr: to },
      cargo: null,
      documents: titles.map((type, i) => ({ id: `${id}-${i}`, type, dateTime: created, contentSize: 0 })),
      lastdoc: null,
    },
  };
}

/**
 * The hand-checked mirror: 21 documents, 20 chains of which 16 are completed (80 % «Отлично»):
 * 15 single complete docflows, one chain of two docflows (cargo issued in one, received in the
 * other), four incomplete. Routes MSK → KZN ×10 (red), MSK_ALT → KZN ×5 (orange), KZN → MSK ×2
 * (blue), KZN_CITY → MSK ×1 (green), MSK → NOWHERE ×1 (never drawn), MSK → none ×2.
 */
function fixture(): WireDocument[] {
  const pairs: [string, string | null][] = [
    ...Array.from({ length: 10 }, (): [string, string] => [MSK, KZN]),
    ...Array.from({ length: 5 }, (): [string, string] => [MSK_ALT, KZN]),
    [KZN, MSK],
    [KZN, MSK],
    [KZN_CITY, MSK],
    [MSK, NOWHERE],
    [MSK, null],
    [MSK, null],
  ];
  const shared = crypto.randomUUID();
  const titles = (i: number): { titles: Titles; chain?: string } => {
    if (i < 15) return { titles: COMPLETE };
    if (i === 15) return { titles: ["ON_TRN", "ON_TRNACLGROT"], chain: shared };
    if (i === 16) return { titles: ["ON_TRNACLGRPO", "ON_TRNACLPVYN"], chain: shared };
    return {
      titles: [["ON_TRNACLGROT"], ["ON_TRNACLGRPO"], ["ON_TRN", "ON_TRNACLPPRIN"], ["ON_TRN"]][i - 17],
    };
  };
  return pairs.map(([from, to], i) => {
    const { titles: types, chain } = titles(i);
    return doc(from, to, types, chain);
  });
}

/** `completed` of `total` single-docflow chains, all MSK → KZN. */
const chains = (completed: number, total: number) =>
  Array.from({ length: total }, (_, i) => doc(MSK, KZN, i < completed ? COMPLETE : ["ON_TRNACLGROT"]));

type Member = {
  companyId: string;
  userId: string;
  auth: Record<string, string>;
  login: string;
  connectionId: string;
};

async function member(docs: WireDocument[]): Promise<Member> {
  const { companyId, userId } = await createCompanyUser();
  const login = `geo-${companyId.slice(0, 8)}`;
  const connection = edoConnectionRow(companyId, login);
  await testDb().insert(edoConnections).values(connection);
  await mirrorEdoDocuments(companyId, docs);
  const { bearer } = await sessionFor(userId);
  return {
    companyId,
    userId,
    auth: { authorization: `Bearer ${bearer}` },
    login,
    connectionId: connection.id,
  };
}

async function readGeo(who: Pick<Member, "login" | "auth">, query = "") {
  const { response } = await callWeb(`/api/edo/geo?login=${who.login}${query}`, { headers: who.auth });
  expect(response.status).toBe(200);
  return (await response.json<{ data: EdoGeo }>()).data;
}

/** The port's calls, counted by what they were asked. */
function counting<T extends Geocoder | Router>(port: T) {
  const calls: string[] = [];
  const wrapped =
    "geocode" in port
      ? { geocode: (address: string) => (calls.push(addressKey(address)), port.geocode(address)) }
      : {
          route: (from: GeoPoint, to: GeoPoint) => (
            calls.push(`${from.lat},${from.lng};${to.lat},${to.lng}`),
            port.route(from, to)
          ),
        };
  return { port: wrapped as T, calls };
}

function placesDeps(overrides: Partial<PlacesDeps> = {}) {
  const geocoder = counting<Geocoder>(createNominatimGeocoder({ baseUrl: env.GEOCODER_URL }));
  const router = counting<Router>(createOsrmRouter({ baseUrl: env.ROUTER_URL }));
  const sent: JobMessage[] = [];
  const deps: PlacesDeps = {
    db: testDb(),
    geocoder: geocoder.port,
    router: router.port,
    now: () => Date.now(),
    enqueue: async (message) => {
      sent.push(message);
    },
    ...overrides,
  };
  return { deps, geocoderCalls: geocoder.calls, routerCalls: router.calls, sent };
}

const unavailable = () => Promise.reject(new GeoUnavailableError("sandbox: down"));

let owner: Member;
let stranger: Member;
let ownerDocs: WireDocument[];

beforeAll(async () => {
  ownerDocs = fixture();
  owner = await member(ownerDocs);
  // Another company with the same addresses, 2 of 5 chains completed: never in the owner's figures.
  stranger = await member(chains(2, 5));
  // Its EDO orders, as «Синхронизировать ЭДО» made them from two of the docflows.
  await testDb()
    .insert(platformOrders)
    .values([
      edoOrderRow(owner.companyId, owner.connectionId, ownerDocs[0]),
      edoOrderRow(owner.companyId, owner.connectionId, ownerDocs[18]),
    ]);
});

describe("the edo.geo job", () => {
  it("says before it runs that no address is placed yet, and places each distinct address and route once", async () => {
    const before = await readGeo(owner);
    expect(before.pending).toEqual({ addresses: 5, routes: 0 });
    expect(before.addresses).toEqual([]);
    expect(before.routes).toEqual([]);
    expect(before.uniqueAddresses).toBe(5);

    const first = placesDeps();
    const outcome = await placeMirror(first.deps, { companyId: owner.companyId });
    expect(outcome).toEqual({ placed: 5, routed: 4, failed: false, more: false });
    // Five spellings, four addresses: MSK and MSK_ALT share one call.
    expect(first.geocoderCalls.sort()).toEqual([MSK, KZN, KZN_CITY, NOWHERE].map(addressKey).sort());
    // Four routes with both ends placed (MSK → NOWHERE has no end to route to).
    expect(first.routerCalls).toHaveLength(4);
    expect(first.sent).toEqual([]);

    // A redelivery, a second sync's job and another company's job with the same addresses ask nobody.
    for (const companyId of [owner.companyId, owner.companyId, stranger.companyId]) {
      const again = placesDeps();
      expect(await placeMirror(again.deps, { companyId }, 2)).toMatchObject({ placed: 0, routed: 0 });
      expect(again.geocoderCalls).toEqual([]);
      expect(again.routerCalls).toEqual([]);
    }

    const places = await testDb()
      .select()
      .from(geoPlaces)
      .where(inArray(geoPlaces.address, [MSK, MSK_ALT, KZN, KZN_CITY, NOWHERE]));
    const by = new Map(places.map((place) => [place.address, place]));
    expect(by.get(MSK)).toMatchObject({ found: true, source: "geocoder", precision: "exact" });
    expect([by.get(MSK_ALT)!.latitude, by.get(MSK_ALT)!.longitude]).toEqual([
      by.get(MSK)!.latitude,
      by.get(MSK)!.longitude,
    ]);
    expect(by.get(KZN)).toMatchObject({ found: true, source: "geocoder", precision: "exact" });
    expect(by.get(KZN_CITY)).toMatchObject({ found: true, source: "gazetteer", precision: "city" });
    expect(by.get(NOWHERE)).toMatchObject({ found: false, latitude: null, longitude: null });
  });

  it("gives the company's EDO orders their addresses' coordinates", async () => {
    const orders = await testDb()
      .select()
      .from(platformOrders)
      .where(eq(platformOrders.companyId, owner.companyId));
    const [msk] = await testDb().select().from(geoPlaces).where(eq(geoPlaces.address, MSK));
    const [kzn] = await testDb().select().from(geoPlaces).where(eq(geoPlaces.address, KZN));
    const byDoc = new Map(orders.map((order) => [order.externalOrderId, order]));
    expect(byDoc.get(ownerDocs[0].id)).toMatchObject({
      pickupLatitude: msk.latitude,
      pickupLongitude: msk.longitude,
      deliveryLatitude: kzn.latitude,
      deliveryLongitude: kzn.longitude,
    });
    // Unloading at NOWHERE: no point is made up for it.
    expect(byDoc.get(ownerDocs[18].id)).toMatchObject({
      pickupLatitude: msk.latitude,
      deliveryLatitude: null,
      deliveryLongitude: null,
    });
  });

  it("loses nothing when the geocoder or the router fails: the next delivery finishes the work", async () => {
    const A = `г Казань, ул Мира, д ${RUN}7`;
    const B = `г Москва, ул Складочная, д ${RUN}7`;
    const C = `г Москва, ул Складочная, д ${RUN}8`;
    const company = await member([doc(A, B, COMPLETE), doc(B, C, COMPLETE)]);

    const down = placesDeps({ geocoder: { geocode: unavailable } });
    await expect(placeMirror(down.deps, { companyId: company.companyId }, 1)).rejects.toThrow(
      GeoUnavailableError,
    );
    expect(
      await testDb()
        .select()
        .from(geoPlaces)
        .where(inArray(geoPlaces.address, [A, B, C])),
    ).toEqual([]);
    expect((await readGeo(company)).pending).toEqual({ addresses: 3, routes: 0 });
    // The last attempt ends quietly: what is left waits for the next sync's job.
    const last = placesDeps({ geocoder: { geocode: unavailable } });
    expect(await placeMirror(last.deps, { companyId: company.companyId }, GEO_ATTEMPTS)).toMatchObject({
      placed: 0,
      failed: true,
    });

    // The geocoder is back, the router is down: places are kept, routes wait.
    const routerDown = placesDeps({ router: { route: unavailable } });
    await expect(placeMirror(routerDown.deps, { companyId: company.companyId }, 2)).rejects.toThrow(
      GeoUnavailableError,
    );
    expect(routerDown.geocoderCalls.sort()).toEqual([A, B, C].map(addressKey).sort());
    const halfway = await readGeo(company);
    expect(halfway.pending).toEqual({ addresses: 0, routes: 2 });
    expect(halfway.routes.map((route) => route.distance)).toEqual([null, null]);

    const back = placesDeps();
    expect(await placeMirror(back.deps, { companyId: company.companyId }, 3)).toMatchObject({
      placed: 0,
      routed: 2,
      failed: false,
    });
    expect(back.geocoderCalls).toEqual([]);
    expect(back.routerCalls).toHaveLength(2);
    const done = await readGeo(company);
    expect(done.pending).toEqual({ addresses: 0, routes: 0 });
    expect(done.routes.every((route) => route.distance! > 0 && !route.estimated)).toBe(true);
  });

  it("without a router stores the stated estimate, and asks the router once one is configured", async () => {
    const A = `г Казань, ул Мира, д ${RUN}9`;
    const B = `г Москва, ул Складочная, д ${RUN}9`;
    const company = await member([doc(A, B, COMPLETE)]);
    await placeMirror(placesDeps({ router: null }).deps, { companyId: company.companyId });
    const estimated = await readGeo(company);
    expect(estimated.routes).toHaveLength(1);
    expect(estimated.routes[0]).toMatchObject({ estimated: true });
    expect(estimated.estimates.estimatedRoutes).toBe(1);
    const [row] = await testDb()
      .select()
      .from(geoPlaceRoutes)
      .where(and(eq(geoPlaceRoutes.fromAddress, A), eq(geoPlaceRoutes.toAddress, B)));
    expect(row.source).toBe("estimate");

    const routed = placesDeps();
    await placeMirror(routed.deps, { companyId: company.companyId });
    expect(routed.routerCalls).toHaveLength(1);
    expect((await readGeo(company)).routes[0]).toMatchObject({ estimated: false });
  });

  it("hands what is left to a message of its own when one message cannot do it all", async () => {
    const docs = Array.from({ length: 101 }, (_, i) =>
      doc(`г Казань, ул Мира, д ${RUN}-${i}`, `г Москва, ул Складочная, д ${RUN}-${i}`, COMPLETE),
    );
    const company = await member(docs);
    const first = placesDeps({ geocoder: null, router: null });
    expect(await placeMirror(first.deps, { companyId: company.companyId })).toMatchObject({
      placed: 200,
      more: true,
    });
    expect(first.sent).toEqual([{ kind: "edo.geo", companyId: company.companyId }]);
    const second = placesDeps({ geocoder: null, router: null });
    expect(await placeMirror(second.deps, { companyId: company.companyId })).toMatchObject({
      placed: 2,
      more: false,
    });
    expect(second.sent).toEqual([]);
    expect((await readGeo(company)).pending).toEqual({ addresses: 0, routes: 0 });
  });
});

describe("GET /api/edo/geo", () => {
  it("answers every figure of the hand-checked mirror", async () => {
    const geo = await readGeo(owner);
    expect(geo).toMatchObject({
      totalDocuments: 21,
      totalChains: 20,
      completedChains: 16,
      successRate: 80,
      successBand: { tone: "green", label: "Отлично" },
      uniqueAddresses: 5,
      uniqueRoutes: 5,
      pending: { addresses: 0, routes: 0 },
      notFound: 1,
    });
    expect(geo.estimates).toMatchObject({
      approximateAddresses: 1,
      approximateRoutes: 1,
      estimatedRoutes: 0,
    });

    expect(geo.topRoutes.map((r) => [r.from, r.to, r.count, r.colour, r.width])).toEqual([
      [MSK, KZN, 10, "red", 10],
      [MSK_ALT, KZN, 5, "orange", 10],
      [KZN, MSK, 2, "blue", 4],
      [KZN_CITY, MSK, 1, "green", 2],
      [MSK, NOWHERE, 1, "green", 2],
    ]);
    // The map draws routes with all four coordinates only.
    expect(geo.routes.map((r) => [r.from, r.to])).toEqual([
      [MSK, KZN],
      [MSK_ALT, KZN],
      [KZN, MSK],
      [KZN_CITY, MSK],
    ]);
    expect(geo.routes.map((r) => r.approximate)).toEqual([false, false, false, true]);
    expect(geo.routes.every((r) => r.distance! > 0 && r.time! > 0 && !r.estimated)).toBe(true);

    expect(geo.topAddresses.map((a) => [a.address, a.type, a.count, a.state])).toEqual([
      [KZN, "unloading", 15, "placed"],
      [MSK, "loading", 13, "placed"],
      [MSK_ALT, "loading", 5, "placed"],
      [MSK, "unloading", 3, "placed"],
      [KZN, "loading", 2, "placed"],
      [KZN_CITY, "loading", 1, "placed"],
      [NOWHERE, "unloading", 1, "not-found"],
    ]);
    // NOWHERE has no point: the map skips it.
    expect(geo.addresses.map((a) => a.address)).not.toContain(NOWHERE);
    expect(geo.addresses).toHaveLength(6);
    expect(geo.addresses.find((a) => a.address === KZN_CITY)).toMatchObject({
      approximate: true,
      precision: "city",
    });

    const [msk] = await testDb().select().from(geoPlaces).where(eq(geoPlaces.address, MSK));
    const [kzn] = await testDb().select().from(geoPlaces).where(eq(geoPlaces.address, KZN));
    expect(geo.loadingRegions).toEqual([
      { name: msk.region, addresses: 2, count: 18 },
      { name: kzn.region, addresses: 2, count: 3 },
    ]);
    expect(geo.unloadingRegions).toEqual([
      { name: kzn.region, addresses: 1, count: 15 },
      { name: msk.region, addresses: 1, count: 3 },
      { name: "Регион не определён", addresses: 1, count: 1 },
    ]);

    // One heat point per place: MSK and MSK_ALT are one point (13 + 5 + 3 documents).
    expect(geo.heat.radiusKm).toBe(50);
    expect(geo.heat.thresholds).toEqual([0.2, 0.4, 0.6, 0.8]);
    expect(geo.heat.points.map((p) => [p.lat, p.count, p.intensity, p.level])).toEqual([
      [msk.latitude, 21, 1, 4],
      [kzn.latitude, 17, 1, 4],
      [expect.any(Number), 1, 0.1, 0],
    ]);
  });

  it("bands the success rate at 60 and below it, from each company's own documents", async () => {
    const sixty = await member(chains(3, 5));
    await placeMirror(placesDeps().deps, { companyId: sixty.companyId });
    expect(await readGeo(sixty)).toMatchObject({
      totalChains: 5,
      completedChains: 3,
      successRate: 60,
      successBand: { tone: "yellow", label: "Хорошо" },
    });
    expect(await readGeo(stranger)).toMatchObject({
      totalDocuments: 5,
      totalChains: 5,
      completedChains: 2,
      successRate: 40,
      successBand: { tone: "red", label: "Требует внимания" },
      uniqueAddresses: 2,
    });
    // The owner's figures count none of the stranger's documents on the same addresses.
    expect((await readGeo(owner)).topRoutes[0].count).toBe(10);
  });

  it("filters by the analytics' filters and answers only the company's own login", async () => {
    expect((await readGeo(owner, "&period=20253")).totalDocuments).toBe(21);
    expect((await readGeo(owner, "&period=20254")).totalDocuments).toBe(0);
    expect((await readGeo(owner, "&status=ON_TRNACLGROT")).totalDocuments).toBe(0);
    const { response } = await callWeb(`/api/edo/geo?login=${stranger.login}`, { headers: owner.auth });
    expect(response.status).toBe(404);
    const signedOut = await callWeb(`/api/edo/geo?login=${owner.login}`);
    expect(signedOut.response.status).toBe(401);
  });
});

/** What /map-analytics's loader shows beside the map, for the default filters. */
async function pageFigures(who: Pick<Member, "companyId">) {
  const filters = edoAnalyticsFiltersSchema.parse({});
  const now = Date.now();
  const rows = await geoFiguresStatement(testDb(), who.companyId, filters, now);
  return geoTops(testDb(), geoFiguresOf(rows, filters, now));
}

/** GET /api/edo/geo's figures, without its drawn items. */
const figuresOf = ({
  addresses: _a,
  routes: _r,
  heat: _h,
  ...figures
}: EdoGeo & { lastSyncedAt?: unknown }) => {
  const { lastSyncedAt: _l, ...rest } = figures;
  return rest;
};

describe("/map-analytics's figures and GET /api/edo/geo/map (decision 0074)", () => {
  it("the page shows the API's every figure, placed, pending, not found and approximate alike", async () => {
    expect(await pageFigures(owner)).toEqual(figuresOf(await readGeo(owner)));
    expect(await pageFigures(stranger)).toEqual(figuresOf(await readGeo(stranger)));
    // Two addresses no job has placed yet, a pair of placed addresses not routed yet, an
    // approximate end, one not found.
    const fresh = await member([
      doc(`г Тверь, ул Новая, д ${RUN}`, KZN, COMPLETE),
      doc(MSK, `г Тверь, ул Старая, д ${RUN}`, ["ON_TRN"]),
      doc(KZN, KZN_CITY, COMPLETE),
      doc(KZN_CITY, NOWHERE, COMPLETE),
      doc(MSK, KZN, COMPLETE),
    ]);
    const api = await readGeo(fresh);
    expect(api.pending).toEqual({ addresses: 2, routes: 1 });
    expect(api.notFound).toBe(1);
    expect(api.estimates.approximateRoutes).toBe(2);
    expect(await pageFigures(fresh)).toEqual(figuresOf(api));

    const { cookie } = await sessionFor(owner.userId);
    const { response } = await callWeb("/map-analytics", { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = (await response.text()).replace(/<!-- -->/g, "");
    expect(html).toContain('data-testid="map-top-routes"');
    expect(html).toContain('data-testid="transport-map"');
    // The map's items are not in the page: it reads them once open.
    expect(html).not.toContain("radiusKm");
  });

  it("answers the map's items with each place once, the same items as GET /api/edo/geo", async () => {
    const geo = await readGeo(owner);
    const { response } = await callWeb(`/api/edo/geo/map?login=${owner.login}`, { headers: owner.auth });
    expect(response.status).toBe(200);
    const map = (await response.json<{ data: EdoGeoMap }>()).data;
    const addresses = new Set(map.places.map((place) => place.address));
    expect(addresses.size).toBe(map.places.length);
    expect(addresses).toEqual(new Set([MSK, MSK_ALT, KZN, KZN_CITY]));
    expect(map.addresses.map(({ place, type, count }) => ({ ...map.places[place], type, count }))).toEqual(
      geo.addresses.map(({ address, formatted, lat, lng, type, count }) => ({
        address,
        formatted,
        lat,
        lng,
        type,
        count,
      })),
    );
    expect(
      map.routes.map(({ from, to, count }) => [map.places[from].address, map.places[to].address, count]),
    ).toEqual(geo.routes.map((route) => [route.from, route.to, route.count]));
    expect(map.routes.map(({ from, to }) => [map.places[from].lat, map.places[to].lng])).toEqual(
      geo.routes.map((route) => [route.fromLat, route.toLng]),
    );

    // The filters apply; another company's login is not the caller's; signed out, nothing.
    const empty = await callWeb(`/api/edo/geo/map?login=${owner.login}&period=20254`, {
      headers: owner.auth,
    });
    expect((await empty.response.json<{ data: EdoGeoMap }>()).data).toEqual({
      places: [],
      addresses: [],
      routes: [],
    });
    const theirs = await callWeb(`/api/edo/geo/map?login=${stranger.login}`, { headers: owner.auth });
    expect(theirs.response.status).toBe(404);
    expect((await callWeb(`/api/edo/geo/map?login=${owner.login}`)).response.status).toBe(401);
    // The stranger's map counts its own documents on the same addresses only.
    const own = await callWeb(`/api/edo/geo/map?login=${stranger.login}`, { headers: stranger.auth });
    expect((await own.response.json<{ data: EdoGeoMap }>()).data.routes.map((route) => route.count)).toEqual([
      5,
    ]);
  });
});

describe("after a mirror sync", () => {
  it("the sync's last page enqueues edo.geo, whose job places the mirror's addresses once each", async () => {
    const { companyId, userId } = await createCompanyUser();
    const { bearer } = await sessionFor(userId);
    const auth = { authorization: `Bearer ${bearer}` };
    const connect = await callWeb(
      "/api/edo/auth",
      postJson({ login: "carrier-3", password: EDO_PASSWORD }, auth),
    );
    expect(connect.response.status).toBe(200);

    const geocoder = counting<Geocoder>(createNominatimGeocoder({ baseUrl: env.GEOCODER_URL }));
    const queue = recordingQueue();
    const deps = { ...jobDeps({ ...env, JOBS: queue.queue }), geocoder: geocoder.port };
    const kinds: string[] = [];
    let pending = connect.sent.map((message) => message.body);
    while (pending.length > 0) {
      kinds.push(...pending.map((message) => message.kind));
      const result = await deliver(pending, { deps });
      expect(result.retryMessages).toEqual([]);
      pending = queue.sent.splice(0).map((message) => message.body);
    }
    expect(kinds).toContain("edo.geo");
    // No address was asked of the geocoder twice, and none but the mirror's.
    expect(new Set(geocoder.calls).size).toBe(geocoder.calls.length);
    const mirrored = await testDb()
      .select({ data: edoDocuments.data })
      .from(edoDocuments)
      .where(eq(edoDocuments.companyId, companyId));
    const keys = new Set(
      mirrored.flatMap(({ data }) =>
        [data.info.loading?.addr, data.info.unloading?.addr].flatMap((address) =>
          address?.trim() ? [addressKey(address)] : [],
        ),
      ),
    );
    expect(geocoder.calls.every((key) => keys.has(key))).toBe(true);

    // The next sync's job asks the geocoder nothing.
    const again = counting<Geocoder>(createNominatimGeocoder({ baseUrl: env.GEOCODER_URL }));
    const rerun = await deliver([{ kind: "edo.geo", companyId }], {
      deps: { ...deps, geocoder: again.port },
    });
    expect(rerun.retryMessages).toEqual([]);
    expect(again.calls).toEqual([]);

    const geo = await readGeo({ auth, login: "carrier-3" }, "&limit=5000");
    expect(geo.pending).toEqual({ addresses: 0, routes: 0 });
    // Over a sandbox mirror too (hundreds of addresses and routes tied at one document), the map
    // page's figures are the API's.
    expect(await pageFigures({ companyId })).toEqual(figuresOf(await readGeo({ auth, login: "carrier-3" })));
    console.info(
      `edo.geo carrier-3: ${mirrored.length} mirrored documents, ${keys.size} distinct addresses, ${geocoder.calls.length} geocoder calls; the read of ${geo.totalDocuments}: ${geo.uniqueAddresses} addresses, ${geo.uniqueRoutes} routes`,
    );
  });
});

describe("the mirror's chain and address columns (migration 0026, decision 0065)", () => {
  const columns = {
    id: edoDocuments.id,
    chainId: edoDocuments.chainId,
    loadingAddress: edoDocuments.loadingAddress,
    unloadingAddress: edoDocuments.unloadingAddress,
  };
  const columnsOf = async (companyId: string) =>
    (await testDb().select(columns).from(edoDocuments).where(eq(edoDocuments.companyId, companyId))).sort(
      (a, b) => (a.id < b.id ? -1 : 1),
    );
  const emptied = { chainId: null, loadingAddress: null, unloadingAddress: null };

  it("are filled by the sync as geo_places keys the addresses, and the same by the migration for older rows", async () => {
    const docs = [
      doc(`  ${MSK}  `, KZN, COMPLETE),
      doc("   ", null, ["ON_TRN"]),
      doc(null, ` ${KZN_CITY}`, ["ON_TRNACLGRPO"], "chain-of-two"),
      doc(MSK_ALT, KZN, ["ON_TRNACLGROT"], "chain-of-two"),
    ];
    const who = await member(docs);
    const expected = [
      { id: docs[0].id, chainId: docs[0].id, loadingAddress: MSK, unloadingAddress: KZN },
      { id: docs[1].id, chainId: docs[1].id, loadingAddress: null, unloadingAddress: null },
      { id: docs[2].id, chainId: "chain-of-two", loadingAddress: null, unloadingAddress: KZN_CITY },
      { id: docs[3].id, chainId: "chain-of-two", loadingAddress: MSK_ALT, unloadingAddress: KZN },
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(await columnsOf(who.companyId)).toEqual(expected);
    const synced = await readGeo(who);
    expect(synced).toMatchObject({
      totalDocuments: 4,
      totalChains: 3,
      completedChains: 2,
      uniqueAddresses: 4,
    });

    // As an older sync wrote them: the read answers the same from their JSON.
    await testDb().update(edoDocuments).set(emptied).where(eq(edoDocuments.companyId, who.companyId));
    expect(await readGeo(who)).toEqual(synced);

    // The migration's backfill gives them what documentRow gives a document synced now.
    const backfill = columnsMigration
      .split("--> statement-breakpoint")
      .find((part) => part.includes("UPDATE"));
    await testDb().run(sql.raw(backfill!));
    expect(await columnsOf(who.companyId)).toEqual(expected);
    for (const d of docs) {
      const row = documentRow(who.companyId, d, Date.now());
      expect(expected).toContainEqual({
        id: d.id,
        chainId: row.chainId,
        loadingAddress: row.loadingAddress,
        unloadingAddress: row.unloadingAddress,
      });
    }
  });

  it("lets the job place a company whose rows an older sync wrote: it fills their columns first", async () => {
    const [from, to] = [`г Казань, ул Баумана, д ${RUN}`, `г Москва, ул Тверская, д ${RUN}`];
    const docs = [doc(from, to, COMPLETE)];
    const who = await member(docs);
    await testDb().update(edoDocuments).set(emptied).where(eq(edoDocuments.companyId, who.companyId));
    const job = placesDeps();
    expect(await placeMirror(job.deps, { companyId: who.companyId })).toMatchObject({ placed: 2, routed: 1 });
    expect(job.geocoderCalls).toHaveLength(2);
    expect((await columnsOf(who.companyId))[0]).toMatchObject({
      chainId: docs[0].id,
      loadingAddress: from,
      unloadingAddress: to,
    });
  });
});

describe("a vehicle's map (its page, issue 23 item 3)", () => {
  const on = (document: WireDocument, plate: string): WireDocument => ({
    ...document,
    info: { ...document.info, ts: { num: plate } },
  });

  it("draws that vehicle's routes only, and the page says how many are on the map", async () => {
    const me = await member([
      on(doc(MSK, KZN, COMPLETE), "А 123 ВС 77"),
      on(doc(MSK_ALT, KZN, COMPLETE), "А 123 ВС 77"),
      on(doc(KZN_CITY, MSK, ["ON_TRN"]), "А 123 ВС 77"),
      on(doc(KZN, MSK, COMPLETE), "В 456 ОР 99"),
      doc(MSK, NOWHERE, COMPLETE),
    ]);
    await placeMirror(placesDeps().deps, { companyId: me.companyId });
    const filters = { period: 0, limit: 100, allQuarters: true } as const;
    const now = Date.now();
    const geo = geoOf(
      await geoStatement(testDb(), me.companyId, filters, now, { vehicle: "а123вс77" }),
      filters,
      now,
    );
    expect(geo.totalDocuments).toBe(3);
    // MSK and MSK_ALT are two spellings, two routes; the other truck's KZN → MSK is not here.
    expect(geo.routes.map((route) => [route.from, route.to, route.count])).toEqual([
      [KZN_CITY, MSK, 1],
      [MSK, KZN, 1],
      [MSK_ALT, KZN, 1],
    ]);

    const { cookie } = await sessionFor(me.userId);
    const { response } = await callWeb(`/transport/${encodeURIComponent("а123вс77")}`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Рейсы на карте");
    expect(html).toContain('data-testid="transport-map"');
    expect(html.replace(/<!-- -->/g, "")).toContain("На карте маршрутов: 3 из 3");
  });
});
