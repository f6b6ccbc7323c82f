// `npm run bench:profile`: a CPU profile of the web Worker's isolate while one page is loaded,
// taken through workerd's inspector (the V8 Profiler domain), and the functions and packages
// that held the samples. Where a page's Worker time goes, before changing anything for speed.
//   BENCH_PROFILE_PATHS=/dashboard,/dashboard/orders  pages to profile (signed in as the demo director)
//   BENCH_SECONDS=10 BENCH_CONCURRENCY=8              load while profiling
//   BENCH_PROFILE_OUT=/tmp/x.cpuprofile               also write the raw profile (Chrome DevTools reads it)
import { readdirSync, readFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "undici";
import { ROOT, type Stack } from "../scripts/lib/stack";
import { DEMO_ACCOUNTS } from "../scripts/seed/demo";
import { signInBrowser } from "./common";
import { envNumber, runBench, startBenchStack } from "./harness";
import { runLoad } from "./load";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const seconds = envNumber("BENCH_SECONDS", 10, 1);
const concurrency = Math.floor(envNumber("BENCH_CONCURRENCY", 8, 1));
const paths = (process.env.BENCH_PROFILE_PATHS ?? "/dashboard").split(",").filter(Boolean);
const dataDir = mkdtempSync(join(tmpdir(), "reys-profile-"));
let stack: Stack | undefined;

/** A tiny CDP client over one WebSocket. */
async function inspector(url: string) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  };
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        const id = next++;
        waiting.set(id, resolve as (r: unknown) => void);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Processes whose command line has every one of `parts` (this stack's workerd, its sqld). */
function pidsOf(...parts: string[]): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        return parts.every((part) => cmdline.includes(part));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU seconds (user + system) the processes have used so far. */
function cpuSeconds(pids: number[]): number {
  const tick = 100; // USER_HZ on Linux
  return pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      return sum;
    }
  }, 0);
}

/** Where a frame's code comes from: a package, the app's own code, or the runtime. */
function origin(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url === "") return "(runtime)";
  if (/build\/server|\/app\//.test(url)) return "(app)";
  return url.replace(/^.*\//, "");
}

function summarise(profile: Profile, top = 40) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const idle = profile.nodes
    .filter((n) => ["(idle)", "(program)"].includes(n.callFrame.functionName))
    .reduce((sum, n) => sum + (self.get(n.id) ?? 0), 0);
  const busy = total - idle;
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  for (const [id, count] of self) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (["(idle)", "(program)"].includes(functionName)) continue;
    const key = `${functionName || "(anonymous)"} ${origin(url)}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + count);
    byOrigin.set(origin(url), (byOrigin.get(origin(url)) ?? 0) + count);
  }
  // Inclusive: the samples with the function anywhere on their stack (once per sample).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node: ProfileNode) =>
    `${node.callFrame.functionName || "(anonymous)"} ${origin(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  const inclusive = new Map<string, number>();
  for (const [id, count] of self) {
    if (["(idle)", "(program)"].includes(byId.get(id)!.callFrame.functionName)) continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      seen.add(label(byId.get(at)!));
    for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + count);
  }
  const pct = (n: number) => `${((100 * n) / busy).toFixed(1).padStart(5)} %`;
  console.log(`samples ${total}, busy ${busy} (${((100 * busy) / total).toFixed(0)} % of the window)`);
  console.log("-- self time by origin");
  for (const [key, n] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(pct(n), key);
  console.log("-- self time by function");
  for (const [key, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(pct(n), key);
  console.log("-- inclusive time by function");
  for (const [key, n] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 2 * top))
    console.log(pct(n), key);
}

async function main() {
  const started = await startBenchStack(dataDir, (line) => console.log(`[profile] ${line}`));
  stack = started;
  const { inspectorPort } = started;
  const web = stack.urls.web;
  const cookie = await signInBrowser(web, DEMO_ACCOUNTS.director.email, DEMO_ACCOUNTS.director.password);
  // CPU per request by process: comparable between runs while other work shares the cores.
  const workerd = pidsOf("workerd", `${ROOT}/node_modules`);
  const sqld = pidsOf("sqld", dataDir);
  console.log(`workerd pids ${workerd.join(",")}, sqld pids ${sqld.join(",")}`);
  const cpuPerRequest = async (path: string, durationSeconds: number) => {
    const before = [cpuSeconds(workerd), cpuSeconds(sqld)];
    // A path ending in "!" is asked under a new URL each time: rendered every time (decision 0085).
    const fresh = path.endsWith("!");
    const result = await runLoad({
      url: `${web}${path.replace(/!$/, "")}`,
      headers: { cookie },
      concurrency,
      warmupSeconds: 0,
      durationSeconds,
      everyUrlNew: fresh ? "bench" : undefined,
    });
    const [w, q] = [cpuSeconds(workerd) - before[0], cpuSeconds(sqld) - before[1]];
    const n = result.requests;
    console.log(
      `${path}: ${n} requests; CPU per request: workerd ${((1000 * w) / n).toFixed(2)} ms, sqld ${((1000 * q) / n).toFixed(2)} ms`,
    );
  };
  // What the stack does with no load at all (cron ticks, queued jobs): the background of every figure.
  {
    const before = [cpuSeconds(workerd), cpuSeconds(sqld)];
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const [w, q] = [cpuSeconds(workerd) - before[0], cpuSeconds(sqld) - before[1]];
    console.log(`idle 10 s: workerd ${(w * 100).toFixed(1)} %, sqld ${(q * 100).toFixed(1)} % of a core`);
  }
  if (process.env.BENCH_CPU_ONLY) {
    for (const path of paths) {
      await cpuPerRequest(path, 3);
      await cpuPerRequest(path, seconds);
    }
    return;
  }
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    id: string;
    title: string;
    webSocketDebuggerUrl: string;
  }[];
  const target = targets.find((t) => /reys-web$/.test(t.title) || t.id.endsWith("reys-web"));
  if (!target) throw new Error(`no reys-web isolate among ${targets.map((t) => t.title).join(", ")}`);
  const cdp = await inspector(target.webSocketDebuggerUrl.replace("localhost", "127.0.0.1"));
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  for (const path of paths) {
    const load = { url: `${web}${path}`, headers: { cookie }, concurrency, warmupSeconds: 0 };
    await runLoad({ ...load, durationSeconds: 3 }); // warm the isolate's code
    await cdp.send("Profiler.start");
    const result = await runLoad({ ...load, durationSeconds: seconds });
    const { profile } = await cdp.send<{ profile: Profile }>("Profiler.stop");
    console.log(
      `\n== ${path}: ${result.requests} requests, ${result.rps.toFixed(1)} req/s, ${result.errors} errors`,
    );
    summarise(profile);
    if (process.env.BENCH_PROFILE_OUT)
      writeFileSync(
        process.env.BENCH_PROFILE_OUT.replace(/(\.cpuprofile)?$/, `${path.replace(/\W+/g, "_")}.cpuprofile`),
        JSON.stringify(profile),
      );
  }
  cdp.close();
}

await runBench(
  "profile",
  main,
  async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
  30 * 60_000,
);
