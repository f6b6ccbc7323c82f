import type { TestProject } from "vitest/node";
import { startTestSqld } from "../support/database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const sqld = await startTestSqld();
  project.provide("databaseUrl", sqld.url);
  return () => sqld.stop();
}
