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
