// The sandbox as `npm start` runs it (sandbox/server.ts in a process of its own), for the tests
// that kill it mid-work and start it again over the same data directory.
import { join } from "node:path";
import { killGroup, startChild, stopChildren, waitForHttp, type Child } from "../scripts/lib/processes";

const ROOT = new URL("..", import.meta.url).pathname;

/** The sandbox server on `port`, its process started with `env` (SANDBOX_DATA_DIR and the like). */
export function sandboxServer(port: number, env: () => Record<string, string>) {
  let child: Child | undefined;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    async start() {
      child = startChild("sandbox", join(ROOT, "node_modules/.bin/tsx"), [join(ROOT, "sandbox/server.ts")], {
        env: { SANDBOX_PORT: String(port), ...env() },
        quiet: true,
      });
      await waitForHttp(`${base}/health`, 30_000, child.process);
    },
    /** A crash: the process group is killed at once, with no chance to write anything more. */
    async crash() {
      const crashed = child!;
      killGroup(crashed);
      await new Promise((resolve) =>
        crashed.process.exitCode !== null ? resolve(null) : crashed.process.once("exit", resolve),
      );
    },
    async stop() {
      if (child) await stopChildren([child]);
    },
  };
}
