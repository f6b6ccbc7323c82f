// A Nominatim twin: the free-form search (`GET /nominatim/search?q=…&format=jsonv2`) over the
// product's gazetteer plus the streets the sandbox writes into its own addresses (orders,
// EDO documents, the company register). A street it never writes is unknown to it, as a
// street that does not exist is unknown to Nominatim: the answer is then an empty list.
import { Hono, type Context } from "hono";
import { matchAddress, type GazetteerMatch } from "../../workers/core/geo/gazetteer";
import { PLATFORM_IDS } from "../../workers/providers/customer-platform";
import { DADATA_PARTIES } from "../dadata/companies";
import { simulatedFailures, type FailureSwitch } from "../failures";
import { platformOrder } from "../platforms/orders";
import { COMMON_STREETS, REGIONS } from "../dadata/data/regions";

export const GEOCODER_PROVIDER = "geocoder";

const LICENCE = "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright";
const FORMATS = ["json", "jsonv2"] as const;
type Format = (typeof FORMATS)[number];
/** Nominatim's own bounds on `limit`. */
const MAX_LIMIT = 40;
const DEFAULT_LIMIT = 10;
/** Orders per platform read for their hubs' streets: every hub turns up well within these. */
const HUB_SAMPLE = 200;

/** Street type words → Nominatim's (OSM's) spelling of them. */
const STREET_TYPES: Record<string, string> = {
  ул: "улица",
  улица: "улица",
  "пр-кт": "проспект",
  проспект: "проспект",
  ш: "шоссе",
  шоссе: "шоссе",
  пер: "переулок",
  переулок: "переулок",
  проезд: "проезд",
  "б-р": "бульвар",
  бульвар: "бульвар",
  наб: "набережная",
  набережная: "набережная",
  пл: "площадь",
  площадь: "площадь",
  мкр: "микрорайон",
  микрорайон: "микрорайон",
  тракт: "тракт",
};

const plain = (text: string) =>
  text.toLowerCase().replace(/ё/g, "е").replace(/\./g, " ").replace(/\s+/g, " ").trim();

type Street = { key: string; full: string };

const POSTCODE = /^\d{6}$/;

/** «Московское ш» and «ш Московское» are one street: its type and its name words, sorted. */
function streetOf(part: string): Street | null {
  const words = plain(part).split(" ");
  const typeAt = words.findIndex((word) => word in STREET_TYPES);
  if (typeAt === -1 || words.length < 2 || (typeAt !== 0 && typeAt !== words.length - 1)) return null;
  const type = STREET_TYPES[words[typeAt]];
  const name = part
    .trim()
    .split(/\s+/)
    .filter((_, i) => i !== typeAt);
  const full = typeAt === 0 ? `${type} ${name.join(" ")}` : `${name.join(" ")} ${type}`;
  return { key: [type, ...name.map(plain).sort()].join(" "), full };
}

/** «д 9 стр 1», «дом 12», or a bare «12»: the house, as written after «д». */
function houseOf(part: string): string | null {
  if (POSTCODE.test(part.trim())) return null;
  const match = /^(?:д|дом)?\.?\s*(\d+[\p{L}\d/ .-]*)$/u.exec(part.trim());
  return match ? match[1].trim() : null;
}

let vocabulary: Set<string> | undefined;

/** The streets the sandbox writes into addresses anywhere (built on first use). */
function knownStreets(): Set<string> {
  if (vocabulary) return vocabulary;
  const written = [
    ...COMMON_STREETS,
    ...REGIONS.flatMap((region) => region.streets ?? []),
    ...DADATA_PARTIES.flatMap((party) => party.data.address.value.split(",")),
  ];
  for (const platform of PLATFORM_IDS) {
    for (let index = 0; index < HUB_SAMPLE; index++) {
      written.push(...platformOrder(platform, index, 0).pickup_address.split(","));
    }
  }
  vocabulary = new Set(written.map(streetOf).flatMap((street) => (street ? [street.key] : [])));
  return vocabulary;
}

/** FNV-1a of `text` as a fraction in [0, 1): the same address lands on the same spot. */
function fraction(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0) / 2 ** 32;
}

const spread = (text: string, half: number) => (fraction(text) * 2 - 1) * half;
const COUNTRY = /^(россия|российская федерация|рф)$/;

type Located = {
  lat: number;
  lon: number;
  category: string;
  type: string;
  addresstype: string;
  placeRank: number;
  importance: number;
  name: string;
  displayName: string;
  address: Record<string, string>;
  /** Half the bounding box's height and width, in degrees. */
  extent: [number, number];
};

/** What the sandbox knows of the address `q`: null when Nominatim would find nothing. */
function locate(q: string): Located | null {
  const match: GazetteerMatch | null = matchAddress(q);
  if (!match) return null;
  const parts = q
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const postcode = parts.find((part) => POSTCODE.test(part));
  const { region } = match;
  const federal = region.type === "г";
  const tail = [...(federal ? [] : [region.name]), ...(postcode ? [postcode] : []), "Россия"];
  const country = { ...(postcode ? { postcode } : {}), country: "Россия", country_code: "ru" };

  if (match.level === "region") {
    const extra = parts.filter((part) => !POSTCODE.test(part) && !COUNTRY.test(plain(part)));
    if (extra.length > 1) return null;
    return {
      lat: region.lat,
      lon: region.lng,
      category: "boundary",
      type: "administrative",
      addresstype: "state",
      placeRank: 8,
      importance: 0.75,
      name: region.name,
      displayName: [region.name, "Россия"].join(", "),
      address: { state: region.name, country: "Россия", country_code: "ru" },
      extent: [2, 3],
    };
  }

  const { city } = match;
  const streets = parts.map(streetOf).filter((street): street is Street => street !== null);
  const street = streets.findLast((s) => knownStreets().has(s.key));
  if (streets.length > 0 && !street) return null;
  const cityAddress = { city: city.name, state: region.name, ...country };
  const capital = region.capital === city.name;
  if (!street) {
    return {
      lat: city.lat,
      lon: city.lng,
      category: "place",
      type: "city",
      addresstype: "city",
      placeRank: 16,
      importance: capital ? 0.7 : 0.5,
      name: city.name,
      displayName: [city.name, ...tail].join(", "),
      address: cityAddress,
      extent: [0.15, 0.25],
    };
  }
  const streetSeed = `${city.name}|${street.key}`;
  const streetLat = city.lat + spread(`${streetSeed}|lat`, 0.05);
  const streetLon = city.lng + spread(`${streetSeed}|lon`, 0.08);
  const house = parts.map(houseOf).findLast((h) => h !== null);
  if (!house) {
    return {
      lat: streetLat,
      lon: streetLon,
      category: "highway",
      type: "residential",
      addresstype: "road",
      placeRank: 26,
      importance: 0.05,
      name: street.full,
      displayName: [street.full, city.name, ...tail].join(", "),
      address: { road: street.full, ...cityAddress },
      extent: [0.005, 0.008],
    };
  }
  return {
    lat: streetLat + spread(`${streetSeed}|${house}|lat`, 0.004),
    lon: streetLon + spread(`${streetSeed}|${house}|lon`, 0.006),
    category: "building",
    type: "yes",
    addresstype: "building",
    placeRank: 30,
    importance: 0.00001,
    name: "",
    displayName: [house, street.full, city.name, ...tail].join(", "),
    address: { house_number: house, road: street.full, ...cityAddress },
    extent: [0.0002, 0.0003],
  };
}

/** One result in Nominatim's shape: coordinates as strings, `category` (jsonv2) or `class` (json). */
function resultOf(place: Located, format: Format, details: boolean) {
  const id = Math.floor(fraction(place.displayName) * 2 ** 31);
  const [dLat, dLon] = place.extent;
  return {
    place_id: id,
    licence: LICENCE,
    osm_type: place.placeRank >= 26 ? "way" : "relation",
    osm_id: id * 3 + 1,
    lat: place.lat.toFixed(7),
    lon: place.lon.toFixed(7),
    ...(format === "jsonv2" ? { category: place.category } : { class: place.category }),
    type: place.type,
    place_rank: place.placeRank,
    importance: place.importance,
    addresstype: place.addresstype,
    name: place.name,
    display_name: place.displayName,
    ...(details ? { address: place.address } : {}),
    boundingbox: [place.lat - dLat, place.lat + dLat, place.lon - dLon, place.lon + dLon].map((v) =>
      v.toFixed(7),
    ),
  };
}

const nominatimError = (c: Context, status: 400 | 403, message: string) =>
  c.json({ error: { code: status, message } }, status);

/** Nominatim's `/search` (free-form `q`), Russian places only. */
export function nominatimSandbox(failures: FailureSwitch) {
  return new Hono()
    .use("/nominatim/*", simulatedFailures(failures, GEOCODER_PROVIDER))
    .get("/nominatim/search", (c) => {
      // The public instance blocks clients that do not name themselves (its usage policy).
      if (!c.req.header("user-agent")) return nominatimError(c, 403, "Access blocked: no User-Agent");
      const format = c.req.query("format") ?? "jsonv2";
      if (!(FORMATS as readonly string[]).includes(format)) {
        return nominatimError(c, 400, `Parameter 'format' must be one of: ${FORMATS.join(", ")}`);
      }
      const q = (c.req.query("q") ?? "").trim();
      if (!q) return nominatimError(c, 400, "Nothing to search for.");
      const limit = Number(c.req.query("limit") ?? DEFAULT_LIMIT);
      if (!Number.isInteger(limit) || limit < 1)
        return nominatimError(c, 400, "Parameter 'limit' must be a positive integer.");
      const countries = c.req.query("countrycodes");
      if (countries && !countries.toLowerCase().split(",").includes("ru")) return c.json([]);
      const place = locate(q);
      const details = c.req.query("addressdetails") === "1";
      return c.json(
        place ? [resultOf(place, format as Format, details)].slice(0, Math.min(limit, MAX_LIMIT)) : [],
      );
    });
}
