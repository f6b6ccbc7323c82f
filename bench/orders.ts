// `npm run bench:orders`: how fast a platform sync lands orders, next to what sqld itself takes
// for the same upserts, and how fast the orders page answers with 20,000 orders. See
// bench/README.md.
import { createClient, type InStatement } from "@libsql/client/web";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql/web";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { createDb, type Db } from "../db/client";
import * as schema from "../db/schema";
import { companies, platformOrders, users } from "../db/schema";
import { waitForHttp } from "../scripts/lib/processes";
import type { Stack } from "../scripts/lib/stack";
import { hashPassword } from "../workers/core/auth/passwords";
import type { JobMessage } from "../workers/core/jobs/messages";
import { createConnection, type ConnectionView } from "../workers/core/platforms/connections";
import { SYNC_PAGE_SIZE, syncPlatformPage } from "../workers/core/platforms/sync";
import { PLATFORM_IDS, platformUrlVar, type PlatformId } from "../workers/providers/customer-platform";
import { platformApis, type PlatformUrls } from "../workers/providers/platforms-config";
import { MAX_ORDER_COUNT } from "../workers/sandbox/platform-orders";
import { envNumber, environment, fixed, runBench, startBenchStack, table, writeResults } from "./harness";
import { runLoad, type LoadResult } from "./load";

const orderCount = Math.floor(envNumber("BENCH_ORDERS", 10_000, SYNC_PAGE_SIZE, MAX_ORDER_COUNT));
const seconds = envNumber("BENCH_SECONDS", 10, 1);
const concurrency = Math.floor(envNumber("BENCH_CONCURRENCY", 4, 1));
const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 2, 0);

/** The ratio sync / raw upsert and the page's p50 that issue 8 asks for. */
const GOALS = { syncToRawRatio: 0.5, pageP50Ms: 100 };
const PASSWORD = "Trassa2025";
/** The sandbox's demo login on every platform (workers/sandbox/platforms.ts). */
const SANDBOX_LOGIN = { username: "demo", password: "platform-demo-2025" };
const POLL_MS = 250;
const syncTimeoutMs = 60_000 + orderCount * 30;
/** A word of the sandbox's dairy cargo descriptions (Magnit, X5), Cyrillic so the search folds it in JS. */
const SEARCH_WORD = "молоко";
/** Most of the sandbox's orders are old enough to be paid: the filter's largest result. */
const STATUS_FILTER = "paid";
/** A logo from build/client, served by the same `wrangler dev` without running the Worker. */
const STATIC_ASSET = "/platforms/x5.svg";

const dataDir = mkdtempSync(join(tmpdir(), "reys-bench-orders-"));
let stack: Stack | undefined;

const log = (line: string) => console.log(`[bench:orders] ${line}`);

async function cleanup(): Promise<void> {
  const running = stack;
  stack = undefined;
  if (running)
    await running
      .stop()
      .catch((error: unknown) => console.error(`[bench:orders] stop failed: ${String(error)}`));
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The Workers stopped answering. `wrangler dev` exits when build/ is rebuilt under it (another
 * `npm test` or `npm run build` on the machine) and the stack starts it again; the phase it cut
 * short is measured again (see `again`).
 */
class WorkersGone extends Error {}

async function send(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new WorkersGone(`${init.method ?? "GET"} ${url}: ${reason}`, { cause: error });
  }
}

/** A JSON request that must succeed; its parsed body. */
async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await send(url, init);
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

let restarts = 0;

/** Runs a phase that needs the Workers; when they restart under it, waits for them and runs it again. */
async function again<T>(web: string, what: string, phase: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await phase();
    } catch (error) {
      if (!(error instanceof WorkersGone) || attempt === 3) throw error;
      restarts++;
      log(`${what}: the Workers stopped answering (${error.message}); waiting for them to measure again…`);
      await waitForHttp(`${web}/api/health`, 180_000);
    }
  }
}

const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A company written straight to the database, with a user who can sign in when `email` is given. */
async function createCompany(db: Db, name: string, email?: string): Promise<string> {
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

function setSandboxOrders(sandbox: string, platformId: PlatformId, count: number) {
  return call(`${sandbox}/__sandbox/platforms/${platformId}/orders`, postJson({ count }));
}

async function signInApi(web: string, email: string): Promise<string> {
  const body = await call<{ data: { tokens: { accessToken: string } } }>(
    `${web}/api/auth/login`,
    postJson({ email, password: PASSWORD }),
  );
  return body.data.tokens.accessToken;
}

/** Signs in through the /login form as a browser does; the session cookie ("name=value"). */
async function signInBrowser(web: string, email: string): Promise<string> {
  const response = await send(`${web}/login`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      origin: web,
    },
    body: new URLSearchParams({ email, password: PASSWORD }),
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

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

type SyncResult = {
  platformId: PlatformId;
  orders: number;
  pages: number;
  seconds: number;
  ordersPerSecond: number;
  msPerPage: number;
};

const syncResult = (platformId: PlatformId, orders: number, ms: number): SyncResult => ({
  platformId,
  orders,
  pages: Math.ceil(orders / SYNC_PAGE_SIZE),
  seconds: round(ms / 1000, 3),
  ordersPerSecond: round((orders / ms) * 1000, 1),
  msPerPage: round(ms / Math.ceil(orders / SYNC_PAGE_SIZE), 1),
});

/**
 * Connects the platform through the API, which starts the real sync job (web Worker → queue →
 * jobs Worker, a page per message), and waits for it: the time from the POST to "success".
 */
async function syncThroughQueue(
  web: string,
  token: string,
  platformId: PlatformId,
): Promise<SyncResult & { progress: [number, number][] }> {
  // A run cut short by a restart left its connection behind: its orders must not count twice.
  const before = await call<{ data: ConnectionView[] }>(`${web}/api/platforms/connections`, {
    headers: bearer(token),
  });
  for (const connection of before.data.filter((c) => c.platform_id === platformId))
    await call(`${web}/api/platforms/connections/${connection.id}`, {
      method: "DELETE",
      headers: bearer(token),
    });
  const started = performance.now();
  const created = await call<{ data: ConnectionView }>(
    `${web}/api/platforms/connections`,
    postJson(
      { platform_id: platformId, connection_name: `Замер ${platformId}`, credentials: SANDBOX_LOGIN },
      bearer(token),
    ),
  );
  const progress: [number, number][] = [];
  for (;;) {
    const { data } = await call<{ data: ConnectionView[] }>(`${web}/api/platforms/connections`, {
      headers: bearer(token),
    });
    const elapsed = performance.now() - started;
    const connection = data.find((c) => c.id === created.data.id);
    if (!connection) throw new Error(`connection ${created.data.id} is gone`);
    if (connection.sync_status === "error")
      throw new Error(`${platformId} sync failed: ${connection.sync_error}`);
    if (connection.sync_status === "success") {
      if (connection.orders_count !== orderCount)
        throw new Error(`${platformId} synced ${connection.orders_count} orders, expected ${orderCount}`);
      return { ...syncResult(platformId, orderCount, elapsed), progress };
    }
    progress.push([Math.round(elapsed), connection.progress?.done ?? 0]);
    if (elapsed > syncTimeoutMs)
      throw new Error(`${platformId} sync not done after ${syncTimeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * The same sync steps run here in Node one after another (as db/seed-platforms.ts does), with no
 * queue between pages. Records the order upserts it sends, so sqld alone can be timed on them.
 */
async function syncInProcess(
  urls: Stack["urls"],
  companyId: string,
  platformId: PlatformId,
): Promise<SyncResult & { upserts: InStatement[] }> {
  const client = createClient({ url: urls.database });
  const upserts: InStatement[] = [];
  const batch = client.batch.bind(client);
  client.batch = (statements, mode) => {
    for (const statement of statements)
      if (
        typeof statement === "object" &&
        "sql" in statement &&
        statement.sql.startsWith('insert into "platform_orders"')
      )
        upserts.push(statement);
    return batch(statements, mode);
  };
  const queue: JobMessage[] = [];
  const deps = {
    db: drizzle(client, { schema }),
    // Only this process seals and opens this connection's credentials.
    credentialsKey: randomBytes(32).toString("base64"),
    platformApi: platformApis(
      Object.fromEntries(
        PLATFORM_IDS.map((id) => [platformUrlVar(id), `${urls.sandbox}/platforms/${id}`]),
      ) as PlatformUrls,
    ),
    enqueue: async (message: JobMessage) => {
      queue.push(message);
    },
    now: () => Date.now(),
  };
  try {
    const started = performance.now();
    const created = await createConnection(deps, companyId, {
      platform_id: platformId,
      connection_name: `Замер ${platformId} без очереди`,
      credentials: SANDBOX_LOGIN,
    });
    if (!created.ok) throw new Error(`in-process ${platformId} connection failed: ${created.message}`);
    for (let message = queue.shift(); message; message = queue.shift()) {
      if (message.kind === "platforms.sync") await syncPlatformPage(deps, message, 1);
    }
    const elapsed = performance.now() - started;
    const synced = await deps.db.$count(
      platformOrders,
      eq(platformOrders.connectionId, created.connection.id),
    );
    if (synced !== orderCount)
      throw new Error(`in-process sync wrote ${synced} orders, expected ${orderCount}`);
    return { ...syncResult(platformId, orderCount, elapsed), upserts };
  } finally {
    client.close();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

type UpsertPass = {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  batchMs: { p50: number; max: number };
};

/**
 * sqld alone: the sync's own multi-row upserts (200 rows each) sent again, one batch per
 * statement as the sync sends them, into `bench_orders`, a copy of platform_orders with the same
 * columns, indexes and foreign keys. The first pass inserts; the second hits every conflict.
 */
async function rawUpserts(
  databaseUrl: string,
  upserts: InStatement[],
): Promise<{ insert: UpsertPass; update: UpsertPass }> {
  const client = createClient({ url: databaseUrl });
  const scratch = (text: string) => text.replaceAll("platform_orders", "bench_orders");
  try {
    const ddl = await client.execute(
      "SELECT sql FROM sqlite_master WHERE tbl_name = 'platform_orders' AND sql IS NOT NULL ORDER BY type DESC",
    );
    await client.execute("DROP TABLE IF EXISTS bench_orders");
    for (const row of ddl.rows) await client.execute(scratch(String(row.sql)));
    const statements = upserts.map((s) =>
      typeof s === "string" ? scratch(s) : { ...s, sql: scratch(s.sql) },
    );
    const pass = async (): Promise<UpsertPass> => {
      const batchMs: number[] = [];
      const started = performance.now();
      for (const statement of statements) {
        const sent = performance.now();
        await client.batch([statement]);
        batchMs.push(performance.now() - sent);
      }
      const elapsed = performance.now() - started;
      const rows = Number((await client.execute("SELECT count(*) AS n FROM bench_orders")).rows[0].n);
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
    if (insert.rows !== orderCount)
      throw new Error(`bench_orders holds ${insert.rows} rows, expected ${orderCount}`);
    const update = await pass();
    await client.execute("DROP TABLE bench_orders");
    return { insert, update };
  } finally {
    client.close();
  }
}

type Target = {
  name: string;
  kind: "page" | "api" | "static";
  path: string;
  headers: Record<string, string>;
  /** Orders the query matches (the list's total), where it is a list. */
  matches?: number;
};

async function ordersTotal(web: string, token: string, query: string): Promise<number> {
  const body = await call<{ pagination: { total: number } }>(`${web}/api/platforms/orders?${query}`, {
    headers: bearer(token),
  });
  return body.pagination.total;
}

/** Whether the orders page's loader answers its data (single fetch) with this session. */
async function pageLoaderStatus(web: string, cookie: string): Promise<number> {
  const response = await send(`${web}/dashboard/orders.data`, { headers: { cookie } });
  await response.arrayBuffer();
  // Single fetch answers a loader's redirect (to /login, say) with 202.
  return response.status;
}

type Measured = Target & { result: LoadResult };

/** The targets' `matches` and sessions are read fresh: an API access token lives 15 minutes. */
async function loadTargets(web: string, email: string, companyOrders: number) {
  const token = await signInApi(web, email);
  const cookie = await signInBrowser(web, email);
  const pageStatus = await pageLoaderStatus(web, cookie);
  const search = encodeURIComponent(SEARCH_WORD);
  const [lastPage, searched, filtered] = await Promise.all([
    ordersTotal(web, token, "limit=50&page=100"),
    ordersTotal(web, token, `search=${search}`),
    ordersTotal(web, token, `status=${STATUS_FILTER}`),
  ]);
  if (lastPage !== companyOrders)
    throw new Error(`the company has ${lastPage} orders, expected ${companyOrders}`);
  const page = (name: string, query: string, matches: number): Target => ({
    name: `page, ${name}`,
    kind: "page",
    path: `/dashboard/orders.data${query}`,
    headers: { cookie },
    matches,
  });
  const api = (name: string, path: string, matches?: number): Target => ({
    name: `API ${name}`,
    kind: "api",
    path,
    headers: bearer(token),
    matches,
  });
  const list = "/api/platforms/orders?limit=50";
  const targets: Target[] = [
    ...(pageStatus === 200
      ? [
          page("first", "", companyOrders),
          page("100", "?page=100", lastPage),
          page(`search «${SEARCH_WORD}»`, `?q=${search}`, searched),
          page(`status ${STATUS_FILTER}`, `?status=${STATUS_FILTER}`, filtered),
        ]
      : []),
    api("list, first", list, companyOrders),
    api("list, page 100", `${list}&page=100`, lastPage),
    api(`list, search «${SEARCH_WORD}»`, `${list}&search=${search}`, searched),
    api(`list, status ${STATUS_FILTER}`, `${list}&status=${STATUS_FILTER}`, filtered),
    api("metrics", "/api/orders/metrics"),
    { name: "static file", kind: "static", path: STATIC_ASSET, headers: {} },
  ];
  return { pageStatus, targets };
}

async function measure(web: string, target: Target): Promise<Measured> {
  log(`${target.name}: ${target.path}`);
  const result = await runLoad({
    url: `${web}${target.path}`,
    concurrency,
    warmupSeconds,
    durationSeconds: seconds,
    headers: target.headers,
  });
  // A slow request's timeout is the server's answer; a refused or reset connection is not.
  const refused = Object.keys(result.networkErrors).filter((error) => error !== "timeout");
  if (refused.length > 0) throw new WorkersGone(`${target.path}: ${refused.join(", ")}`);
  return { ...target, result };
}

async function main() {
  log(
    `${orderCount} orders per platform; load: ${concurrency} connections, ${warmupSeconds} s warm-up + ${seconds} s per target; data in ${dataDir}`,
  );
  stack = await startBenchStack(dataDir, log);
  const { web, sandbox, database } = stack.urls;
  const db = createDb({ url: database });
  const suffix = crypto.randomUUID().slice(0, 8);
  const email = `bench.${suffix}@example.ru`;
  await createCompany(db, `ООО «Замер ${suffix}»`, email);
  const probeCompanyId = await createCompany(db, `ООО «Замер без очереди ${suffix}»`);

  // 1. The sync as a job, then the same steps without the queue, then sqld alone.
  await setSandboxOrders(sandbox, "pepsi", orderCount);
  log(`sync of ${orderCount} pepsi orders through the queue…`);
  const { progress, ...queued } = await again(web, "pepsi sync", async () =>
    syncThroughQueue(web, await signInApi(web, email), "pepsi"),
  );
  log(`…${queued.seconds} s; the same sync steps in Node, without the queue…`);
  const { upserts, ...inProcess } = await syncInProcess(stack.urls, probeCompanyId, "pepsi");
  log(`…${inProcess.seconds} s; sqld alone on its ${upserts.length} upserts…`);
  const raw = await rawUpserts(database, upserts);
  const ratio = queued.ordersPerSecond / raw.insert.rowsPerSecond;

  // 2. A second platform, so the company has twice the orders.
  await setSandboxOrders(sandbox, "magnit", orderCount);
  log(`sync of ${orderCount} magnit orders…`);
  const second = await again(web, "magnit sync", async () =>
    syncThroughQueue(web, await signInApi(web, email), "magnit"),
  );
  const companyOrders = 2 * orderCount;

  // 3. The orders page and the API under load, next to a static file of the same server.
  const { pageStatus, targets } = await again(web, "sign-in", () => loadTargets(web, email, companyOrders));
  if (pageStatus !== 200)
    log(`GET /dashboard/orders.data answered ${pageStatus}: measuring the API its loader calls instead`);
  const rows: Measured[] = [];
  for (const target of targets) rows.push(await again(web, target.name, () => measure(web, target)));
  await cleanup();

  report({ queued, second, inProcess, raw, ratio, pageStatus, companyOrders, rows });
  const file = writeResults("orders-", {
    config: {
      orders: orderCount,
      pageSize: SYNC_PAGE_SIZE,
      concurrency,
      warmupSeconds,
      durationSeconds: seconds,
    },
    environment: environment(),
    goals: GOALS,
    restarts,
    sync: { queued: { ...queued, progress }, queuedSecond: second, inProcess, raw, ratio: round(ratio, 3) },
    page: {
      loader: pageStatus === 200 ? "/dashboard/orders.data" : null,
      loaderStatus: pageStatus,
      companyOrders,
      targets: rows.map(({ name, kind, path, matches, result }) => ({
        name,
        kind,
        path,
        matches,
        ...result,
      })),
    },
  });
  log(`results written to ${file}`);
}

function report(run: {
  queued: SyncResult;
  second: SyncResult;
  inProcess: SyncResult;
  raw: { insert: UpsertPass; update: UpsertPass };
  ratio: number;
  pageStatus: number;
  companyOrders: number;
  rows: Measured[];
}) {
  const { queued, second, inProcess, raw, rows } = run;
  console.log(
    `\nsync ${orderCount} orders: ${fixed(queued.ordersPerSecond, 0)} orders/s | raw sqld upsert: ${fixed(raw.insert.rowsPerSecond, 0)} rows/s | ratio ${fixed(run.ratio, 2)} (goal ≥ ${GOALS.syncToRawRatio})\n`,
  );
  const sync = (name: string, r: SyncResult) => [
    name,
    fixed(r.ordersPerSecond, 0),
    fixed(r.seconds, 1),
    fixed(r.msPerPage, 0),
  ];
  const upsert = (name: string, r: UpsertPass) => [
    name,
    fixed(r.rowsPerSecond, 0),
    fixed(r.seconds, 1),
    fixed(r.batchMs.p50, 0),
  ];
  console.log(
    table(
      ["", "orders/s", "s", `ms per ${SYNC_PAGE_SIZE} orders`],
      [
        sync("sync through the queue (pepsi)", queued),
        sync("sync through the queue (magnit)", second),
        sync("same steps in Node, no queue", inProcess),
        upsert("sqld alone: insert", raw.insert),
        upsert("sqld alone: upsert over existing", raw.update),
      ],
    ),
  );
  const staticP50 = rows.find((r) => r.kind === "static")!.result.latencyMs.p50;
  const what =
    run.pageStatus === 200 ? "orders page loader" : `orders API (page loader: HTTP ${run.pageStatus})`;
  console.log(
    `\n${what} with ${run.companyOrders} orders: p50 ${fixed(rows[0].result.latencyMs.p50, 1)} ms (goal < ${GOALS.pageP50Ms} ms) | static file p50 ${fixed(staticP50, 1)} ms\n`,
  );
  console.log(
    table(
      ["target", "matches", "rps", "p50 ms", "p99 ms", "p50 / static", "errors"],
      rows.map(({ name, matches, result: r }) => [
        name,
        matches === undefined ? "" : String(matches),
        fixed(r.rps, 1),
        fixed(r.latencyMs.p50, 1),
        fixed(r.latencyMs.p99, 1),
        `${fixed(r.latencyMs.p50 / staticP50, 1)}x`,
        String(r.errors),
      ]),
    ),
  );
  for (const { name, kind, result } of rows) {
    const other = Object.keys(result.statusCounts).some((status) => status !== "200");
    if (result.errors > 0 || (kind === "page" && other))
      console.log(`${name}: statuses ${JSON.stringify(result.statusCounts)}`);
  }
  if (restarts > 0)
    console.log(
      `\nThe Workers restarted ${restarts} time(s) under the run (build/ rebuilt): phases cut short were measured again.`,
    );
}

// Hard upper bound: a stack start, three syncs, the raw upserts and every load target, with retries.
await runBench(
  "bench:orders",
  main,
  cleanup,
  (300 + (6 * syncTimeoutMs) / 1000 + 120 + 20 * (warmupSeconds + seconds + 15)) * 1000,
);
