// The EDO clients pages' data (/edo-clients and a client's card): the filters from the URL, the
// connection, and the clients from the mirror (decision 0061).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { edoClientCard, edoClients } from "../../workers/core/edo/clients";
import { edoClientsFiltersSchema, type EdoClientsFilters } from "../../workers/core/edo/clients-schemas";
import { findEdoConnection, tokenAlive } from "../../workers/core/edo/connection";
import { requireCaller } from "~/lib/session.server";

/** The page's URL names for the filters: the API's, with the search as `q`. */
const URL_NAMES = {
  period: "period",
  status: "status",
  limit: "limit",
  search: "q",
  role: "role",
  activity: "activity",
  page: "page",
} as const;

/** The filters from the page URL; a hand-edited value that cannot be read falls back to its default. */
export function clientsFiltersOf(params: URLSearchParams): EdoClientsFilters {
  const raw: Record<string, string> = {};
  for (const [field, name] of Object.entries(URL_NAMES)) {
    const value = params.get(name)?.trim();
    if (value) raw[field] = value;
  }
  const parsed = edoClientsFiltersSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  return edoClientsFiltersSchema.parse(raw);
}

/** The URL query of filters (defaults left out), to keep them from the list to a card and back. */
export function clientsQueryOf(filters: EdoClientsFilters, keep: (keyof typeof URL_NAMES)[]): string {
  const defaults = edoClientsFiltersSchema.parse({});
  const params = new URLSearchParams();
  for (const field of keep) {
    const value = filters[field];
    if (value !== undefined && value !== defaults[field]) params.set(URL_NAMES[field], String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The company's EDO connection as the pages show it: disconnected without one or with a dead token. */
async function connectionOf(context: AppLoadContext, companyId: string, now: number) {
  const row = await findEdoConnection(context.db, companyId);
  return {
    connected: row !== undefined && tokenAlive(row, now),
    lastSyncedAt: row?.lastSyncedAt?.toISOString() ?? null,
  };
}

/** What /edo-clients shows: disconnected, failed (the read threw), or ready with the clients. */
export async function edoClientsPageData(context: AppLoadContext, request: Request) {
  const { user } = requireCaller(context, request);
  const filters = clientsFiltersOf(new URL(request.url).searchParams);
  const now = Date.now();
  const { connected, lastSyncedAt } = await connectionOf(context, user.company.id, now);
  if (!connected) return { state: "disconnected" as const, filters, lastSyncedAt, clients: null };
  try {
    const clients = await edoClients(context.db, user.company.id, filters, now);
    return { state: "ready" as const, filters, lastSyncedAt, clients };
  } catch (error) {
    console.error("edo clients failed", error);
    return { state: "failed" as const, filters, lastSyncedAt, clients: null };
  }
}

/** What a client's card shows; a client no document of the filters names is a 404. */
export async function edoClientCardPageData(context: AppLoadContext, request: Request, inn: string) {
  const { user } = requireCaller(context, request);
  const filters = clientsFiltersOf(new URL(request.url).searchParams);
  const now = Date.now();
  const { connected } = await connectionOf(context, user.company.id, now);
  if (!connected) return { state: "disconnected" as const, filters, card: null };
  const card = /^(\d{10}|\d{12})$/.test(inn)
    ? await edoClientCard(context.db, user.company.id, inn, filters, now)
    : undefined;
  if (!card) throw new Response("Клиент ЭДО не найден", { status: 404 });
  return { state: "ready" as const, filters, card };
}
