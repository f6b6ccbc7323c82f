// EDO analytics (spec 2 §2.2, §3 «Analytics»; spec 3 §3 «Analytics result») computed in SQL over
// the company's mirror of docflows: one statement picks the most recent N documents off the
// list's index and answers every figure as rows of one result. Addresses are read into cities
// and regions by the gazetteer (decision 0027) after SQL has grouped them. Decision 0058 defines
// each figure.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { edoDocuments } from "../../../db/schema";
import { matchAddress } from "../geo/gazetteer";
import type { EdoAnalyticsFilters } from "./analytics-schemas";
import { connectionQuery, type EdoConnectionRow } from "./connection";
import { moscowDayStart, placeKey } from "./documents";

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

/** The one statement: every figure of the analysed documents as rows (kind, a, b, n). */
export function analyticsStatement(db: Db, companyId: string, filters: EdoAnalyticsFilters, now: number) {
  const d = edoDocuments;
  const { from, to } = analysedRange(filters, now);
  const todayStart = moscowDayStart(moscowDay(now), 0).getTime();
  const busy = sql.join(
    BUSY_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  // The most recent N and every column their figures group by, off the analytics index
  // (company, category, deleted, expired, created_at DESC, id, then the columns): a range of
  // created_at read in order, without the rows (decision 0059). A row written without the
  // columns (role null: by code older than migration 0023, which filled the rows it found)
  // answers from its JSON, as decision 0058 read every row; only such a row reads its document.
  const column = (name: string, path: string, key = (value: string) => value) =>
    sql.raw(`CASE WHEN edo_documents.role IS NULL
      THEN (SELECT ${key(`e.data ->> '${path}'`)} FROM edo_documents AS e WHERE e.rowid = edo_documents.rowid)
      ELSE edo_documents.${name} END`);
  // Whole numbers written into the statement: a JS number goes as a float parameter, and a float
  // division would not be a whole Moscow day or hour.
  const [MOSCOW, HOUR, DAY] = [MOSCOW_OFFSET_MS, HOUR_MS, DAY_MS].map((n) => sql.raw(String(n)));
  const picked = sql`SELECT rowid AS r, created_at AS at, status_code AS status, vehicle,
      ${column("role", "$.roleCode")} AS role,
      ${column("loading_place", "$.info.loading.addr", placeKey)} AS l,
      ${column("unloading_place", "$.info.unloading.addr", placeKey)} AS u,
      go_inn, gp_inn, tk_inn
    FROM ${d} INDEXED BY edo_documents_analytics_idx
    WHERE ${d.companyId} = ${companyId} AND ${d.category} = 'ETRN' AND ${d.deleted} = 0 AND ${d.expired} = 0
      ${filters.status ? sql`AND ${d.statusCode} = ${filters.status}` : sql``}
      AND ${d.createdAt} >= ${from} ${to === null ? sql`` : sql`AND ${d.createdAt} < ${to}`}
    ORDER BY ${d.createdAt} DESC, ${d.id} LIMIT ${filters.limit}`;
  // The parties' INNs are columns; only the top ten's names are read from their documents. A
  // party is each INN a document names in a role other than the account's, once per document
  // (an INN named again in a later role is left out), so a company's documents are its rows.
  const named = (role: "go" | "gp" | "tk") => `role <> '${role.toUpperCase()}' AND ${role}_inn <> ''`;
  const party = (role: "go" | "gp" | "tk", before: ("go" | "gp")[]) =>
    sql.raw(`SELECT r, at, ${role}_inn AS inn, '${role}' AS p FROM d WHERE ${named(role)}
      ${before.map((other) => `AND NOT (${named(other)} AND ${other}_inn = ${role}_inn)`).join(" ")}`);
  return db.all<AnalyticsRow>(sql`
    WITH d AS MATERIALIZED (${picked}),
    single AS MATERIALIZED (SELECT count(*) AS total, max(at) AS newest,
      coalesce(sum(at >= ${todayStart}), 0) AS today,
      count(DISTINCT CASE WHEN status IN (${busy}) THEN vehicle END) AS active,
      count(DISTINCT vehicle) AS vehicles FROM d),
    grouped AS MATERIALIZED (
      SELECT status, role, (at + ${MOSCOW}) / ${HOUR} % 24 AS hour, count(*) AS n FROM d GROUP BY 1, 2, 3),
    parties AS (${party("go", [])} UNION ALL ${party("gp", ["go"])} UNION ALL ${party("tk", ["go", "gp"])}),
    companies AS MATERIALIZED (SELECT inn, max(at), r, p, count(*) AS n FROM parties GROUP BY inn),
    routes AS MATERIALIZED (
      SELECT l, u, count(*) AS n FROM d WHERE l IS NOT NULL OR u IS NOT NULL GROUP BY l, u),
    places AS MATERIALIZED (SELECT key, row_number() OVER (ORDER BY key) AS i FROM (
      SELECT l AS key FROM routes WHERE l IS NOT NULL UNION SELECT u FROM routes WHERE u IS NOT NULL))
    SELECT 'total' AS kind, NULL AS a, NULL AS b, total AS n FROM single
    UNION ALL SELECT 'newest', NULL, NULL, newest FROM single
    UNION ALL SELECT 'today', NULL, NULL, today FROM single
    UNION ALL SELECT 'active', NULL, NULL, active FROM single
    UNION ALL SELECT 'vehicles', NULL, NULL, vehicles FROM single
    UNION ALL SELECT 'companies', NULL, NULL, count(*) FROM companies
    UNION ALL SELECT 'status', status, NULL, sum(n) FROM grouped GROUP BY status
    UNION ALL SELECT 'role', role, NULL, sum(n) FROM grouped GROUP BY role
    UNION ALL SELECT 'hour', hour, NULL, sum(n) FROM grouped GROUP BY hour
    UNION ALL SELECT 'day', (at + ${MOSCOW}) / ${DAY}, NULL, count(*) FROM d
      WHERE (at + ${MOSCOW}) / ${DAY} > ((SELECT newest FROM single) + ${MOSCOW}) / ${DAY} - ${DAYS}
      GROUP BY 2
    UNION ALL SELECT 'company', t.inn, e.data ->> ('$.info.' || t.p || '.accName'), t.n FROM (
      SELECT inn, r, p, n FROM companies ORDER BY n DESC, inn LIMIT ${TOP}) AS t JOIN ${d} AS e ON e.rowid = t.r
    UNION ALL SELECT 'place', i, key, NULL FROM places
    UNION ALL SELECT 'routes', NULL, group_concat(coalesce(f.i, 0) || ',' || coalesce(t.i, 0) || ',' || n, ';'), NULL
      FROM routes LEFT JOIN places AS f ON f.key = l LEFT JOIN places AS t ON t.key = u`);
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

/** Counts of a map as a list, most first, then by key. */
function ranked<K extends string>(counts: Map<string, number>, key: K, limit = Infinity): Counted<K>[] {
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b, "ru"))
    .slice(0, limit)
    .map(([value, count]) => ({ [key]: value, count }) as Counted<K>);
}

const add = (counts: Map<string, number>, key: string, n: number) =>
  counts.set(key, (counts.get(key) ?? 0) + n);

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

/** The figures from the statement's rows. */
export function analyticsOf(rows: AnalyticsRow[], filters: EdoAnalyticsFilters, now: number): EdoAnalytics {
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
    topCompanies: topCompanies.sort((x, y) => y.count - x.count || x.name.localeCompare(y.name, "ru")),
    popularRoutes: [...routes.values()]
      .sort(
        (x, y) => y.count - x.count || x.from.localeCompare(y.from, "ru") || x.to.localeCompare(y.to, "ru"),
      )
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
