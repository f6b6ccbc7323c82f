// The transport map's data (spec 2 §3, spec 3 §3 «Geo data»; issue 23; decision 0062): the
// analysed documents of the company's mirror (the analytics' filters, decision 0058), their
// chains, addresses and routes, with the places and route figures the `edo.geo` job found.
// Nothing is geocoded here: an address the job has not placed yet is counted as pending.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { edoDocuments, geoPlaceRoutes, geoPlaces } from "../../../db/schema";
import { ESTIMATE_NOTE, roundTenth } from "../geo/estimate";
import { analysedRange, UNKNOWN_REGION } from "./analytics";
import type { EdoAnalyticsFilters } from "./analytics-schemas";
import { connectionQuery, type EdoConnectionRow } from "./connection";
import {
  approximate,
  canvasLineWidth,
  CHAIN_ISSUED,
  CHAIN_RECEIVED,
  HEAT_RADIUS_KM,
  HEAT_THRESHOLDS,
  heatIntensity,
  heatLevel,
  MAP_REGIONS,
  MAP_TOP,
  mappable,
  routeColour,
  routeMappable,
  successBand,
  successRate,
  type RouteColour,
  type SuccessBand,
} from "./geo-rules";

export type AddressType = "loading" | "unloading";

export type GeoAddress = {
  address: string;
  formatted: string | null;
  lat: number | null;
  lng: number | null;
  type: AddressType;
  /** Analysed documents with this address as their loading (or unloading) address. */
  count: number;
  region: string | null;
  kind: string | null;
  precision: string | null;
  /** The point is a city's or region's centre standing in for the address. */
  approximate: boolean;
  /** placed; pending: the job has not placed it yet; not-found: no service could. */
  state: "placed" | "pending" | "not-found";
};

export type GeoRoute = {
  from: string;
  to: string;
  fromFormatted: string | null;
  toFormatted: string | null;
  fromLat: number | null;
  fromLng: number | null;
  toLat: number | null;
  toLng: number | null;
  count: number;
  colour: RouteColour;
  /** The canvas map's line width. */
  width: number;
  /** Kilometres and hours, one decimal; null until the job has routed the pair. */
  distance: number | null;
  time: number | null;
  /** The distance and time are the estimate of `estimates.note`, not a router's. */
  estimated: boolean;
  /** An end is a city's or region's centre. */
  approximate: boolean;
};

export type GeoRegion = { name: string; addresses: number; count: number };
export type HeatPoint = { lat: number; lng: number; count: number; intensity: number; level: number };

export type EdoGeo = {
  range: { from: string; to: string | null };
  totalDocuments: number;
  totalChains: number;
  completedChains: number;
  successRate: number;
  successBand: SuccessBand;
  uniqueAddresses: number;
  uniqueRoutes: number;
  /** The ten addresses with the most documents, placed or not. */
  topAddresses: GeoAddress[];
  /** Every address the map can draw (lat and lng known and not 0), most documents first. */
  addresses: GeoAddress[];
  topRoutes: GeoRoute[];
  /** Every route the map can draw (all four coordinates), most documents first. */
  routes: GeoRoute[];
  loadingRegions: GeoRegion[];
  unloadingRegions: GeoRegion[];
  heat: { radiusKm: number; thresholds: number[]; points: HeatPoint[] };
  /** What the job has not done yet: addresses without a place, routes without figures. */
  pending: { addresses: number; routes: number };
  /** Addresses no geocoder or gazetteer could place: never drawn. */
  notFound: number;
  /** Which figures rest on estimates. */
  estimates: {
    approximateAddresses: number;
    approximateRoutes: number;
    estimatedRoutes: number;
    note: string;
  };
};

type GeoRow = {
  kind: "total" | "chains" | "completed" | "places" | "pairs";
  n: number;
  /** `places` and `pairs`: a JSON array of arrays (PlaceItem, PairItem). */
  json: string | null;
};

/** A distinct address of the window, numbered from 1: address, found, lat, lng, region, formatted, kind, precision. */
type PlaceItem = [
  number,
  string,
  number | null,
  number | null,
  number | null,
  string | null,
  string | null,
  string | null,
  string | null,
];
/** An address pair: the places' numbers (0: no address), documents, metres, seconds, source. */
type PairItem = [number, number, number, number | null, number | null, string | null];

/**
 * SQL: a document's chain and trimmed addresses from their columns (migration 0026); a row
 * written before it (no chain yet) answers from its JSON, the same values.
 */
const chainOf = sql.raw(`CASE WHEN chain_id IS NULL
  THEN coalesce(data ->> '$.info.doc.chainId', id) ELSE chain_id END`);
const addressOf = (column: "loading_address" | "unloading_address", path: string) =>
  sql.raw(
    `CASE WHEN chain_id IS NULL THEN coalesce(trim(data ->> '${path}'), '') ELSE coalesce(${column}, '') END`,
  );

/** Limits the map's read to one vehicle's documents (the vehicle page's map). */
export type GeoScope = { vehicle: string };

/**
 * The one statement: the analysed documents' counts, and their distinct addresses with their
 * places and address pairs with their routes, each list as one JSON text: rows of a dozen
 * Cyrillic strings cost sqld and the client far more to send and read than the statement costs
 * to run (decision 0065).
 */
export function geoStatement(
  db: Db,
  companyId: string,
  filters: EdoAnalyticsFilters,
  now: number,
  scope?: GeoScope,
) {
  const d = edoDocuments;
  const { from, to } = analysedRange(filters, now);
  // A vehicle's map reads the documents its page lists (workers/core/edo/transport.ts
  // vehicleTrips): all of the mirror's, the newest `filters.limit`.
  const window = scope
    ? sql`AND ${d.vehicle} = ${scope.vehicle}`
    : sql`AND ${d.expired} = 0 ${filters.status ? sql`AND ${d.statusCode} = ${filters.status}` : sql``}
        AND ${d.createdAt} >= ${from} ${to === null ? sql`` : sql`AND ${d.createdAt} < ${to}`}`;
  const issued = `%|${CHAIN_ISSUED}|%`;
  const received = `%|${CHAIN_RECEIVED}|%`;
  return db.all<GeoRow>(sql`
    WITH d AS MATERIALIZED (
      SELECT ${chainOf} AS c, ${d.titleTypes} AS t,
        ${addressOf("loading_address", "$.info.loading.addr")} AS l,
        ${addressOf("unloading_address", "$.info.unloading.addr")} AS u
      FROM ${d}
      WHERE ${d.companyId} = ${companyId} AND ${d.category} = 'ETRN' AND ${d.deleted} = 0 ${window}
      ORDER BY ${d.createdAt} DESC, ${d.id} LIMIT ${filters.limit}),
    chains AS MATERIALIZED (
      SELECT max(t LIKE ${issued}) AS i, max(t LIKE ${received}) AS r FROM d GROUP BY c),
    pairs AS MATERIALIZED (SELECT l, u, count(*) AS n FROM d WHERE l <> '' OR u <> '' GROUP BY l, u),
    places AS MATERIALIZED (SELECT x, row_number() OVER (ORDER BY x) AS i
      FROM (SELECT l AS x FROM pairs WHERE l <> '' UNION SELECT u FROM pairs WHERE u <> ''))
    SELECT 'total' AS kind, count(*) AS n, NULL AS json FROM d
    UNION ALL SELECT 'chains', count(*), NULL FROM chains
    UNION ALL SELECT 'completed', count(*), NULL FROM chains WHERE i AND r
    UNION ALL SELECT 'places', count(*), json_group_array(json_array(places.i, places.x, g.found, g.latitude,
        g.longitude, g.region, g.formatted, g.kind, g.precision))
      FROM places LEFT JOIN ${geoPlaces} g ON g.address = places.x
    UNION ALL SELECT 'pairs', count(*), json_group_array(json_array(coalesce(f.i, 0), coalesce(t.i, 0), pairs.n,
        r.distance_meters, r.duration_seconds, r.source))
      FROM pairs LEFT JOIN places f ON f.x = pairs.l LEFT JOIN places t ON t.x = pairs.u
        LEFT JOIN ${geoPlaceRoutes} r ON r.from_address = pairs.l AND r.to_address = pairs.u`);
}

/** The connection and the map's data in one round trip, as edoAnalyticsFor. */
export async function edoGeoFor(
  db: Db,
  companyId: string,
  query: EdoAnalyticsFilters & { login: string },
  now: number,
): Promise<{ connection: EdoConnectionRow | undefined; geo: EdoGeo }> {
  const [[row], rows] = await db.batch([
    connectionQuery(db, companyId),
    geoStatement(db, companyId, query, now),
  ]);
  return { connection: row?.login === query.login ? row : undefined, geo: geoOf(rows, query, now) };
}

type Place = Pick<GeoAddress, "formatted" | "lat" | "lng" | "region" | "kind" | "precision" | "state">;

const UNPLACED: Place = {
  formatted: null,
  lat: null,
  lng: null,
  region: null,
  kind: null,
  precision: null,
  state: "pending",
};

function placeOfItem([, , found, lat, lng, region, formatted, kind, precision]: PlaceItem): Place {
  if (found === null) return UNPLACED;
  if (!found) return { ...UNPLACED, state: "not-found" };
  return { formatted, lat, lng, region, kind, precision, state: "placed" };
}

const byCount =
  <T extends { count: number }>(key: (item: T) => string) =>
  (x: T, y: T) =>
    y.count - x.count || key(x).localeCompare(key(y), "ru");

/** Regions of one address type: documents and distinct addresses each, the eight busiest. */
function regionsOf(addresses: GeoAddress[]): GeoRegion[] {
  const regions = new Map<string, GeoRegion>();
  for (const item of addresses) {
    const name = item.region ?? UNKNOWN_REGION;
    const region = regions.get(name) ?? { name, addresses: 0, count: 0 };
    region.addresses += 1;
    region.count += item.count;
    regions.set(name, region);
  }
  return [...regions.values()].sort(byCount((region) => region.name)).slice(0, MAP_REGIONS);
}

/** The map's data from the statement's rows. */
export function geoOf(rows: GeoRow[], filters: EdoAnalyticsFilters, now: number): EdoGeo {
  const single = new Map<string, number>();
  let placeItems: PlaceItem[] = [];
  let pairs: PairItem[] = [];
  for (const row of rows) {
    if (row.kind === "places") placeItems = JSON.parse(row.json ?? "[]") as PlaceItem[];
    else if (row.kind === "pairs") pairs = JSON.parse(row.json ?? "[]") as PairItem[];
    else single.set(row.kind, Number(row.n));
  }
  const names = new Map<number, string>([[0, ""]]);
  const places = new Map<string, Place>();
  for (const item of placeItems) {
    names.set(item[0], item[1]);
    places.set(item[1], placeOfItem(item));
  }
  const counts = { loading: new Map<string, number>(), unloading: new Map<string, number>() };
  const routes: GeoRoute[] = [];
  let pendingRoutes = 0;
  for (const [li, ui, n, meters, seconds, source] of pairs) {
    const [l, u] = [names.get(li) ?? "", names.get(ui) ?? ""];
    if (l) counts.loading.set(l, (counts.loading.get(l) ?? 0) + n);
    if (u) counts.unloading.set(u, (counts.unloading.get(u) ?? 0) + n);
    if (!l || !u) continue;
    const from = places.get(l) ?? UNPLACED;
    const to = places.get(u) ?? UNPLACED;
    const routed = meters !== null && seconds !== null;
    if (!routed && from.state === "placed" && to.state === "placed") pendingRoutes += 1;
    routes.push({
      from: l,
      to: u,
      fromFormatted: from.formatted,
      toFormatted: to.formatted,
      fromLat: from.lat,
      fromLng: from.lng,
      toLat: to.lat,
      toLng: to.lng,
      count: n,
      colour: routeColour(n),
      width: canvasLineWidth(n),
      distance: routed ? roundTenth(meters / 1000) : null,
      time: routed ? roundTenth(seconds / 3600) : null,
      estimated: routed && source !== "router",
      approximate:
        (from.state === "placed" && approximate(from.precision)) ||
        (to.state === "placed" && approximate(to.precision)),
    });
  }
  const all: GeoAddress[] = (["loading", "unloading"] as const).flatMap((type) =>
    [...counts[type]].map(([address, count]) => {
      const place = places.get(address) ?? UNPLACED;
      return {
        address,
        type,
        count,
        ...place,
        approximate: place.state === "placed" && approximate(place.precision),
      };
    }),
  );
  all.sort(byCount((item) => `${item.address}\u0000${item.type}`));
  routes.sort(byCount((route) => `${route.from}\u0000${route.to}`));

  const onMap = all.filter((item) => mappable(item.lat, item.lng));
  const heat = new Map<string, HeatPoint>();
  for (const item of onMap) {
    const key = `${item.lat},${item.lng}`;
    const point = heat.get(key) ?? { lat: item.lat!, lng: item.lng!, count: 0, intensity: 0, level: 0 };
    point.count += item.count;
    point.intensity = heatIntensity(point.count);
    point.level = heatLevel(point.intensity);
    heat.set(key, point);
  }
  const distinct = [...places.values()];
  const totalChains = single.get("chains") ?? 0;
  const completedChains = single.get("completed") ?? 0;
  const rate = successRate(completedChains, totalChains);
  const { from, to } = analysedRange(filters, now);
  return {
    range: { from: new Date(from).toISOString(), to: to === null ? null : new Date(to).toISOString() },
    totalDocuments: single.get("total") ?? 0,
    totalChains,
    completedChains,
    successRate: rate,
    successBand: successBand(rate),
    uniqueAddresses: places.size,
    uniqueRoutes: routes.length,
    topAddresses: all.slice(0, MAP_TOP),
    addresses: onMap,
    topRoutes: routes.slice(0, MAP_TOP),
    routes: routes.filter(routeMappable),
    loadingRegions: regionsOf(all.filter((item) => item.type === "loading")),
    unloadingRegions: regionsOf(all.filter((item) => item.type === "unloading")),
    heat: {
      radiusKm: HEAT_RADIUS_KM,
      thresholds: [...HEAT_THRESHOLDS],
      points: [...heat.values()].sort((x, y) => y.count - x.count || x.lat - y.lat || x.lng - y.lng),
    },
    pending: {
      addresses: distinct.filter((place) => place.state === "pending").length,
      routes: pendingRoutes,
    },
    notFound: distinct.filter((place) => place.state === "not-found").length,
    estimates: {
      approximateAddresses: distinct.filter(
        (place) => place.state === "placed" && approximate(place.precision),
      ).length,
      approximateRoutes: routes.filter((route) => route.approximate).length,
      estimatedRoutes: routes.filter((route) => route.estimated).length,
      note: ESTIMATE_NOTE,
    },
  };
}
