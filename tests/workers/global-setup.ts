import type { TestProject } from "vitest/node";
import { startTestSqld } from "../support/database";
import { startTestSandbox } from "../support/sandbox";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** A real sqld and the real sandbox emulators for the Workers under test. */
export default async function setup(project: TestProject) {
  const [sqld, sandbox] = await Promise.all([startTestSqld(), startTestSandbox()]);
  project.provide("databaseUrl", sqld.url);
  project.provide("sandboxUrl", sandbox.url);
  return async () => {
    await Promise.all([sqld.stop(), sandbox.stop()]);
  };
}
