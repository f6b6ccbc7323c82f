// The embedded geocoder: finds the city or the region an address names, from the gazetteer's
// data alone (decision 0027). It answers at city or region level and never guesses a point
// for an address it does not recognise.
import type { GeocodedPlace } from "../../providers/geo";
import { CITY_ROWS, REGION_ROWS, type CityRow, type RegionRow } from "./gazetteer-data";

export type GazetteerRegion = RegionRow & { lat: number; lng: number };
export type GazetteerCity = CityRow & { regionRow: GazetteerRegion };

export type GazetteerMatch =
  | { level: "city"; city: GazetteerCity; region: GazetteerRegion }
  | { level: "region"; region: GazetteerRegion };

/** Type words as addresses spell them → one canonical token each. */
const TYPE_WORDS: Record<string, string> = {
  республика: "респ",
  респ: "респ",
  область: "обл",
  обл: "обл",
  край: "край",
  аобл: "аобл",
  ао: "ао",
  город: "г",
  гор: "г",
  г: "г",
  го: "го",
};

/** Two-word type phrases («автономный округ», «г.о.») → their canonical token. */
const TYPE_PHRASES: Record<string, string> = {
  "автономный округ": "ао",
  "автономная область": "аобл",
  "автономная обл": "аобл",
  "а о": "ао",
  "г о": "го",
  "городской округ": "го",
};

/** Words that start the street or the house of an address, after which no city is named. */
const STREET_WORDS = new Set([
  "ул",
  "улица",
  "пр",
  "проспект",
  // «пр-кт» and «б-р» split at the dash.
  "кт",
  "р",
  "ш",
  "шоссе",
  "пер",
  "переулок",
  "проезд",
  "б",
  "бульвар",
  "наб",
  "набережная",
  "пл",
  "площадь",
  "мкр",
  "микрорайон",
  "тракт",
  "туп",
  "тупик",
  "аллея",
  "линия",
  "тер",
  "д",
  "дом",
  "стр",
  "корп",
  "кв",
]);

/** Lower case, ё as е, one kind of dash, no control characters, single spaces. */
function plainText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\p{Cc}/gu, " ");
}

/** Words of one address part, with type words in their canonical form. */
function canonicalTokens(part: string): string[] {
  const words = part
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  const tokens: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const phrase = TYPE_PHRASES[`${words[i]} ${words[i + 1]}`];
    if (phrase) {
      tokens.push(phrase);
      i++;
    } else tokens.push(TYPE_WORDS[words[i]] ?? words[i]);
  }
  return tokens;
}

/** The parts of an address (between commas, semicolons and spaced dashes) as canonical words. */
function addressParts(address: string): string[][] {
  return plainText(address)
    .split(/[,;]|\s-\s/)
    .map(canonicalTokens)
    .filter((tokens) => tokens.length > 0);
}

/**
 * The cache key of an address: the same words in the same order, whatever the case, ё,
 * punctuation or spacing («г. Казань,  ул. Баумана» and «г Казань, ул Баумана» share one).
 */
export function addressKey(address: string): string {
  return plainText(address)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const phraseOf = (name: string) => canonicalTokens(plainText(name)).join(" ");

const regionByCode = new Map<string, GazetteerRegion>();
const cities: GazetteerCity[] = [];
/** Every way an address part names a region → the region. */
const REGION_FORMS = new Map<string, GazetteerRegion>();
/** Every way an address part names a city → the cities of that name, the first preferred. */
const CITY_FORMS = new Map<string, GazetteerCity[]>();
/** How many words the longest form has: the window the scan tries. */
let longestForm = 1;

function addForm<T>(forms: Map<string, T>, form: string, value: T) {
  if (!forms.has(form)) forms.set(form, value);
  longestForm = Math.max(longestForm, form.split(" ").length);
}

for (const row of REGION_ROWS) {
  const capital = CITY_ROWS.find((c) => c.region === row.code && c.name === row.capital);
  if (!capital) throw new Error(`gazetteer: no capital ${row.capital} for region ${row.code}`);
  const region: GazetteerRegion = { ...row, lat: capital.lat, lng: capital.lng };
  regionByCode.set(row.code, region);
  for (const core of row.cores) {
    const words = phraseOf(core);
    addForm(REGION_FORMS, `${row.type} ${words}`, region);
    addForm(REGION_FORMS, `${words} ${row.type}`, region);
    if (row.bare) addForm(REGION_FORMS, words, region);
  }
  for (const alias of row.aliases) addForm(REGION_FORMS, phraseOf(alias), region);
}

for (const row of CITY_ROWS) {
  const regionRow = regionByCode.get(row.region);
  if (!regionRow) throw new Error(`gazetteer: unknown region ${row.region} of ${row.name}`);
  const entry: GazetteerCity = { ...row, regionRow };
  cities.push(entry);
  for (const name of [row.name, ...row.aliases]) {
    const words = phraseOf(name);
    for (const form of [words, `г ${words}`, `${words} г`, `го ${words}`]) {
      const list = CITY_FORMS.get(form);
      if (!list) addForm(CITY_FORMS, form, [entry]);
      else if (!list.includes(entry)) list.push(entry);
    }
  }
}

/** Every region of the gazetteer, with its centre (its capital's coordinates). */
export const GAZETTEER_REGIONS: readonly GazetteerRegion[] = [...regionByCode.values()];
/** Every city of the gazetteer. */
export const GAZETTEER_CITIES: readonly GazetteerCity[] = cities;

/** Cities a part names: `weak` when only a bare name at a part's start says so. */
type Named = { cities: GazetteerCity[]; weak: boolean };
type Found = { regions: GazetteerRegion[]; named: Named[] };

const TYPE_TOKENS = new Set(Object.values(TYPE_WORDS));

/** A street with a name starts at `at` («ул Тверская»), not the end of one («Октябрьский пр-кт 5»). */
function startsStreet(tokens: string[], at: number): boolean {
  if (!STREET_WORDS.has(tokens[at])) return false;
  return tokens.slice(at + 1).some((token) => !STREET_WORDS.has(token) && !/^\d/.test(token));
}

/**
 * What one part names. A whole part may be a region or a city in any of its forms. Inside a
 * longer part («г Казань ул Баумана 5») a region counts with its type word anywhere or by name
 * at the start; a city counts after «г», or (weakly) by bare name at the start when a named
 * street follows («Москва ул Тверская 1»).
 */
function scanPart(tokens: string[], found: Found) {
  const whole = tokens.join(" ");
  const region = REGION_FORMS.get(whole);
  const cities = CITY_FORMS.get(whole);
  if (region) found.regions.push(region);
  if (cities) found.named.push({ cities, weak: false });
  if (region || cities) return;
  for (let start = 0; start < tokens.length; start++) {
    for (let length = Math.min(longestForm, tokens.length - start); length >= 1; length--) {
      const words = tokens.slice(start, start + length);
      const phrase = words.join(" ");
      const marked = words[0] === "г" || words[0] === "го";
      const regionHere = REGION_FORMS.get(phrase);
      const regionCounts = regionHere && (start === 0 || words.some((word) => TYPE_TOKENS.has(word)));
      const citiesHere = CITY_FORMS.get(phrase);
      const cityCounts = citiesHere && (marked || (start === 0 && startsStreet(tokens, start + length)));
      if (regionCounts) found.regions.push(regionHere);
      if (cityCounts) found.named.push({ cities: citiesHere, weak: !marked });
      if (regionCounts || cityCounts) {
        start += length - 1;
        break;
      }
    }
  }
}

/**
 * The city or, failing that, the region an address names; null when it names neither. A city
 * must lie in the region the address names (when it names one): otherwise the region answers.
 * Among several cities the last one named wins, as addresses go from the region down; a city
 * named only weakly counts when no other is named.
 */
export function matchAddress(address: string): GazetteerMatch | null {
  const found: Found = { regions: [], named: [] };
  for (const tokens of addressParts(address)) scanPart(tokens, found);
  const region = found.regions[0];
  const candidates = [...found.named.filter((n) => !n.weak).reverse(), ...found.named.filter((n) => n.weak)];
  for (const { cities } of candidates) {
    const city = region ? cities.find((c) => c.region === region.code) : cities[0];
    if (city) return { level: "city", city, region: city.regionRow };
  }
  return region ? { level: "region", region } : null;
}

/** The gazetteer's answer in the geocoders' shape: a city's or a region's centre. */
export function gazetteerPlace(address: string): GeocodedPlace | null {
  const match = matchAddress(address);
  if (!match) return null;
  const { region } = match;
  if (match.level === "region") {
    return {
      lat: region.lat,
      lng: region.lng,
      region: region.name,
      formatted: `Россия, ${region.name}`,
      kind: "province",
      precision: "region",
    };
  }
  const { city } = match;
  return {
    lat: city.lat,
    lng: city.lng,
    region: region.name,
    formatted: region.type === "г" ? `Россия, ${city.name}` : `Россия, ${region.name}, ${city.name}`,
    kind: "locality",
    precision: "city",
  };
}
