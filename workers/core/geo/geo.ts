// Geocoding and road routes for the EDO map and trip figures (spec 2 §3, §7; spec 3 §7;
// decision 0027). The configured geocoder and router answer first; the embedded gazetteer and
// a stated estimate answer when they are absent, fail or do not know. Answers of the services
// are cached in libSQL, so a map view does not ask them again for the same addresses.
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { geoGeocodes, geoRoutes } from "../../../db/schema";
import {
  GeoUnavailableError,
  type GeocodedPlace,
  type Geocoder,
  type PlaceKind,
  type PlacePrecision,
  type Router,
} from "../../providers/geo";
import { ESTIMATE_NOTE, estimateRoute, roundTenth } from "./estimate";
import { addressKey, gazetteerPlace } from "./gazetteer";
import { GEO_MESSAGES } from "./schemas";

export type GeoDeps = {
  db: Db;
  /** null: no geocoder configured, the gazetteer answers alone. */
  geocoder: Geocoder | null;
  /** null: no router configured, every route is an estimate. */
  router: Router | null;
  now: () => number;
};

/**
 * Who found the place: the configured geocoder; the gazetteer (no geocoder configured, or the
 * geocoder did not know the address); or the gazetteer because the geocoder failed just now.
 */
export type GeocodeSource = "geocoder" | "gazetteer" | "gazetteer-fallback";

/** One found address as POST /api/edo/geocode answers it (spec 2 §7). */
export type GeocodeResult = {
  address: string;
  /** [lat, lng]. */
  coordinates: [number, number];
  region: string | null;
  formatted: string;
  kind: PlaceKind;
  precision: PlacePrecision;
  source: GeocodeSource;
};

export type GeocodeAnswer = {
  /** The found addresses, each once, in the order asked. */
  results: GeocodeResult[];
  /** The addresses no service could place: no point is made up for them. */
  notFound: string[];
};

export type RouteAnswer = {
  /** Kilometres, one decimal. */
  distance: number;
  /** Hours of driving, one decimal. */
  time: number;
  /** true when no router answered and the figures are the estimate of `note`. */
  estimated: boolean;
  source: "router" | "estimate";
  note?: string;
  from: GeocodeResult;
  to: GeocodeResult;
};

export type RouteOutcome = { ok: true; data: RouteAnswer } | { ok: false; error: string; message: string };

/** Geocoder calls in flight at once for one request (a public Nominatim allows far fewer). */
const GEOCODER_CONCURRENCY = 4;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A place the geocoder found, and a route the router found, are trusted this long. */
export const FOUND_TTL_MS = 90 * DAY_MS;
/** «Not found», or the gazetteer's city for an address the geocoder did not know: retried sooner. */
export const WEAK_TTL_MS = 7 * DAY_MS;

type Place = GeocodedPlace & { source: GeocodeSource };
type CachedRow = typeof geoGeocodes.$inferSelect;

const upsertAll = <T extends typeof geoGeocodes | typeof geoRoutes>(table: T, keys: string[]) =>
  Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([field]) => !keys.includes(field))
      .map(([field, column]) => [field, sql.raw(`excluded.${column.name}`)]),
  );

const GEOCODE_UPSERT = upsertAll(geoGeocodes, ["addressKey"]);
const ROUTE_UPSERT = upsertAll(geoRoutes, ["fromKey", "toKey"]);

function withSource(place: GeocodedPlace | null, source: GeocodeSource): Place | null {
  return place ? { ...place, source } : null;
}

function fresh(row: CachedRow, now: number): boolean {
  const ttl = row.found && row.source === "geocoder" ? FOUND_TTL_MS : WEAK_TTL_MS;
  return now - row.createdAt.getTime() < ttl;
}

function placeOfRow(row: CachedRow): Place | null {
  if (!row.found || row.latitude === null || row.longitude === null) return null;
  return {
    lat: row.latitude,
    lng: row.longitude,
    region: row.region,
    formatted: row.formatted ?? "",
    kind: (row.kind ?? "other") as PlaceKind,
    precision: (row.precision ?? "other") as PlacePrecision,
    source: row.source,
  };
}

function rowOf(key: string, place: Place | null, now: number): CachedRow {
  return {
    addressKey: key,
    found: place !== null,
    latitude: place?.lat ?? null,
    longitude: place?.lng ?? null,
    region: place?.region ?? null,
    formatted: place?.formatted ?? null,
    kind: place?.kind ?? null,
    precision: place?.precision ?? null,
    source: place?.source === "geocoder" ? "geocoder" : "gazetteer",
    createdAt: new Date(now),
  };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The place of each address key (`queries`: key → the address as first written). Cached
 * answers first; the geocoder for the rest, with the gazetteer for what it does not know;
 * once the geocoder fails, the gazetteer answers the rest of the request and nothing of that
 * is cached, so the geocoder is asked again next time.
 */
async function placesOf(deps: GeoDeps, queries: Map<string, string>): Promise<Map<string, Place | null>> {
  const places = new Map<string, Place | null>();
  const { geocoder } = deps;
  if (!geocoder) {
    for (const [key, address] of queries) places.set(key, withSource(gazetteerPlace(address), "gazetteer"));
    return places;
  }
  const now = deps.now();
  const keys = [...queries.keys()];
  const cached = await deps.db.select().from(geoGeocodes).where(inArray(geoGeocodes.addressKey, keys));
  for (const row of cached) if (fresh(row, now)) places.set(row.addressKey, placeOfRow(row));

  const answered: CachedRow[] = [];
  let down = false;
  await eachLimited(
    keys.filter((key) => !places.has(key)),
    GEOCODER_CONCURRENCY,
    async (key) => {
      const address = queries.get(key)!;
      if (!down && key !== "") {
        try {
          const found = await geocoder.geocode(address);
          const place = found
            ? withSource(found, "geocoder")
            : withSource(gazetteerPlace(address), "gazetteer");
          places.set(key, place);
          answered.push(rowOf(key, place, now));
          return;
        } catch (error) {
          if (!(error instanceof GeoUnavailableError)) throw error;
          if (!down) console.warn(`geo: geocoder unavailable, the gazetteer answers: ${error.message}`);
          down = true;
        }
      }
      places.set(key, withSource(gazetteerPlace(address), down ? "gazetteer-fallback" : "gazetteer"));
    },
  );
  if (answered.length > 0) {
    await deps.db
      .insert(geoGeocodes)
      .values(answered)
      .onConflictDoUpdate({ target: geoGeocodes.addressKey, set: GEOCODE_UPSERT });
  }
  return places;
}

const resultOf = (address: string, place: Place): GeocodeResult => ({
  address,
  coordinates: [place.lat, place.lng],
  region: place.region,
  formatted: place.formatted,
  kind: place.kind,
  precision: place.precision,
  source: place.source,
});

/** POST /api/edo/geocode: each distinct address once, found or listed as not found. */
export async function geocodeAddresses(deps: GeoDeps, addresses: string[]): Promise<GeocodeAnswer> {
  const distinct = [...new Set(addresses)];
  const queries = new Map<string, string>();
  for (const address of distinct) {
    const key = addressKey(address);
    if (!queries.has(key)) queries.set(key, address);
  }
  const places = await placesOf(deps, queries);
  const answer: GeocodeAnswer = { results: [], notFound: [] };
  for (const address of distinct) {
    const place = places.get(addressKey(address));
    if (place) answer.results.push(resultOf(address, place));
    else answer.notFound.push(address);
  }
  return answer;
}

/** The router's cached answer for the pair, when it is still fresh. */
async function cachedRoute(deps: GeoDeps, fromKey: string, toKey: string) {
  const [row] = await deps.db
    .select()
    .from(geoRoutes)
    .where(and(eq(geoRoutes.fromKey, fromKey), eq(geoRoutes.toKey, toKey)));
  return row && deps.now() - row.createdAt.getTime() < FOUND_TTL_MS ? row : null;
}

/**
 * POST /api/edo/calculate-route: the road distance and driving time between two addresses.
 * The router's answer when it gives one (cached); otherwise the estimate, marked as such and
 * never cached: it costs nothing to compute again, and a cached one would outlive the outage.
 */
export async function calculateRoute(
  deps: GeoDeps,
  fromAddress: string,
  toAddress: string,
): Promise<RouteOutcome> {
  const fromKey = addressKey(fromAddress);
  const toKey = addressKey(toAddress);
  const [places, cached] = await Promise.all([
    placesOf(
      deps,
      new Map([
        [fromKey, fromAddress],
        [toKey, toAddress],
      ]),
    ),
    deps.router ? cachedRoute(deps, fromKey, toKey) : null,
  ]);
  const from = places.get(fromKey);
  const to = places.get(toKey);
  if (!from || !to) {
    const message =
      !from && !to ? GEO_MESSAGES.bothNotFound : !from ? GEO_MESSAGES.fromNotFound : GEO_MESSAGES.toNotFound;
    return { ok: false, error: GEO_MESSAGES.addressNotFound, message };
  }
  const ends = { from: resultOf(fromAddress, from), to: resultOf(toAddress, to) };
  const byRoad = (distanceMeters: number, durationSeconds: number): RouteOutcome => ({
    ok: true,
    data: {
      distance: roundTenth(distanceMeters / 1000),
      time: roundTenth(durationSeconds / 3600),
      estimated: false,
      source: "router",
      ...ends,
    },
  });
  if (cached) return byRoad(cached.distanceMeters, cached.durationSeconds);

  if (deps.router) {
    try {
      const route = await deps.router.route(from, to);
      if (route) {
        const row = {
          fromKey,
          toKey,
          distanceMeters: Math.round(route.distanceMeters),
          durationSeconds: Math.round(route.durationSeconds),
          createdAt: new Date(deps.now()),
        };
        // Between stand-in points (the geocoder was down) the route is answered, not kept.
        if (from.source !== "gazetteer-fallback" && to.source !== "gazetteer-fallback") {
          await deps.db
            .insert(geoRoutes)
            .values(row)
            .onConflictDoUpdate({ target: [geoRoutes.fromKey, geoRoutes.toKey], set: ROUTE_UPSERT });
        }
        return byRoad(row.distanceMeters, row.durationSeconds);
      }
    } catch (error) {
      if (!(error instanceof GeoUnavailableError)) throw error;
      console.warn(`geo: router unavailable, the estimate answers: ${error.message}`);
    }
  }
  return {
    ok: true,
    data: { ...estimateRoute(from, to), estimated: true, source: "estimate", note: ESTIMATE_NOTE, ...ends },
  };
}
