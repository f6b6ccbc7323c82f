// The fleet view (/transport; spec 3 §2 «Transport management page», §3 «Vehicle record»,
// «Transport analytics», §4 «Derived vehicle status», §9): vehicles, drivers and trips derived
// from the company's mirrored transport waybills over the same analysed window as the EDO
// analytics (decision 0058's filters). One statement reads the window's documents off the list's
// index; the figures are counted in JS. Decision 0063 defines each figure.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { edoDocuments } from "../../../db/schema";
import { matchAddress, type GazetteerMatch } from "../geo/gazetteer";
import { ESTIMATE_NOTE, estimateRoute, roundTenth } from "../geo/estimate";
import { analysedRange, placeOf, UNKNOWN_REGION } from "./analytics";
import type { EdoAnalyticsFilters } from "./analytics-schemas";
import { connectionQuery, type EdoConnectionRow } from "./connection";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MOSCOW_OFFSET_MS = 3 * HOUR_MS;

/** Spec 3 §4: a vehicle's status from the titles of its newest document. */
export const VEHICLE_STATUSES = ["В пути", "Груз выдан", "Груз принят", "Завершено"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
/** Cargo issued by the shipper (loaded), and received by the consignee. */
const ISSUED = "ON_TRNACLGROT";
const RECEIVED = "ON_TRNACLGRPO";
/** Spec 3 §9: trip duration clamped to 0.5–48 h. */
export const TRIP_HOURS = { min: 0.5, max: 48 } as const;
/** Spec 3 §9: fleet utilisation bands. */
export const UTILISATION_BANDS = { good: 80, fair: 60 } as const;
/** Spec 3 §9: the route bands (90 and 80), applied to a route's share of closed chains. */
export const ROUTE_BANDS = { good: 90, fair: 80 } as const;
/** A vehicle counts as working when it has a document within this many days of the window's end. */
export const UTILISATION_DAYS = 7;
/** Spec 3 §9's list lengths and trend points. */
export const LISTS = {
  peakHours: 5,
  regions: 5,
  drivers: 5,
  routes: 10,
  daily: 30,
  weekly: 12,
  monthly: 12,
} as const;
/** Routes need this many trips before their share of closed chains is banded. */
export const ROUTE_MIN_TRIPS = 3;

/** Spec 3 §9: spring March–May, summer June–August, autumn September–November, winter otherwise. */
export const SEASONS = [
  { key: "winter", label: "Зима" },
  { key: "spring", label: "Весна" },
  { key: "summer", label: "Лето" },
  { key: "autumn", label: "Осень" },
] as const;
export type Season = (typeof SEASONS)[number]["key"];
export function seasonOf(month: number): Season {
  if (month >= 3 && month <= 5) return "spring";
  if (month >= 6 && month <= 8) return "summer";
  if (month >= 9 && month <= 11) return "autumn";
  return "winter";
}

/** Spec 3 §4: «Завершено» with both titles, «Груз выдан» / «Груз принят» with one, else «В пути». */
export function vehicleStatusOf(titleTypes: string): VehicleStatus {
  return statusOfTitles(titleTypes.includes(`|${ISSUED}|`), titleTypes.includes(`|${RECEIVED}|`));
}

function statusOfTitles(issued: boolean, received: boolean): VehicleStatus {
  if (issued && received) return "Завершено";
  if (issued) return "Груз выдан";
  if (received) return "Груз принят";
  return "В пути";
}

/** Hours between loading and unloading, clamped to spec 3 §9's 0.5–48 h; whether it was clamped. */
export function tripHours(issuedAt: number, receivedAt: number): { hours: number; clamped: boolean } {
  const raw = (receivedAt - issuedAt) / HOUR_MS;
  const hours = Math.min(TRIP_HOURS.max, Math.max(TRIP_HOURS.min, raw));
  return { hours, clamped: hours !== raw };
}

export type Band = "good" | "fair" | "poor";
export const bandOf = (value: number, bands: { good: number; fair: number }): Band =>
  value >= bands.good ? "good" : value >= bands.fair ? "fair" : "poor";

export type Vehicle = {
  /** The number as the mirror keys it: lower case, no spaces (a URL's id). */
  id: string;
  /** The number as its newest document writes it. */
  number: string;
  driver: string | null;
  status: VehicleStatus;
  /** The last place known: where it unloaded once the cargo was received, else where it loaded. */
  location: string | null;
  route: { from: string | null; to: string | null };
  /** The newest document's latest title, or its creation. */
  lastUpdate: string;
  documents: number;
  completedTrips: number;
};

type Stat = { count: number; average: number | null; min: number | null; max: number | null };

export type TransportAnalytics = {
  range: { from: string; to: string | null };
  totals: {
    documents: number;
    vehicles: number;
    drivers: number;
    onTheRoad: number;
    completedTrips: number;
  };
  kpis: {
    /** Vehicles with a document in the window's last 7 days, percent of all; null without vehicles. */
    utilisation: number | null;
    utilisationBand: Band | null;
    completionRate: number | null;
    tripsPerVehicle: number | null;
  };
  statusDistribution: { status: VehicleStatus; count: number }[];
  peakHours: { hour: number; count: number }[];
  seasonality: { season: Season; label: string; count: number }[];
  regionalDensity: { region: string; count: number }[];
  distance: Stat & { total: number; estimated: true; note: string };
  tripTime: Stat & { clamped: number };
  topDrivers: { name: string; trips: number; completedTrips: number; vehicles: number }[];
  routes: { from: string; to: string; trips: number; completed: number; share: number; band: Band | null }[];
  trends: {
    daily: { date: string; documents: number; vehicles: number }[];
    weekly: { weekStart: string; documents: number; vehicles: number }[];
    monthly: { month: string; documents: number; vehicles: number }[];
  };
  vehicles: Vehicle[];
  /** What is not in the mirror's documents and so is not shown (vehicle types, costs). */
  notMeasured: string[];
};

type Row = {
  at: number;
  vehicle: string | null;
  driver: string | null;
  status: VehicleStatus;
  loading: string | null;
  unloading: string | null;
  /** Only the newest document of each vehicle and driver reads these from its JSON. */
  plate: string | null;
  driverName: string | null;
  /** A closed trip's milliseconds from the cargo issued to the cargo received. */
  tripMs: number | null;
  /** A vehicle's newest document's latest title time. */
  lastTitleAt: string | null;
};

/**
 * A window document as the statement sends it (decision 0074): its place in the window's order,
 * its time, the vehicle, driver, loading and unloading place as numbers into the statement's
 * `names` (-1: none), the titles as 1 (cargo issued) + 2 (received), the plate and the driver's
 * name (a vehicle's and a driver's newest document only), a closed trip's milliseconds and the
 * vehicle's newest document's latest title time.
 */
type WindowItem = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  string | null,
  string | null,
  number | null,
  string | null,
];

type WindowRow = { names: string | null; json: string | null };

/** The window's documents, newest first, from the statement's one row. */
function windowRows(rows: WindowRow[]): Row[] {
  const names = JSON.parse(rows[0]?.names ?? "[]") as string[];
  const name = (k: number) => (k < 0 ? null : names[k]);
  const items = JSON.parse(rows[0]?.json ?? "[]") as WindowItem[];
  return items
    .sort((a, b) => a[0] - b[0])
    .map(([, at, vehicle, driver, titles, loading, unloading, plate, driverName, tripMs, lastTitleAt]) => ({
      at,
      vehicle: name(vehicle),
      driver: name(driver),
      status: statusOfTitles((titles & 1) === 1, (titles & 2) === 2),
      loading: name(loading),
      unloading: name(unloading),
      plate,
      driverName,
      tripMs,
      lastTitleAt,
    }));
}

/**
 * The analysed window's documents (the analytics' most recent N), newest first. The window is
 * picked and ranked without the documents' JSON; only the rows that need a name or a title time
 * read theirs (by rowid), once: carrying every JSON through the ranking's sorts and parsing it
 * three times a row took most of the statement. Vehicles, drivers and places cross sqld once
 * each, as `names`, and a closed trip's two times as its length (decision 0074).
 */
function windowStatement(db: Db, companyId: string, filters: EdoAnalyticsFilters, now: number) {
  const d = edoDocuments;
  const { from, to } = analysedRange(filters, now);
  const issued = `%|${ISSUED}|%`;
  const received = `%|${RECEIVED}|%`;
  const json = (path: string) => sql`(SELECT x.data ->> ${path} FROM ${d} x WHERE x.rowid = w.rid)`;
  const ms = (time: string) => sql.raw(`(julianday(${time}) - 2440587.5) * 86400000`);
  const key = (column: string) => sql.raw(`coalesce((SELECT k FROM names WHERE names.s = w.${column}), -1)`);
  return db.all<WindowRow>(sql`
    WITH picked AS (
      SELECT ${d.id} AS id, ${d}.rowid AS rid, ${d.createdAt} AS at, ${d.vehicle} AS vehicle, ${d.driver} AS driver,
        (${d.titleTypes} LIKE ${issued}) + 2 * (${d.titleTypes} LIKE ${received}) AS titles,
        coalesce(${d.loadingPlace}, ${d.data} ->> '$.info.loading.addr') AS loading,
        coalesce(${d.unloadingPlace}, ${d.data} ->> '$.info.unloading.addr') AS unloading
      FROM ${d}
      WHERE ${d.companyId} = ${companyId} AND ${d.category} = 'ETRN' AND ${d.deleted} = 0 AND ${d.expired} = 0
        ${filters.status ? sql`AND ${d.statusCode} = ${filters.status}` : sql``}
        AND ${d.createdAt} >= ${from} ${to === null ? sql`` : sql`AND ${d.createdAt} < ${to}`}
      ORDER BY ${d.createdAt} DESC, ${d.id} LIMIT ${filters.limit}
    ),
    -- Ranked within the window only: each vehicle's and driver's newest document reads its names.
    w AS MATERIALIZED (
      SELECT *, row_number() OVER (PARTITION BY vehicle ORDER BY at DESC, id) AS vehicleRank,
        row_number() OVER (PARTITION BY driver ORDER BY at DESC, id) AS driverRank,
        row_number() OVER (ORDER BY at DESC, id) AS n
      FROM picked
    ),
    names AS MATERIALIZED (SELECT s, row_number() OVER (ORDER BY s) - 1 AS k FROM (
      SELECT vehicle AS s FROM w UNION SELECT driver FROM w UNION SELECT loading FROM w
      UNION SELECT unloading FROM w) WHERE s IS NOT NULL),
    -- A closed trip's cargo issued and received, a vehicle's newest document's latest title: one
    -- pass over the document's titles.
    times AS MATERIALIZED (
      SELECT w.*, CASE WHEN titles = 3 OR vehicleRank = 1 THEN (SELECT json_array(
          min(CASE WHEN t.value ->> '$.type' = ${ISSUED} THEN t.value ->> '$.dateTime' END),
          min(CASE WHEN t.value ->> '$.type' = ${RECEIVED} THEN t.value ->> '$.dateTime' END),
          max(t.value ->> '$.dateTime'))
        FROM ${d} x, json_each(x.data, '$.info.documents') AS t WHERE x.rowid = w.rid) END AS titleTimes
      FROM w
    )
    SELECT (SELECT json_group_array(s) FROM (SELECT s FROM names ORDER BY k)) AS names,
      -- One JSON text, not a thousand rows of a dozen values: sqld sends and the client reads it
      -- several times faster (decision 0065).
      json_group_array(json_array(n, at, ${key("vehicle")}, ${key("driver")}, titles,
        ${key("loading")}, ${key("unloading")},
        CASE WHEN vehicleRank = 1 THEN ${json("$.info.ts.num")} END,
        CASE WHEN driverRank = 1 THEN coalesce(${json("$.info.driver.accName")}, ${json("$.info.doc.driver")}) END,
        CASE WHEN titles = 3 THEN CAST(round(${ms("titleTimes ->> 1")} - ${ms("titleTimes ->> 0")}) AS INTEGER) END,
        CASE WHEN vehicleRank = 1 THEN titleTimes ->> 2 END
      )) AS json FROM times AS w`);
}

const moscowDate = (at: number) => new Date(at + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
const moscowHour = (at: number) => new Date(at + MOSCOW_OFFSET_MS).getUTCHours();
const moscowMonth = (at: number) => new Date(at + MOSCOW_OFFSET_MS).getUTCMonth() + 1;
/** Moscow Monday (YYYY-MM-DD) of the week a day falls in. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
const shiftDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
function shiftMonths(month: string, months: number): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 7);
}

const percent = (part: number, whole: number) => (whole > 0 ? roundTenth((part / whole) * 100) : null);

function stat(values: number[]): Stat {
  if (values.length === 0) return { count: 0, average: null, min: null, max: null };
  const sum = values.reduce((acc, value) => acc + value, 0);
  return {
    count: values.length,
    average: roundTenth(sum / values.length),
    min: roundTenth(Math.min(...values)),
    max: roundTenth(Math.max(...values)),
  };
}

const bump = <K>(counts: Map<K, number>, key: K, by = 1) => counts.set(key, (counts.get(key) ?? 0) + by);
const top = <K>(counts: Map<K, number>, limit: number, order: (a: K, b: K) => number) =>
  [...counts].sort(([a, x], [b, y]) => y - x || order(a, b)).slice(0, limit);

/** Every figure of the window, from its documents (newest first). */
export function transportFrom(rows: Row[], range: { from: number; to: number | null }): TransportAnalytics {
  const vehicles = new Map<string, Vehicle>();
  const driverNames = new Map<string, string>();
  const drivers = new Map<string, { trips: number; completed: number; vehicles: Set<string> }>();
  const hours = new Map<number, number>();
  const seasons = new Map<Season, number>();
  const regions = new Map<string, number>();
  const routes = new Map<string, { from: string; to: string; trips: number; completed: number }>();
  const distances: number[] = [];
  const durations: number[] = [];
  let clamped = 0;
  let completedTrips = 0;
  // The window's place keys repeat (a few hundred over a thousand documents): each read once.
  const matches = new Map<string, GazetteerMatch | null>();
  const matched = (address: string) => {
    if (!matches.has(address)) matches.set(address, matchAddress(address));
    return matches.get(address)!;
  };
  for (const row of rows) {
    const completed = row.status === "Завершено";
    if (completed) completedTrips += 1;
    bump(hours, moscowHour(row.at));
    bump(seasons, seasonOf(moscowMonth(row.at)));
    const from = row.loading ? placeOf(row.loading) : null;
    const to = row.unloading ? placeOf(row.unloading) : null;
    for (const region of new Set([from?.region, to?.region]))
      if (region && region !== UNKNOWN_REGION) bump(regions, region);
    if (from && to) {
      const key = `${from.place}→${to.place}`;
      const route = routes.get(key) ?? { from: from.place, to: to.place, trips: 0, completed: 0 };
      route.trips += 1;
      if (completed) route.completed += 1;
      routes.set(key, route);
      const [a, b] = [matched(row.loading!), matched(row.unloading!)];
      if (a?.level === "city" && b?.level === "city" && a.city.name !== b.city.name)
        distances.push(estimateRoute(a.city, b.city).distance);
    }
    if (row.tripMs !== null) {
      const trip = tripHours(0, row.tripMs);
      durations.push(trip.hours);
      if (trip.clamped) clamped += 1;
    }
    if (row.driver) {
      if (row.driverName) driverNames.set(row.driver, row.driverName);
      const driver = drivers.get(row.driver) ?? { trips: 0, completed: 0, vehicles: new Set<string>() };
      driver.trips += 1;
      if (completed) driver.completed += 1;
      if (row.vehicle) driver.vehicles.add(row.vehicle);
      drivers.set(row.driver, driver);
    }
    if (!row.vehicle) continue;
    const known = vehicles.get(row.vehicle);
    if (known) {
      // Rows come newest first: an older document adds to the counts, never to the status.
      known.documents += 1;
      if (completed) known.completedTrips += 1;
      continue;
    }
    const { status } = row;
    const received = status === "Груз принят" || status === "Завершено";
    vehicles.set(row.vehicle, {
      id: row.vehicle,
      number: row.plate ?? row.vehicle.toUpperCase(),
      driver: row.driverName ?? (row.driver ? (driverNames.get(row.driver) ?? row.driver) : null),
      status,
      location: (received ? to : from)?.place ?? (received ? from : to)?.place ?? null,
      route: { from: from?.place ?? null, to: to?.place ?? null },
      lastUpdate: new Date(Math.max(row.at, row.lastTitleAt ? Date.parse(row.lastTitleAt) : 0)).toISOString(),
      documents: 1,
      completedTrips: completed ? 1 : 0,
    });
  }
  const fleet = [...vehicles.values()];
  const newest = rows[0]?.at ?? null;
  const byStatus = new Map<VehicleStatus, number>(VEHICLE_STATUSES.map((status) => [status, 0]));
  for (const vehicle of fleet) bump(byStatus, vehicle.status);

  // Utilisation: vehicles with a document in the window's last 7 days (ending at its newest).
  const working = new Set<string>();
  if (newest !== null)
    for (const row of rows)
      if (row.vehicle && row.at > newest - UTILISATION_DAYS * DAY_MS) working.add(row.vehicle);
  const utilisation = percent(working.size, fleet.length);

  // Trends end at the newest document's day, week and month (today on a live account).
  const lastDay = moscowDate(newest ?? Date.now());
  const series = <K extends string>(keys: string[], keyOf: (row: Row) => string, name: K) => {
    const points = new Map(keys.map((key) => [key, { documents: 0, vehicles: new Set<string>() }]));
    for (const row of rows) {
      const point = points.get(keyOf(row));
      if (!point) continue;
      point.documents += 1;
      if (row.vehicle) point.vehicles.add(row.vehicle);
    }
    return keys.map((key) => ({
      [name]: key,
      documents: points.get(key)!.documents,
      vehicles: points.get(key)!.vehicles.size,
    })) as ({ [P in K]: string } & { documents: number; vehicles: number })[];
  };
  const days = Array.from({ length: LISTS.daily }, (_, i) => shiftDays(lastDay, i - LISTS.daily + 1));
  const weeks = Array.from({ length: LISTS.weekly }, (_, i) =>
    shiftDays(mondayOf(lastDay), 7 * (i - LISTS.weekly + 1)),
  );
  const months = Array.from({ length: LISTS.monthly }, (_, i) =>
    shiftMonths(lastDay.slice(0, 7), i - LISTS.monthly + 1),
  );

  const byName = (a: string, b: string) => a.localeCompare(b, "ru");
  return {
    range: {
      from: new Date(range.from).toISOString(),
      to: range.to === null ? null : new Date(range.to).toISOString(),
    },
    totals: {
      documents: rows.length,
      vehicles: fleet.length,
      drivers: drivers.size,
      onTheRoad: (byStatus.get("В пути") ?? 0) + (byStatus.get("Груз выдан") ?? 0),
      completedTrips,
    },
    kpis: {
      utilisation,
      utilisationBand: utilisation === null ? null : bandOf(utilisation, UTILISATION_BANDS),
      completionRate: percent(completedTrips, rows.length),
      tripsPerVehicle:
        fleet.length > 0 ? roundTenth(fleet.reduce((acc, v) => acc + v.documents, 0) / fleet.length) : null,
    },
    statusDistribution: VEHICLE_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    peakHours: top(hours, LISTS.peakHours, (a, b) => a - b).map(([hour, count]) => ({ hour, count })),
    seasonality: SEASONS.map(({ key, label }) => ({ season: key, label, count: seasons.get(key) ?? 0 })),
    regionalDensity: top(regions, LISTS.regions, byName).map(([region, count]) => ({ region, count })),
    distance: {
      ...stat(distances),
      total: roundTenth(distances.reduce((acc, value) => acc + value, 0)),
      estimated: true,
      note: ESTIMATE_NOTE,
    },
    tripTime: { ...stat(durations), clamped },
    topDrivers: [...drivers]
      .sort(([a, x], [b, y]) => y.trips - x.trips || y.completed - x.completed || byName(a, b))
      .slice(0, LISTS.drivers)
      .map(([key, driver]) => ({
        name: driverNames.get(key) ?? key,
        trips: driver.trips,
        completedTrips: driver.completed,
        vehicles: driver.vehicles.size,
      })),
    routes: [...routes.values()]
      .sort((a, b) => b.trips - a.trips || byName(a.from, b.from) || byName(a.to, b.to))
      .slice(0, LISTS.routes)
      .map((route) => {
        const share = percent(route.completed, route.trips) ?? 0;
        return { ...route, share, band: route.trips >= ROUTE_MIN_TRIPS ? bandOf(share, ROUTE_BANDS) : null };
      }),
    trends: {
      daily: series(days, (row) => moscowDate(row.at), "date"),
      weekly: series(weeks, (row) => mondayOf(moscowDate(row.at)), "weekStart"),
      monthly: series(months, (row) => moscowDate(row.at).slice(0, 7), "month"),
    },
    vehicles: fleet,
    notMeasured: [
      "Типы ТС: в списке документов оператора их нет (они в содержимом титулов)",
      "Окупаемость маршрутов: в документах нет затрат на рейс",
    ],
  };
}

/** Every figure of the window, as the pages read it (app/lib/edo-analytics.server.ts edoMirrorPageData). */
export const transportRead = {
  statement: windowStatement,
  from: (rows: WindowRow[], filters: EdoAnalyticsFilters, now: number) =>
    transportFrom(windowRows(rows), analysedRange(filters, now)),
};

/** The connection and every figure of the window, in one round trip (the API). */
export async function transportFor(
  db: Db,
  companyId: string,
  filters: EdoAnalyticsFilters,
  now: number,
): Promise<{ connection: EdoConnectionRow | undefined; transport: TransportAnalytics }> {
  const [[connection], rows] = await db.batch([
    connectionQuery(db, companyId),
    windowStatement(db, companyId, filters, now),
  ]);
  return { connection, transport: transportFrom(windowRows(rows), analysedRange(filters, now)) };
}

/** One trip of a vehicle: its waybill, route and how far its chain went. */
export type VehicleTrip = {
  documentId: string;
  number: string;
  createdAt: string;
  status: VehicleStatus;
  statusCode: string;
  driver: string | null;
  from: string | null;
  to: string | null;
  loadingAddress: string | null;
  unloadingAddress: string | null;
};

/** How many of a vehicle's trips its page lists, newest first. */
export const VEHICLE_TRIPS = 100;

/**
 * A vehicle's trips across the whole mirror (not only the analysed window), newest first, and
 * their count; null when the company has no document with that vehicle.
 */
export async function vehicleTrips(
  db: Db,
  companyId: string,
  vehicleId: string,
): Promise<{ number: string; total: number; trips: VehicleTrip[] } | null> {
  const d = edoDocuments;
  const where = sql`${d.companyId} = ${companyId} AND ${d.category} = 'ETRN' AND ${d.deleted} = 0 AND ${d.vehicle} = ${vehicleId}`;
  const [rows, counted] = await db.batch([
    db.all<{
      id: string;
      num: string;
      at: number;
      titles: string;
      statusCode: string;
      plate: string | null;
      driver: string | null;
      loading: string | null;
      unloading: string | null;
    }>(sql`SELECT ${d.id} AS id, ${d.data} ->> '$.info.doc.num' AS num, ${d.createdAt} AS at,
        ${d.titleTypes} AS titles, ${d.statusCode} AS statusCode, ${d.data} ->> '$.info.ts.num' AS plate,
        coalesce(${d.data} ->> '$.info.driver.accName', ${d.data} ->> '$.info.doc.driver') AS driver,
        ${d.data} ->> '$.info.loading.addr' AS loading, ${d.data} ->> '$.info.unloading.addr' AS unloading
      FROM ${d} WHERE ${where} ORDER BY ${d.createdAt} DESC, ${d.id} LIMIT ${VEHICLE_TRIPS}`),
    db.all<{ total: number }>(sql`SELECT count(*) AS total FROM ${d} WHERE ${where}`),
  ]);
  if (rows.length === 0) return null;
  return {
    number: rows[0].plate ?? vehicleId.toUpperCase(),
    total: counted[0]?.total ?? rows.length,
    trips: rows.map((row) => ({
      documentId: row.id,
      number: row.num,
      createdAt: new Date(row.at).toISOString(),
      status: vehicleStatusOf(row.titles),
      statusCode: row.statusCode,
      driver: row.driver,
      from: row.loading ? placeOf(row.loading).place : null,
      to: row.unloading ? placeOf(row.unloading).place : null,
      loadingAddress: row.loading,
      unloadingAddress: row.unloading,
    })),
  };
}

/** The vehicle table's filters (spec 3 §2: search and status), applied to the window's vehicles. */
export function filterVehicles(
  vehicles: Vehicle[],
  search: string | undefined,
  status: VehicleStatus | undefined,
) {
  const term = search?.trim().toLowerCase().replace(/\s+/g, "");
  return vehicles.filter(
    (vehicle) =>
      (!status || vehicle.status === status) &&
      (!term ||
        vehicle.id.includes(term) ||
        (vehicle.driver ?? "").toLowerCase().replace(/\s+/g, "").includes(term)),
  );
}
