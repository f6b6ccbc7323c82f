// The fleet view's figures (issue 23 item 3; spec 3 §3 «Vehicle record», «Transport analytics»,
// §4 «Derived vehicle status», §9; decision 0063) against a small hand-checked mirror: a vehicle's
// status comes from its newest document only, trip times are clamped to 0.5–48 h, seasons,
// peak hours, utilisation and route bands; GET /api/edo/transport and a vehicle's trips answer the
// caller's company only.
import { describe, expect, it, beforeAll } from "vitest";
import { edoConnections } from "../../db/schema";
import { placeOf } from "../../workers/core/edo/analytics";
import { transportFor, type TransportAnalytics } from "../../workers/core/edo/transport";
import { matchAddress } from "../../workers/core/geo/gazetteer";
import { estimateRoute } from "../../workers/core/geo/estimate";
import type { WireDocument } from "../../workers/providers/edo-operator";
import { edoConnectionRow } from "../support/edo-rows";
import { callWeb, createCompanyUser, mirrorEdoDocuments, sessionFor, testDb } from "./support";
import { textOf } from "../support/page-text";

const MOSCOW = "г Москва, ул Складочная, д 1";
const PODOLSK = "Московская обл, г Подольск, ул Южная, д 5";
const KAZAN = "г Казань, ул Баумана, д 5";
const KAZAN_2 = "г Казань, ул Пушкина, д 2";

type Title = "ON_TRNACLPPRIN" | "ON_TRNACLGROT" | "ON_TRNACLGRPO";

/** A waybill created at `at` (Moscow wall time) with its titles at their own times. */
function waybill(o: {
  at: string;
  titles: [Title, string][];
  vehicle?: string;
  driver?: string;
  from: string;
  to: string;
}): WireDocument {
  const id = crypto.randomUUID();
  const msk = (wall: string) => `${wall}:00+03:00`;
  return {
    id,
    docflowType: "ETRN",
    createDate: msk(o.at),
    updateDate: msk(o.at),
    read: true,
    statusCode: "ON_TRNACLPPRIN",
    roleCode: "TK",
    expired: false,
    deleted: false,
    info: {
      doc: {
        num: `ТН-${id.slice(0, 6)}`,
        date: o.at.slice(0, 10),
        trns: "1",
        driver: null,
        chainId: id,
        trip: null,
      },
      go: { accName: "АО «Тандер»", inn: "2310031475", kpp: null },
      gp: { accName: "ООО «Агроторг»", inn: "7825706086", kpp: null },
      tk: { accName: "ООО «Своя Компания»", inn: "7704000001", kpp: null },
      driver: o.driver ? { accName: o.driver } : null,
      ts: o.vehicle ? { num: o.vehicle } : null,
      loading: { addr: o.from },
      unloading: { addr: o.to },
      cargo: null,
      documents: o.titles.map(([type, wall], i) => ({
        id: `${id}-${i}`,
        type,
        dateTime: msk(wall),
        contentSize: 1_000,
      })),
      lastdoc: null,
    },
  };
}

const IVANOV = "Иванов Иван Иванович";
const PETROV = "Петров Пётр Петрович";
const SIDOROV = "Сидоров Сидор Сидорович";

/** The hand-checked mirror: seven waybills of the third quarter of 2025, three vehicles. */
const FIXTURE = () => [
  // A: completed in 6 h on 1 September; loaded on 10 September, not yet received (newest).
  waybill({
    at: "2025-09-01T08:00",
    titles: [
      ["ON_TRNACLGROT", "2025-09-01T08:00"],
      ["ON_TRNACLGRPO", "2025-09-01T14:00"],
    ],
    vehicle: "А111АА77",
    driver: IVANOV,
    from: MOSCOW,
    to: PODOLSK,
  }),
  waybill({
    at: "2025-09-10T09:00",
    titles: [
      ["ON_TRNACLPPRIN", "2025-09-10T09:00"],
      ["ON_TRNACLGROT", "2025-09-10T10:00"],
    ],
    vehicle: "А 111 АА 77",
    driver: IVANOV,
    from: KAZAN,
    to: MOSCOW,
  }),
  // B: completed in 72 h (clamped to 48); an older document with only a receipt never sets its status.
  waybill({
    at: "2025-09-09T12:00",
    titles: [
      ["ON_TRNACLGROT", "2025-09-09T12:00"],
      ["ON_TRNACLGRPO", "2025-09-12T12:00"],
    ],
    vehicle: "В222ВВ77",
    driver: PETROV,
    from: MOSCOW,
    to: PODOLSK,
  }),
  waybill({
    at: "2025-08-15T07:00",
    titles: [["ON_TRNACLGRPO", "2025-08-15T07:00"]],
    vehicle: "В222ВВ77",
    driver: PETROV,
    from: MOSCOW,
    to: PODOLSK,
  }),
  // C: accepted for carriage only (newest); before that a 10-minute trip (clamped to 0.5 h).
  waybill({
    at: "2025-07-05T10:00",
    titles: [["ON_TRNACLPPRIN", "2025-07-05T10:00"]],
    vehicle: "С333СС77",
    driver: SIDOROV,
    from: MOSCOW,
    to: PODOLSK,
  }),
  waybill({
    at: "2025-07-01T10:00",
    titles: [
      ["ON_TRNACLGROT", "2025-07-01T10:00"],
      ["ON_TRNACLGRPO", "2025-07-01T10:10"],
    ],
    vehicle: "С333СС77",
    driver: SIDOROV,
    from: MOSCOW,
    to: PODOLSK,
  }),
  // No vehicle, no driver: counted as a document only.
  waybill({
    at: "2025-08-20T20:00",
    titles: [["ON_TRNACLPPRIN", "2025-08-20T20:00"]],
    from: KAZAN,
    to: KAZAN_2,
  }),
];

const Q3_2025 = { period: 20253, status: undefined, limit: 1000, allQuarters: true };

async function carrier(docs: WireDocument[]) {
  const { companyId, userId } = await createCompanyUser();
  const login = `transport-${companyId.slice(0, 8)}`;
  await testDb().insert(edoConnections).values(edoConnectionRow(companyId, login));
  await mirrorEdoDocuments(companyId, docs);
  const session = await sessionFor(userId);
  return { companyId, login, auth: { authorization: `Bearer ${session.bearer}` }, cookie: session.cookie };
}

const distance = (from: string, to: string) => {
  const [a, b] = [matchAddress(from), matchAddress(to)];
  if (a?.level !== "city" || b?.level !== "city") throw new Error("fixture addresses must name cities");
  return estimateRoute(a.city, b.city).distance;
};

describe("the fleet view over a hand-checked mirror", () => {
  let me: Awaited<ReturnType<typeof carrier>>;
  let t: TransportAnalytics;
  beforeAll(async () => {
    me = await carrier(FIXTURE());
    // Another company's documents with the same vehicle: never counted.
    await carrier([FIXTURE()[0], FIXTURE()[2]]);
    t = (await transportFor(testDb(), me.companyId, Q3_2025, Date.now())).transport;
  });

  it("derives each vehicle from its newest document: status, location, route, driver, last update", () => {
    expect(t.vehicles).toEqual([
      {
        id: "а111аа77",
        number: "А 111 АА 77",
        driver: IVANOV,
        status: "Груз выдан",
        location: "Казань",
        route: { from: "Казань", to: "Москва" },
        lastUpdate: "2025-09-10T07:00:00.000Z",
        documents: 2,
        completedTrips: 1,
      },
      {
        id: "в222вв77",
        number: "В222ВВ77",
        driver: PETROV,
        status: "Завершено",
        location: "Подольск",
        route: { from: "Москва", to: "Подольск" },
        lastUpdate: "2025-09-12T09:00:00.000Z",
        documents: 2,
        completedTrips: 1,
      },
      {
        id: "с333сс77",
        number: "С333СС77",
        driver: SIDOROV,
        status: "В пути",
        location: "Москва",
        route: { from: "Москва", to: "Подольск" },
        lastUpdate: "2025-07-05T07:00:00.000Z",
        documents: 2,
        completedTrips: 1,
      },
    ]);
    expect(t.statusDistribution).toEqual([
      { status: "В пути", count: 1 },
      { status: "Груз выдан", count: 1 },
      { status: "Груз принят", count: 0 },
      { status: "Завершено", count: 1 },
    ]);
  });

  it("totals and KPIs: utilisation over the window's last 7 days, completion, trips per vehicle", () => {
    expect(t.totals).toEqual({ documents: 7, vehicles: 3, drivers: 3, onTheRoad: 2, completedTrips: 3 });
    // A (10 Sep) and B (9 Sep) have documents after 3 Sep 09:00; C does not: 2 of 3.
    expect(t.kpis).toEqual({
      utilisation: 66.7,
      utilisationBand: "fair",
      completionRate: 42.9,
      tripsPerVehicle: 2,
    });
  });

  it("peak hours, seasons, regions, clamped trip times and estimated distances", () => {
    expect(t.peakHours).toEqual([
      { hour: 10, count: 2 },
      { hour: 7, count: 1 },
      { hour: 8, count: 1 },
      { hour: 9, count: 1 },
      { hour: 12, count: 1 },
    ]);
    expect(t.seasonality.map((s) => [s.label, s.count])).toEqual([
      ["Зима", 0],
      ["Весна", 0],
      ["Лето", 4],
      ["Осень", 3],
    ]);
    const [moscow, oblast, tatarstan] = [MOSCOW, PODOLSK, KAZAN].map((address) => placeOf(address).region);
    expect(t.regionalDensity).toEqual([
      { region: moscow, count: 6 },
      { region: oblast, count: 5 },
      { region: tatarstan, count: 2 },
    ]);
    expect(t.tripTime).toEqual({ count: 3, average: 18.2, min: 0.5, max: 48, clamped: 2 });
    const [mp, km] = [distance(MOSCOW, PODOLSK), distance(KAZAN, MOSCOW)];
    expect(t.distance).toMatchObject({ count: 6, min: mp, max: km, estimated: true });
    expect(t.distance.average).toBeCloseTo((5 * mp + km) / 6, 1);
  });

  it("top drivers and routes with the share of closed chains and its band", () => {
    expect(t.topDrivers).toEqual([
      { name: IVANOV, trips: 2, completedTrips: 1, vehicles: 1 },
      { name: PETROV, trips: 2, completedTrips: 1, vehicles: 1 },
      { name: SIDOROV, trips: 2, completedTrips: 1, vehicles: 1 },
    ]);
    expect(t.routes).toEqual([
      { from: "Москва", to: "Подольск", trips: 5, completed: 3, share: 60, band: "poor" },
      { from: "Казань", to: "Казань", trips: 1, completed: 0, share: 0, band: null },
      { from: "Казань", to: "Москва", trips: 1, completed: 0, share: 0, band: null },
    ]);
  });

  it("daily, weekly and monthly trends ending at the newest document", () => {
    expect(t.trends.daily).toHaveLength(30);
    expect(t.trends.daily.at(-1)).toEqual({ date: "2025-09-10", documents: 1, vehicles: 1 });
    expect(t.trends.daily[0].date).toBe("2025-08-12");
    expect(t.trends.weekly).toHaveLength(12);
    expect(t.trends.weekly.at(-1)).toEqual({ weekStart: "2025-09-08", documents: 2, vehicles: 2 });
    expect(t.trends.monthly.slice(-3)).toEqual([
      { month: "2025-07", documents: 2, vehicles: 1 },
      { month: "2025-08", documents: 2, vehicles: 1 },
      { month: "2025-09", documents: 3, vehicles: 2 },
    ]);
  });

  it("GET /api/edo/transport filters the vehicle table by search and status; a vehicle's trips", async () => {
    const get = async (path: string) => {
      const { response } = await callWeb(path, { headers: me.auth });
      return {
        status: response.status,
        body: await response.json<{ data: TransportAnalytics & { trips: unknown[]; total: number } }>(),
      };
    };
    const base = `/api/edo/transport?login=${me.login}&period=20253`;
    const all = await get(base);
    expect(all.status).toBe(200);
    expect(all.body.data.totals.vehicles).toBe(3);
    const ivanov = await get(`${base}&search=${encodeURIComponent("иванов")}`);
    expect(ivanov.body.data.vehicles.map((v) => v.id)).toEqual(["а111аа77"]);
    const done = await get(`${base}&vehicleStatus=${encodeURIComponent("Завершено")}`);
    expect(done.body.data.vehicles.map((v) => v.id)).toEqual(["в222вв77"]);
    expect((await get(`/api/edo/transport?login=someone-else&period=20253`)).status).toBe(404);

    const trips = await get(`/api/edo/transport/vehicles/${encodeURIComponent("в222вв77")}`);
    expect(trips.status).toBe(200);
    expect(trips.body.data).toMatchObject({ number: "В222ВВ77", total: 2 });
    expect(trips.body.data.trips.map((trip) => (trip as { status: string }).status)).toEqual([
      "Завершено",
      "Груз принят",
    ]);
    expect((await get(`/api/edo/transport/vehicles/${encodeURIComponent("х999хх99")}`)).status).toBe(404);
  });

  it("/transport shows the fleet to a signed-in carrier", async () => {
    const { response } = await callWeb("/transport?period=20253", { headers: { cookie: me.cookie } });
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toMatch(/Всего ТС 3/);
    expect(text).toMatch(/А 111 АА 77 .*Груз выдан/);
    expect(text).toContain("Время в рейсе");
    expect(text).toContain("Типы ТС: в списке документов оператора их нет");
  });
});

describe("a vehicle of another company", () => {
  it("answers 404: its trips are not the caller's", async () => {
    const owner = await carrier([FIXTURE()[0]]);
    const stranger = await carrier([]);
    const { response } = await callWeb(`/api/edo/transport/vehicles/${encodeURIComponent("а111аа77")}`, {
      headers: stranger.auth,
    });
    expect(response.status).toBe(404);
    const own = await callWeb(`/api/edo/transport/vehicles/${encodeURIComponent("а111аа77")}`, {
      headers: owner.auth,
    });
    expect(own.response.status).toBe(200);
  });
});
