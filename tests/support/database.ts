import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareDatabase, startSqld } from "../../scripts/lib/database";
import { freePort, stopChildren } from "../../scripts/lib/processes";

/** A fresh sqld with every migration applied and the demo data, on a free port; `stop` removes its data. */
export async function startTestSqld() {
  const dataDir = mkdtempSync(join(tmpdir(), "reys-sqld-"));
  const port = await freePort();
  const child = await startSqld({ dataDir, port });
  const url = `http://127.0.0.1:${port}`;
  await prepareDatabase(url);
  return {
    url,
    async stop() {
      await stopChildren([child]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
