// What every benchmark here shares: settings from the environment, a stack of its own on free
// ports, cleanup however the run ends, the printed table and the JSON result file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { applyMigrations, startSqld } from "../scripts/lib/database";
import { freePort, startChild, waitForHttp, type Child } from "../scripts/lib/processes";
import { ROOT, startStack, type Stack } from "../scripts/lib/stack";

export function envNumber(name: string, fallback: number, min: number, max = Infinity): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(
      `${name} must be a number ${max === Infinity ? `>= ${min}` : `from ${min} to ${max}`}, got "${raw}"`,
    );
  return value;
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** The whole stack on free ports with its data in `dataDir`, quiet, as `npm start` runs it. */
export async function startBenchStack(
  dataDir: string,
  log: (line: string) => void,
): Promise<Stack & { inspectorPort: number }> {
  const [port, sandboxPort, sqldPort, inspectorPort] = await distinctFreePorts(4);
  log(`starting the stack on 127.0.0.1:${port}…`);
  const started = Date.now();
  const stack = await startStack({
    port,
    sandboxPort,
    sqldPort,
    inspectorPort,
    dataDir,
    cronTickSeconds: 60,
    quiet: true,
    log: (line) => console.log(`[stack] ${line}`),
  });
  log(`stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { ...stack, inspectorPort };
}

/**
 * A bench's own stack with its data in a new temporary directory: `start` starts it
 * (startBenchStack), `cleanup` stops it and removes the directory, whenever it is called.
 */
export function ownStack(name: string, log: (line: string) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), `reys-${name.replace(/\W+/g, "-")}-`));
  let stack: Stack | undefined;
  return {
    dataDir,
    async start(): Promise<Stack> {
      stack = await startBenchStack(dataDir, log);
      return stack;
    },
    async cleanup(): Promise<void> {
      const running = stack;
      stack = undefined;
      if (running)
        await running
          .stop()
          .catch((error: unknown) => console.error(`[${name}] stop failed: ${String(error)}`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `main`, then `cleanup` once, however the run ends: done, failed, interrupted, or stopped
 * by the watchdog after `watchdogMs`. A failure sets the exit code.
 */
export async function runBench(
  name: string,
  main: () => Promise<void>,
  cleanup: () => Promise<void>,
  watchdogMs: number,
): Promise<void> {
  let cleaning: Promise<void> | undefined;
  const cleanupOnce = () => (cleaning ??= cleanup());
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      console.log(`[${name}] ${signal}: stopping…`);
      void cleanupOnce().then(() => process.exit(130));
    });
  }
  const watchdog = setTimeout(() => {
    console.error(`[${name}] gave up after ${watchdogMs / 1000} s`);
    void cleanupOnce().then(() => process.exit(1));
  }, watchdogMs);
  try {
    await main();
  } catch (error) {
    console.error(`[${name}] failed: ${error instanceof Error ? error.message : String(error)}`);
    // Drizzle wraps the driver's error: its cause says what the database refused.
    if (error instanceof Error && error.cause) console.error(`[${name}] cause: ${String(error.cause)}`);
    process.exitCode = 1;
  } finally {
    await cleanupOnce();
    clearTimeout(watchdog);
  }
}

export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

/** The machine a result was measured on; numbers only compare within one machine. */
export function environment() {
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: cpus().length,
    server: "miniflare (workerd)",
  };
}

/** Writes `bench/results/<prefix><timestamp>.json` (gitignored); returns its path. */
export function writeResults(prefix: string, result: object): string {
  const timestamp = new Date().toISOString();
  const dir = join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${prefix}${timestamp.replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, JSON.stringify({ timestamp, ...result }, null, 2) + "\n");
  return file;
}

/**
 * sqld (migrated) and the sandbox as processes on free ports, without the Workers (whose cron
 * would run checks of its own during a measurement); both are added to `children` to stop.
 */
export async function startDatabaseAndSandbox(
  dataDir: string,
  sandboxEnv: Record<string, string>,
  children: Child[],
): Promise<{ database: string; sandbox: string }> {
  const sqldPort = await freePort();
  let sandboxPort = await freePort();
  while (sandboxPort === sqldPort) sandboxPort = await freePort();
  const database = `http://127.0.0.1:${sqldPort}`;
  const sandbox = `http://127.0.0.1:${sandboxPort}`;
  children.push(await startSqld({ dataDir: join(dataDir, "sqld"), port: sqldPort }));
  await applyMigrations(database);
  const sandboxChild = startChild(
    "sandbox",
    join(ROOT, "node_modules/.bin/tsx"),
    [join(ROOT, "sandbox/server.ts")],
    {
      env: { SANDBOX_PORT: String(sandboxPort), ...sandboxEnv },
      quiet: true,
    },
  );
  children.push(sandboxChild);
  await waitForHttp(`${sandbox}/health`, 30_000, sandboxChild.process);
  return { database, sandbox };
}
