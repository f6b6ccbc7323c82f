// What the benchmarks that drive the product through its API share (bench:orders, bench:edo):
// calls that tell a restarting Workers process from a failing one, a company made straight in
// the database and its sign-ins, the recorded upserts replayed against sqld alone, and the load
// targets with their table. The stack, cleanup and result file are in bench/harness.ts.
import { createClient, type Client, type InStatement } from "@libsql/client/web";
import { sql } from "drizzle-orm";
import { performance } from "node:perf_hooks";
import type { Db } from "../db/client";
import { companies, users } from "../db/schema";
import { EDO_PASSWORD } from "../sandbox/edo/documents";
import { waitForHttp } from "../scripts/lib/processes";
import { hashPassword } from "../workers/core/auth/passwords";
import type { EdoConnectionView } from "../workers/core/edo/connection";
import { envNumber, fixed, table } from "./harness";
import { runLoad, type LoadResult } from "./load";

/** The bench users' password. */
export const PASSWORD = "Trassa2025";

/**
 * The Workers stopped answering (their process exited and the stack is starting it again); the
 * phase it cut short is measured again (see `restartAware`).
 */
export class WorkersGone extends Error {}

export async function send(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new WorkersGone(`${init.method ?? "GET"} ${url}: ${reason}`, { cause: error });
  }
}

/** A JSON request that must succeed; its parsed body. */
export async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await send(url, init);
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * `again` runs a phase that needs the Workers; when they restart under it, it waits for them
 * and runs the phase again (three attempts in all). `restarts` counts how often that happened.
 */
export function restartAware(log: (line: string) => void) {
  let restarts = 0;
  return {
    restarts: () => restarts,
    async again<T>(web: string, what: string, phase: () => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await phase();
        } catch (error) {
          if (!(error instanceof WorkersGone) || attempt === 3) throw error;
          restarts++;
          log(
            `${what}: the Workers stopped answering (${error.message}); waiting for them to measure again…`,
          );
          await waitForHttp(`${web}/api/health`, 180_000);
        }
      }
    },
  };
}

export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A company written straight to the database, with a user who can sign in when `email` is given. */
export async function createCompany(db: Db, name: string, email?: string): Promise<string> {
  const companyId = crypto.randomUUID();
  const createdAt = new Date();
  await db.insert(companies).values({ id: companyId, name, createdAt });
  if (email) {
    await db.insert(users).values({
      id: crypto.randomUUID(),
      companyId,
      firstName: "Иван",
      lastName: "Замеров",
      email,
      phone: "+79001234567",
      role: "user",
      passwordHash: await hashPassword(PASSWORD),
      createdAt,
    });
  }
  return companyId;
}

export async function signInApi(web: string, email: string): Promise<string> {
  const body = await call<{ data: { tokens: { accessToken: string } } }>(
    `${web}/api/auth/login`,
    postJson({ email, password: PASSWORD }),
  );
  return body.data.tokens.accessToken;
}

/** Signs in through the /login form as a browser does; the session cookie ("name=value"). */
export async function signInBrowser(web: string, email: string, password = PASSWORD): Promise<string> {
  const response = await send(`${web}/login`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      origin: web,
    },
    body: new URLSearchParams({ email, password }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .find((pair) => /^(__Host-)?reys_session=/.test(pair));
  if (response.status !== 302 || !cookie)
    throw new Error(`POST /login: HTTP ${response.status}, no session cookie`);
  return cookie;
}

/**
 * Fresh sessions for load targets (an API access token lives 15 minutes): whether the page's
 * loader data (Remix single fetch, `loaderPath` = `/route.data`) answers 200 with the browser
 * session, and makers of targets that carry the sessions.
 */
export async function loadSessions(web: string, email: string, loaderPath: string) {
  const token = await signInApi(web, email);
  const cookie = await signInBrowser(web, email);
  const response = await send(`${web}${loaderPath}`, { headers: { cookie } });
  await response.arrayBuffer();
  return {
    token,
    // Single fetch answers a loader's redirect (to /login, say) with 202.
    pageStatus: response.status,
    page: (name: string, query: string, matches?: number): Target => ({
      name: `page, ${name}`,
      kind: "page",
      path: `${loaderPath}${query}`,
      headers: { cookie },
      matches,
    }),
    api: (name: string, path: string, matches?: number): Target => ({
      name: `API ${name}`,
      kind: "api",
      path,
      headers: bearer(token),
      matches,
    }),
    staticFile: (path: string): Target => ({ name: "static file", kind: "static", path, headers: {} }),
  };
}

/**
 * Polls `state` every `everyMs` until it says done (true) or fails (throws); the seconds it took.
 * Past `timeoutMs` the run fails.
 */
export async function waitFor(
  what: string,
  state: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 250,
): Promise<number> {
  const started = performance.now();
  while (!(await state())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what} not done in time`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return round((performance.now() - started) / 1000, 1);
}

/**
 * The sandbox EDO account `login` given `count` documents and connected through the API
 * (`POST /api/edo/auth`): its mirror filled by the real sync job, polled through
 * `GET /api/edo/status` until it holds all of them. The seconds that took.
 */
export async function mirrorEdo(
  { web, sandbox, token }: { web: string; sandbox: string; token: string },
  login: string,
  count: number,
  timeoutMs: number,
): Promise<number> {
  await call(`${sandbox}/__sandbox/edo/accounts/${login}/documents`, postJson({ count }));
  await call(`${web}/api/edo/auth`, postJson({ login, password: EDO_PASSWORD }, bearer(token)));
  return waitFor(
    `the ${login} mirror`,
    async () => {
      const { data } = await call<{ data: EdoConnectionView }>(`${web}/api/edo/status?login=${login}`, {
        headers: bearer(token),
      });
      if (data.sync.status === "error") throw new Error(`mirror sync failed: ${data.sync.error}`);
      if (data.sync.status === "success" && data.sync.done !== count)
        throw new Error(`mirror sync loaded ${data.sync.done} documents, expected ${count}`);
      return data.sync.status === "success";
    },
    timeoutMs,
  );
}

/**
 * What the job has left: addresses without a place, pairs with both ends found and no route. Off
 * the address columns and their indexes (migration 0026), so polling costs the job little; the
 * figures after it read the documents' JSON.
 */
export async function geoLeft(db: Db, companyId: string) {
  const [row] = await db.all<{ addresses: number; routes: number }>(sql`
    SELECT (SELECT count(*) FROM (
        SELECT loading_address AS x FROM edo_documents WHERE company_id = ${companyId} AND loading_address IS NOT NULL
        UNION SELECT unloading_address FROM edo_documents WHERE company_id = ${companyId} AND unloading_address IS NOT NULL)
      WHERE NOT EXISTS (SELECT 1 FROM geo_places p WHERE p.address = x)) AS addresses,
      (SELECT count(*) FROM (SELECT DISTINCT loading_address AS l, unloading_address AS u FROM edo_documents
          WHERE company_id = ${companyId} AND loading_address IS NOT NULL AND unloading_address IS NOT NULL) AS e
        JOIN geo_places f ON f.address = e.l AND f.found JOIN geo_places t ON t.address = e.u AND t.found
        WHERE NOT EXISTS (SELECT 1 FROM geo_place_routes r WHERE r.from_address = e.l AND r.to_address = e.u)) AS routes`);
  return { addresses: Number(row.addresses), routes: Number(row.routes) };
}

/** How often waitForGeo asks what the edo.geo job has left. */
export const GEO_POLL_MS = 5_000;

/** How long the edo.geo job may take over `documents`: 200 addresses and 200 pairs a message, generous for a loaded machine. */
export const geoTimeoutMsFor = (documents: number) => 120_000 + documents * 30;

/** Polls until the edo.geo job has placed every address of the company's mirror and routed every pair. */
export const waitForGeo = (db: Db, companyId: string, log: (line: string) => void, timeoutMs: number) =>
  waitFor(
    "the edo.geo job",
    async () => {
      const left = await geoLeft(db, companyId);
      log(`…${left.addresses} addresses and ${left.routes} routes left`);
      return left.addresses === 0 && left.routes === 0;
    },
    timeoutMs,
    GEO_POLL_MS,
  );

/** Runs `work` over the items, at most `limit` at a time. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index], index);
      }
    }),
  );
}

export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * A libSQL client (the Workers' HTTP client) that keeps, for every batch it sends, the
 * statements of that batch that insert into `table`, so sqld alone can be timed on them.
 */
export function recordingClient(
  url: string,
  tableName: string,
): { client: Client; batches: InStatement[][] } {
  const client = createClient({ url });
  const batches: InStatement[][] = [];
  const prefix = `insert into "${tableName}"`;
  const batch = client.batch.bind(client);
  client.batch = (statements, mode) => {
    const inserts = statements.filter(
      (statement): statement is InStatement =>
        typeof statement === "object" && "sql" in statement && statement.sql.startsWith(prefix),
    );
    if (inserts.length > 0) batches.push(inserts);
    return batch(statements, mode);
  };
  return { client, batches };
}

export type UpsertPass = {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** Time of one batch as the sync sends it. */
  batchMs: { p50: number; max: number };
};

/**
 * sqld alone: a sync's recorded multi-row upserts of `tableName` sent again, batch for batch as
 * the sync sent them, over HTTP with `@libsql/client/web`, into `scratch`, a copy of the table
 * with the same columns, indexes, triggers, foreign keys and full-text index (from sqlite_master). The first pass inserts
 * (and must leave `rows` rows); the second hits every conflict. The copy is dropped after.
 */
export async function rawUpserts(
  databaseUrl: string,
  {
    tableName,
    scratch,
    batches,
    rows: expected,
  }: {
    tableName: string;
    scratch: string;
    batches: InStatement[][];
    rows: number;
  },
): Promise<{ insert: UpsertPass; update: UpsertPass }> {
  const client = createClient({ url: databaseUrl });
  const rename = (text: string) => text.replaceAll(tableName, scratch);
  try {
    // The table, then the tables its triggers keep (an FTS5 index with content='<table>', or any
    // table named `<table>_…` but a virtual table's own shadow tables), their indexes and the
    // triggers, in the order they can be created.
    const ddl = await client.execute({
      sql: `SELECT m.name, m.type, m.sql FROM sqlite_master m WHERE m.sql IS NOT NULL AND (m.tbl_name = ?1 OR (m.type = 'table' AND (
              (m.sql LIKE 'CREATE VIRTUAL TABLE%' AND m.sql LIKE '%content=''' || ?1 || '''%')
              OR (substr(m.name, 1, length(?1) + 1) = ?1 || '_' AND NOT EXISTS (SELECT 1 FROM sqlite_master v
                WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%' AND substr(m.name, 1, length(v.name) + 1) = v.name || '_')))))
            ORDER BY CASE WHEN m.type = 'table' AND m.name = ?1 THEN 0 WHEN m.type = 'table' THEN 1 WHEN m.type = 'index' THEN 2 ELSE 3 END`,
      args: [tableName],
    });
    const tables = ddl.rows.filter((row) => row.type === "table").map((row) => rename(String(row.name)));
    const dropTables = async () => {
      for (const table of [...tables].reverse()) await client.execute(`DROP TABLE IF EXISTS "${table}"`);
    };
    await dropTables();
    for (const row of ddl.rows) await client.execute(rename(String(row.sql)));
    const replay = batches.map((statements) =>
      statements.map((s) => (typeof s === "string" ? rename(s) : { ...s, sql: rename(s.sql) })),
    );
    const pass = async (): Promise<UpsertPass> => {
      const batchMs: number[] = [];
      const started = performance.now();
      for (const statements of replay) {
        const sent = performance.now();
        await client.batch(statements);
        batchMs.push(performance.now() - sent);
      }
      const elapsed = performance.now() - started;
      const rows = Number((await client.execute(`SELECT count(*) AS n FROM "${scratch}"`)).rows[0].n);
      return {
        rows,
        seconds: round(elapsed / 1000, 3),
        rowsPerSecond: round((rows / elapsed) * 1000, 1),
        batchMs: {
          p50: round(percentile(batchMs, 50), 1),
          max: round(Math.max(...batchMs), 1),
        },
      };
    };
    const insert = await pass();
    if (insert.rows !== expected)
      throw new Error(`${scratch} holds ${insert.rows} rows, expected ${expected}`);
    const update = await pass();
    await dropTables();
    return { insert, update };
  } finally {
    client.close();
  }
}

/** A raw pass as a row of the sync table: rows/s, seconds, ms per batch. */
export const upsertRow = (name: string, pass: UpsertPass) => [
  name,
  fixed(pass.rowsPerSecond, 0),
  fixed(pass.seconds, 1),
  fixed(pass.batchMs.p50, 0),
];

export type Target = {
  name: string;
  kind: "page" | "api" | "static";
  path: string;
  headers: Record<string, string>;
  /** Rows the query matches (the list's total), where it is a list. */
  matches?: number;
};

export type Measured = Target & { result: LoadResult };

export type LoadSettings = { concurrency: number; warmupSeconds: number; durationSeconds: number };

/** The load targets' settings: `BENCH_SECONDS` (10), `BENCH_CONCURRENCY` (4), `BENCH_WARMUP_SECONDS` (2). */
export function loadSettingsFromEnv(): LoadSettings {
  return {
    durationSeconds: envNumber("BENCH_SECONDS", 10, 1),
    concurrency: Math.floor(envNumber("BENCH_CONCURRENCY", 4, 1)),
    warmupSeconds: envNumber("BENCH_WARMUP_SECONDS", 2, 0),
  };
}

/** One target under closed-loop load (bench/load.ts); a refused connection means the Workers restarted. */
export async function measure(
  web: string,
  target: Target,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<Measured> {
  log(`${target.name}: ${target.path}`);
  const result = await runLoad({ url: `${web}${target.path}`, headers: target.headers, ...settings });
  // A slow request's timeout is the server's answer; a refused or reset connection is not.
  const refused = Object.keys(result.networkErrors).filter((error) => error !== "timeout");
  if (refused.length > 0) throw new WorkersGone(`${target.path}: ${refused.join(", ")}`);
  return { ...target, result };
}

/** The static target's p50: the server's own floor the others are compared with. */
export const staticP50 = (rows: Measured[]) => rows.find((r) => r.kind === "static")!.result.latencyMs.p50;

/**
 * The load targets' table (matches, rps, p50, p99, p50 against the static file, errors, and
 * the extra columns), then the statuses of any target that had errors or a page answering
 * other than 200.
 */
export function loadTable(
  rows: Measured[],
  extra: { headers: string[]; cells: (row: Measured) => string[] } = { headers: [], cells: () => [] },
): string {
  const floor = staticP50(rows);
  const lines = [
    table(
      ["target", "matches", "rps", "p50 ms", "p99 ms", "p50 / static", "errors", ...extra.headers],
      rows.map((row) => [
        row.name,
        row.matches === undefined ? "" : String(row.matches),
        fixed(row.result.rps, 1),
        fixed(row.result.latencyMs.p50, 1),
        fixed(row.result.latencyMs.p99, 1),
        `${fixed(row.result.latencyMs.p50 / floor, 1)}x`,
        String(row.result.errors),
        ...extra.cells(row),
      ]),
    ),
  ];
  for (const { name, kind, result } of rows) {
    const other = Object.keys(result.statusCounts).some((status) => status !== "200");
    if (result.errors > 0 || (kind === "page" && other))
      lines.push(`${name}: statuses ${JSON.stringify(result.statusCounts)}`);
  }
  return lines.join("\n");
}

export const restartNote = (restarts: number) =>
  restarts > 0
    ? `\nThe Workers restarted ${restarts} time(s) under the run (build/ rebuilt): phases cut short were measured again.`
    : "";
