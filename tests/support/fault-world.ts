import { Hono } from "hono";
import { startTestSqld } from "./database";
import { serveOnFreePort, startTestSandbox } from "./sandbox";

/**
 * The fault-injection suite's own world (tests/workers/faults.test.ts, decision 0049): a sqld it
 * may crash and start again, and a sandbox whose failure switches it flips, so the suites
 * running beside it see neither. The suite reaches the sqld's process through `controlUrl`:
 * `POST /sqld/crash` kills it at once, `POST /sqld/restart` starts it on the same data and port.
 */
export type FaultWorld = { databaseUrl: string; sandboxUrl: string; controlUrl: string };

export async function startFaultWorld(): Promise<FaultWorld & { stop: () => Promise<void> }> {
  const [sqld, sandbox] = await Promise.all([startTestSqld({ seed: false }), startTestSandbox()]);
  const control = await serveOnFreePort(
    new Hono()
      .post("/sqld/crash", async (c) => {
        await sqld.crash();
        return c.body(null, 204);
      })
      .post("/sqld/restart", async (c) => {
        await sqld.restart();
        return c.body(null, 204);
      }).fetch,
  );
  return {
    databaseUrl: sqld.url,
    sandboxUrl: sandbox.url,
    controlUrl: control.url,
    async stop() {
      await Promise.all([control.stop(), sandbox.stop(), sqld.stop()]);
    },
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    faultWorld: FaultWorld;
  }
}
