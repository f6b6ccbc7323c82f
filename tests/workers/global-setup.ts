import type { TestProject } from "vitest/node";
import { startTestSqld } from "../support/database";
import { startFaultWorld } from "../support/fault-world";
import { startTestSandbox } from "../support/sandbox";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** A real sqld and the real sandbox emulators for the Workers under test, and the faults suite's own pair. */
export default async function setup(project: TestProject) {
  const [sqld, sandbox, faultWorld] = await Promise.all([
    startTestSqld(),
    startTestSandbox(),
    startFaultWorld(),
  ]);
  project.provide("databaseUrl", sqld.url);
  project.provide("sandboxUrl", sandbox.url);
  project.provide("faultWorld", {
    databaseUrl: faultWorld.databaseUrl,
    sandboxUrl: faultWorld.sandboxUrl,
    controlUrl: faultWorld.controlUrl,
  });
  return async () => {
    await Promise.all([sqld.stop(), sandbox.stop(), faultWorld.stop()]);
  };
}
