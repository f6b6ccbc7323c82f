import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { statement } from "../../../db/statements";
import type { InStatement } from "@libsql/client/web";
import { edoConnections, jobRuns } from "../../../db/schema";
import { EDO_MAX_PAGE, EdoTokenError, type WireChangesPage } from "../../providers/edo-operator";
import { dueForRefresh, finishRun, runForPage, runPages } from "../jobs/runs";
import {
  EDO_MESSAGES,
  markTokenRefused,
  startEdoSync,
  tokenAlive,
  tokenOf,
  type EdoConnectionRow,
  type EdoDeps,
} from "./connection";
import { documentRow, documentUpserts } from "./documents";
import { placeAfterSync } from "./places";

/** Documents asked for per page of the change feed: the operator's largest page. */
export const EDO_SYNC_PAGE_SIZE = EDO_MAX_PAGE;
/** The scheduled refresh asks for changes when the last refresh is older than this. */
export const EDO_REFRESH_AFTER_MS = 10 * 60 * 1000;

type Run = typeof jobRuns.$inferSelect;

/** A page of the change feed with its mirror upserts built, ready to write. */
type PreparedPage = WireChangesPage & { upserts: InStatement[] };

/**
 * Steps of a mirror refresh (queue message `edo.sync`): reads the operator's change feed from
 * the connection's cursor, a page of 1,000 at a time, and upserts each page with the new cursor
 * and the run's progress in one batch (workers/core/jobs/runs.ts runs the pages). The first
 * refresh of a connection reads from "0", so every period arrives; later ones read only what
 * changed. A run that is no longer its connection's latest is dropped.
 */
export async function syncEdoPage(deps: EdoDeps, job: { runId: string; page: number }, attempt: number) {
  const { db } = deps;
  let connection: EdoConnectionRow | undefined;
  const run = await runForPage(db, job, deps.now, EDO_MESSAGES.syncCancelled, async (candidate) => {
    [connection] = await db
      .select()
      .from(edoConnections)
      .where(
        and(eq(edoConnections.id, candidate.subjectId), eq(edoConnections.companyId, candidate.companyId)),
      );
    return connection !== undefined;
  });
  if (!run || !connection) return;
  const subject = connection;
  if (!tokenAlive(subject, deps.now())) {
    await finishRun(db, run.id, deps.now(), { status: "error", error: EDO_MESSAGES.tokenExpired });
    return;
  }
  const token = await tokenOf(deps, subject);
  let done = run.done;
  await runPages<PreparedPage>(deps, {
    kind: "edo.sync",
    run,
    firstPage: job.page,
    attempt,
    // The next page is fetched and its upserts built while the current one is written.
    async fetch(_, previous) {
      const page = await deps.edo.changes(token, previous?.cursor ?? subject.cursor, EDO_SYNC_PAGE_SIZE);
      const now = deps.now();
      return {
        ...page,
        upserts: documentUpserts(page.docs.map((doc) => documentRow(run.companyId, doc, now))),
      };
    },
    isLast: (page) => !page.hasMore,
    async save(page, pageNumber) {
      done += page.docs.length;
      const saved = await savePage(db, run, subject, pageNumber, page, done, deps.now());
      // The mirror is complete: its new addresses get their places (decision 0062).
      if (saved && !page.hasMore) await placeAfterSync(deps, run.companyId);
      return saved;
    },
    async fatal(error) {
      if (!(error instanceof EdoTokenError)) return null;
      await markTokenRefused(db, subject.id, deps.now());
      return EDO_MESSAGES.tokenExpired;
    },
    unavailable: EDO_MESSAGES.syncFailed,
  });
}

/**
 * Writes a page's documents, the connection's cursor and the run's progress together, or not
 * at all; false when another delivery already took this page.
 */
async function savePage(
  db: Db,
  run: Run,
  connection: EdoConnectionRow,
  pageNumber: number,
  page: PreparedPage,
  done: number,
  now: number,
): Promise<boolean> {
  const last = !page.hasMore;
  const progress = db
    .update(jobRuns)
    .set({
      step: pageNumber,
      done,
      status: last ? "success" : "running",
      updatedAt: new Date(now),
      ...(last ? { finishedAt: new Date(now) } : {}),
    })
    .where(and(eq(jobRuns.id, run.id), eq(jobRuns.step, pageNumber - 1)));
  // Only the delivery that moved the run on may move the cursor.
  const cursor = db
    .update(edoConnections)
    .set({ cursor: page.cursor, ...(last ? { lastSyncedAt: new Date(now) } : {}) })
    .where(
      and(
        eq(edoConnections.id, connection.id),
        sql`EXISTS (SELECT 1 FROM ${jobRuns} WHERE ${jobRuns.id} = ${run.id} AND ${jobRuns.step} = ${pageNumber} AND ${jobRuns.updatedAt} = ${now})`,
      ),
    );
  // One write batch through the client: the upserts are prepared statements (decision 0035).
  const results = await db.$client.batch([statement(progress), statement(cursor), ...page.upserts], "write");
  return results[0].rowsAffected === 1;
}

/**
 * The scheduled refresh: starts a refresh of every connection whose token still works, whose
 * last refresh is older than EDO_REFRESH_AFTER_MS and that is not refreshing now.
 */
export async function refreshEdoMirrors(deps: EdoDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({ companyId: edoConnections.companyId })
    .from(edoConnections)
    .where(
      and(
        sql`${edoConnections.tokenExpiresAt} > ${now}`,
        dueForRefresh(edoConnections.id, now, EDO_REFRESH_AFTER_MS),
      ),
    );
  for (const connection of due) await startEdoSync(deps, connection.companyId);
  return due.length;
}
