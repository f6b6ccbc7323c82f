/**
 * Geocoding and routing as the product uses them (spec 2 §3 «Geo data», §7; decision 0027),
 * whichever service answers: only these fields leave an adapter.
 */

export type GeoPoint = { lat: number; lng: number };

/** What kind of place an answer is, in the terms the spec's `kind` uses. */
export type PlaceKind =
  "house" | "street" | "district" | "locality" | "area" | "province" | "country" | "other";

/** How exactly the point stands for the address. */
export type PlacePrecision =
  "exact" | "street" | "district" | "city" | "area" | "region" | "country" | "other";

export type GeocodedPlace = GeoPoint & {
  /** The federal subject («Республика Татарстан», «Москва»); null when the service does not say. */
  region: string | null;
  /** The address as the service writes it out. */
  formatted: string;
  kind: PlaceKind;
  precision: PlacePrecision;
};

/** Finds the place an address names; null when the service knows no such place. */
export interface Geocoder {
  geocode(address: string): Promise<GeocodedPlace | null>;
}

/** A road route: metres and seconds, as routers count them. */
export type RoadRoute = { distanceMeters: number; durationSeconds: number };

/** The road route between two points; null when no road joins them. */
export interface Router {
  route(from: GeoPoint, to: GeoPoint): Promise<RoadRoute | null>;
}

/** The service did not answer, or answered something unreadable: a fallback should answer. */
export class GeoUnavailableError extends Error {
  override name = "GeoUnavailableError";
}
