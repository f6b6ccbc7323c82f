import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Answers of the geocoder, keyed by the normalised address (decision 0027). Shared by every
 * company: an address's place is public knowledge. A row without coordinates records that
 * nothing was found, so a typo is not sent to the geocoder again on every map view.
 */
export const geoGeocodes = sqliteTable("geo_geocodes", {
  addressKey: text("address_key").primaryKey(),
  found: integer("found", { mode: "boolean" }).notNull(),
  latitude: real("latitude"),
  longitude: real("longitude"),
  region: text("region"),
  formatted: text("formatted"),
  kind: text("kind"),
  precision: text("precision"),
  /** Who answered: the configured geocoder, or the embedded gazetteer when it did not know. */
  source: text("source", { enum: ["geocoder", "gazetteer"] }).notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/** The router's answers, keyed by the pair of normalised addresses (one direction). */
export const geoRoutes = sqliteTable(
  "geo_routes",
  {
    fromKey: text("from_key").notNull(),
    toKey: text("to_key").notNull(),
    distanceMeters: integer("distance_meters").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromKey, t.toKey] })],
);

/**
 * Where each address of the EDO mirror lies (decision 0062): placed once by the `edo.geo` job
 * after a mirror sync, never on a page view, so the map's read joins this small table. Keyed by
 * the address as the documents write it (trimmed), so the read joins it to the documents as
 * they are; `address_key` is the geocoder cache's key (two spellings of one address cost one
 * geocoder call). Shared by every company, as the geocoder cache is: an address's place is
 * public knowledge, and a company's read counts only its own documents. A row with `found`
 * false is an address no service could place; an address without a row is not placed yet.
 */
export const geoPlaces = sqliteTable("geo_places", {
  address: text("address").primaryKey(),
  addressKey: text("address_key").notNull(),
  found: integer("found", { mode: "boolean" }).notNull(),
  latitude: real("latitude"),
  longitude: real("longitude"),
  region: text("region"),
  formatted: text("formatted"),
  kind: text("kind"),
  precision: text("precision"),
  /** Who placed it: the configured geocoder, or the embedded gazetteer (no geocoder, or it did not know). */
  source: text("source", { enum: ["geocoder", "gazetteer"] }).notNull(),
  placedAt: integer("placed_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Distance and driving time of each route (loading address → unloading address, as the
 * documents write them) of the EDO mirror, found once by the `edo.geo` job when both ends are
 * placed (decision 0062). `source` says whose figures they are: the router's, or the estimate
 * of decision 0027 (no router configured: `estimate`; the router found no road: `no-road`).
 */
export const geoPlaceRoutes = sqliteTable(
  "geo_place_routes",
  {
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    distanceMeters: integer("distance_meters").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    source: text("source", { enum: ["router", "estimate", "no-road"] }).notNull(),
    routedAt: integer("routed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromAddress, t.toAddress] })],
);
