// EDO clients (spec 2 §2.11, §3 «Client summary»; spec 3 §2, §3 «Client data», §9 «Client
// activity») computed in SQL over the company's mirror: the counterparties its transport waybills
// name, grouped by role and INN off the analytics index (decision 0059) without reading the
// documents, and each group's name and KPP read from its newest document only. Search, role and
// activity narrow the groups in JS, where Cyrillic folds; a client's card reads its documents,
// routes (by the gazetteer, as the analytics do) and the orders made from those documents.
// Decision 0061 defines each figure.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { edoDocuments } from "../../../db/schema";
import { analysedRange, placeOf } from "./analytics";
import {
  ACTIVE_CARD_DAYS,
  activityOf,
  CLIENT_ROLES,
  foldSearch,
  type ClientActivity,
  type ClientRole,
  type EdoClientsDocumentFilters,
  type EdoClientsFilters,
} from "./clients-schemas";
import { connectionQuery, type EdoConnectionRow } from "./connection";
import { placeKey } from "./documents";

const DAY_MS = 86_400_000;
/** A client's card lists its newest documents and orders, this many of each. */
export const CARD_LIST = 50;

export type EdoClient = {
  name: string;
  inn: string;
  kpp: string | null;
  role: ClientRole;
  documentsCount: number;
  lastDocumentDate: string;
  activity: ClientActivity;
};

export type EdoClients = {
  /** Clients of the documents the document filters leave (before search, role and activity). */
  totalClients: number;
  /** The documents the document filters leave. */
  totalDocuments: number;
  /** Clients with a document in the last 30 days (spec 3 §9). */
  activeClients: number;
  /** Clients per role, every role listed. */
  roleDistribution: { role: ClientRole; count: number }[];
  /** Clients per activity band, every band listed. */
  activityDistribution: { activity: ClientActivity; count: number }[];
  /** Clients that search, role and activity leave, and the page of them. */
  matched: number;
  page: number;
  pageSize: number;
  pageCount: number;
  clients: EdoClient[];
};

export type EdoClientCard = {
  inn: string;
  /** As its newest document names it. */
  name: string;
  kpp: string | null;
  documentsCount: number;
  lastDocumentDate: string;
  activity: ClientActivity;
  /** Each role it is named in, newest first. */
  roles: Omit<EdoClient, "inn" | "activity">[];
  /** Its newest documents (CARD_LIST). */
  documents: {
    id: string;
    number: string;
    createdAt: string;
    statusCode: string;
    roles: ClientRole[];
    loading: string | null;
    unloading: string | null;
  }[];
  /** Its documents' routes, city to city, most first. */
  routes: { from: string; to: string; count: number }[];
  /** Orders made from its documents: how many, and the newest (CARD_LIST). */
  ordersCount: number;
  orders: {
    id: string;
    number: string;
    status: string;
    createdAt: string;
    priceKopecks: number | null;
  }[];
};

/**
 * The documents clients are counted from, off the analytics index: the company's transport
 * waybills, neither deleted nor expired, in the period and status, the most recent `limit` (0:
 * all). `role` is the account's own; a row mirrored before migration 0023 answers it from its
 * JSON (decision 0059). `own` is the INN of the account's own party.
 */
function pickedDocuments(companyId: string, filters: EdoClientsDocumentFilters, now: number, inn?: string) {
  const d = edoDocuments;
  const range =
    filters.period === 0 ? null : analysedRange({ period: filters.period, allQuarters: false }, now);
  const role = sql.raw(`CASE WHEN edo_documents.role IS NULL
      THEN (SELECT e.data ->> '$.roleCode' FROM edo_documents AS e WHERE e.rowid = edo_documents.rowid)
      ELSE edo_documents.role END`);
  // A client's card with every document: only the documents naming it (the index holds the INNs).
  const naming =
    inn !== undefined && filters.limit === 0
      ? sql`AND (${d.goInn} = ${inn} OR ${d.gpInn} = ${inn} OR ${d.tkInn} = ${inn})`
      : sql``;
  return sql`SELECT *, CASE role WHEN 'GO' THEN go_inn WHEN 'GP' THEN gp_inn WHEN 'TK' THEN tk_inn END AS own
    FROM (SELECT rowid AS r, created_at AS at, ${role} AS role, go_inn, gp_inn, tk_inn
      FROM ${d} INDEXED BY edo_documents_analytics_idx
      WHERE ${d.companyId} = ${companyId} AND ${d.category} = 'ETRN' AND ${d.deleted} = 0 AND ${d.expired} = 0
        ${filters.status ? sql`AND ${d.statusCode} = ${filters.status}` : sql``}
        ${range ? sql`AND ${d.createdAt} >= ${range.from} AND ${d.createdAt} < ${range.to}` : sql``}
        ${naming}
      ORDER BY ${d.createdAt} DESC, ${d.id} ${filters.limit ? sql`LIMIT ${filters.limit}` : sql``})`;
}

/**
 * Every party a picked document names other than the company itself: not the party of the
 * account's own role, nor any party with that party's INN (a carrier shipping its own goods is
 * not its own client). One row per document and role.
 */
const PARTIES = sql.raw(
  CLIENT_ROLES.map(
    (role) => `SELECT r, at, '${role}' AS p, ${role.toLowerCase()}_inn AS inn FROM d
      WHERE ${role.toLowerCase()}_inn <> '' AND role IS NOT '${role}' AND ${role.toLowerCase()}_inn IS NOT own`,
  ).join(" UNION ALL "),
);

/** SQL: a field of the party `p` (a role code) in the document `e`. */
const partyField = (p: string, field: "accName" | "kpp") =>
  sql.raw(`e.data ->> ('$.info.' || lower(${p}) || '.${field}')`);

type ClientRow = {
  kind: string;
  p: string | null;
  inn: string | null;
  n: number;
  at: number | null;
  name: string | null;
  kpp: string | null;
};

/** The statement: each client (role, INN) with its documents, last date, name and KPP; the total. */
function clientsStatement(db: Db, companyId: string, filters: EdoClientsDocumentFilters, now: number) {
  return db.all<ClientRow>(sql`
    WITH d AS MATERIALIZED (${pickedDocuments(companyId, filters, now)}),
    parties AS (${PARTIES}),
    groups AS MATERIALIZED (SELECT p, inn, count(*) AS n, max(at) AS at, r FROM parties GROUP BY p, inn)
    SELECT 'client' AS kind, g.p, g.inn, g.n, g.at, ${partyField("g.p", "accName")} AS name,
      ${partyField("g.p", "kpp")} AS kpp
    FROM groups AS g JOIN ${edoDocuments} AS e ON e.rowid = g.r
    UNION ALL SELECT 'total', NULL, NULL, count(*), NULL, NULL, NULL FROM d`);
}

const clientOf = (row: ClientRow, now: number): EdoClient => ({
  name: row.name || String(row.inn),
  inn: String(row.inn),
  kpp: row.kpp || null,
  role: row.p as ClientRole,
  documentsCount: Number(row.n),
  lastDocumentDate: new Date(Number(row.at)).toISOString(),
  activity: activityOf(Number(row.at), now),
});

/** Newest first, then most documents, then by name and role. */
const byRecency = (x: EdoClient, y: EdoClient) =>
  y.lastDocumentDate.localeCompare(x.lastDocumentDate) ||
  y.documentsCount - x.documentsCount ||
  x.name.localeCompare(y.name, "ru") ||
  x.role.localeCompare(y.role);

/** The clients page's figures and its page of clients from the statement's rows. */
export function clientsOf(rows: ClientRow[], filters: EdoClientsFilters, now: number): EdoClients {
  const all: EdoClient[] = [];
  let totalDocuments = 0;
  for (const row of rows) {
    if (row.kind === "total") totalDocuments = Number(row.n);
    else all.push(clientOf(row, now));
  }
  const roles = new Map(CLIENT_ROLES.map((role) => [role, 0]));
  const bands = new Map<ClientActivity, number>([
    ["active", 0],
    ["moderate", 0],
    ["inactive", 0],
  ]);
  let activeClients = 0;
  for (const client of all) {
    roles.set(client.role, (roles.get(client.role) ?? 0) + 1);
    bands.set(client.activity, (bands.get(client.activity) ?? 0) + 1);
    if (now - Date.parse(client.lastDocumentDate) <= ACTIVE_CARD_DAYS * DAY_MS) activeClients += 1;
  }
  const needle = filters.search ? foldSearch(filters.search) : undefined;
  const matched = all
    .filter(
      (client) =>
        (!filters.role || client.role === filters.role) &&
        (!filters.activity || client.activity === filters.activity) &&
        (!needle || client.inn.includes(needle) || foldSearch(client.name).includes(needle)),
    )
    .sort(byRecency);
  const pageCount = Math.max(1, Math.ceil(matched.length / filters.pageSize));
  const page = Math.min(filters.page, pageCount);
  return {
    totalClients: all.length,
    totalDocuments,
    activeClients,
    roleDistribution: [...roles].map(([role, count]) => ({ role, count })),
    activityDistribution: [...bands].map(([activity, count]) => ({ activity, count })),
    matched: matched.length,
    page,
    pageSize: filters.pageSize,
    pageCount,
    clients: matched.slice((page - 1) * filters.pageSize, page * filters.pageSize),
  };
}

/** The clients page's data for the company's mirror and the filters. */
export async function edoClients(
  db: Db,
  companyId: string,
  filters: EdoClientsFilters,
  now: number,
): Promise<EdoClients> {
  return clientsOf(await clientsStatement(db, companyId, filters, now), filters, now);
}

/**
 * The connection and the clients in one round trip (as edoAnalyticsFor): the clients are answered
 * only if `login` is the company's.
 */
export async function edoClientsFor(
  db: Db,
  companyId: string,
  query: EdoClientsFilters & { login: string },
  now: number,
): Promise<{ connection: EdoConnectionRow | undefined; clients: EdoClients }> {
  const [[row], rows] = await db.batch([
    connectionQuery(db, companyId),
    clientsStatement(db, companyId, query, now),
  ]);
  return { connection: row?.login === query.login ? row : undefined, clients: clientsOf(rows, query, now) };
}

type CardRow = {
  kind: string;
  a: string | null;
  b: string | null;
  c: string | null;
  d: string | null;
  e: string | null;
  f: string | null;
  n: number | null;
  at: number | null;
};

/** SQL: a mirror row's place key of an address, from its column or (before migration 0023) its JSON. */
const place = (column: "loading_place" | "unloading_place", path: string): SQL =>
  sql.raw(`CASE WHEN e.role IS NULL THEN ${placeKey(`(e.data ->> '${path}')`)} ELSE e.${column} END`);

/** The statement of a client's card: its roles, newest documents, routes and orders. */
function cardStatement(
  db: Db,
  companyId: string,
  inn: string,
  filters: EdoClientsDocumentFilters,
  now: number,
) {
  return db.all<CardRow>(sql`
    WITH d AS MATERIALIZED (${pickedDocuments(companyId, filters, now, inn)}),
    parties AS (${PARTIES}),
    mine AS MATERIALIZED (SELECT r, at, p FROM parties WHERE inn = ${inn}),
    docs AS MATERIALIZED (SELECT r, max(at) AS at, group_concat(p) AS roles FROM mine GROUP BY r),
    roles AS (SELECT p, count(*) AS n, max(at) AS at, r FROM mine GROUP BY p),
    orders AS MATERIALIZED (
      SELECT o.id, o.order_number, o.status, o.created_at, o.price_kopecks
      FROM docs JOIN ${edoDocuments} AS e ON e.rowid = docs.r
      JOIN platform_orders AS o ON o.company_id = ${companyId} AND o.platform_id = 'edo'
        AND o.external_order_id = e.id)
    SELECT 'role' AS kind, t.p AS a, ${partyField("t.p", "accName")} AS b, ${partyField("t.p", "kpp")} AS c,
      NULL AS d, NULL AS e, NULL AS f, t.n AS n, t.at AS at
    FROM roles AS t JOIN ${edoDocuments} AS e ON e.rowid = t.r
    UNION ALL SELECT 'docs', NULL, NULL, NULL, NULL, NULL, NULL, count(*), NULL FROM docs
    UNION ALL SELECT * FROM (SELECT 'doc', e.id, e.data ->> '$.info.doc.num', e.status_code, x.roles,
        e.data ->> '$.info.loading.addr', e.data ->> '$.info.unloading.addr', NULL, x.at
      FROM (SELECT * FROM docs ORDER BY at DESC, r LIMIT ${CARD_LIST}) AS x
      JOIN ${edoDocuments} AS e ON e.rowid = x.r ORDER BY x.at DESC, e.id)
    UNION ALL SELECT 'route', l, u, NULL, NULL, NULL, NULL, count(*), NULL FROM (
      SELECT ${place("loading_place", "$.info.loading.addr")} AS l,
        ${place("unloading_place", "$.info.unloading.addr")} AS u
      FROM docs JOIN ${edoDocuments} AS e ON e.rowid = docs.r)
      WHERE l IS NOT NULL AND u IS NOT NULL GROUP BY l, u
    UNION ALL SELECT 'orders', NULL, NULL, NULL, NULL, NULL, NULL, count(*), NULL FROM orders
    UNION ALL SELECT * FROM (SELECT 'order', id, order_number, status, NULL, NULL, NULL, price_kopecks, created_at
      FROM orders ORDER BY created_at DESC, id LIMIT ${CARD_LIST})`);
}

/** A client's card from its statement's rows; undefined when the documents name no such client. */
export function cardOf(rows: CardRow[], inn: string, now: number): EdoClientCard | undefined {
  const roles: EdoClientCard["roles"] = [];
  const documents: EdoClientCard["documents"] = [];
  const orders: EdoClientCard["orders"] = [];
  const routes = new Map<string, { from: string; to: string; count: number }>();
  let documentsCount = 0;
  let ordersCount = 0;
  for (const row of rows) {
    const n = Number(row.n ?? 0);
    switch (row.kind) {
      case "role":
        roles.push({
          role: row.a as ClientRole,
          name: row.b || inn,
          kpp: row.c || null,
          documentsCount: n,
          lastDocumentDate: new Date(Number(row.at)).toISOString(),
        });
        break;
      case "docs":
        documentsCount = n;
        break;
      case "doc":
        documents.push({
          id: String(row.a),
          number: String(row.b),
          createdAt: new Date(Number(row.at)).toISOString(),
          statusCode: String(row.c),
          roles: [...new Set(String(row.d).split(","))].sort() as ClientRole[],
          loading: row.e || null,
          unloading: row.f || null,
        });
        break;
      case "route": {
        const from = placeOf(String(row.a)).place;
        const to = placeOf(String(row.b)).place;
        const key = `${from}\u0000${to}`;
        const route = routes.get(key) ?? { from, to, count: 0 };
        route.count += n;
        routes.set(key, route);
        break;
      }
      case "orders":
        ordersCount = n;
        break;
      case "order":
        orders.push({
          id: String(row.a),
          number: String(row.b ?? row.a),
          status: String(row.c),
          createdAt: new Date(Number(row.at)).toISOString(),
          priceKopecks: row.n === null ? null : Number(row.n),
        });
        break;
    }
  }
  if (roles.length === 0) return undefined;
  roles.sort((x, y) => y.lastDocumentDate.localeCompare(x.lastDocumentDate) || x.role.localeCompare(y.role));
  const [newest] = roles;
  return {
    inn,
    name: newest.name,
    kpp: newest.kpp,
    documentsCount,
    lastDocumentDate: newest.lastDocumentDate,
    activity: activityOf(Date.parse(newest.lastDocumentDate), now),
    roles,
    documents,
    routes: [...routes.values()].sort(
      (x, y) => y.count - x.count || x.from.localeCompare(y.from, "ru") || x.to.localeCompare(y.to, "ru"),
    ),
    ordersCount,
    orders,
  };
}

/** A client's card for the company's mirror, or undefined: no document of the filters names it. */
export async function edoClientCard(
  db: Db,
  companyId: string,
  inn: string,
  filters: EdoClientsDocumentFilters,
  now: number,
): Promise<EdoClientCard | undefined> {
  return cardOf(await cardStatement(db, companyId, inn, filters, now), inn, now);
}

/** The connection and a client's card in one round trip (as edoClientsFor). */
export async function edoClientCardFor(
  db: Db,
  companyId: string,
  inn: string,
  query: EdoClientsDocumentFilters & { login: string },
  now: number,
): Promise<{ connection: EdoConnectionRow | undefined; card: EdoClientCard | undefined }> {
  const [[row], rows] = await db.batch([
    connectionQuery(db, companyId),
    cardStatement(db, companyId, inn, query, now),
  ]);
  return { connection: row?.login === query.login ? row : undefined, card: cardOf(rows, inn, now) };
}
