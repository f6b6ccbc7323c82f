// Coordinates for the EDO mirror (issue 23, decision 0062): the `edo.geo` job places every
// loading and unloading address of a company's mirrored documents once, through the geocoder
// port and its cache (decision 0027), and finds each distinct route's distance and time once
// through the router; the map's read then joins small tables instead of asking anyone.
import { and, eq, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { edoDocuments, geoPlaceRoutes, geoPlaces, platformOrders } from "../../../db/schema";
import { GeoUnavailableError, type Geocoder } from "../../providers/geo";
import type { JobMessage } from "../jobs/messages";
import { AVERAGE_SPEED_KMH, estimateRoute } from "../geo/estimate";
import { addressKey } from "../geo/gazetteer";
import { geocodeAddresses, type GeoDeps } from "../geo/geo";

export type PlacesDeps = GeoDeps & { enqueue: (message: JobMessage) => Promise<void> };

/** Addresses and routes one message places at most; the rest goes on in a message of its own. */
export const PLACES_PER_MESSAGE = 200;
export const ROUTES_PER_MESSAGE = 200;
/** Concurrent router calls of one message, as the geocoder's (decision 0027). */
const ROUTER_CONCURRENCY = 4;
/**
 * Deliveries that rethrow a provider's failure for the queue to retry; after them the job ends
 * quietly and what is left waits for the next sync's job (a dead letter would only repeat it).
 */
export const GEO_ATTEMPTS = 3;

export type PlacesOutcome = {
  placed: number;
  routed: number;
  /** Whether a provider failed, leaving work for a later delivery. */
  failed: boolean;
  /** Whether more work than one message does was left for the next message. */
  more: boolean;
};

/**
 * Rows an older sync wrote without the chain and address columns (migration 0026; none once it
 * has run): filled from their JSON as documentRow fills them, off the small index of such rows.
 */
function fillColumns(db: Db, companyId: string) {
  const d = edoDocuments;
  return db
    .update(d)
    .set({
      chainId: sql`coalesce(${d.data} ->> '$.info.doc.chainId', ${d.id})`,
      loadingAddress: sql`nullif(trim(${d.data} ->> '$.info.loading.addr'), '')`,
      unloadingAddress: sql`nullif(trim(${d.data} ->> '$.info.unloading.addr'), '')`,
    })
    .where(sql`${d.companyId} = ${companyId} AND ${d.chainId} IS NULL`);
}

/**
 * Addresses of the company's documents that have no place yet, in order: the loading and the
 * unloading addresses each walked off its index and merged (decision 0065), so the walk stops
 * at `limit` instead of gathering every distinct address first.
 */
function unplacedAddresses(db: Db, companyId: string, limit: number) {
  const d = edoDocuments;
  const unplaced = (column: AnySQLiteColumn) =>
    sql`SELECT ${column} AS x FROM ${d} WHERE ${d.companyId} = ${companyId} AND ${column} IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ${geoPlaces} p WHERE p.address = ${column})`;
  return db.all<{ address: string }>(sql`SELECT x AS address FROM (
      ${unplaced(d.loadingAddress)} UNION ${unplaced(d.unloadingAddress)} ORDER BY x LIMIT ${limit})`);
}

type UnroutedRow = {
  from: string;
  to: string;
  fromLat: number;
  fromLng: number;
  toLat: number;
  toLng: number;
};

/**
 * Routes of the company's documents with both ends placed and no figures yet; with a router,
 * also those only estimated because no router was configured when they were found.
 */
function unroutedPairs(db: Db, companyId: string, withRouter: boolean, limit: number) {
  const d = edoDocuments;
  // Grouped in the order of edo_documents_addresses_idx: the pairs stream off it, each once.
  return db.all<UnroutedRow>(sql`SELECT ${d.loadingAddress} AS "from", ${d.unloadingAddress} AS "to",
      f.latitude AS fromLat, f.longitude AS fromLng, t.latitude AS toLat, t.longitude AS toLng
    FROM ${d} JOIN ${geoPlaces} f ON f.address = ${d.loadingAddress} AND f.found
      JOIN ${geoPlaces} t ON t.address = ${d.unloadingAddress} AND t.found
    WHERE ${d.companyId} = ${companyId} AND ${d.loadingAddress} IS NOT NULL AND ${d.unloadingAddress} IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ${geoPlaceRoutes} r
        WHERE r.from_address = ${d.loadingAddress} AND r.to_address = ${d.unloadingAddress}
        ${withRouter ? sql`AND r.source <> 'estimate'` : sql``})
    GROUP BY ${d.loadingAddress}, ${d.unloadingAddress}
    ORDER BY ${d.loadingAddress}, ${d.unloadingAddress} LIMIT ${limit}`);
}

/** The geocoder, noting whether it failed (its failures are answered by the gazetteer, decision 0027). */
function watched(geocoder: Geocoder | null) {
  const state = { failed: false, geocoder };
  if (geocoder) {
    state.geocoder = {
      geocode: (address) =>
        geocoder.geocode(address).catch((error: unknown) => {
          if (error instanceof GeoUnavailableError) state.failed = true;
          throw error;
        }),
    };
  }
  return state;
}

/**
 * Places the addresses: the geocoder's or the gazetteer's answer is kept, and so is «not
 * found». Once the geocoder has failed, the gazetteer's stand-ins and the not-found addresses
 * are not kept: they wait for the geocoder. Returns how many were kept and whether it failed.
 */
async function placeAddresses(deps: GeoDeps, addresses: string[]) {
  if (addresses.length === 0) return { placed: 0, failed: false };
  const watch = watched(deps.geocoder);
  const answer = await geocodeAddresses({ ...deps, geocoder: watch.geocoder }, addresses);
  const placedAt = new Date(deps.now());
  const rows: (typeof geoPlaces.$inferInsert)[] = [];
  for (const result of answer.results) {
    if (result.source === "gazetteer-fallback") continue;
    rows.push({
      address: result.address,
      addressKey: addressKey(result.address),
      found: true,
      latitude: result.coordinates[0],
      longitude: result.coordinates[1],
      region: result.region,
      formatted: result.formatted,
      kind: result.kind,
      precision: result.precision,
      source: result.source,
      placedAt,
    });
  }
  if (!watch.failed) {
    for (const address of answer.notFound) {
      rows.push({ address, addressKey: addressKey(address), found: false, source: "gazetteer", placedAt });
    }
  }
  // A redelivery that raced this one wrote the same answers: keep the first.
  for (let i = 0; i < rows.length; i += 100) {
    await deps.db
      .insert(geoPlaces)
      .values(rows.slice(i, i + 100))
      .onConflictDoNothing();
  }
  return { placed: rows.length, failed: watch.failed };
}

/** The router's figures for each pair, or the estimate when there is no router or no road. */
async function routePairs(deps: GeoDeps, pairs: UnroutedRow[]) {
  const rows: (typeof geoPlaceRoutes.$inferInsert)[] = [];
  let failed = false;
  const routedAt = new Date(deps.now());
  const estimate = (pair: UnroutedRow, source: "estimate" | "no-road") => {
    const { distance } = estimateRoute(
      { lat: pair.fromLat, lng: pair.fromLng },
      { lat: pair.toLat, lng: pair.toLng },
    );
    return {
      distanceMeters: Math.round(distance * 1000),
      durationSeconds: Math.round((distance / AVERAGE_SPEED_KMH) * 3600),
      source,
    };
  };
  let next = 0;
  const worker = async () => {
    while (next < pairs.length && !failed) {
      const pair = pairs[next++];
      let figures: Pick<typeof geoPlaceRoutes.$inferInsert, "distanceMeters" | "durationSeconds" | "source">;
      if (!deps.router) figures = estimate(pair, "estimate");
      else {
        try {
          const route = await deps.router.route(
            { lat: pair.fromLat, lng: pair.fromLng },
            { lat: pair.toLat, lng: pair.toLng },
          );
          figures = route
            ? {
                distanceMeters: Math.round(route.distanceMeters),
                durationSeconds: Math.round(route.durationSeconds),
                source: "router",
              }
            : estimate(pair, "no-road");
        } catch (error) {
          if (!(error instanceof GeoUnavailableError)) throw error;
          console.warn(`edo.geo: router unavailable, routes wait: ${error.message}`);
          failed = true;
          return;
        }
      }
      rows.push({ fromAddress: pair.from, toAddress: pair.to, ...figures, routedAt });
    }
  };
  await Promise.all(Array.from({ length: Math.min(ROUTER_CONCURRENCY, pairs.length) }, worker));
  for (let i = 0; i < rows.length; i += 100) {
    await deps.db
      .insert(geoPlaceRoutes)
      .values(rows.slice(i, i + 100))
      .onConflictDoUpdate({
        target: [geoPlaceRoutes.fromAddress, geoPlaceRoutes.toAddress],
        set: {
          distanceMeters: sql`excluded.distance_meters`,
          durationSeconds: sql`excluded.duration_seconds`,
          source: sql`excluded.source`,
          routedAt: sql`excluded.routed_at`,
        },
      });
  }
  return { routed: rows.length, failed };
}

/** The company's EDO orders take the coordinates of their placed addresses (none: null). */
function placeEdoOrders(db: Db, companyId: string) {
  const o = platformOrders;
  const at = (address: AnySQLiteColumn, column: "latitude" | "longitude") =>
    sql`(SELECT p.${sql.raw(column)} FROM ${geoPlaces} p WHERE p.address = ${address} AND p.found)`;
  return db
    .update(o)
    .set({
      pickupLatitude: at(o.pickupAddress, "latitude"),
      pickupLongitude: at(o.pickupAddress, "longitude"),
      deliveryLatitude: at(o.deliveryAddress, "latitude"),
      deliveryLongitude: at(o.deliveryAddress, "longitude"),
    })
    .where(and(eq(o.companyId, companyId), eq(o.platformId, "edo")));
}

/**
 * The `edo.geo` job for one company: places up to PLACES_PER_MESSAGE unplaced addresses, routes
 * up to ROUTES_PER_MESSAGE unrouted pairs, gives the company's EDO orders their coordinates, and
 * hands what is left to a new message. Nothing is done twice: a placed address and a routed pair
 * are skipped, so a redelivery asks no provider again. When a provider fails, what was answered
 * is kept and the error is rethrown for the queue to retry (up to GEO_ATTEMPTS deliveries).
 */
export async function placeMirror(
  deps: PlacesDeps,
  job: { companyId: string },
  attempt = 1,
): Promise<PlacesOutcome> {
  const { db } = deps;
  await fillColumns(db, job.companyId);
  const addresses = await unplacedAddresses(db, job.companyId, PLACES_PER_MESSAGE + 1);
  const places = await placeAddresses(
    deps,
    addresses.slice(0, PLACES_PER_MESSAGE).map((row) => row.address),
  );
  const pairs = await unroutedPairs(db, job.companyId, deps.router !== null, ROUTES_PER_MESSAGE + 1);
  const routes = await routePairs(deps, pairs.slice(0, ROUTES_PER_MESSAGE));
  await placeEdoOrders(db, job.companyId);
  const failed = places.failed || routes.failed;
  const more = addresses.length > PLACES_PER_MESSAGE || pairs.length > ROUTES_PER_MESSAGE;
  if (failed) {
    if (attempt < GEO_ATTEMPTS) throw new GeoUnavailableError("edo.geo: a provider failed; retried later");
  } else if (more) await deps.enqueue({ kind: "edo.geo", companyId: job.companyId });
  return { placed: places.placed, routed: routes.routed, failed, more };
}

/**
 * After a mirror sync or an orders sync finished: the `edo.geo` job for the company. A queue
 * that refuses it costs the sync nothing; the next sync asks again.
 */
export async function placeAfterSync(
  deps: { enqueue: (message: JobMessage) => Promise<void> },
  companyId: string,
): Promise<void> {
  try {
    await deps.enqueue({ kind: "edo.geo", companyId });
  } catch (error) {
    console.error("edo.geo: could not enqueue", error instanceof Error ? error.message : error);
  }
}
