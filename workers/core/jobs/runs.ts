import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { jobRuns } from "../../../db/schema";
import type { JobMessage } from "./messages";

// Long work done page by page through the queue (a platform's order sync, an EDO mirror
// refresh): the job_runs row a page shows progress from, and the loop that works through pages.

export type RunRow = typeof jobRuns.$inferSelect;
export type RunKind = RunRow["kind"];

/**
 * An unfinished run that has not moved for this long is taken as lost (its messages died): a
 * new run may start, and the page says so instead of "syncing" forever.
 */
export const STALE_RUN_MS = 15 * 60 * 1000;

/** Whether the run is still going: unfinished and moved within STALE_RUN_MS. */
export function isLive(run: Pick<RunRow, "status" | "updatedAt">, now: number): boolean {
  return (
    (run.status === "queued" || run.status === "running") && now - run.updatedAt.getTime() < STALE_RUN_MS
  );
}

export async function latestRun(db: Db, subjectId: string): Promise<RunRow | undefined> {
  const [run] = await latestRunQuery(db, subjectId);
  return run;
}

/** latestRun's query, to batch; the subject may be a subquery that finds its id. */
export const latestRunQuery = (db: Db, subjectId: string | SQLWrapper) =>
  db.select().from(jobRuns).where(eq(jobRuns.subjectId, subjectId)).orderBy(desc(jobRuns.createdAt)).limit(1);

/** Ends an unfinished run; a finished one stays as it ended. */
export async function finishRun(
  db: Db,
  runId: string,
  now: number,
  outcome: { status: "success" | "error"; error?: string },
): Promise<void> {
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

type RunDeps = { db: Db; enqueue: (message: JobMessage) => Promise<void>; now: () => number };

/**
 * Starts a run of `kind` on the subject and enqueues its first page, unless one is live (a
 * second click starts nothing). When the queue refuses the message the run is marked failed
 * with `queueFailed` and the error is rethrown.
 */
export async function startRun(
  deps: RunDeps,
  run: { companyId: string; kind: RunKind; subjectId: string; queueFailed: string },
): Promise<void> {
  const now = deps.now();
  const latest = await latestRun(deps.db, run.subjectId);
  if (latest && isLive(latest, now)) return;
  const runId = crypto.randomUUID();
  await deps.db.insert(jobRuns).values({
    id: runId,
    companyId: run.companyId,
    kind: run.kind,
    subjectId: run.subjectId,
    status: "queued",
    // After the latest run even within the same millisecond: "latest" is by creation time.
    createdAt: new Date(Math.max(now, (latest?.createdAt.getTime() ?? 0) + 1)),
    updatedAt: new Date(now),
  });
  try {
    await deps.enqueue({ kind: run.kind, runId, page: 1 });
  } catch (error) {
    await deps.db
      .update(jobRuns)
      .set({ status: "error", error: run.queueFailed, finishedAt: new Date(now) })
      .where(eq(jobRuns.id, runId));
    throw error;
  }
}

/** Pages one queue message works through at most… */
export const PAGES_PER_MESSAGE = 50;
/** …and for at most this long, before handing the rest to the next message. */
const MESSAGE_BUDGET_MS = 20_000;
/** Attempts a page gets while the provider is unavailable before the run is marked failed. */
export const PAGE_ATTEMPTS = 3;

export type PageSteps<Page> = {
  kind: RunKind;
  run: RunRow;
  /** The page the message names (pages count from 1); a redelivery may go on from a later one. */
  firstPage: number;
  /** Delivery attempt of the message, from 1. */
  attempt: number;
  /** Fetches page `pageNumber`; `previous` is the page before it when this message fetched it. */
  fetch: (pageNumber: number, previous: Page | undefined) => Promise<Page>;
  isLast: (page: Page, pageNumber: number) => boolean;
  /** Writes the page with the run's progress (step pageNumber−1 → pageNumber); false when taken. */
  save: (page: Page, pageNumber: number) => Promise<boolean>;
  /** A failure that retrying will not cure: ends the run with its message, or null to go on as usual. */
  fatal: (error: unknown) => Promise<string | null>;
  /** The run's message when the provider keeps failing. */
  unavailable: string;
};

/**
 * Works through a run's pages from `firstPage`, fetching the next page while the current one is
 * written, for up to PAGES_PER_MESSAGE pages or MESSAGE_BUDGET_MS; the rest goes to a new
 * message (a message per page would wait for the queue's batch window every time). A page is
 * saved once: a redelivered or duplicated message finds its step taken and stops. A failed
 * fetch is retried by the queue (the error is rethrown) up to PAGE_ATTEMPTS, then ends the run.
 */
export async function runPages<Page>(deps: RunDeps, steps: PageSteps<Page>): Promise<void> {
  const { db } = deps;
  const started = deps.now();
  const { run } = steps;
  // A first delivery whose page is taken already is a duplicate: its twin carries the run on. A
  // redelivery means this message's earlier delivery failed, perhaps after saving some of its
  // pages (the database went away mid-message, say), and nobody else goes on: this one does,
  // from the run's next page.
  if (run.step >= steps.firstPage && steps.attempt <= 1) return;
  const firstPage = Math.max(steps.firstPage, run.step + 1);
  let pending = steps.fetch(firstPage, undefined);
  for (let pageNumber = firstPage; ; pageNumber++) {
    let page: Page;
    try {
      page = await pending;
    } catch (error) {
      const fatal = await steps.fatal(error);
      if (fatal !== null) {
        await finishRun(db, run.id, deps.now(), { status: "error", error: fatal });
        return;
      }
      // Earlier pages of this message are saved: the rest goes on in a message of its own,
      // which the queue retries from the page that failed.
      if (pageNumber > firstPage) {
        await deps.enqueue({ kind: steps.kind, runId: run.id, page: pageNumber });
        return;
      }
      if (steps.attempt < PAGE_ATTEMPTS) throw error;
      console.error(
        `${steps.kind}: run ${run.id} page ${pageNumber} failed`,
        error instanceof Error ? error.message : error,
      );
      await finishRun(db, run.id, deps.now(), { status: "error", error: steps.unavailable });
      return;
    }
    const last = steps.isLast(page, pageNumber);
    const goOn =
      !last && pageNumber + 1 < firstPage + PAGES_PER_MESSAGE && deps.now() - started < MESSAGE_BUDGET_MS;
    if (goOn) {
      pending = steps.fetch(pageNumber + 1, page);
      // Awaited on the next turn; this only keeps a failure meanwhile from going unhandled.
      pending.catch(() => undefined);
    }
    if (!(await steps.save(page, pageNumber))) return;
    if (last) return;
    if (!goOn) {
      await deps.enqueue({ kind: steps.kind, runId: run.id, page: pageNumber + 1 });
      return;
    }
  }
}

/**
 * The run a message names, if it is unfinished and its subject's latest run; an outdated run is
 * ended with `cancelled`. Which page to go on from is runPages' to say.
 */
export async function runForPage(
  db: Db,
  job: { runId: string },
  now: () => number,
  cancelled: string,
  subjectExists: (run: RunRow) => Promise<boolean>,
): Promise<RunRow | null> {
  const [run] = await db.select().from(jobRuns).where(eq(jobRuns.id, job.runId));
  if (!run || run.status === "success" || run.status === "error") return null;
  const latest = await latestRun(db, run.subjectId);
  if (latest?.id !== run.id || !(await subjectExists(run))) {
    await finishRun(db, run.id, now(), { status: "error", error: cancelled });
    return null;
  }
  return run;
}

/**
 * For the scheduled refreshes: the subject (its id in `subjectId`) has no live run and none
 * that finished within `refreshAfterMs`. A lost run does not count as live.
 */
export function dueForRefresh(subjectId: AnySQLiteColumn, now: number, refreshAfterMs: number): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${jobRuns} r WHERE r.subject_id = ${subjectId} AND ((r.status IN ('queued', 'running') AND r.updated_at > ${now - STALE_RUN_MS}) OR r.finished_at > ${now - refreshAfterMs}))`;
}
