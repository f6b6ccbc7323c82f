import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { sandboxProviderVars } from "../../sandbox/vars";
import { prepareDatabase, seedEdo, seedFinance, seedPlatforms, startSqld } from "./database";
import { newestMtime } from "./files";
import { killGroup, startChild, stopChildren, waitForHttp, type Child } from "./processes";
import type { WorkersHostOptions } from "./workers-host";

export const ROOT = resolve(new URL("../..", import.meta.url).pathname);
const bin = (name: string) => join(ROOT, "node_modules/.bin", name);

export type StackOptions = {
  port: number;
  sandboxPort: number;
  sqldPort: number;
  inspectorPort?: number;
  dataDir: string;
  /** Seconds between cron ticks (Cloudflare: 60). Tests shorten it. */
  cronTickSeconds: number;
  /** Reload the Workers when their sources or the web build change (`npm start` does). */
  watch?: boolean;
  quiet?: boolean;
  log?: (line: string) => void;
};

export type Stack = {
  urls: { web: string; sandbox: string; database: string };
  /** How many times the Workers' process had to be started again since the stack started. */
  restarts: () => number;
  stop: () => Promise<void>;
};

/** Builds the Remix app when there is no build or the sources changed since. */
export async function ensureBuild(log: (line: string) => void): Promise<void> {
  const built = join(ROOT, "build/server/index.js");
  const sources = [
    "app",
    "workers/core",
    "workers/web",
    "db",
    "vite.config.ts",
    "remix.config.ts",
    "public",
  ].map((p) => join(ROOT, p));
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  log("Building the web app (remix vite:build)…");
  // Always a production build, even when started from the test runner (NODE_ENV=test).
  const build = startChild("build", bin("remix"), ["vite:build"], {
    cwd: ROOT,
    quiet: true,
    env: { NODE_ENV: "production" },
  });
  const code = await new Promise<number | null>((r) => build.process.on("exit", r));
  if (code !== 0) throw new Error("remix vite:build failed");
}

/**
 * A secret made on first start and kept with the data: restarts keep sessions (session-secret)
 * and can still open the platform credentials they sealed (credentials-key).
 */
function localSecret(dataDir: string, name: string, encoding: "base64url" | "base64"): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString(encoding), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

function parseDotEnv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) vars[match[1]] = match[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return vars;
}

/**
 * Local values every Worker reads instead of production's. The Workers' host gives them to all
 * three Workers over their wrangler.toml vars; a root .dev.vars adds to them (never over the
 * local database, sandbox and secrets).
 */
function workerVars(options: StackOptions) {
  const devVarsPath = join(ROOT, ".dev.vars");
  return {
    SESSION_SECRET: localSecret(options.dataDir, "session-secret", "base64url"),
    CREDENTIALS_KEY: localSecret(options.dataDir, "credentials-key", "base64"),
    ...(existsSync(devVarsPath) ? parseDotEnv(readFileSync(devVarsPath, "utf8")) : {}),
    APP_ENV: "development",
    DATABASE_URL: `http://127.0.0.1:${options.sqldPort}`,
    DATABASE_AUTH_TOKEN: "",
    SANDBOX_URL: `http://127.0.0.1:${options.sandboxPort}`,
    ...sandboxProviderVars(`http://127.0.0.1:${options.sandboxPort}`),
  };
}

/** Resolves once `build/` holds a complete build that has not changed for two seconds. */
async function settledBuild(): Promise<void> {
  const build = join(ROOT, "build");
  const complete = () => existsSync(join(build, "server/index.js")) && existsSync(join(build, "client"));
  let last = -1;
  for (;;) {
    const current = complete() ? newestMtime(build) : -1;
    if (current !== -1 && current === last) return;
    last = current;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

const MAX_RESTARTS_PER_MINUTE = 3;

/**
 * The Workers' host reloads them itself when their sources or the web build change; should its
 * process exit anyway, the stack starts it again on a complete build instead of leaving the
 * site down. A host that keeps exiting (a broken build, a taken port) is left stopped, with a
 * message. Each restart is counted: the load bench reports them.
 */
function superviseWorkers(
  child: Child,
  hooks: {
    restart: () => Child;
    replace: (old: Child, next: Child) => void;
    stopping: () => boolean;
    log: (line: string) => void;
  },
  restarts: number[] = [],
): void {
  child.process.once("exit", (code, signal) => {
    if (hooks.stopping()) return;
    killGroup(child);
    const recent = restarts.filter((at) => Date.now() - at < 60_000);
    if (recent.length >= MAX_RESTARTS_PER_MINUTE) {
      hooks.log(`Workers exited (${signal ?? code}) ${recent.length + 1} times in a minute; not restarting.`);
      return;
    }
    hooks.log(`Workers exited (${signal ?? code}); restarting them once the web build is complete…`);
    void settledBuild().then(() => {
      if (hooks.stopping()) return;
      const next = hooks.restart();
      hooks.replace(child, next);
      superviseWorkers(next, hooks, [...recent, Date.now()]);
    });
  });
}

/**
 * The embedded default: sqld, migrations, demo seed (first start only), the sandbox, and the
 * three Workers in one Miniflare (scripts/workers-host.ts), whose host also fires the cron
 * Worker every minute as Cloudflare would.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const children: Child[] = [];
  let stopping = false;
  let restarts = 0;
  const stop = async () => {
    stopping = true;
    await stopChildren([...children].reverse());
  };
  try {
    mkdirSync(options.dataDir, { recursive: true });
    await ensureBuild(log);
    const databaseUrl = `http://127.0.0.1:${options.sqldPort}`;
    children.push(await startSqld({ dataDir: options.dataDir, port: options.sqldPort }));
    if (await prepareDatabase(databaseUrl)) log("Demo data seeded.");

    const sandbox = startChild("sandbox", bin("tsx"), [join(ROOT, "sandbox/server.ts")], {
      env: {
        SANDBOX_PORT: String(options.sandboxPort),
        // Its payments and refunds outlive a restart: a restart mid-checkout loses nothing.
        SANDBOX_DATA_DIR: join(options.dataDir, "sandbox"),
        // Where the sandbox YooKassa sends its payment notifications: the web Worker's webhook.
        YOOKASSA_WEBHOOK_URL: `http://127.0.0.1:${options.port}/api/payments/webhook`,
      },
      quiet: options.quiet,
    });
    children.push(sandbox);
    await waitForHttp(`http://127.0.0.1:${options.sandboxPort}/health`, 20_000, sandbox.process);

    const vars = workerVars(options);
    if (await seedPlatforms(databaseUrl, { credentialsKey: vars.CREDENTIALS_KEY, platformUrls: vars }))
      log("Demo platforms connected and synced from the sandbox.");
    const edoSeed = {
      credentialsKey: vars.CREDENTIALS_KEY,
      edoUrl: vars.EDO_API_URL,
      geocoderUrl: vars.GEOCODER_URL,
      routerUrl: vars.ROUTER_URL,
    };
    if (await seedEdo(databaseUrl, edoSeed))
      log("Demo EDO account connected, its documents mirrored and their addresses placed (sandbox).");
    if (await seedFinance(databaseUrl, vars))
      log("Demo requisites and quick payments paid out through the sandbox bank.");
    const hostOptions: Omit<WorkersHostOptions, "log"> = {
      root: ROOT,
      port: options.port,
      inspectorPort: options.inspectorPort,
      dataDir: options.dataDir,
      vars,
      cronTickSeconds: options.cronTickSeconds,
      watch: options.watch,
      quiet: options.quiet,
    };
    const startWorkers = () =>
      startChild("workers", bin("tsx"), [join(ROOT, "scripts/workers-host.ts")], {
        cwd: ROOT,
        quiet: options.quiet,
        env: { REYS_WORKERS_HOST: JSON.stringify(hostOptions) },
      });
    const workers = startWorkers();
    children.push(workers);
    const web = `http://127.0.0.1:${options.port}`;
    await waitForHttp(`${web}/api/health`, 90_000, workers.process);
    superviseWorkers(workers, {
      restart: () => {
        restarts++;
        return startWorkers();
      },
      replace: (old, next) => children.splice(children.indexOf(old), 1, next),
      stopping: () => stopping,
      log,
    });

    return {
      urls: { web, sandbox: `http://127.0.0.1:${options.sandboxPort}`, database: databaseUrl },
      restarts: () => restarts,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
