import { and, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, jobRuns, platformConnections, platformOrders } from "../../../db/schema";
import {
  PlatformAuthError,
  PlatformUnavailableError,
  type OrdersPage,
  type PlatformOrder,
  type PlatformSession,
} from "../../providers/customer-platform";
import { limitNewOrders } from "../billing/limits";
import { orderSearchText } from "../orders/orders";
import { dueForRefresh, runForPage, runPages } from "../jobs/runs";
import { credentialsOf, PLATFORM_MESSAGES, startSync, type PlatformDeps } from "./connections";

export { PAGES_PER_MESSAGE } from "../jobs/runs";

/** Orders asked for per page (the protocol allows up to 500). */
export const SYNC_PAGE_SIZE = 200;
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

/**
 * Steps of a platform sync (queue message `platforms.sync`): from page `page`, fetch each page
 * of the connection's orders and upsert them with the run's progress (workers/core/jobs/runs.ts
 * runs the pages). A run that is no longer its connection's latest is dropped.
 */
export async function syncPlatformPage(
  deps: PlatformDeps,
  job: { runId: string; page: number },
  attempt: number,
): Promise<void> {
  const { db } = deps;
  let connection: Connection | undefined;
  const run = await runForPage(db, job, deps.now, "Синхронизация отменена.", async (candidate) => {
    [connection] = await db
      .select()
      .from(platformConnections)
      .where(
        and(
          eq(platformConnections.id, candidate.subjectId),
          eq(platformConnections.companyId, candidate.companyId),
        ),
      );
    return connection !== undefined;
  });
  if (!run || !connection) return;
  const subject = connection;
  const api = deps.platformApi(subject.platformId);
  let session: PlatformSession | undefined;
  const signIn = async () => (session = await api.signIn(await credentialsOf(deps, subject)));
  await runPages<OrdersPage>(deps, {
    kind: "platforms.sync",
    run,
    firstPage: job.page,
    attempt,
    async fetch(pageNumber) {
      try {
        return await api.ordersPage(session ?? (await signIn()), pageNumber, SYNC_PAGE_SIZE);
      } catch (error) {
        if (!(error instanceof PlatformAuthError) || session === undefined) throw error;
      }
      // The platform no longer takes the session (expired or revoked): a new one cures that, and
      // credentials it refuses end the run. A new session refused at once is the platform failing.
      return api.ordersPage(await signIn(), pageNumber, SYNC_PAGE_SIZE).catch((error: unknown) => {
        if (!(error instanceof PlatformAuthError)) throw error;
        throw new PlatformUnavailableError(`${subject.platformId}: a new session was refused too`, {
          cause: error,
        });
      });
    },
    isLast: (page, pageNumber) => pageNumber >= page.totalPages,
    save: (page, pageNumber) => savePage(db, run, subject, pageNumber, page, deps.now()),
    fatal: async (error) => (error instanceof PlatformAuthError ? PLATFORM_MESSAGES.refused : null),
    unavailable:
      "Платформа не ответила. Уже загруженные заказы сохранены; попробуйте синхронизировать позже.",
  });
}

/**
 * Writes a page's orders and the run's progress together, or not at all; false when another
 * delivery already took this page. Orders the company does not have yet are created only
 * within its plan (limitNewOrders); the run then carries the plan's message.
 */
async function savePage(
  db: Db,
  run: Run,
  connection: Connection,
  pageNumber: number,
  page: OrdersPage,
  now: number,
) {
  const candidates = page.orders.map((order) => orderRow(run, connection, order, new Date(now)));
  const known =
    candidates.length > 0
      ? await db
          .select({ externalOrderId: platformOrders.externalOrderId })
          .from(platformOrders)
          .where(
            and(
              eq(platformOrders.companyId, run.companyId),
              eq(platformOrders.platformId, connection.platformId),
              inArray(
                platformOrders.externalOrderId,
                candidates.map((row) => row.externalOrderId),
              ),
            ),
          )
      : [];
  const existing = new Set(known.map((row) => row.externalOrderId));
  const limited = await limitNewOrders(
    db,
    run.companyId,
    candidates,
    (row) => !existing.has(row.externalOrderId),
    now,
  );
  const rows = limited.rows;
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
      ...(limited.message ? { error: limited.message } : {}),
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
    .innerJoin(companies, eq(companies.id, platformConnections.companyId))
    // A closed company (its last member left, decision 0079) is not synced while it awaits erasure.
    .where(and(isNull(companies.closedAt), dueForRefresh(platformConnections.id, now, REFRESH_AFTER_MS)));
  for (const connection of stale) await startSync(deps, connection.companyId, connection.id);
  return stale.length;
}
