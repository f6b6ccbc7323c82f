import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../scripts/lib/processes";
import { startStack } from "../../scripts/lib/stack";
import "../support/sandbox";

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
    databaseUrl: string;
  }
}

/** Starts the whole stack the way `npm start` does, on free ports with a throw-away data dir. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "reys-e2e-"));
  const stack = await startStack({
    port: await freePort(),
    sandboxPort: await freePort(),
    sqldPort: await freePort(),
    inspectorPort: await freePort(),
    dataDir,
    cronTickSeconds: 3,
    quiet: true,
  });
  project.provide("webUrl", stack.urls.web);
  project.provide("databaseUrl", stack.urls.database);
  project.provide("sandboxUrl", stack.urls.sandbox);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
