import { and, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { jobRuns, platformConnections, platformOrders } from "../../../db/schema";
import {
  PlatformAuthError,
  type OrdersPage,
  type PlatformOrder,
  type PlatformSession,
} from "../../providers/customer-platform";
import { orderSearchText } from "../orders/orders";
import { credentialsOf, PLATFORM_MESSAGES, STALE_RUN_MS, startSync, type PlatformDeps } from "./connections";

/** Orders asked for per page (the protocol allows up to 500). */
export const SYNC_PAGE_SIZE = 200;
/** Attempts a page gets while the platform is unavailable before the run is marked failed. */
export const SYNC_PAGE_ATTEMPTS = 3;
/** A connection is re-synced by the scheduled refresh when its last sync is older than this. */
export const REFRESH_AFTER_MS = 60 * 60 * 1000;

type Run = typeof jobRuns.$inferSelect;
type Connection = typeof platformConnections.$inferSelect;

/** The row a platform order becomes; the same order synced again updates it in place. */
function orderRow(run: Run, connection: Connection, order: PlatformOrder, now: Date) {
  return {
    id: crypto.randomUUID(),
    companyId: run.companyId,
    connectionId: connection.id,
    platformId: connection.platformId,
    externalOrderId: order.externalOrderId,
    customerName: order.customerName,
    pickupAddress: order.pickup.address,
    pickupContactName: order.pickup.contactName,
    pickupContactPhone: order.pickup.contactPhone,
    pickupLongitude: order.pickup.longitude,
    pickupLatitude: order.pickup.latitude,
    deliveryAddress: order.delivery.address,
    deliveryContactName: order.delivery.contactName,
    deliveryContactPhone: order.delivery.contactPhone,
    deliveryLongitude: order.delivery.longitude,
    deliveryLatitude: order.delivery.latitude,
    cargoType: order.cargo.type,
    cargoDescription: order.cargo.description,
    cargoWeightKg: order.cargo.weightKg,
    cargoVolumeM3: order.cargo.volumeM3,
    documentsRequired: order.documentsRequired,
    priceKopecks: order.priceKopecks,
    currency: order.currency,
    paymentTerms: order.paymentTerms,
    status: order.status,
    vehicleRequirements: order.vehicleRequirements,
    createdAt: order.createdAt,
    pickupTimeFrom: order.pickupTimeFrom,
    deliveryTimeFrom: order.deliveryTimeFrom,
    syncedAt: now,
    searchText: orderSearchText(order),
  };
}

/** What a re-sync refreshes: every field but the row's own id and what identifies the order. */
const KEPT = new Set(["id", "companyId", "platformId", "externalOrderId"]);
const upsertSet = Object.fromEntries(
  Object.entries(getTableColumns(platformOrders))
    .filter(([field]) => !KEPT.has(field))
    .map(([field, column]) => [field, sql.raw(`excluded.${column.name}`)]),
);

async function finish(
  db: Db,
  runId: string,
  now: number,
  outcome: { status: "success" | "error"; error?: string },
) {
  await db
    .update(jobRuns)
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      updatedAt: new Date(now),
      finishedAt: new Date(now),
    })
    .where(and(eq(jobRuns.id, runId), inArray(jobRuns.status, ["queued", "running"])));
}

/** Pages one queue message works through at most (10,000 orders)… */
export const PAGES_PER_MESSAGE = 50;
/** …and for at most this long, before handing the rest to the next message. */
const MESSAGE_BUDGET_MS = 20_000;

/**
 * Steps of a platform sync (queue message `platforms.sync`): from page `page`, fetch each page
 * of the connection's orders and upsert them with the run's progress; the next page is fetched
 * while the current one is written. After PAGES_PER_MESSAGE pages or MESSAGE_BUDGET_MS the
 * rest goes to a new message (a message per page would wait for the queue's batch window on
 * every page). A page is done once: the run's `step` moves from page−1 to page in one
 * conditional update, so a redelivered or duplicated message finds it taken and stops. A run
 * that is no longer its connection's latest is dropped.
 */
export async function syncPlatformPage(
  deps: PlatformDeps,
  job: { runId: string; page: number },
  attempt: number,
): Promise<void> {
  const { db } = deps;
  const started = deps.now();
  const [run] = await db.select().from(jobRuns).where(eq(jobRuns.id, job.runId));
  if (!run || run.status === "success" || run.status === "error" || run.step >= job.page) return;
  const [connection] = await db
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.id, run.subjectId), eq(platformConnections.companyId, run.companyId)));
  const [latest] = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(eq(jobRuns.subjectId, run.subjectId))
    .orderBy(desc(jobRuns.createdAt))
    .limit(1);
  if (!connection || latest?.id !== run.id) {
    await finish(db, run.id, deps.now(), { status: "error", error: "Синхронизация отменена." });
    return;
  }

  const api = deps.platformApi(connection.platformId);
  let session: PlatformSession | undefined;
  const fetchPage = async (pageNumber: number) => {
    session ??= await api.signIn(await credentialsOf(deps, connection));
    return api.ordersPage(session, pageNumber, SYNC_PAGE_SIZE);
  };
  let pending = fetchPage(job.page);
  for (let pageNumber = job.page; ; pageNumber++) {
    let page;
    try {
      page = await pending;
    } catch (error) {
      if (error instanceof PlatformAuthError) {
        await finish(db, run.id, deps.now(), { status: "error", error: PLATFORM_MESSAGES.refused });
        return;
      }
      // Earlier pages of this message are done: the rest goes on in a message of its own, which
      // the queue retries from the page that failed.
      if (pageNumber > job.page) {
        await deps.enqueue({ kind: "platforms.sync", runId: run.id, page: pageNumber });
        return;
      }
      if (attempt < SYNC_PAGE_ATTEMPTS) throw error;
      console.error(
        `platforms: sync ${run.id} page ${pageNumber} failed`,
        error instanceof Error ? error.message : error,
      );
      await finish(db, run.id, deps.now(), {
        status: "error",
        error: "Платформа не ответила. Уже загруженные заказы сохранены; попробуйте синхронизировать позже.",
      });
      return;
    }
    const last = pageNumber >= page.totalPages;
    const goOn =
      !last && pageNumber + 1 < job.page + PAGES_PER_MESSAGE && deps.now() - started < MESSAGE_BUDGET_MS;
    if (goOn) {
      pending = fetchPage(pageNumber + 1);
      // Awaited on the next turn; this only keeps a failure meanwhile from going unhandled.
      pending.catch(() => undefined);
    }
    if (!(await savePage(db, run, connection, pageNumber, page, deps.now()))) return;
    if (last) return;
    if (!goOn) {
      await deps.enqueue({ kind: "platforms.sync", runId: run.id, page: pageNumber + 1 });
      return;
    }
  }
}

/**
 * Writes a page's orders and the run's progress together, or not at all; false when another
 * delivery already took this page.
 */
async function savePage(
  db: Db,
  run: Run,
  connection: Connection,
  pageNumber: number,
  page: OrdersPage,
  now: number,
) {
  const rows = page.orders.map((order) => orderRow(run, connection, order, new Date(now)));
  const last = pageNumber >= page.totalPages;
  const done = Math.min(page.total, (pageNumber - 1) * SYNC_PAGE_SIZE + page.orders.length);
  const progress = db
    .update(jobRuns)
    .set({
      step: pageNumber,
      done: last ? page.total : done,
      total: page.total,
      status: last ? "success" : "running",
      updatedAt: new Date(now),
      ...(last ? { finishedAt: new Date(now) } : {}),
    })
    .where(and(eq(jobRuns.id, run.id), eq(jobRuns.step, pageNumber - 1)));
  const advanced =
    rows.length > 0
      ? (
          await db.batch([
            db
              .insert(platformOrders)
              .values(rows)
              .onConflictDoUpdate({
                target: [platformOrders.companyId, platformOrders.platformId, platformOrders.externalOrderId],
                set: upsertSet,
              }),
            progress,
          ])
        )[1]
      : await progress;
  return advanced.rowsAffected === 1;
}

/**
 * The scheduled refresh: starts a sync of every connection whose last sync is older than an
 * hour (or that never finished one) and that is not syncing now (a lost run does not count).
 */
export async function refreshStaleConnections(deps: PlatformDeps): Promise<number> {
  const now = deps.now();
  const stale = await deps.db
    .select({ id: platformConnections.id, companyId: platformConnections.companyId })
    .from(platformConnections)
    .where(
      sql`NOT EXISTS (SELECT 1 FROM ${jobRuns} r WHERE r.subject_id = ${platformConnections.id} AND ((r.status IN ('queued', 'running') AND r.updated_at > ${now - STALE_RUN_MS}) OR r.finished_at > ${now - REFRESH_AFTER_MS}))`,
    );
  for (const connection of stale) await startSync(deps, connection.companyId, connection.id);
  return stale.length;
}
