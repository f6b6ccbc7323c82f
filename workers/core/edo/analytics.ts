// EDO analytics (spec 2 §2.2, §3 «Analytics»; spec 3 §3 «Analytics result») computed in SQL over
// the company's mirror of docflows: one statement picks the most recent N documents off the
// list's index and answers every figure as rows of one result. Addresses are read into cities
// and regions by the gazetteer (decision 0027) after SQL has grouped them. Decision 0058 defines
// each figure.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  edoAnalyticsFacts,
  edoAnalyticsParties,
  edoAnalyticsPlaces,
  edoAnalyticsStatuses,
} from "../../../db/schema";
import { matchAddress } from "../geo/gazetteer";
import type { EdoAnalyticsFilters } from "./analytics-schemas";
import { connectionQuery, type EdoConnectionRow } from "./connection";
import { moscowDayStart } from "./documents";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MOSCOW_OFFSET_MS = 3 * HOUR_MS;
/** The quarters the old page looped over with «load all quarters» on (spec 2 §7, §9). */
const FIRST_QUARTER_DAY = "2023-01-01";
const AFTER_LAST_QUARTER_DAY = "2026-01-01";
/** Spec 2 §9: working hours 8–18 (from 08:00 to 17:59 Moscow time). */
export const WORKING_HOURS = { from: 8, to: 18 } as const;
/** Spec 2 §9: top lists of 10, daily activity over 30 days. */
export const TOP = 10;
export const DAYS = 30;
/**
 * Statuses under which a docflow's vehicle is on the job: the filter panel's «Ожидает загрузки»,
 * «В рейсе» and «Разгружается» (spec 2 §4); ON_TRNACLPVYN is «Свободен».
 */
export const BUSY_STATUSES = ["ON_TRNACLGROT", "ON_TRNACLPPRIN", "ON_TRNACLGRPO"] as const;
/** An address the gazetteer does not place. */
export const UNKNOWN_REGION = "Регион не определён";

export type Counted<K extends string> = { [P in K]: string } & { count: number };

export type EdoAnalytics = {
  /** The analysed window: documents created in [from, to) Moscow time; to null — up to now. */
  range: { from: string; to: string | null };
  totalDocuments: number;
  activeTransports: number;
  companiesCount: number;
  documentsToday: number;
  /** Distinct vehicles of the analysed documents. */
  vehicles: number;
  /** Distinct routes (city to city) of the analysed documents. */
  routes: number;
  newestDocumentAt: string | null;
  statusDistribution: Counted<"status">[];
  byStatus: Record<string, number>;
  roleDistribution: Counted<"role">[];
  byParticipant: Record<string, number>;
  topCompanies: { name: string; inn: string; count: number }[];
  popularRoutes: { from: string; to: string; count: number }[];
  hourlyActivity: { hour: number; count: number }[];
  dailyActivity: { date: string; count: number }[];
  regionActivity: Counted<"region">[];
  loadingRegions: Counted<"region">[];
  unloadingRegions: Counted<"region">[];
  timeAnalysis: {
    peakHour: number | null;
    quietHour: number | null;
    avgDocumentsPerHour: number;
    workingHours: { from: number; to: number; documents: number };
  };
};

/** The Moscow calendar day (YYYY-MM-DD) of an instant. */
const moscowDay = (at: number) => new Date(at + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);

/** The instants the filters' period covers: a quarter, the quarters 2023–2025, or the last 3 months. */
export function analysedRange(filters: Pick<EdoAnalyticsFilters, "period" | "allQuarters">, now: number) {
  if (filters.period !== 0) {
    const year = Math.floor(filters.period / 10);
    const quarter = filters.period % 10;
    const first = `${year}-${String(3 * quarter - 2).padStart(2, "0")}-01`;
    const next =
      quarter === 4 ? `${year + 1}-01-01` : `${year}-${String(3 * quarter + 1).padStart(2, "0")}-01`;
    return { from: moscowDayStart(first, 0).getTime(), to: moscowDayStart(next, 0).getTime() };
  }
  if (filters.allQuarters) {
    return {
      from: moscowDayStart(FIRST_QUARTER_DAY, 0).getTime(),
      to: moscowDayStart(AFTER_LAST_QUARTER_DAY, 0).getTime(),
    };
  }
  // The operator's period 0 without the quarters' loop: the last three calendar months.
  const today = new Date(`${moscowDay(now)}T00:00:00Z`);
  today.setUTCMonth(today.getUTCMonth() - 3);
  return { from: moscowDayStart(today.toISOString().slice(0, 10), 0).getTime(), to: null };
}

export type AnalyticsRow = { kind: string; a: string | number | null; b: string | null; n: number | null };

/** The statement's one row: the analysed documents' facts, and the company's places and parties. */
export type FactsRow = { facts: string; statuses: string; places: string; parties: string };

/**
 * One analysed document as `edo_analytics_facts.facts` holds it (migration 0037): created at,
 * its status's number, the account's role, the loading and unloading places' numbers, the
 * shipper's, receiver's and carrier's party numbers where the document counts them (decision
 * 0058: an INN named in a role other than the account's, once per document), the vehicle's number.
 */
type Fact = [
  at: number,
  status: number,
  role: string | null,
  loading: number | null,
  unloading: number | null,
  go: number | null,
  gp: number | null,
  tk: number | null,
  vehicle: number | null,
];

/**
 * The one statement: the facts of the most recent N documents the filters leave, read in order
 * off `edo_analytics_facts_idx` (company, created_at DESC, id, status, facts) without the rows,
 * as one JSON text, with what their numbers stand for: statuses, the company's places and parties
 * (decision 0090). The Worker counts them (`tallied`): grouping N documents' text keys was most of
 * what sqld spent.
 */
export function analyticsStatement(db: Db, companyId: string, filters: EdoAnalyticsFilters, now: number) {
  const f = edoAnalyticsFacts;
  const { from, to } = analysedRange(filters, now);
  const picked = sql`SELECT ${f.facts} AS facts FROM ${f} INDEXED BY edo_analytics_facts_idx
    WHERE ${f.companyId} = ${companyId} AND ${f.createdAt} >= ${from}
      ${to === null ? sql`` : sql`AND ${f.createdAt} < ${to}`}
      ${filters.status ? sql`AND ${f.statusCode} = ${filters.status}` : sql``}
    ORDER BY ${f.createdAt} DESC, ${f.id} LIMIT ${filters.limit}`;
  const s = edoAnalyticsStatuses;
  const p = edoAnalyticsPlaces;
  const q = edoAnalyticsParties;
  return db.all<FactsRow>(sql`SELECT '[' || coalesce(group_concat(facts, ','), '') || ']' AS facts,
    (SELECT json_group_array(json_array(${s.id}, ${s.code})) FROM ${s}) AS statuses,
    (SELECT json_group_array(json_array(${p.id}, ${p.key})) FROM ${p} WHERE ${p.companyId} = ${companyId}) AS places,
    (SELECT json_group_array(json_array(${q.id}, ${q.inn}, ${q.name})) FROM ${q} WHERE ${q.companyId} = ${companyId})
      AS parties
    FROM (${picked})`);
}

const add = <K>(counts: Map<K, number>, key: K, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n);

/**
 * The statement's facts counted into the rows every figure is read from (kind, a, b, n): the
 * single figures, counts by status, role, hour and day, the parties (how many, the top ten with
 * the name of each one's newest document), the places used and the address pairs.
 */
export function tallied(row: FactsRow | undefined, now: number): AnalyticsRow[] {
  const facts: Fact[] = row ? JSON.parse(row.facts) : [];
  const statusCodes = new Map<number, string>(row ? JSON.parse(row.statuses) : []);
  const placeKeys = new Map<number, string>(row ? JSON.parse(row.places) : []);
  const parties = new Map<number, { inn: string; name: string }>(
    row
      ? (JSON.parse(row.parties) as [number, string, string][]).map(([id, inn, name]) => [id, { inn, name }])
      : [],
  );
  const todayStart = moscowDayStart(moscowDay(now), 0).getTime();
  const busy = new Set<string>(BUSY_STATUSES);
  const rows: AnalyticsRow[] = [];
  const push = (kind: string, a: string | number | null, b: string | null, n: number | null) =>
    rows.push({ kind, a, b, n });
  const statuses = new Map<number, number>();
  const roles = new Map<string | null, number>();
  const hours = new Map<number, number>();
  /** Documents by Moscow day since the epoch. */
  const days = new Map<number, number>();
  const busyStatuses = new Set([...statusCodes].filter(([, code]) => busy.has(code)).map(([id]) => id));
  const vehicles = new Set<number>();
  const active = new Set<number>();
  const companies = new Map<string, { n: number; at: number; name: string }>();
  const pairs = new Map<string, number>();
  const used = new Set<number>();
  let newest: number | null = null;
  let today = 0;
  for (const [at, status, role, loading, unloading, go, gp, tk, vehicle] of facts) {
    if (newest === null || at > newest) newest = at;
    if (at >= todayStart) today++;
    add(statuses, status);
    add(roles, role);
    add(hours, Math.floor((at + MOSCOW_OFFSET_MS) / HOUR_MS) % 24);
    add(days, Math.floor((at + MOSCOW_OFFSET_MS) / DAY_MS));
    if (vehicle !== null) {
      vehicles.add(vehicle);
      if (busyStatuses.has(status)) active.add(vehicle);
    }
    for (const id of [go, gp, tk]) {
      const party = id === null ? undefined : parties.get(id);
      if (!party) continue;
      const company = companies.get(party.inn);
      if (!company) companies.set(party.inn, { n: 1, at, name: party.name });
      else {
        company.n++;
        if (at > company.at) Object.assign(company, { at, name: party.name });
      }
    }
    if (loading !== null || unloading !== null) {
      if (loading !== null) used.add(loading);
      if (unloading !== null) used.add(unloading);
      add(pairs, `${loading ?? 0},${unloading ?? 0}`);
    }
  }
  push("total", null, null, facts.length);
  push("newest", null, null, newest);
  push("today", null, null, today);
  push("active", null, null, active.size);
  push("vehicles", null, null, vehicles.size);
  push("companies", null, null, companies.size);
  for (const [status, n] of statuses) push("status", statusCodes.get(status) ?? "", null, n);
  for (const [role, n] of roles) push("role", role, null, n);
  for (const [hour, n] of hours) push("hour", hour, null, n);
  if (newest !== null) {
    // The thirty days up to the newest document's.
    const last = Math.floor((newest + MOSCOW_OFFSET_MS) / DAY_MS);
    for (const [day, n] of days) if (day > last - DAYS) push("day", day, null, n);
  }
  [...companies]
    .sort(([a, x], [b, y]) => y.n - x.n || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP)
    // A document without the party's name (kept as "") names it by its INN.
    .forEach(([inn, { n, name }]) => push("company", inn, name || null, n));
  for (const id of used) push("place", id, placeKeys.get(id) ?? "", null);
  push("routes", null, [...pairs].map(([pair, n]) => `${pair},${n}`).join(";"), null);
  return rows;
}

/**
 * Where an address is, as analytics names it: the city the gazetteer finds (or the region, when
 * it names no city), and the region. Kept per address for the isolate's life: addresses repeat
 * from one read to the next, and reading one costs the gazetteer's scan.
 */
type Place = { place: string; region: string };

const PLACES = new Map<string, Place>();
const PLACES_KEPT_AT_MOST = 50_000;

export function placeOf(address: string): Place {
  const kept = PLACES.get(address);
  if (kept) return kept;
  const match = matchAddress(address);
  const place: Place = !match
    ? { place: address.trim(), region: UNKNOWN_REGION }
    : match.level === "city"
      ? { place: match.city.name, region: match.region.name }
      : { place: match.region.name, region: match.region.name };
  if (PLACES.size >= PLACES_KEPT_AT_MOST) PLACES.clear();
  PLACES.set(address, place);
  return place;
}

/**
 * Russian alphabetical order, as `localeCompare(b, "ru")` but with one collator: that call builds
 * a new one each time, which sorting a read's routes did thousands of times.
 */
const russian = new Intl.Collator("ru").compare;

/** Counts of a map as a list, most first, then by key. */
function ranked<K extends string>(counts: Map<string, number>, key: K, limit = Infinity): Counted<K>[] {
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || russian(a, b))
    .slice(0, limit)
    .map(([value, count]) => ({ [key]: value, count }) as Counted<K>);
}

/** The thirty Moscow days ending on `lastDay`, oldest first. */
function daysEnding(lastDay: string): string[] {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: DAYS }, (_, i) =>
    new Date(end - (DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Every figure of the analytics page for the company's mirror and the filters. */
export async function edoAnalytics(
  db: Db,
  companyId: string,
  filters: EdoAnalyticsFilters,
  now: number,
): Promise<EdoAnalytics> {
  return analyticsOf(await analyticsStatement(db, companyId, filters, now), filters, now);
}

/**
 * The connection and the analytics in one round trip (as edoDocumentsFor): the figures are
 * answered only if `login` is the company's; `lastSyncedAt` is when the mirror was last refreshed.
 */
export async function edoAnalyticsFor(
  db: Db,
  companyId: string,
  query: EdoAnalyticsFilters & { login: string },
  now: number,
): Promise<{ connection: EdoConnectionRow | undefined; analytics: EdoAnalytics }> {
  const [[row], rows] = await db.batch([
    connectionQuery(db, companyId),
    analyticsStatement(db, companyId, query, now),
  ]);
  return {
    connection: row?.login === query.login ? row : undefined,
    analytics: analyticsOf(rows, query, now),
  };
}

/** The figures from the statement's row. */
export function analyticsOf(rows: FactsRow[], filters: EdoAnalyticsFilters, now: number): EdoAnalytics {
  return figuresOf(tallied(rows[0], now), filters, now);
}

/** The figures from the counted rows. */
export function figuresOf(rows: AnalyticsRow[], filters: EdoAnalyticsFilters, now: number): EdoAnalytics {
  const single = new Map<string, number>();
  const statuses = new Map<string, number>();
  const roles = new Map<string, number>();
  const hours = new Array<number>(24).fill(0);
  const days = new Map<string, number>();
  const topCompanies: EdoAnalytics["topCompanies"] = [];
  const routes = new Map<string, { from: string; to: string; count: number }>();
  const loading = new Map<string, number>();
  const unloading = new Map<string, number>();
  const regions = new Map<string, number>();
  const places = new Map<number, Place>();
  let pairs = "";
  for (const { kind, a, b, n } of rows) {
    const count = Number(n ?? 0);
    switch (kind) {
      case "status":
        add(statuses, String(a), count);
        break;
      case "role":
        add(roles, String(a ?? ""), count);
        break;
      case "hour":
        hours[Number(a)] += count;
        break;
      case "day":
        // Moscow days since the epoch.
        days.set(new Date(Number(a) * DAY_MS).toISOString().slice(0, 10), count);
        break;
      case "company":
        topCompanies.push({ inn: String(a), name: b ?? String(a), count });
        break;
      case "place":
        places.set(Number(a), placeOf(String(b)));
        break;
      case "routes":
        pairs = b ?? "";
        break;
      default:
        single.set(kind, count);
    }
  }
  // The address pairs as «loading,unloading,documents;…», each place by its number (0: none).
  for (const pair of pairs ? pairs.split(";") : []) {
    const [l, u, n] = pair.split(",").map(Number);
    const from = places.get(l);
    const to = places.get(u);
    if (from) add(loading, from.region, n);
    if (to) add(unloading, to.region, n);
    for (const region of new Set([from?.region, to?.region])) if (region) add(regions, region, n);
    if (from && to) {
      const key = `${from.place}\u0000${to.place}`;
      const route = routes.get(key) ?? { from: from.place, to: to.place, count: 0 };
      route.count += n;
      routes.set(key, route);
    }
  }
  const total = single.get("total") ?? 0;
  const newest = single.get("newest") || null;
  const lastDay = moscowDay(newest ?? now);
  const working = hours.slice(WORKING_HOURS.from, WORKING_HOURS.to).reduce((sum, n) => sum + n, 0);
  const { from, to } = analysedRange(filters, now);
  const peak = total === 0 ? null : hours.indexOf(Math.max(...hours));
  const quiet = total === 0 ? null : hours.indexOf(Math.min(...hours));
  const statusDistribution = ranked(statuses, "status");
  const roleDistribution = ranked(roles, "role");
  return {
    range: { from: new Date(from).toISOString(), to: to === null ? null : new Date(to).toISOString() },
    totalDocuments: total,
    activeTransports: single.get("active") ?? 0,
    companiesCount: single.get("companies") ?? 0,
    documentsToday: single.get("today") ?? 0,
    vehicles: single.get("vehicles") ?? 0,
    routes: routes.size,
    newestDocumentAt: newest === null ? null : new Date(newest).toISOString(),
    statusDistribution,
    byStatus: Object.fromEntries(statusDistribution.map(({ status, count }) => [status, count])),
    roleDistribution,
    byParticipant: Object.fromEntries(roleDistribution.map(({ role, count }) => [role, count])),
    topCompanies: topCompanies.sort((x, y) => y.count - x.count || russian(x.name, y.name)),
    popularRoutes: [...routes.values()]
      .sort((x, y) => y.count - x.count || russian(x.from, y.from) || russian(x.to, y.to))
      .slice(0, TOP),
    hourlyActivity: hours.map((count, hour) => ({ hour, count })),
    dailyActivity: daysEnding(lastDay).map((date) => ({ date, count: days.get(date) ?? 0 })),
    regionActivity: ranked(regions, "region"),
    loadingRegions: ranked(loading, "region"),
    unloadingRegions: ranked(unloading, "region"),
    timeAnalysis: {
      peakHour: peak,
      quietHour: quiet,
      avgDocumentsPerHour: Math.round((total / 24) * 100) / 100,
      workingHours: { ...WORKING_HOURS, documents: working },
    },
  };
}
