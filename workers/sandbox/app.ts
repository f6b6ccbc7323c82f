import { Hono } from "hono";

/**
 * Local emulators of the external systems the product talks to. Each provider gets a
 * sub-app here that answers its real protocol; adapters reach it through their base URL.
 */
export function createSandboxApp() {
  return new Hono().get("/health", (c) => c.json({ status: "ok", providers: [] as string[] }));
}
