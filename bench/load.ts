// A small closed-loop HTTP load generator: `concurrency` workers, each sending its next request
// as soon as the previous response has been read in full, over keep-alive connections.
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";

export type LoadOptions = {
  /** Absolute http://127.0.0.1:<port>/path URL; any other host is refused. */
  url: string;
  /**
   * More URLs (with headers of their own) taken in turn with `url`: each worker sends its
   * requests to them one after another, so the load is spread evenly over all of them.
   */
  alsoUrls?: { url: string; headers?: Record<string, string> }[];
  concurrency: number;
  /** Unmeasured traffic first, so connections are open and the Worker is warm. */
  warmupSeconds: number;
  durationSeconds: number;
  /** A single request slower than this is aborted and counted as an error. */
  requestTimeoutMs?: number;
  headers?: Record<string, string>;
  /**
   * A query parameter of this name with a new value on every request: the same page under a URL
   * never asked before, so nothing kept for an earlier request's URL can answer it.
   */
  everyUrlNew?: string;
};

export type LoadResult = {
  url: string;
  concurrency: number;
  durationSeconds: number;
  /** Responses (any status) and failures completed inside the measured window. */
  requests: number;
  /** 2xx responses completed inside the measured window. */
  ok: number;
  /** Non-2xx responses plus network errors and timeouts. */
  errors: number;
  statusCounts: Record<string, number>;
  networkErrors: Record<string, number>;
  /** Successful (2xx) responses per second. */
  rps: number;
  /** Latency of 2xx responses, milliseconds, request start to last body byte. */
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Body size of the last 2xx response. */
  bodyBytes: number;
  /** Statuses and network errors per URL (path and query) when the load was spread over several. */
  byUrl: Record<string, { statusCounts: Record<string, number>; networkErrors: Record<string, number> }>;
};

type Outcome = { status: number; bytes: number } | { error: string };

function once(agent: Agent, url: URL, headers: Record<string, string>, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    const req = request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: "GET", headers },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => settle({ status: res.statusCode ?? 0, bytes }));
        res.on("error", (error) => settle({ error: error.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error("timeout")));
    req.on("error", (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    req.end();
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = { "user-agent": "Mozilla/5.0 (reys-bench)", accept: "*/*" };
  const targets = [{ url: options.url, headers: options.headers }, ...(options.alsoUrls ?? [])].map((t) => {
    const url = new URL(t.url);
    if (url.protocol !== "http:" || url.hostname !== "127.0.0.1") {
      throw new Error(`refusing to load-test ${t.url}: only http://127.0.0.1 is allowed`);
    }
    return { url, key: url.pathname + url.search, headers: { ...base, ...t.headers } };
  });
  const byUrl: LoadResult["byUrl"] = Object.fromEntries(
    targets.map((t) => [t.key, { statusCounts: {}, networkErrors: {} }]),
  );
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });

  const warmupEnd = performance.now() + options.warmupSeconds * 1000;
  let measureStart = 0;
  let measureEnd = 0;
  let measuring = false;
  let stopped = false;

  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  const networkErrors: Record<string, number> = {};
  let requests = 0;
  let errors = 0;
  let bodyBytes = 0;
  let sent = 0;

  const worker = async (_: unknown, index: number) => {
    for (let turn = index; !stopped; turn++) {
      const target = targets[turn % targets.length];
      const started = performance.now();
      let url = target.url;
      if (options.everyUrlNew) {
        url = new URL(target.url);
        url.searchParams.set(options.everyUrlNew, String(++sent));
      }
      const outcome = await once(agent, url, target.headers, timeoutMs);
      const finished = performance.now();
      // Only count what started and finished inside the measured window.
      if (!measuring || started < measureStart || finished > measureEnd) continue;
      requests++;
      if ("error" in outcome) {
        errors++;
        networkErrors[outcome.error] = (networkErrors[outcome.error] ?? 0) + 1;
        const mine = byUrl[target.key].networkErrors;
        mine[outcome.error] = (mine[outcome.error] ?? 0) + 1;
        continue;
      }
      statusCounts[outcome.status] = (statusCounts[outcome.status] ?? 0) + 1;
      const mine = byUrl[target.key].statusCounts;
      mine[outcome.status] = (mine[outcome.status] ?? 0) + 1;
      if (outcome.status >= 200 && outcome.status < 300) {
        latencies.push(finished - started);
        bodyBytes = outcome.bytes;
      } else {
        errors++;
      }
    }
  };

  const workers = Array.from({ length: options.concurrency }, worker);
  await new Promise((r) => setTimeout(r, Math.max(0, warmupEnd - performance.now())));
  measureStart = performance.now();
  measureEnd = measureStart + options.durationSeconds * 1000;
  measuring = true;
  await new Promise((r) => setTimeout(r, options.durationSeconds * 1000));
  stopped = true;
  // In-flight requests finish (or time out) on their own; none is counted any more.
  await Promise.all(workers);
  agent.destroy();

  const sorted = Float64Array.from(latencies).sort();
  const mean = latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : NaN;
  return {
    url: options.url,
    concurrency: options.concurrency,
    durationSeconds: options.durationSeconds,
    requests,
    ok: latencies.length,
    errors,
    statusCounts,
    networkErrors,
    rps: round(latencies.length / options.durationSeconds, 1),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p90: round(percentile(sorted, 90)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.length ? sorted[sorted.length - 1] : NaN),
      mean: round(mean),
    },
    bodyBytes,
    byUrl,
  };
}
