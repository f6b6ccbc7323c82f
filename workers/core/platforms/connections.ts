import { and, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { jobRuns, paymentRequests, platformConnections, platformOrders } from "../../../db/schema";
import type { PlatformId } from "../../../db/vocabulary";
import {
  PlatformAuthError,
  type CustomerPlatform,
  type PlatformCredentials,
} from "../../providers/customer-platform";
import { open, seal } from "../crypto/secret-box";
import type { JobMessage } from "../jobs/messages";
import { isLive, startRun } from "../jobs/runs";
import { takeProxySignIn, type RateLimited } from "../provider-throttle";
import { platformById } from "./catalogue";
import type { NewConnection } from "./schemas";

export { newConnectionSchema, type NewConnection } from "./schemas";

/** What the platform services need; the web and jobs Workers build it from their env. */
export type PlatformDeps = {
  db: Db;
  /** The CREDENTIALS_KEY secret: seals platform logins and passwords. */
  credentialsKey: string;
  platformApi: (id: PlatformId) => CustomerPlatform;
  enqueue: (message: JobMessage) => Promise<void>;
  now: () => number;
};

export const PLATFORM_MESSAGES = {
  created: "Подключение к платформе создано",
  refused: "Платформа отклонила логин или пароль. Проверьте данные для входа.",
  unavailable: "Платформа сейчас не отвечает. Попробуйте позже.",
  notFound: "Подключение не найдено",
} as const;

/** A connection as the platforms page shows it (spec 1 §3 "Platform connection"); never its credentials. */
export type ConnectionView = {
  id: string;
  platform_id: PlatformId;
  platform_name: string;
  platform_logo: string;
  connection_name: string;
  sync_status: "success" | "error" | "syncing" | "none";
  last_sync_at: string | null;
  sync_error: string | null;
  website_url: string;
  /** Orders of this connection now in the product. */
  orders_count: number;
  /** While syncing: pages' orders loaded so far of the platform's total (null until known). */
  progress: { done: number; total: number | null } | null;
  created_at: string;
};

const sealContext = (companyId: string, connectionId: string) =>
  `platform-connection/${companyId}/${connectionId}`;

/** The stored form of a connection's login and password: sealed, and bound to that connection. */
export function sealCredentials(
  credentialsKey: string,
  connection: { id: string; companyId: string },
  credentials: PlatformCredentials,
): Promise<string> {
  return seal(credentialsKey, credentials, sealContext(connection.companyId, connection.id));
}

export function credentialsOf(
  deps: Pick<PlatformDeps, "credentialsKey">,
  connection: { id: string; companyId: string; credentials: string },
): Promise<PlatformCredentials> {
  return open<PlatformCredentials>(
    deps.credentialsKey,
    connection.credentials,
    sealContext(connection.companyId, connection.id),
  );
}

type ConnectionRow = typeof platformConnections.$inferSelect;
type RunRow = typeof jobRuns.$inferSelect;

const LOST_RUN_MESSAGE = "Синхронизация прервалась. Запустите её снова.";

function toView(
  connection: ConnectionRow,
  latest: RunRow | undefined,
  lastFinished: Date | null,
  orders: number,
  now: number,
) {
  const platform = platformById(connection.platformId)!;
  const running = latest !== undefined && isLive(latest, now);
  const lost = latest !== undefined && !running && latest.status !== "success" && latest.status !== "error";
  const view: ConnectionView = {
    id: connection.id,
    platform_id: connection.platformId,
    platform_name: platform.display_name,
    platform_logo: platform.logo_url,
    connection_name: connection.connectionName,
    sync_status: !latest ? "none" : running ? "syncing" : latest.status === "success" ? "success" : "error",
    last_sync_at: lastFinished?.toISOString() ?? null,
    // A finished run may carry a notice too: the plan's limit stopped new orders (decision 0031).
    sync_error: lost
      ? LOST_RUN_MESSAGE
      : latest?.status === "queued" || latest?.status === "running"
        ? null
        : (latest?.error ?? null),
    website_url: platform.website_url,
    orders_count: orders,
    progress: running ? { done: latest.done, total: latest.total } : null,
    created_at: connection.createdAt.toISOString(),
  };
  return view;
}

/** The company's connections with their latest sync, newest first. */
export async function listConnections(db: Db, companyId: string, now: number): Promise<ConnectionView[]> {
  const connections = await db
    .select()
    .from(platformConnections)
    .where(eq(platformConnections.companyId, companyId))
    .orderBy(desc(platformConnections.createdAt));
  if (connections.length === 0) return [];
  const [runs, finished, orders] = await Promise.all([
    db
      .select()
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.companyId, companyId),
          eq(jobRuns.kind, "platforms.sync"),
          // The latest run of each connection.
          sql`${jobRuns.createdAt} = (SELECT max(r.created_at) FROM ${jobRuns} r WHERE r.subject_id = ${jobRuns.subjectId})`,
        ),
      ),
    db
      .select({ subjectId: jobRuns.subjectId, at: max(jobRuns.finishedAt) })
      .from(jobRuns)
      .where(and(eq(jobRuns.companyId, companyId), eq(jobRuns.kind, "platforms.sync")))
      .groupBy(jobRuns.subjectId),
    db
      .select({ connectionId: platformOrders.connectionId, orders: count() })
      .from(platformOrders)
      .where(eq(platformOrders.companyId, companyId))
      .groupBy(platformOrders.connectionId),
  ]);
  const latestRun = new Map(runs.map((run) => [run.subjectId, run]));
  const finishedAt = new Map(finished.map((row) => [row.subjectId, row.at]));
  const ordersOf = new Map(orders.map((row) => [row.connectionId, row.orders]));
  return connections.map((connection) =>
    toView(
      connection,
      latestRun.get(connection.id),
      finishedAt.get(connection.id) ?? null,
      ordersOf.get(connection.id) ?? 0,
      now,
    ),
  );
}

export async function findConnection(
  db: Db,
  companyId: string,
  id: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.id, id), eq(platformConnections.companyId, companyId)));
  return row;
}

async function viewOf(db: Db, companyId: string, id: string, now: number): Promise<ConnectionView> {
  const view = (await listConnections(db, companyId, now)).find((connection) => connection.id === id);
  if (!view) throw new Error(`connection ${id} vanished`);
  return view;
}

export type CheckResult = { ok: true } | { ok: false; reason: "refused" | "unavailable"; message: string };

/** Signs in to the platform with the credentials; says why not when it cannot. */
export async function checkCredentials(
  deps: Pick<PlatformDeps, "platformApi">,
  platformId: PlatformId,
  credentials: PlatformCredentials,
): Promise<CheckResult> {
  try {
    await deps.platformApi(platformId).signIn(credentials);
    return { ok: true };
  } catch (error) {
    if (error instanceof PlatformAuthError)
      return { ok: false, reason: "refused", message: PLATFORM_MESSAGES.refused };
    console.error(`platforms: ${platformId} sign-in failed`, error instanceof Error ? error.message : error);
    return { ok: false, reason: "unavailable", message: PLATFORM_MESSAGES.unavailable };
  }
}

/**
 * Connects the company to a platform: the credentials must work (nothing is saved when they
 * do not), are stored sealed, and the first sync starts at once. A burst of sign-ins from the
 * company or the IP (null: a trusted caller) is refused before the platform is asked.
 */
export async function createConnection(
  deps: PlatformDeps,
  companyId: string,
  input: NewConnection,
  ip: string | null,
): Promise<{ ok: true; connection: ConnectionView } | Exclude<CheckResult, { ok: true }> | RateLimited> {
  const throttled = await takeProxySignIn(deps.db, "platforms", { companyId, ip }, deps.now());
  if (throttled) return throttled;
  const check = await checkCredentials(deps, input.platform_id, input.credentials);
  if (!check.ok) return check;
  const id = crypto.randomUUID();
  await deps.db.insert(platformConnections).values({
    id,
    companyId,
    platformId: input.platform_id,
    connectionName: input.connection_name,
    credentials: await sealCredentials(deps.credentialsKey, { id, companyId }, input.credentials),
    createdAt: new Date(deps.now()),
  });
  const connection = await startSync(deps, companyId, id);
  if (!connection) throw new Error(`connection ${id} vanished`);
  return { ok: true, connection };
}

/** Whether the stored credentials still open the platform (spec: `data.connected`). */
export async function testConnection(
  deps: PlatformDeps,
  companyId: string,
  id: string,
): Promise<{ connected: boolean; message?: string } | null> {
  const connection = await findConnection(deps.db, companyId, id);
  if (!connection) return null;
  const check = await checkCredentials(deps, connection.platformId, await credentialsOf(deps, connection));
  return check.ok ? { connected: true } : { connected: false, message: check.message };
}

/**
 * Starts a sync of the connection's orders as a job, or returns the one already running (a
 * second click starts nothing). The jobs Worker pulls the pages (workers/core/platforms/sync.ts).
 */
export async function startSync(
  deps: PlatformDeps,
  companyId: string,
  id: string,
): Promise<ConnectionView | null> {
  const connection = await findConnection(deps.db, companyId, id);
  if (!connection) return null;
  const now = deps.now();
  await startRun(deps, {
    companyId,
    kind: "platforms.sync",
    subjectId: id,
    queueFailed: "Не удалось поставить синхронизацию в очередь. Попробуйте ещё раз.",
  });
  return viewOf(deps.db, companyId, id, now);
}

/** Disconnects a platform: its credentials, sync runs, synced orders and their payment requests go with it. */
export async function deleteConnection(db: Db, companyId: string, id: string): Promise<boolean> {
  const ordersOfConnection = db
    .select({ id: platformOrders.id })
    .from(platformOrders)
    .where(and(eq(platformOrders.companyId, companyId), eq(platformOrders.connectionId, id)));
  const [, , , deleted] = await db.batch([
    db.delete(jobRuns).where(and(eq(jobRuns.companyId, companyId), eq(jobRuns.subjectId, id))),
    db.delete(paymentRequests).where(inArray(paymentRequests.orderId, ordersOfConnection)),
    db
      .delete(platformOrders)
      .where(and(eq(platformOrders.companyId, companyId), eq(platformOrders.connectionId, id))),
    db
      .delete(platformConnections)
      .where(and(eq(platformConnections.id, id), eq(platformConnections.companyId, companyId))),
  ]);
  return deleted.rowsAffected > 0;
}
