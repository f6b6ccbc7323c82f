import { Hono, type Context, type MiddlewareHandler } from "hono";

/**
 * The calls a provider emulator received, by what each asked (a geocoder's query, a router's
 * coordinates), so a bench can check a job asked each thing once. In memory: one per sandbox app.
 */
export type CallLog = {
  count(provider: string, key: string): void;
  of(provider: string): Map<string, number>;
  clear(): void;
};

export function createCallLog(): CallLog {
  const calls = new Map<string, Map<string, number>>();
  return {
    count(provider, key) {
      const keys = calls.get(provider) ?? new Map<string, number>();
      keys.set(key, (keys.get(key) ?? 0) + 1);
      calls.set(provider, keys);
    },
    of: (provider) => calls.get(provider) ?? new Map(),
    clear: () => calls.clear(),
  };
}

/** Put in front of a provider's route: counts each request under `key` of it. */
export function countedCalls(log: CallLog, provider: string, key: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    log.count(provider, key(c));
    await next();
  };
}

/**
 * `GET /calls/:provider`: the calls it received, how many distinct keys, and each key's count;
 * `DELETE /calls` forgets every count.
 */
export function callRoutes(log: CallLog, providers: readonly string[]) {
  return new Hono()
    .get("/calls/:provider", (c) => {
      const provider = c.req.param("provider");
      if (!providers.includes(provider)) return c.json({ error: `counted: ${providers.join(", ")}` }, 404);
      const keys = log.of(provider);
      let calls = 0;
      for (const n of keys.values()) calls += n;
      return c.json({ provider, calls, distinct: keys.size, keys: Object.fromEntries(keys) });
    })
    .delete("/calls", (c) => {
      log.clear();
      return c.json({ cleared: true });
    });
}
