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
  heatPoints,
  MAP_REGIONS,
  MAP_TOP,
  mappable,
  routeColour,
  routeMappable,
  successBand,
  successRate,
  type HeatPoint,
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
export type { HeatPoint };

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
 * The analysed documents (`d`), their chains, their address pairs with documents each, and their
 * distinct addresses numbered from 1 (`places`): what the map's statements share.
 */
function windowCtes(companyId: string, filters: EdoAnalyticsFilters, now: number, scope?: GeoScope) {
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
  return sql`
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
      FROM (SELECT l AS x FROM pairs WHERE l <> '' UNION SELECT u FROM pairs WHERE u <> ''))`;
}

const COUNTS = sql`SELECT 'total' AS kind, count(*) AS n, NULL AS json FROM d
    UNION ALL SELECT 'chains', count(*), NULL FROM chains
    UNION ALL SELECT 'completed', count(*), NULL FROM chains WHERE i AND r`;

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
  return db.all<GeoRow>(sql`${windowCtes(companyId, filters, now, scope)}
    ${COUNTS}
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

/** An address of one type with its documents and place. */
function addressItem(address: string, type: AddressType, count: number, place: Place): GeoAddress {
  return {
    address,
    type,
    count,
    ...place,
    approximate: place.state === "placed" && approximate(place.precision),
  };
}

/** A pair's route: metres and seconds as the job stored them (null: not routed yet). */
type RouteFigures = { meters: number | null; seconds: number | null; source: string | null };

function routeItem(from: string, to: string, count: number, ends: [Place, Place], figures: RouteFigures) {
  const [f, t] = ends;
  const routed = figures.meters !== null && figures.seconds !== null;
  return {
    from,
    to,
    fromFormatted: f.formatted,
    toFormatted: t.formatted,
    fromLat: f.lat,
    fromLng: f.lng,
    toLat: t.lat,
    toLng: t.lng,
    count,
    colour: routeColour(count),
    width: canvasLineWidth(count),
    distance: routed ? roundTenth(figures.meters! / 1000) : null,
    time: routed ? roundTenth(figures.seconds! / 3600) : null,
    estimated: routed && figures.source !== "router",
    approximate:
      (f.state === "placed" && approximate(f.precision)) ||
      (t.state === "placed" && approximate(t.precision)),
  } satisfies GeoRoute;
}

/** Most documents first, then by the item's key in Russian order. */
const russian = new Intl.Collator("ru");
const byCount =
  <T>(key: (item: T) => string) =>
  (x: T & { count: number }, y: T & { count: number }) =>
    y.count - x.count || russian.compare(key(x), key(y));
const addressKey = (item: { address: string; type: AddressType }) => `${item.address}\u0000${item.type}`;
const routeKey = (route: { from: string; to: string }) => `${route.from}\u0000${route.to}`;

/** Regions of one address type: documents and distinct addresses each, the eight busiest. */
function regionsOf(addresses: { region: string | null; count: number }[]): GeoRegion[] {
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

/** The map's figures apart from its drawn items: what /map-analytics shows beside the map. */
export type EdoGeoFigures = Omit<EdoGeo, "addresses" | "routes" | "heat">;

/** What every answer shares, from the counts and the lists' own figures. */
function summaryOf(
  single: Map<string, number>,
  filters: EdoAnalyticsFilters,
  now: number,
  rest: Omit<
    EdoGeoFigures,
    "range" | "totalDocuments" | "totalChains" | "completedChains" | "successRate" | "successBand"
  >,
): EdoGeoFigures {
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
    ...rest,
  };
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
    const route = routeItem(l, u, n, [from, to], { meters, seconds, source });
    if (route.distance === null && from.state === "placed" && to.state === "placed") pendingRoutes += 1;
    routes.push(route);
  }
  const all: GeoAddress[] = (["loading", "unloading"] as const).flatMap((type) =>
    [...counts[type]].map(([address, count]) =>
      addressItem(address, type, count, places.get(address) ?? UNPLACED),
    ),
  );
  all.sort(byCount(addressKey));
  routes.sort(byCount(routeKey));

  const onMap = all.filter((item) => mappable(item.lat, item.lng));
  const distinct = [...places.values()];
  const { range, ...figures } = summaryOf(single, filters, now, {
    uniqueAddresses: places.size,
    uniqueRoutes: routes.length,
    topAddresses: all.slice(0, MAP_TOP),
    topRoutes: routes.slice(0, MAP_TOP),
    loadingRegions: regionsOf(all.filter((item) => item.type === "loading")),
    unloadingRegions: regionsOf(all.filter((item) => item.type === "unloading")),
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
  });
  return {
    range,
    ...figures,
    addresses: onMap,
    routes: routes.filter(routeMappable),
    heat: { radiusKm: HEAT_RADIUS_KM, thresholds: [...HEAT_THRESHOLDS], points: heatPoints(onMap) },
  };
}

type FiguresRow = { kind: string; n: number; json: string | null };

/**
 * The figures /map-analytics shows beside the map, counted in SQL so its answer is small: the
 * addresses and routes by state, the regions grouped, and of the addresses and routes only those
 * that can be among the ten busiest (at least the tenth's documents: the ties at the tenth are
 * ordered in JS, in Russian order, as GET /api/edo/geo orders them). No coordinates, no place
 * texts; the map's drawn items are the page's own read afterwards (GET /api/edo/geo/map;
 * decision 0074).
 */
export function geoFiguresStatement(db: Db, companyId: string, filters: EdoAnalyticsFilters, now: number) {
  const both = sql.raw("fi > 0 AND ti > 0");
  return db.all<FiguresRow>(sql`${windowCtes(companyId, filters, now)},
    placed AS MATERIALIZED (
      SELECT places.i, places.x, CASE WHEN g.found IS NULL THEN 0 WHEN g.found THEN 1 ELSE 2 END AS state,
        CASE WHEN g.found AND coalesce(g.precision, '') NOT IN ('exact', 'street') THEN 1 ELSE 0 END AS approx,
        CASE WHEN g.found THEN g.region END AS region
      FROM places LEFT JOIN ${geoPlaces} g ON g.address = places.x),
    ends AS MATERIALIZED (
      SELECT pairs.n, coalesce(f.i, 0) AS fi, coalesce(t.i, 0) AS ti,
        f.state = 1 AND t.state = 1 AS placed, f.approx OR t.approx AS approx,
        r.distance_meters IS NOT NULL AND r.duration_seconds IS NOT NULL AS routed,
        coalesce(r.source, '') <> 'router' AS estimated
      FROM pairs LEFT JOIN placed f ON f.x = pairs.l LEFT JOIN placed t ON t.x = pairs.u
        LEFT JOIN ${geoPlaceRoutes} r ON r.from_address = pairs.l AND r.to_address = pairs.u),
    entries AS MATERIALIZED (
      SELECT fi AS i, 'loading' AS type, sum(n) AS n FROM ends WHERE fi > 0 GROUP BY fi
      UNION ALL SELECT ti, 'unloading', sum(n) FROM ends WHERE ti > 0 GROUP BY ti)
    ${COUNTS}
    UNION ALL SELECT 'addresses', count(*), NULL FROM placed
    UNION ALL SELECT 'pendingAddresses', count(*), NULL FROM placed WHERE state = 0
    UNION ALL SELECT 'notFound', count(*), NULL FROM placed WHERE state = 2
    UNION ALL SELECT 'approximateAddresses', count(*), NULL FROM placed WHERE state = 1 AND approx
    UNION ALL SELECT 'routes', count(*), NULL FROM ends WHERE ${both}
    UNION ALL SELECT 'pendingRoutes', count(*), NULL FROM ends WHERE ${both} AND placed AND NOT routed
    UNION ALL SELECT 'approximateRoutes', count(*), NULL FROM ends WHERE ${both} AND approx
    UNION ALL SELECT 'estimatedRoutes', count(*), NULL FROM ends WHERE ${both} AND routed AND estimated
    UNION ALL SELECT 'regions', count(*), json_group_array(json_array(type, region, addresses, n)) FROM (
      SELECT e.type, p.region, count(*) AS addresses, sum(e.n) AS n
      FROM entries e JOIN placed p ON p.i = e.i GROUP BY e.type, p.region)
    UNION ALL SELECT 'topAddresses', count(*), json_group_array(json_array(p.x, e.type, e.n))
      FROM entries e JOIN placed p ON p.i = e.i
      WHERE e.n >= coalesce((SELECT n FROM entries ORDER BY n DESC LIMIT 1 OFFSET ${MAP_TOP - 1}), 0)
    UNION ALL SELECT 'topRoutes', count(*), json_group_array(json_array(f.x, t.x, e.n))
      FROM ends e JOIN placed f ON f.i = e.fi JOIN placed t ON t.i = e.ti
      WHERE ${both} AND e.n >= coalesce((SELECT n FROM ends WHERE ${both} ORDER BY n DESC LIMIT 1 OFFSET ${MAP_TOP - 1}), 0)`);
}

/** The figures with the ten busiest addresses and routes named, not yet placed (`geoTops`). */
export type GeoFiguresDraft = EdoGeoFigures & {
  tops: {
    addresses: { address: string; type: AddressType; count: number }[];
    routes: { from: string; to: string; count: number }[];
  };
};

/** The figures from `geoFiguresStatement`'s rows; the top lists' places come from `geoTops`. */
export function geoFiguresOf(rows: FiguresRow[], filters: EdoAnalyticsFilters, now: number): GeoFiguresDraft {
  const single = new Map<string, number>();
  const lists = new Map<string, unknown[]>();
  for (const row of rows) {
    single.set(row.kind, Number(row.n));
    if (row.json !== null) lists.set(row.kind, JSON.parse(row.json) as unknown[]);
  }
  const list = <T>(kind: string) => (lists.get(kind) ?? []) as T[];
  const regions = (type: AddressType) => {
    // A place without a region and one whose region reads «Регион не определён» are one region.
    const merged = new Map<string, GeoRegion>();
    for (const [of, region, addresses, count] of list<[AddressType, string | null, number, number]>(
      "regions",
    )) {
      if (of !== type) continue;
      const name = region ?? UNKNOWN_REGION;
      const known = merged.get(name) ?? { name, addresses: 0, count: 0 };
      merged.set(name, { name, addresses: known.addresses + addresses, count: known.count + count });
    }
    return [...merged.values()].sort(byCount((item) => item.name)).slice(0, MAP_REGIONS);
  };
  const { range, ...figures } = summaryOf(single, filters, now, {
    uniqueAddresses: single.get("addresses") ?? 0,
    uniqueRoutes: single.get("routes") ?? 0,
    topAddresses: [],
    topRoutes: [],
    loadingRegions: regions("loading"),
    unloadingRegions: regions("unloading"),
    pending: { addresses: single.get("pendingAddresses") ?? 0, routes: single.get("pendingRoutes") ?? 0 },
    notFound: single.get("notFound") ?? 0,
    estimates: {
      approximateAddresses: single.get("approximateAddresses") ?? 0,
      approximateRoutes: single.get("approximateRoutes") ?? 0,
      estimatedRoutes: single.get("estimatedRoutes") ?? 0,
      note: ESTIMATE_NOTE,
    },
  });
  return {
    range,
    ...figures,
    tops: {
      addresses: list<[string, AddressType, number]>("topAddresses")
        .map(([address, type, count]) => ({ address, type, count }))
        .sort(byCount(addressKey))
        .slice(0, MAP_TOP),
      routes: list<[string, string, number]>("topRoutes")
        .map(([from, to, count]) => ({ from, to, count }))
        .sort(byCount(routeKey))
        .slice(0, MAP_TOP),
    },
  };
}

/** The places and routes of the figures' top lists: at most thirty addresses, ten pairs. */
export async function geoTops(db: Db, { tops, ...figures }: GeoFiguresDraft): Promise<EdoGeoFigures> {
  const addresses = [
    ...new Set([
      ...tops.addresses.map((item) => item.address),
      ...tops.routes.flatMap((r) => [r.from, r.to]),
    ]),
  ];
  const pairs = tops.routes.map((route) => [route.from, route.to]);
  const rows =
    addresses.length === 0
      ? []
      : await db.all<{ kind: "places" | "routes"; json: string }>(sql`
    SELECT 'places' AS kind, json_group_array(json_array(0, g.address, g.found, g.latitude, g.longitude,
        g.region, g.formatted, g.kind, g.precision)) AS json
      FROM ${geoPlaces} g WHERE g.address IN (SELECT value FROM json_each(${JSON.stringify(addresses)}))
    UNION ALL SELECT 'routes', json_group_array(json_array(r.from_address, r.to_address, r.distance_meters,
        r.duration_seconds, r.source))
      FROM json_each(${JSON.stringify(pairs)}) p
        JOIN ${geoPlaceRoutes} r ON r.from_address = p.value ->> 0 AND r.to_address = p.value ->> 1`);
  const places = new Map<string, Place>();
  const figuresOfRoute = new Map<string, RouteFigures>();
  for (const row of rows) {
    if (row.kind === "places")
      for (const item of JSON.parse(row.json) as PlaceItem[]) places.set(item[1], placeOfItem(item));
    else
      for (const [from, to, meters, seconds, source] of JSON.parse(row.json) as [
        string,
        string,
        number | null,
        number | null,
        string | null,
      ][])
        figuresOfRoute.set(routeKey({ from, to }), { meters, seconds, source });
  }
  const place = (address: string) => places.get(address) ?? UNPLACED;
  return {
    ...figures,
    topAddresses: tops.addresses.map((item) =>
      addressItem(item.address, item.type, item.count, place(item.address)),
    ),
    topRoutes: tops.routes.map((route) =>
      routeItem(route.from, route.to, route.count, [place(route.from), place(route.to)], {
        meters: null,
        seconds: null,
        source: null,
        ...figuresOfRoute.get(routeKey(route)),
      }),
    ),
  };
}

/**
 * The map's drawn items as GET /api/edo/geo/map sends them (decision 0074): each drawn place
 * once (address, formatted text, point), the addresses and routes naming places by number. The
 * heat points follow from the addresses (geo-rules heatPoints).
 */
export type EdoGeoMap = {
  places: { address: string; formatted: string | null; lat: number; lng: number }[];
  addresses: { place: number; type: AddressType; count: number }[];
  routes: { from: number; to: number; count: number }[];
};

export function geoMapOf({ addresses, routes }: Pick<EdoGeo, "addresses" | "routes">): EdoGeoMap {
  const places: EdoGeoMap["places"] = [];
  const numbers = new Map<string, number>();
  const number = (address: string, formatted: string | null, lat: number | null, lng: number | null) => {
    let i = numbers.get(address);
    if (i === undefined) {
      i = places.push({ address, formatted, lat: lat!, lng: lng! }) - 1;
      numbers.set(address, i);
    }
    return i;
  };
  return {
    places,
    addresses: addresses.map((item) => ({
      place: number(item.address, item.formatted, item.lat, item.lng),
      type: item.type,
      count: item.count,
    })),
    routes: routes.map((route) => ({
      from: number(route.from, route.fromFormatted, route.fromLat, route.fromLng),
      to: number(route.to, route.toFormatted, route.toLat, route.toLng),
      count: route.count,
    })),
  };
}
