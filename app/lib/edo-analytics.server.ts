// The data of the pages built from the EDO mirror (/dashboard/analytics, /test-analytics,
// /transport): the filters from the URL, the connection, and the figures (decisions 0058, 0063).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { edoAnalytics } from "../../workers/core/edo/analytics";
import {
  edoAnalyticsFiltersSchema,
  type EdoAnalyticsFilters,
} from "../../workers/core/edo/analytics-schemas";
import { findEdoConnection, tokenAlive } from "../../workers/core/edo/connection";
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

/**
 * What a page built from the mirror shows (EDO analytics, the fleet): disconnected (no connection
 * or an expired token), failed (the read threw), or ready with what `read` answered; the
 * connection's login and expiry and how long the read took, for the test page's dump.
 */
export async function edoMirrorPageData<T>(
  context: AppLoadContext,
  request: Request,
  read: (
    db: AppLoadContext["db"],
    companyId: string,
    filters: EdoAnalyticsFilters,
    now: number,
  ) => Promise<T>,
) {
  const { user } = requireCaller(context, request);
  const filters = filtersOf(new URL(request.url).searchParams);
  const now = Date.now();
  const row = await findEdoConnection(context.db, user.company.id);
  const connection = row
    ? { login: row.login, expiresAt: row.tokenExpiresAt.toISOString(), connected: tokenAlive(row, now) }
    : null;
  const lastSyncedAt = row?.lastSyncedAt?.toISOString() ?? null;
  if (!connection?.connected) {
    return { state: "disconnected" as const, filters, connection, lastSyncedAt, data: null, elapsedMs: 0 };
  }
  const started = performance.now();
  try {
    const data = await read(context.db, user.company.id, filters, now);
    const elapsedMs = Math.round(performance.now() - started);
    return { state: "ready" as const, filters, connection, lastSyncedAt, data, elapsedMs };
  } catch (error) {
    console.error("edo mirror page read failed", error);
    const elapsedMs = Math.round(performance.now() - started);
    return { state: "failed" as const, filters, connection, lastSyncedAt, data: null, elapsedMs };
  }
}

/** The EDO analytics pages' data (/dashboard/analytics, /test-analytics). */
export async function edoAnalyticsPageData(context: AppLoadContext, request: Request) {
  const { data, ...page } = await edoMirrorPageData(context, request, edoAnalytics);
  return { ...page, analytics: data };
}
