import { z } from "zod";
import {
  GeoUnavailableError,
  type GeocodedPlace,
  type Geocoder,
  type PlaceKind,
  type PlacePrecision,
} from "./geo";

const DEFAULT_TIMEOUT_MS = 5_000;
/** Nominatim's usage policy asks every application to name itself. */
export const NOMINATIM_USER_AGENT = "Reys/1.0 (freight carrier platform; geocoding of transport documents)";

export type NominatimOptions = {
  /** A Nominatim instance's root (`<sandbox>/nominatim` locally). */
  baseUrl: string;
  userAgent?: string;
  timeoutMs?: number;
};

const coordinate = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .transform(Number);

/** The part of a `format=jsonv2` search result the product reads. */
const placeSchema = z.object({
  lat: coordinate.pipe(z.number().min(-90).max(90)),
  lon: coordinate.pipe(z.number().min(-180).max(180)),
  display_name: z.string(),
  addresstype: z.string().optional(),
  type: z.string().optional(),
  address: z.object({ state: z.string().optional() }).optional(),
});

type Level = { kind: PlaceKind; precision: PlacePrecision };

/** Nominatim's `addresstype` (OSM's place types) → the spec's kind and precision. */
const LEVELS: Record<string, Level> = {
  house: { kind: "house", precision: "exact" },
  building: { kind: "house", precision: "exact" },
  road: { kind: "street", precision: "street" },
  suburb: { kind: "district", precision: "district" },
  quarter: { kind: "district", precision: "district" },
  neighbourhood: { kind: "district", precision: "district" },
  city_district: { kind: "district", precision: "district" },
  borough: { kind: "district", precision: "district" },
  city: { kind: "locality", precision: "city" },
  town: { kind: "locality", precision: "city" },
  village: { kind: "locality", precision: "city" },
  hamlet: { kind: "locality", precision: "city" },
  isolated_dwelling: { kind: "locality", precision: "city" },
  municipality: { kind: "area", precision: "area" },
  county: { kind: "area", precision: "area" },
  state_district: { kind: "area", precision: "area" },
  state: { kind: "province", precision: "region" },
  region: { kind: "province", precision: "region" },
  country: { kind: "country", precision: "country" },
};
const OTHER: Level = { kind: "other", precision: "other" };

/**
 * Geocoding through a Nominatim instance's free-form search (`/search?q=…&format=jsonv2`),
 * Russian answers only. A refused or failed call is GeoUnavailableError; an empty list is null.
 */
export function createNominatimGeocoder({
  baseUrl,
  userAgent = NOMINATIM_USER_AGENT,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: NominatimOptions): Geocoder {
  const root = baseUrl.replace(/\/+$/, "");
  return {
    async geocode(address) {
      const query = new URLSearchParams({
        q: address,
        format: "jsonv2",
        addressdetails: "1",
        countrycodes: "ru",
        limit: "1",
        "accept-language": "ru",
      });
      let response: Response;
      try {
        response = await fetch(`${root}/search?${query}`, {
          headers: { Accept: "application/json", "User-Agent": userAgent },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        throw new GeoUnavailableError(
          timedOut ? `nominatim: no answer in ${timeoutMs} ms` : "nominatim: unreachable",
          {
            cause: error,
          },
        );
      }
      if (!response.ok) {
        void response.body?.cancel().catch(() => {});
        throw new GeoUnavailableError(`nominatim: HTTP ${response.status}`);
      }
      const body = z.array(z.unknown()).safeParse(await response.json().catch(() => null));
      if (!body.success) throw new GeoUnavailableError("nominatim: unexpected answer");
      if (body.data.length === 0) return null;
      const place = placeSchema.safeParse(body.data[0]);
      if (!place.success)
        throw new GeoUnavailableError(`nominatim: unreadable place: ${place.error.issues[0].message}`);
      const { lat, lon, display_name, addresstype, type, address: details } = place.data;
      const level = LEVELS[addresstype ?? type ?? ""] ?? OTHER;
      return {
        lat,
        lng: lon,
        region: details?.state ?? null,
        formatted: display_name,
        ...level,
      } satisfies GeocodedPlace;
    },
  };
}
