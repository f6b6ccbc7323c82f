// The data of the pages built from the EDO mirror (/dashboard/analytics, /test-analytics,
// /transport): the filters from the URL, the connection, and the figures (decisions 0058, 0063).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import { analyticsOf, analyticsStatement } from "../../workers/core/edo/analytics";
import {
  edoAnalyticsFiltersSchema,
  type EdoAnalyticsFilters,
} from "../../workers/core/edo/analytics-schemas";
import { connectionQuery, tokenAlive } from "../../workers/core/edo/connection";
import { requireCaller } from "~/lib/session.server";

/** The filters from the page URL; a hand-edited value that cannot be read falls back to its default. */
export function filtersOf(params: URLSearchParams): EdoAnalyticsFilters {
  const raw: Record<string, string> = {};
  for (const name of ["period", "status", "limit"] as const) {
    const value = params.get(name)?.trim();
    if (value) raw[name] = value;
  }
  // The form sends `filtered`; an unticked box sends nothing, so then «all quarters» is off.
  if (params.has("filtered")) raw.allQuarters = params.get("allQuarters") === "true" ? "true" : "false";
  const parsed = edoAnalyticsFiltersSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return edoAnalyticsFiltersSchema.parse(raw);
}

type Db = AppLoadContext["db"];

/**
 * A read of the mirror a page shows: the statement, batched with the connection's so the page
 * reads the database once, and what the page makes of its rows.
 */
export type MirrorRead<R, T> = {
  statement: (
    db: Db,
    companyId: string,
    filters: EdoAnalyticsFilters,
    now: number,
  ) => BatchItem<"sqlite"> & PromiseLike<R>;
  from: (rows: R, filters: EdoAnalyticsFilters, now: number) => T;
};

/**
 * What a page built from the mirror shows (EDO analytics, the fleet, the map): disconnected (no
 * connection or an expired token: the rows read alongside are dropped), failed (the read threw),
 * or ready with what the read made; the connection's login and expiry and how long the read
 * took, for the test page's dump. One round trip (decision 0068).
 */
export async function edoMirrorPageData<R, T>(
  context: AppLoadContext,
  request: Request,
  read: MirrorRead<R, T>,
) {
  const { user } = requireCaller(context, request);
  const filters = filtersOf(new URL(request.url).searchParams);
  const now = Date.now();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let batch: [Awaited<ReturnType<typeof connectionQuery>>, R];
  try {
    batch = (await context.db.batch([
      connectionQuery(context.db, user.company.id),
      read.statement(context.db, user.company.id, filters, now),
    ])) as typeof batch;
  } catch (error) {
    console.error("edo mirror page read failed", error);
    return {
      state: "failed" as const,
      filters,
      connection: null,
      lastSyncedAt: null,
      data: null,
      elapsedMs: elapsed(),
    };
  }
  const [[row], rows] = batch;
  const connection = row
    ? { login: row.login, expiresAt: row.tokenExpiresAt.toISOString(), connected: tokenAlive(row, now) }
    : null;
  const lastSyncedAt = row?.lastSyncedAt?.toISOString() ?? null;
  if (!connection?.connected) {
    return { state: "disconnected" as const, filters, connection, lastSyncedAt, data: null, elapsedMs: 0 };
  }
  try {
    const data = read.from(rows, filters, now);
    return { state: "ready" as const, filters, connection, lastSyncedAt, data, elapsedMs: elapsed() };
  } catch (error) {
    console.error("edo mirror page read failed", error);
    return { state: "failed" as const, filters, connection, lastSyncedAt, data: null, elapsedMs: elapsed() };
  }
}

/** The EDO analytics pages' data (/dashboard/analytics, /test-analytics). */
export async function edoAnalyticsPageData(context: AppLoadContext, request: Request) {
  const { data, ...page } = await edoMirrorPageData(context, request, {
    statement: analyticsStatement,
    from: analyticsOf,
  });
  return { ...page, analytics: data };
}
