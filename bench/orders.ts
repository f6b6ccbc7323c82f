// `npm run bench:orders`: how fast a platform sync lands orders, next to what sqld itself takes
// for the same upserts, and how fast the orders page answers with 20,000 orders. See
// bench/README.md.
import type { InStatement } from "@libsql/client/web";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql/web";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { createDb } from "../db/client";
import { platformOrders } from "../db/schema";
import type { Stack } from "../scripts/lib/stack";
import type { JobMessage } from "../workers/core/jobs/messages";
import { createConnection, type ConnectionView } from "../workers/core/platforms/connections";
import { SYNC_PAGE_SIZE, syncPlatformPage } from "../workers/core/platforms/sync";
import { PLATFORM_IDS, platformUrlVar, type PlatformId } from "../workers/providers/customer-platform";
import { platformApis, type PlatformUrls } from "../workers/providers/platforms-config";
import { MAX_ORDER_COUNT } from "../sandbox/platforms/orders";
import {
  bearer,
  call,
  createCompany,
  loadSessions,
  loadTable,
  measure,
  postJson,
  rawUpserts,
  recordingClient,
  restartAware,
  restartNote,
  round,
  signInApi,
  staticP50,
  type Measured,
  upsertRow,
  type UpsertPass,
} from "./common";
import { envNumber, environment, fixed, ownStack, runBench, table, writeResults } from "./harness";

const orderCount = Math.floor(envNumber("BENCH_ORDERS", 10_000, SYNC_PAGE_SIZE, MAX_ORDER_COUNT));
const seconds = envNumber("BENCH_SECONDS", 10, 1);
const concurrency = Math.floor(envNumber("BENCH_CONCURRENCY", 4, 1));
const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 2, 0);

/** The ratio sync / raw upsert and the page's p50 that issue 8 asks for. */
const GOALS = { syncToRawRatio: 0.5, pageP50Ms: 100 };
/** The sandbox's demo login on every platform (sandbox/platforms/app.ts). */
const SANDBOX_LOGIN = { username: "demo", password: "platform-demo-2025" };
const POLL_MS = 250;
const syncTimeoutMs = 60_000 + orderCount * 30;
/**
 * A word of the sandbox's dairy cargo descriptions (Magnit, X5), Cyrillic so the search folds it
 * in JS: a few hundred matches, paged from the trigram index's matches.
 */
const SEARCH_WORD = "молоко";
/** Magnit's customer, in half the company's orders: a search paged along the list's walk. */
const BROAD_SEARCH_WORD = "тандер";
/** How deep the deep page is: what «Вперёд» 99 times reaches, and the same page by its number. */
const DEEP_PAGE = 100;
/** The orders page's and the API's page size. */
const PAGE_SIZE = 50;
/** Most of the sandbox's orders are old enough to be paid: the filter's largest result. */
const STATUS_FILTER = "paid";
/** A logo from build/client, served by the same workerd without running the Worker. */
const STATIC_ASSET = "/platforms/x5.svg";

const log = (line: string) => console.log(`[bench:orders] ${line}`);
const { dataDir, start, cleanup } = ownStack("bench:orders", log);
const { again, restarts } = restartAware(log);
const loadSettings = { concurrency, warmupSeconds, durationSeconds: seconds };

function setSandboxOrders(sandbox: string, platformId: PlatformId, count: number) {
  return call(`${sandbox}/__sandbox/platforms/${platformId}/orders`, postJson({ count }));
}

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
 * The same sync steps run here in Node one after another (as scripts/seed/platforms.ts does), with no
 * queue between pages. Records the order upserts it sends, so sqld alone can be timed on them.
 */
async function syncInProcess(
  urls: Stack["urls"],
  companyId: string,
  platformId: PlatformId,
): Promise<SyncResult & { upserts: InStatement[][] }> {
  const { client, batches: upserts } = recordingClient(urls.database, "platform_orders");
  const queue: JobMessage[] = [];
  const deps = {
    db: drizzle(client),
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
    const connection = {
      platform_id: platformId,
      connection_name: `Замер ${platformId} без очереди`,
      credentials: SANDBOX_LOGIN,
    };
    const created = await createConnection(deps, companyId, connection, null);
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

type Listing = { pagination: { total: number; nextCursor: string | null } };

async function ordersListing(web: string, token: string, query: string): Promise<Listing["pagination"]> {
  const body = await call<Listing>(`${web}/api/platforms/orders?${query}`, { headers: bearer(token) });
  return body.pagination;
}

/** The targets' `matches` and sessions are read fresh: an API access token lives 15 minutes. */
async function loadTargets(web: string, email: string, companyOrders: number) {
  const { token, pageStatus, page, api, staticFile } = await loadSessions(
    web,
    email,
    "/dashboard/orders.data",
  );
  const search = encodeURIComponent(SEARCH_WORD);
  const broad = encodeURIComponent(BROAD_SEARCH_WORD);
  const [beforeDeep, searched, broadly, filtered] = await Promise.all([
    // The page before the deep one: its last order's cursor is what «Вперёд» carries.
    ordersListing(web, token, `limit=${PAGE_SIZE}&page=${DEEP_PAGE - 1}`),
    ordersListing(web, token, `search=${search}`),
    ordersListing(web, token, `search=${broad}`),
    ordersListing(web, token, `status=${STATUS_FILTER}`),
  ]);
  if (beforeDeep.total !== companyOrders)
    throw new Error(`the company has ${beforeDeep.total} orders, expected ${companyOrders}`);
  const deep = `page=${DEEP_PAGE}&after=${encodeURIComponent(beforeDeep.nextCursor!)}`;
  const list = `/api/platforms/orders?limit=${PAGE_SIZE}`;
  const targets = [
    ...(pageStatus === 200
      ? [
          page("first", "", companyOrders),
          page(`${DEEP_PAGE} by cursor («Вперёд»)`, `?${deep}`, companyOrders),
          page(`${DEEP_PAGE} by number`, `?page=${DEEP_PAGE}`, companyOrders),
          page(`search «${SEARCH_WORD}»`, `?q=${search}`, searched.total),
          page(`search «${BROAD_SEARCH_WORD}»`, `?q=${broad}`, broadly.total),
          page(`status ${STATUS_FILTER}`, `?status=${STATUS_FILTER}`, filtered.total),
        ]
      : []),
    api("list, first", list, companyOrders),
    api(`list, page ${DEEP_PAGE} by cursor`, `${list}&${deep}`, companyOrders),
    api(`list, page ${DEEP_PAGE} by number`, `${list}&page=${DEEP_PAGE}`, companyOrders),
    api(`list, search «${SEARCH_WORD}»`, `${list}&search=${search}`, searched.total),
    api(`list, status ${STATUS_FILTER}`, `${list}&status=${STATUS_FILTER}`, filtered.total),
    api("metrics", "/api/orders/metrics"),
    staticFile(STATIC_ASSET),
  ];
  return { pageStatus, targets };
}

async function main() {
  log(
    `${orderCount} orders per platform; load: ${concurrency} connections, ${warmupSeconds} s warm-up + ${seconds} s per target; data in ${dataDir}`,
  );
  const stack = await start();
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
  // One statement per page, so one batch per statement, as the sync sends them.
  const raw = await rawUpserts(database, {
    tableName: "platform_orders",
    scratch: "bench_orders",
    batches: upserts,
    rows: orderCount,
  });
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
  for (const target of targets)
    rows.push(await again(web, target.name, () => measure(web, target, loadSettings, log)));
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
    restarts: restarts(),
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
  console.log(
    table(
      ["", "orders/s", "s", `ms per ${SYNC_PAGE_SIZE} orders`],
      [
        sync("sync through the queue (pepsi)", queued),
        sync("sync through the queue (magnit)", second),
        sync("same steps in Node, no queue", inProcess),
        upsertRow("sqld alone: insert", raw.insert),
        upsertRow("sqld alone: upsert over existing", raw.update),
      ],
    ),
  );
  const what =
    run.pageStatus === 200 ? "orders page loader" : `orders API (page loader: HTTP ${run.pageStatus})`;
  // The three lists issue 20 holds to the goal: the first page, a page 100 deep as «Вперёд»
  // reaches it, and a search; each beside the goal and the server's own floor in this run.
  const kind = run.pageStatus === 200 ? "page" : "api";
  const pick = (part: string) => rows.find((row) => row.kind === kind && row.name.includes(part))!;
  const [first, deep, search] = [pick("first"), pick("by cursor"), pick(`«${SEARCH_WORD}»`)];
  console.log(`\n${what} with ${run.companyOrders} orders (goal p50 < ${GOALS.pageP50Ms} ms):`);
  for (const row of [first, deep, search])
    console.log(
      `  ${row.name}: p50 ${fixed(row.result.latencyMs.p50, 1)} ms | static file p50 ${fixed(staticP50(rows), 1)} ms | errors ${row.result.errors}`,
    );
  console.log(`\n${loadTable(rows)}${restartNote(restarts())}`);
}

// Hard upper bound: a stack start, three syncs, the raw upserts and every load target, with retries.
await runBench(
  "bench:orders",
  main,
  cleanup,
  (300 + (6 * syncTimeoutMs) / 1000 + 120 + 20 * (warmupSeconds + seconds + 15)) * 1000,
);
