import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createSandboxApp } from "../../sandbox/app";

type Served = { url: string; stop: () => Promise<void> };

/** Serves `fetch` on a free loopback port. */
export async function serveOnFreePort(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<Served> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sandbox emulators served on a free port, as `npm start` serves them. */
export function startTestSandbox(): Promise<Served> {
  return serveOnFreePort(createSandboxApp().fetch);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The sandbox the Workers under test reach (tests/workers/global-setup.ts). */
    sandboxUrl: string;
  }
}
