import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";

/**
 * What a provider emulator does instead of answering at once: nothing, a 500, hang past any
 * client's timeout, or answer normally but late.
 */
export const FAILURE_MODES = ["none", "error500", "timeout", "slow"] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

const HANG_MS = 30_000;
/** Longer than a healthy answer, shorter than the adapters' timeouts. */
export const SLOW_MS = 2_000;

/** Which emulated providers are switched to fail. In memory: one per sandbox app. */
export type FailureSwitch = {
  modeOf(provider: string): FailureMode;
  set(provider: string, mode: FailureMode): void;
};

export function createFailureSwitch(): FailureSwitch {
  const modes = new Map<string, FailureMode>();
  return {
    modeOf: (provider) => modes.get(provider) ?? "none",
    set(provider, mode) {
      modes.set(provider, mode);
    },
  };
}

/** Waits `ms`, or less if the client goes away first (nothing is left to answer then). */
function hang(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (signal.aborted) done();
    else signal.addEventListener("abort", done);
  });
}

/** Put in front of a provider's routes: fails them while the switch says so. */
export function simulatedFailures(failures: FailureSwitch, provider: string): MiddlewareHandler {
  return async (c, next) => {
    const mode = failures.modeOf(provider);
    if (mode === "error500") return c.json({ error: `sandbox: ${provider} fails on purpose` }, 500);
    if (mode === "timeout") {
      await hang(HANG_MS, c.req.raw.signal);
      return c.json({ error: `sandbox: ${provider} timed out on purpose` }, 504);
    }
    if (mode === "slow") {
      await hang(SLOW_MS, c.req.raw.signal);
      if (c.req.raw.signal.aborted) return c.json({ error: `sandbox: ${provider}'s client gave up` }, 504);
    }
    await next();
  };
}

/**
 * `POST /failures {provider, mode}` switches a provider's failure mode; `GET /failures`
 * shows every provider's current mode.
 */
export function failureRoutes(failures: FailureSwitch, providers: readonly [string, ...string[]]) {
  const switchSchema = z.object({ provider: z.enum(providers), mode: z.enum(FAILURE_MODES) });
  return new Hono()
    .get("/failures", (c) => c.json(Object.fromEntries(providers.map((p) => [p, failures.modeOf(p)]))))
    .post("/failures", async (c) => {
      const parsed = switchSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) {
        return c.json(
          {
            error:
              `expected {"provider": ${providers.join("|")}, "mode": ${FAILURE_MODES.join("|")}}; ` +
              `error500 answers 500, timeout hangs ${HANG_MS / 1000} s, slow answers after ${SLOW_MS / 1000} s`,
          },
          400,
        );
      }
      failures.set(parsed.data.provider, parsed.data.mode);
      return c.json(parsed.data);
    });
}
