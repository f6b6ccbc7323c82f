import { and, asc, count, eq, getTableColumns, gt, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { preparedQuery, type Placeholders } from "../../../db/prepared-sql";
import {
  edoConnections,
  edoDocuments,
  jobRuns,
  paymentRequests,
  platformOrders,
  type EdoDocument,
  type EdoOrderInfo,
  type RunOutcome,
} from "../../../db/schema";
import type { OrderStatus } from "../../../db/vocabulary";
import { limitNewOrders } from "../billing/limits";
import type { JobMessage } from "../jobs/messages";
import { isLive, latestRunQuery, runForPage, runPages, startRun, type RunRow } from "../jobs/runs";
import { EDO_ORDERS_MESSAGES, type EdoOrdersSyncView } from "./orders-sync-view";
import { placeAfterSync } from "./places";

// EDO docflows become orders (spec 2 §2.1 «Синхронизировать ЭДО», §7 POST /api/edo/sync-to-orders;
// decision 0028): each transport docflow of the company's mirror is one order of platform "edo",
// keyed by the docflow's id, made or brought up to date by a job that walks the mirror.

/** Docflows read and written per page of the job. */
export const EDO_ORDERS_PAGE_SIZE = 500;
/** Order rows per INSERT statement: 36 columns each stays well under SQLite's bound-parameter limit. */
const ROWS_PER_STATEMENT = 200;
/** Document numbers of docflows that could not become orders kept for the details text. */
export const FAILED_NAMES_KEPT = 20;

const REJECTED = "ON_TRNACLOTKL";

type Deps = { db: Db; enqueue: (message: JobMessage) => Promise<void>; now: () => number };

/** The job run subject of a connection's orders sync: apart from its mirror refreshes' runs. */
export const edoOrdersSubject = (connectionId: string) => `${connectionId}/orders`;
const connectionOfSubject = (subjectId: string) => subjectId.replace(/\/orders$/, "");

/**
 * The order's status from the titles its chain holds (decision 0028): handed to the receiver
 * («свободен», payable), received by the consignee (delivered), accepted for carriage (in
 * transit), only issued by the shipper (accepted).
 */
export function edoOrderStatus(titleTypes: readonly string[]): OrderStatus {
  const has = (type: string) => titleTypes.includes(type);
  if (has("ON_TRNACLPVYN")) return "свободен";
  if (has("ON_TRNACLGRPO")) return "delivered";
  if (has("ON_TRNACLPPRIN")) return "in_transit";
  if (has("ON_TRNACLGROT")) return "accepted";
  return "new";
}

/** What an EDO order shows, all of it derived from its docflow; a re-sync compares these. */
export type EdoOrderFields = {
  externalOrderId: string;
  orderNumber: string;
  customerName: string | null;
  pickupAddress: string;
  deliveryAddress: string;
  deliveryContactName: string | null;
  cargoDescription: string | null;
  cargoWeightKg: number | null;
  cargoPackages: number | null;
  status: OrderStatus;
  createdAt: Date;
  pickupTimeFrom: Date | null;
  deliveryTimeFrom: Date | null;
  edoInfo: EdoOrderInfo;
  searchText: string;
};

const SYNCED_FIELDS = [
  "orderNumber",
  "customerName",
  "pickupAddress",
  "deliveryAddress",
  "deliveryContactName",
  "cargoDescription",
  "cargoWeightKg",
  "cargoPackages",
  "status",
  "createdAt",
  "pickupTimeFrom",
  "deliveryTimeFrom",
  "edoInfo",
  "searchText",
] as const satisfies readonly (keyof EdoOrderFields)[];

/**
 * The order a docflow describes: route from its loading and unloading addresses, the shipper
 * as customer, the consignee, the cargo, the chain's dates and status. Without both addresses
 * there is no order to make (nothing is invented for a missing one).
 */
export function edoOrderFields(
  doc: EdoDocument,
): { ok: true; fields: EdoOrderFields } | { ok: false; number: string } {
  const { info } = doc;
  const pickupAddress = info.loading?.addr.trim();
  const deliveryAddress = info.unloading?.addr.trim();
  if (!pickupAddress || !deliveryAddress) return { ok: false, number: info.doc.num };
  const titleAt = (type: string) => {
    const title = info.documents.find((candidate) => candidate.type === type);
    return title ? new Date(title.dateTime) : null;
  };
  const fields = {
    externalOrderId: doc.id,
    orderNumber: info.doc.num,
    customerName: info.go?.accName ?? null,
    pickupAddress,
    deliveryAddress,
    deliveryContactName: info.gp?.accName ?? null,
    cargoDescription: info.cargo?.name ?? null,
    cargoWeightKg: info.cargo?.weightKg ?? null,
    cargoPackages: info.cargo?.pallets ?? null,
    status: edoOrderStatus(info.documents.map((title) => title.type)),
    createdAt: new Date(doc.createDate),
    // Accepted for carriage: the truck has the cargo. Handed over, or else received.
    pickupTimeFrom: titleAt("ON_TRNACLPPRIN"),
    deliveryTimeFrom: titleAt("ON_TRNACLPVYN") ?? titleAt("ON_TRNACLGRPO"),
    edoInfo: {
      edoId: doc.id,
      documents: info.documents.map((title) => ({
        id: title.id,
        type: title.type,
        dateTime: title.dateTime,
      })),
    },
    searchText: [info.go?.accName, info.gp?.accName, info.cargo?.name, info.doc.num]
      .filter(Boolean)
      .join("\n")
      .toLowerCase(),
  };
  return { ok: true, fields };
}

type OrderRow = typeof platformOrders.$inferSelect;

const comparable = (value: unknown) =>
  value instanceof Date ? value.getTime() : JSON.stringify(value ?? null);

/** Whether the order already shows what the docflow says now. */
export const showsFields = (order: OrderRow, fields: EdoOrderFields) =>
  SYNCED_FIELDS.every((field) => comparable(order[field]) === comparable(fields[field]));

/** The docflows that become orders: transport chains (ETRN) neither in the bin nor rejected. */
function orderable(companyId: string): SQL {
  const d = edoDocuments;
  return and(
    eq(d.companyId, companyId),
    eq(d.category, "ETRN"),
    eq(d.deleted, false),
    ne(d.statusCode, REJECTED),
  )!;
}

/** The company's EDO orders whose docflow no longer becomes one, unless payment was asked for them. */
function staleOrders(companyId: string): SQL {
  const o = platformOrders;
  const d = edoDocuments;
  return and(
    eq(o.companyId, companyId),
    eq(o.platformId, "edo"),
    sql`NOT EXISTS (SELECT 1 FROM ${d} WHERE ${d.companyId} = ${o.companyId} AND ${d.id} = ${o.externalOrderId} AND ${d.category} = 'ETRN' AND ${d.deleted} = 0 AND ${d.statusCode} <> ${REJECTED})`,
    sql`NOT EXISTS (SELECT 1 FROM ${paymentRequests} WHERE ${paymentRequests.orderId} = ${o.id})`,
  )!;
}

const EMPTY_OUTCOME: RunOutcome = { created: 0, updated: 0, removed: 0, failed: 0, failedNames: [] };

const numbers = new Intl.NumberFormat("ru-RU");

function detailsOf(outcome: RunOutcome): string | null {
  if (outcome.failed === 0) return null;
  const more = outcome.failed - outcome.failedNames.length;
  const rest = more > 0 ? ` и ещё ${numbers.format(more)}` : "";
  return `${EDO_ORDERS_MESSAGES.noRoute}: ${outcome.failedNames.join(", ")}${rest}`;
}

function viewOf(run: RunRow | undefined, now: number): EdoOrdersSyncView {
  if (!run) {
    return {
      status: "none",
      processed: 0,
      total: null,
      created: 0,
      updated: 0,
      errors: 0,
      removed: 0,
      details: null,
      error: null,
      startedAt: null,
      finishedAt: null,
    };
  }
  const outcome = run.outcome ?? EMPTY_OUTCOME;
  const status = isLive(run, now) ? "running" : run.status === "success" ? "succeeded" : "failed";
  return {
    status,
    processed: run.done,
    // Docflows that arrived in the mirror during the run are walked too.
    total: run.total === null ? null : Math.max(run.total, run.done),
    created: outcome.created,
    updated: outcome.updated,
    errors: outcome.failed,
    removed: outcome.removed,
    // A finished run's notice (the plan's limit) comes after the docflows that made no order.
    details:
      [detailsOf(outcome), run.status === "success" ? run.error : null].filter(Boolean).join(". ") || null,
    error: status === "failed" ? (run.status === "error" ? run.error : EDO_ORDERS_MESSAGES.lost) : null,
    startedAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/** The latest orders sync of an EDO connection. */
export async function edoOrdersSyncView(
  db: Db,
  connectionId: string,
  now: number,
): Promise<EdoOrdersSyncView> {
  const [run] = await latestRunQuery(db, edoOrdersSubject(connectionId));
  return viewOf(run, now);
}

/** The latest orders sync of the company's EDO connection, found in one query (the orders page). */
export async function edoOrdersSyncOf(db: Db, companyId: string, now: number): Promise<EdoOrdersSyncView> {
  return edoOrdersSyncFrom(await edoOrdersSyncQuery(db, companyId), now);
}

/** edoOrdersSyncOf's query, to batch; `edoOrdersSyncFrom` reads its rows. */
export const edoOrdersSyncQuery = (db: Db, companyId: string) => edoOrdersSyncRead(db, { companyId });
const edoOrdersSyncRead = preparedQuery((db: Db, p: Placeholders<{ companyId: string }>) =>
  latestRunQuery(
    db,
    db
      .select({ subject: sql`${edoConnections.id} || '/orders'` })
      .from(edoConnections)
      .where(eq(edoConnections.companyId, p.companyId)),
  ),
);

/** What edoOrdersSyncQuery's rows say of the sync. */
export const edoOrdersSyncFrom = (runs: RunRow[], now: number) => viewOf(runs[0], now);

/**
 * Statements that remove a connection's orders sync: its runs, its orders and their payment
 * requests. Disconnecting (or another login) runs them with the connection's own removal; the
 * foreign keys would cascade too, but only where they are enforced.
 */
export function edoOrdersRemoval(db: Db, companyId: string, connectionId: string) {
  const o = platformOrders;
  const ofConnection = and(eq(o.companyId, companyId), eq(o.edoConnectionId, connectionId));
  return [
    db
      .delete(jobRuns)
      .where(and(eq(jobRuns.companyId, companyId), eq(jobRuns.subjectId, edoOrdersSubject(connectionId)))),
    db
      .delete(paymentRequests)
      .where(inArray(paymentRequests.orderId, db.select({ id: o.id }).from(o).where(ofConnection))),
    db.delete(o).where(ofConnection),
  ] as const;
}

export type StartResult = { ok: true; view: EdoOrdersSyncView } | { ok: false; message: string };

/**
 * Starts the orders sync of the connection as a job, or leaves the running one (a second click
 * starts nothing), and counts the docflows it will walk so progress shows at once.
 */
export async function startEdoOrdersSync(
  deps: Deps,
  connection: { id: string; companyId: string },
): Promise<StartResult> {
  const subjectId = edoOrdersSubject(connection.id);
  try {
    await startRun(deps, {
      companyId: connection.companyId,
      kind: "edo.orders",
      subjectId,
      queueFailed: EDO_ORDERS_MESSAGES.queueFailed,
    });
  } catch (error) {
    console.error("edo.orders: could not enqueue", error instanceof Error ? error.message : error);
    return { ok: false, message: EDO_ORDERS_MESSAGES.queueFailed };
  }
  await deps.db
    .update(jobRuns)
    .set({ total: sql`(SELECT count(*) FROM ${edoDocuments} WHERE ${orderable(connection.companyId)})` })
    .where(
      and(
        eq(jobRuns.subjectId, subjectId),
        isNull(jobRuns.total),
        inArray(jobRuns.status, ["queued", "running"]),
      ),
    );
  return { ok: true, view: await edoOrdersSyncView(deps.db, connection.id, deps.now()) };
}

type MirrorRow = { id: string; data: EdoDocument; order: OrderRow | null };
type Page = { rows: MirrorRow[] };

/** A page of orderable docflows after `after` in id order, each with its order if it has one. */
function mirrorPage(db: Db, companyId: string, after: string | null): Promise<MirrorRow[]> {
  const d = edoDocuments;
  const o = platformOrders;
  return db
    .select({ id: d.id, data: d.data, order: o })
    .from(d)
    .leftJoin(o, and(eq(o.companyId, d.companyId), eq(o.platformId, "edo"), eq(o.externalOrderId, d.id)))
    .where(and(orderable(companyId), after === null ? undefined : gt(d.id, after)))
    .orderBy(asc(d.id))
    .limit(EDO_ORDERS_PAGE_SIZE);
}

/**
 * Steps of an orders sync (queue message `edo.orders`): walks the mirror's orderable docflows in
 * id order, a page of 500 at a time, from the cursor the run saved, and writes each page's new
 * and changed orders with the run's progress, counts and cursor in one batch
 * (workers/core/jobs/runs.ts runs the pages). The last page also removes the orders whose
 * docflow was deleted or rejected since. A run that is no longer its connection's latest is
 * dropped.
 */
export async function syncEdoOrdersPage(deps: Deps, job: { runId: string; page: number }, attempt: number) {
  const { db } = deps;
  const run = await runForPage(db, job, deps.now, EDO_ORDERS_MESSAGES.cancelled, async (candidate) => {
    const [connection] = await db
      .select({ id: edoConnections.id })
      .from(edoConnections)
      .where(
        and(
          eq(edoConnections.id, connectionOfSubject(candidate.subjectId)),
          eq(edoConnections.companyId, candidate.companyId),
        ),
      );
    return connection !== undefined;
  });
  if (!run) return;
  const connectionId = connectionOfSubject(run.subjectId);
  let cursor = run.cursor;
  let done = run.done;
  let outcome = run.outcome ?? EMPTY_OUTCOME;
  let planNotice: string | null = null;
  await runPages<Page>(deps, {
    kind: "edo.orders",
    run,
    firstPage: job.page,
    attempt,
    // The page before, when this message read it, ends where the next begins.
    fetch: async (_, previous) => ({
      rows: await mirrorPage(db, run.companyId, previous ? (previous.rows.at(-1)?.id ?? null) : cursor),
    }),
    isLast: (page) => page.rows.length < EDO_ORDERS_PAGE_SIZE,
    async save(page, pageNumber) {
      const last = page.rows.length < EDO_ORDERS_PAGE_SIZE;
      const changes = pageChanges(run.companyId, connectionId, page.rows, new Date(deps.now()));
      // New orders only within the company's plan (decision 0031); changed ones are always written.
      const limited = await limitNewOrders(
        db,
        run.companyId,
        changes.rows,
        (row) => changes.fresh.has(row.id),
        deps.now(),
      );
      changes.rows = limited.rows;
      changes.created -= limited.refused;
      if (limited.message) planNotice = limited.message;
      done += page.rows.length;
      cursor = page.rows.at(-1)?.id ?? cursor;
      outcome = {
        created: outcome.created + changes.created,
        updated: outcome.updated + changes.updated,
        removed: outcome.removed,
        failed: outcome.failed + changes.failedNames.length,
        failedNames: [...outcome.failedNames, ...changes.failedNames].slice(0, FAILED_NAMES_KEPT),
      };
      if (last) {
        const [stale] = await db
          .select({ orders: count() })
          .from(platformOrders)
          .where(staleOrders(run.companyId));
        outcome = { ...outcome, removed: outcome.removed + (stale?.orders ?? 0) };
      }
      const saved = await savePage(
        db,
        run,
        pageNumber,
        { rows: changes.rows, done, cursor, outcome, last, notice: planNotice },
        deps.now(),
      );
      // New EDO orders take their addresses' coordinates (decision 0062).
      if (saved && last) await placeAfterSync(deps, run.companyId);
      return saved;
    },
    fatal: async () => null,
    unavailable: EDO_ORDERS_MESSAGES.failed,
  });
}

/** The order rows a page writes (new and changed orders only) and what it counted. */
function pageChanges(companyId: string, edoConnectionId: string, rows: MirrorRow[], now: Date) {
  const writes = [];
  /** Ids of the orders this page would create (the rest already exist). */
  const fresh = new Set<string>();
  const failedNames: string[] = [];
  let created = 0;
  let updated = 0;
  for (const row of rows) {
    const made = edoOrderFields(row.data);
    if (!made.ok) {
      failedNames.push(made.number);
      continue;
    }
    if (row.order && row.order.edoConnectionId === edoConnectionId && showsFields(row.order, made.fields)) {
      continue;
    }
    const id = row.order?.id ?? crypto.randomUUID();
    if (row.order) updated++;
    else {
      created++;
      fresh.add(id);
    }
    writes.push({
      ...made.fields,
      id,
      companyId,
      connectionId: null,
      edoConnectionId,
      platformId: "edo" as const,
      cargoType: null,
      documentsRequired: [],
      // The docflow names no price: the card says «Оплата по факту».
      priceKopecks: null,
      currency: "RUB",
      syncedAt: now,
    });
  }
  return { rows: writes, fresh, created, updated, failedNames };
}

/** What a re-sync refreshes: the derived fields, the connection and when it was written. */
const upsertSet = Object.fromEntries(
  ([...SYNCED_FIELDS, "edoConnectionId", "syncedAt"] as const).map((field) => [
    field,
    sql.raw(`excluded.${getTableColumns(platformOrders)[field].name}`),
  ]),
);

/**
 * Writes a page's orders with the run's progress, cursor and counts together, or not at all
 * (the last page also removes stale orders); false when another delivery already took the page.
 */
async function savePage(
  db: Db,
  run: RunRow,
  pageNumber: number,
  page: {
    rows: ReturnType<typeof pageChanges>["rows"];
    done: number;
    cursor: string | null;
    outcome: RunOutcome;
    last: boolean;
    /** Why some docflows made no order: the plan's limit (decision 0031). */
    notice: string | null;
  },
  now: number,
): Promise<boolean> {
  const progress = db
    .update(jobRuns)
    .set({
      step: pageNumber,
      done: page.done,
      cursor: page.cursor,
      outcome: page.outcome,
      ...(page.notice ? { error: page.notice } : {}),
      status: page.last ? "success" : "running",
      updatedAt: new Date(now),
      ...(page.last ? { total: page.done, finishedAt: new Date(now) } : {}),
    })
    .where(and(eq(jobRuns.id, run.id), eq(jobRuns.step, pageNumber - 1)));
  const upserts = [];
  for (let i = 0; i < page.rows.length; i += ROWS_PER_STATEMENT) {
    upserts.push(
      db
        .insert(platformOrders)
        .values(page.rows.slice(i, i + ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [platformOrders.companyId, platformOrders.platformId, platformOrders.externalOrderId],
          set: upsertSet,
        }),
    );
  }
  const removal = page.last ? [db.delete(platformOrders).where(staleOrders(run.companyId))] : [];
  const [advanced] = await db.batch([progress, ...upserts, ...removal]);
  return advanced.rowsAffected === 1;
}
