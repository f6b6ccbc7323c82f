// `npm run bench:edo-analytics`: how fast the EDO analytics (decision 0058) answer over a
// mirror of 100,000 documents in a sqld of its own: p50 and p95 of each filter set at 4
// connections, and the first read of a fresh isolate (the gazetteer's place cache empty).
// A quick measure, not the whole bench (no orders, no comparison with the operator).
import { createClient } from "@libsql/client";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createDb } from "../db/client";
import { changesAfter, createAccountState } from "../sandbox/edo/documents";
import { applyMigrations, startSqld } from "../scripts/lib/database";
import { stopChildren } from "../scripts/lib/processes";
import { analyticsOf, analyticsStatement, edoAnalytics } from "../workers/core/edo/analytics";
import type { EdoAnalyticsFilters } from "../workers/core/edo/analytics-schemas";
import { documentRow, documentUpserts } from "../workers/core/edo/documents";
import { createCompany } from "./common";
import { envNumber, fixed, table } from "./harness";

const documentCount = Math.floor(envNumber("BENCH_DOCS", 100_000, 1_000, 200_000));
const rounds = Math.floor(envNumber("BENCH_ROUNDS", 40, 4));
const concurrency = Math.floor(envNumber("BENCH_CONCURRENCY", 4, 1));
const port = Math.floor(envNumber("BENCH_SQLD_PORT", 18_658, 1_024, 65_535));

const FILTERS: [string, EdoAnalyticsFilters][] = [
  ["default: all quarters, 1000", { period: 0, limit: 1000, allQuarters: true }],
  ["all quarters, 5000", { period: 0, limit: 5000, allQuarters: true }],
  ["quarter 20243, 1000", { period: 20243, limit: 1000, allQuarters: true }],
  ["status ON_TRNACLPVYN, 2000", { period: 0, status: "ON_TRNACLPVYN", limit: 2000, allQuarters: true }],
  ["last 3 months, 1000", { period: 0, limit: 1000, allQuarters: false }],
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function main() {
  // BENCH_DIR: a data directory to keep between runs (mirrored once, read again after).
  const kept = process.env.BENCH_DIR;
  const dir = kept ?? mkdtempSync(join(tmpdir(), "edo-analytics-"));
  const reuse = kept !== undefined && existsSync(join(kept, "company-id"));
  const sqld = await startSqld({ dataDir: dir, port });
  const url = `http://127.0.0.1:${port}`;
  try {
    await applyMigrations(url);
    const db = createDb({ url });
    const companyId = reuse
      ? readFileSync(join(dir, "company-id"), "utf8")
      : await createCompany(db, "ООО «Замер аналитики»");
    const state = createAccountState("carrier-2", documentCount);
    if (!state) throw new Error("no sandbox account carrier-2");
    const client = createClient({ url });
    let since = reuse ? Number.POSITIVE_INFINITY : 0;
    let loaded = 0;
    const started = performance.now();
    while (since !== Number.POSITIVE_INFINITY) {
      const page = changesAfter(state, since, 1000);
      const rows = page.docs.map((doc) => documentRow(companyId, doc, Date.now()));
      await client.batch(documentUpserts(rows), "write");
      loaded += rows.length;
      since = Number(page.cursor);
      if (!page.hasMore) break;
    }
    client.close();
    if (kept) writeFileSync(join(dir, "company-id"), companyId);
    console.log(`mirrored ${loaded} documents in ${fixed((performance.now() - started) / 1000, 1)} s`);

    const now = Date.now();
    const firstStart = performance.now();
    const first = await edoAnalytics(db, companyId, FILTERS[1][1], now);
    const firstMs = performance.now() - firstStart;
    console.log(
      `first read (empty place cache, 5000 docs): ${fixed(firstMs, 1)} ms, ${first.totalDocuments} docs`,
    );

    const results: string[][] = [];
    for (const [name, filters] of FILTERS) {
      const times: number[] = [];
      const sqlTimes: number[] = [];
      const jsTimes: number[] = [];
      let answered = 0;
      const worker = async () => {
        for (let i = 0; i < rounds / concurrency; i++) {
          const t = performance.now();
          const rows = await analyticsStatement(db, companyId, filters, Date.now());
          const read = performance.now();
          answered = analyticsOf(rows, filters, Date.now()).totalDocuments;
          const done = performance.now();
          times.push(done - t);
          sqlTimes.push(read - t);
          jsTimes.push(done - read);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      results.push([
        name,
        String(answered),
        fixed(percentile(times, 50), 1),
        fixed(percentile(times, 95), 1),
        fixed(percentile(sqlTimes, 50), 1),
        fixed(percentile(jsTimes, 50), 1),
      ]);
    }
    console.log(table(["filters", "documents", "p50 ms", "p95 ms", "SQL p50", "JS p50"], results));
  } finally {
    await stopChildren([sqld]);
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
