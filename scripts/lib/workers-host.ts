// The three Workers on this machine without `wrangler dev`: each bundled with esbuild as
// wrangler would bundle it, all three hosted by one Miniflare (one workerd process) with their
// queue, rate limiters, service binding and static assets, straight on the port (no Node proxy
// in front of workerd). Decision 0050 says why.
import { existsSync, mkdirSync, watch, type FSWatcher } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { Log, LogLevel, Miniflare, type WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions as workerOptionsOf } from "wrangler";
import { newestMtime } from "./files";

export type WorkersHostOptions = {
  root: string;
  port: number;
  /** Where the bundles and Miniflare's own state (rate limiters, caches) are kept. */
  dataDir: string;
  /** Values every Worker reads instead of production's (the local sqld, the sandbox, secrets). */
  vars: Record<string, string>;
  /** Seconds between cron ticks (Cloudflare: 60). */
  cronTickSeconds: number;
  inspectorPort?: number;
  /** Reload the Workers when their sources or the web build change (`npm start`; not tests and benches). */
  watch?: boolean;
  quiet?: boolean;
  log: (line: string) => void;
};

/** The Workers in the order Miniflare takes them: the first one answers on the port. */
const WORKERS = [
  { name: "reys-web", config: "wrangler.toml", bundle: "web.js" },
  { name: "reys-jobs", config: "workers/jobs/wrangler.toml", bundle: "jobs.js" },
  { name: "reys-cron", config: "workers/cron/wrangler.toml", bundle: "cron.js" },
] as const;

/** What a change reloads: the Workers' sources and the web build (its server and its assets). */
const WATCHED = ["workers", "db", "build"];

const BUILTIN = new RegExp(`^(node:)?(${builtinModules.map((m) => m.replace(/[/]/g, "\\/")).join("|")})$`);

/**
 * Node's built-in modules are the runtime's: an `import` stays an import, and a CommonJS
 * `require("buffer")` (iconv-lite's safer-buffer) becomes a small module that imports the
 * built-in, since an ES module bundle has no `require` to call at run time.
 */
const runtimeBuiltins: Plugin = {
  name: "runtime-builtins",
  setup(b) {
    b.onResolve({ filter: BUILTIN }, (args) => {
      const path = args.path.startsWith("node:") ? args.path : `node:${args.path}`;
      return args.kind === "require-call"
        ? { path, namespace: "required-builtin" }
        : { path, external: true };
    });
    b.onLoad({ filter: /.*/, namespace: "required-builtin" }, (args) => ({
      contents: `import builtin from "${args.path}"; module.exports = builtin;`,
      loader: "js",
    }));
  },
};

/**
 * Bundles one Worker the way `wrangler deploy` does for `nodejs_compat` at our compatibility date:
 * one ES module for workerd, `node:*` and `cloudflare:*` left to the runtime (which implements
 * them natively since 2024-09-23), the `workerd`/`worker`/`browser` export conditions.
 */
async function bundle(root: string, entry: string, outfile: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    target: "es2024",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["cloudflare:*"],
    plugins: [runtimeBuiltins],
    define: { "process.env.NODE_ENV": '"production"' },
    // .ttf as wrangler's `[[rules]] type = "Data"` in wrangler.toml makes it: the bytes (decision 0056).
    loader: { ".sql": "text", ".txt": "text", ".html": "text", ".ttf": "binary" },
    sourcemap: "linked",
    logLevel: "silent",
  });
}

export type WorkersHost = {
  url: string;
  dispose: () => Promise<void>;
};

export async function hostWorkers(options: WorkersHostOptions): Promise<WorkersHost> {
  const bundleDir = join(options.dataDir, "workers");
  mkdirSync(bundleDir, { recursive: true });

  const bundleAll = async () => {
    const configs = WORKERS.map(({ name, config, bundle: file }) => {
      const { workerOptions, main } = workerOptionsOf(join(options.root, config));
      if (!main) throw new Error(`${config} names no main module`);
      return { name, workerOptions, main, scriptPath: join(bundleDir, file) };
    });
    await Promise.all(configs.map((c) => bundle(options.root, c.main, c.scriptPath)));
    return configs.map(({ name, workerOptions, scriptPath }): WorkerOptions => ({
      ...(workerOptions as WorkerOptions),
      name,
      // One self-contained module each (Remix's client-side `import(route.module)` is in the
      // bundle but never runs on the server, so Miniflare must not try to follow it).
      modules: [{ type: "ESModule", path: scriptPath }],
      modulesRoot: bundleDir,
      bindings: { ...workerOptions.bindings, ...options.vars },
    }));
  };

  const shared = {
    host: "127.0.0.1",
    port: options.port,
    inspectorPort: options.inspectorPort,
    // Request.cf without downloading Cloudflare's sample (no internet here).
    cf: false,
    defaultPersistRoot: join(options.dataDir, "miniflare"),
    log: new Log(options.quiet ? LogLevel.ERROR : LogLevel.INFO),
    // A line per request costs a hop to Node and back; the Workers' own logs still show.
    logRequests: false,
    handleRuntimeStdio: (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => {
      if (!options.quiet) stdout.on("data", (chunk: Buffer) => process.stdout.write(chunk));
      stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk));
    },
  };

  const mf = new Miniflare({ ...shared, workers: await bundleAll() });
  const url = (await mf.ready).origin;

  // Cloudflare fires the cron Worker's trigger every minute; locally this does.
  const cron = await mf.getWorker("reys-cron");
  const tick = async () => {
    try {
      const result = await cron.scheduled({ cron: "* * * * *", scheduledTime: new Date() });
      if (result.outcome !== "ok") options.log(`cron tick: ${result.outcome}`);
    } catch (error) {
      options.log(`cron tick failed: ${String(error)}`);
    }
  };
  void tick();
  const ticker = setInterval(() => void tick(), options.cronTickSeconds * 1000);

  // A changed source or a new web build: bundle again and hand Miniflare the new scripts once
  // the files have been still for a moment. A build that fails leaves the running Workers alone.
  let reloading: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let seen = Math.max(...WATCHED.map((p) => newestMtime(join(options.root, p))));
  const reload = async () => {
    const current = Math.max(...WATCHED.map((p) => newestMtime(join(options.root, p))));
    if (current === seen || !existsSync(join(options.root, "build/server/index.js"))) return;
    seen = current;
    try {
      await mf.setOptions({ ...shared, workers: await bundleAll() });
      options.log("Workers reloaded with the changed sources.");
    } catch (error) {
      options.log(`Workers not reloaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const watchers: FSWatcher[] = (options.watch ? WATCHED : [])
    .filter((p) => existsSync(join(options.root, p)))
    .map((p) =>
      watch(join(options.root, p), { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => (reloading = reloading.then(reload)), 1500);
      }),
    );

  return {
    url,
    async dispose() {
      clearInterval(ticker);
      clearTimeout(timer);
      for (const w of watchers) w.close();
      await reloading;
      await mf.dispose();
    },
  };
}
