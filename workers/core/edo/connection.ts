import { and, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { preparedQuery, type Placeholders } from "../../../db/prepared-sql";
import {
  edoAnalyticsParties,
  edoAnalyticsPlaces,
  edoAnalyticsVehicles,
  edoConnections,
  edoDocuments,
  edoFiles,
  jobRuns,
} from "../../../db/schema";
import { EdoAuthError, type EdoOperator } from "../../providers/edo-operator";
import { open, seal } from "../crypto/secret-box";
import type { JobMessage } from "../jobs/messages";
import { isLive, latestRun, latestRunQuery, startRun, type RunRow } from "../jobs/runs";
import { takeProxySignIn, type RateLimited } from "../provider-throttle";
import { settingsOf, settingsStatement, type ListView } from "../settings/settings";
import { documentsPage, documentsStatement, type EdoDocumentsPage } from "./documents";
import { edoOrdersRemoval } from "./orders";
import { EDO_MESSAGES, type edoAuthSchema, type EdoDocumentsQuery } from "./schemas";
import type { DriverScope } from "../members/roles";

export { EDO_MESSAGES } from "./schemas";

/** What the EDO services need; the web and jobs Workers build it from their env. */
export type EdoDeps = {
  db: Db;
  /** The CREDENTIALS_KEY secret: seals the operator's token. */
  credentialsKey: string;
  edo: EdoOperator;
  enqueue: (message: JobMessage) => Promise<void>;
  now: () => number;
};

export type EdoConnectionRow = typeof edoConnections.$inferSelect;

/** The mirror's refresh as the page shows it. */
export type EdoSyncView = {
  status: "none" | "syncing" | "success" | "error";
  /** Documents loaded by the running (or last) refresh. */
  done: number;
  error: string | null;
  lastSyncedAt: string | null;
};

/** Spec 2 §3 «EDO connection status» and «EDO user info», for the company's own login. */
export type EdoConnectionView = {
  connected: boolean;
  login: string;
  expiresAt: string;
  userName: string;
  shortName: string;
  companyName: string;
  sync: EdoSyncView;
};

const tokenContext = (connection: { companyId: string; id: string }) =>
  `edo-token/${connection.companyId}/${connection.id}`;

export function tokenOf(
  deps: Pick<EdoDeps, "credentialsKey">,
  connection: Pick<EdoConnectionRow, "companyId" | "id" | "token">,
): Promise<string> {
  return open<string>(deps.credentialsKey, connection.token, tokenContext(connection));
}

export async function findEdoConnection(db: Db, companyId: string): Promise<EdoConnectionRow | undefined> {
  const [row] = await connectionQuery(db, companyId);
  return row;
}

/** findEdoConnection's query, to batch. */
export const connectionQuery = (db: Db, companyId: string) => connection(db, { companyId });
const connection = preparedQuery((db: Db, p: Placeholders<{ companyId: string }>) =>
  db.select().from(edoConnections).where(eq(edoConnections.companyId, p.companyId)),
);

/** The company's connection if `login` is its login; another login is not found (spec 2 §6). */
export async function edoConnectionFor(
  db: Db,
  companyId: string,
  login: string,
): Promise<EdoConnectionRow | undefined> {
  const connection = await findEdoConnection(db, companyId);
  return connection && connection.login === login ? connection : undefined;
}

export const tokenAlive = (connection: Pick<EdoConnectionRow, "tokenExpiresAt">, now: number) =>
  connection.tokenExpiresAt.getTime() > now;

function syncView(connection: EdoConnectionRow, run: RunRow | undefined, now: number): EdoSyncView {
  const lastSyncedAt = connection.lastSyncedAt?.toISOString() ?? null;
  if (!run) return { status: "none", done: 0, error: null, lastSyncedAt };
  if (isLive(run, now)) return { status: "syncing", done: run.done, error: null, lastSyncedAt };
  if (run.status === "success") return { status: "success", done: run.done, error: null, lastSyncedAt };
  const error = run.status === "error" ? run.error : EDO_MESSAGES.syncLost;
  return { status: "error", done: run.done, error, lastSyncedAt };
}

export async function edoConnectionView(
  db: Db,
  connection: EdoConnectionRow,
  now: number,
): Promise<EdoConnectionView> {
  return connectionView(connection, await latestRun(db, connection.id), now);
}

function connectionView(
  connection: EdoConnectionRow,
  run: RunRow | undefined,
  now: number,
): EdoConnectionView {
  return {
    connected: tokenAlive(connection, now),
    login: connection.login,
    expiresAt: connection.tokenExpiresAt.toISOString(),
    userName: connection.userName,
    shortName: connection.shortName,
    companyName: connection.companyName,
    sync: syncView(connection, run, now),
  };
}

/**
 * GET /api/edo/documents in one round trip: the company's connection if `login` is its login
 * (as `edoConnectionFor`), and the documents page read alongside, to be answered only when that
 * connection's token is alive.
 */
export async function edoDocumentsFor(
  db: Db,
  companyId: string,
  query: EdoDocumentsQuery & { login: string },
  driver: DriverScope,
): Promise<{ connection: EdoConnectionRow | undefined; documents: EdoDocumentsPage }> {
  const [[row], page] = await db.batch([
    connectionQuery(db, companyId),
    documentsStatement(db, companyId, query, { driver }),
  ]);
  return { connection: row?.login === query.login ? row : undefined, documents: documentsPage(page) };
}

/**
 * The /edo page's data in one round trip: the company's connection with its latest sync run,
 * the documents page (read alongside, used only while the token is alive) and how the user
 * chose to lay the list out (decision 0072).
 */
export async function edoPageData(
  db: Db,
  /** A driver reads only the documents that name them (decision 0077). */
  member: { companyId: string; userId: string; driver: DriverScope },
  query: EdoDocumentsQuery,
  now: number,
): Promise<{
  connection: EdoConnectionView | null;
  documents: EdoDocumentsPage | null;
  listView: ListView;
}> {
  const { companyId } = member;
  const connectionId = db
    .select({ id: edoConnections.id })
    .from(edoConnections)
    .where(eq(edoConnections.companyId, companyId));
  const [[row], [run], page, [settings]] = await db.batch([
    connectionQuery(db, companyId),
    latestRunQuery(db, connectionId),
    documentsStatement(db, companyId, query, { driver: member.driver }),
    settingsStatement(db, member.userId),
  ]);
  const { edoListView: listView } = settingsOf(settings);
  if (!row) return { connection: null, documents: null, listView };
  const connection = connectionView(row, run, now);
  // Token not found or expired (spec 2 §4): disconnected, and the page asks to sign in again.
  return { connection, documents: connection.connected ? documentsPage(page) : null, listView };
}

export type EdoResult<T> =
  { ok: true; data: T } | { ok: false; reason: "refused" | "unavailable"; message: string } | RateLimited;

/**
 * Signs the company in to the operator (spec 2 §4: not connected → connected). Nothing is kept
 * when the login is refused. The same login again keeps the mirror and its cursor; another
 * login replaces the connection and empties the mirror. The mirror's refresh starts at once.
 * A burst of sign-ins from the company or the IP (null: a trusted caller, no IP) is refused
 * before the operator is asked.
 */
export async function connectEdo(
  deps: EdoDeps,
  companyId: string,
  input: z.output<typeof edoAuthSchema>,
  ip: string | null,
): Promise<EdoResult<EdoConnectionView>> {
  const throttled = await takeProxySignIn(deps.db, "edo", { companyId, ip }, deps.now());
  if (throttled) return throttled;
  let session;
  let user;
  try {
    session = await deps.edo.signIn(input.login, input.password);
    user = await deps.edo.user(session.token);
  } catch (error) {
    if (error instanceof EdoAuthError) return { ok: false, reason: "refused", message: EDO_MESSAGES.refused };
    console.error("edo: sign-in failed", error instanceof Error ? error.message : error);
    return { ok: false, reason: "unavailable", message: EDO_MESSAGES.unavailable };
  }
  const now = deps.now();
  const existing = await findEdoConnection(deps.db, companyId);
  const sameLogin = existing?.login === input.login;
  const id = sameLogin ? existing.id : crypto.randomUUID();
  const row = {
    id,
    companyId,
    login: input.login,
    token: await seal(deps.credentialsKey, session.token, tokenContext({ companyId, id })),
    tokenExpiresAt: new Date(session.expiresAt),
    userName: user.userName,
    shortName: user.shortName,
    companyName: user.companyName,
    cursor: sameLogin ? existing.cursor : "0",
    lastSyncedAt: sameLogin ? existing.lastSyncedAt : null,
    createdAt: sameLogin ? existing.createdAt : new Date(now),
  };
  if (sameLogin) {
    await deps.db.update(edoConnections).set(row).where(eq(edoConnections.id, id));
  } else {
    await deps.db.batch([
      ...mirrorRemoval(deps.db, (column) => eq(column, companyId)),
      ...(existing ? edoOrdersRemoval(deps.db, companyId, existing.id) : []),
      deps.db.delete(edoConnections).where(eq(edoConnections.companyId, companyId)),
      deps.db.insert(edoConnections).values(row),
    ]);
  }
  await startEdoSync(deps, companyId);
  const connection = await findEdoConnection(deps.db, companyId);
  if (!connection) throw new Error("edo connection vanished");
  return { ok: true, data: await edoConnectionView(deps.db, connection, deps.now()) };
}

/**
 * The deletes of what a company's mirror holds, for the companies `ofCompany` picks by their id
 * column: its documents (their analytics facts go with them, migration 0037), the places, parties
 * and vehicles the analytics numbered, the files kept from the operator. A new login and a
 * disconnection take one company's; the erasure sweep (workers/core/privacy) the closed ones'.
 */
export function mirrorRemoval(db: Db, ofCompany: (companyId: SQLiteColumn) => SQL) {
  const remove = <T extends SQLiteTable & { companyId: SQLiteColumn }>(table: T) =>
    db.delete(table).where(ofCompany(table.companyId));
  return [
    remove(edoDocuments),
    remove(edoAnalyticsPlaces),
    remove(edoAnalyticsParties),
    remove(edoAnalyticsVehicles),
    remove(edoFiles),
  ] as const;
}

/**
 * Removes the company's token (spec 2 §4: connected → not connected) with the mirror, the files
 * kept from the operator and the runs: the documents belong to that login.
 */
export async function disconnectEdo(db: Db, companyId: string, login: string): Promise<boolean> {
  const connection = await edoConnectionFor(db, companyId, login);
  if (!connection) return false;
  await db.batch([
    db.delete(jobRuns).where(and(eq(jobRuns.companyId, companyId), eq(jobRuns.subjectId, connection.id))),
    ...edoOrdersRemoval(db, companyId, connection.id),
    ...mirrorRemoval(db, (column) => eq(column, companyId)),
    db.delete(edoConnections).where(eq(edoConnections.id, connection.id)),
  ]);
  return true;
}

/** The operator refused the token: the connection reads as not connected until a new sign-in. */
export async function markTokenRefused(db: Db, connectionId: string, now: number): Promise<void> {
  await db
    .update(edoConnections)
    .set({ tokenExpiresAt: new Date(now) })
    .where(eq(edoConnections.id, connectionId));
}

/**
 * Starts a refresh of the company's mirror as a job, or leaves the running one (a second
 * click starts nothing). False when there is no live connection to refresh.
 */
export async function startEdoSync(deps: EdoDeps, companyId: string): Promise<boolean> {
  const connection = await findEdoConnection(deps.db, companyId);
  const now = deps.now();
  if (!connection || !tokenAlive(connection, now)) return false;
  await startRun(deps, {
    companyId,
    kind: "edo.sync",
    subjectId: connection.id,
    queueFailed: EDO_MESSAGES.syncQueueFailed,
  });
  return true;
}
