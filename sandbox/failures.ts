import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";

/**
 * What a provider emulator does instead of answering at once: nothing, a 500, hang past any
 * client's timeout, answer normally but late, or refuse the token or key it is shown as its real
 * API refuses an expired or revoked one (providers that take credentials only).
 */
export const FAILURE_MODES = ["none", "error500", "timeout", "slow", "expired_token"] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

/** How long a provider in timeout mode hangs: past every adapter's own timeout. */
export const HANG_MS = 30_000;
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

/**
 * Whether the provider's credential check should refuse what it is shown, as for an expired or
 * revoked token or key. Each provider answers that in its own shape from its own check, so its
 * sign-in keeps working while the tokens it issues are refused.
 */
export const refusesCredentials = (failures: FailureSwitch, provider: string) =>
  failures.modeOf(provider) === "expired_token";

/** Put in front of a provider's routes: fails them while the switch says so (but see refusesCredentials). */
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
 * shows every provider's current mode. `expired_token` is for the providers that take a token or
 * a key (`credentialed`).
 */
export function failureRoutes(
  failures: FailureSwitch,
  providers: readonly [string, ...string[]],
  credentialed: readonly string[],
) {
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
              `error500 answers 500, timeout hangs ${HANG_MS / 1000} s, slow answers after ${SLOW_MS / 1000} s, ` +
              `expired_token refuses every token or key (${credentialed.join(", ")})`,
          },
          400,
        );
      }
      if (parsed.data.mode === "expired_token" && !credentialed.includes(parsed.data.provider)) {
        return c.json(
          { error: `${parsed.data.provider} takes no token or key: expired_token does not apply` },
          400,
        );
      }
      failures.set(parsed.data.provider, parsed.data.mode);
      return c.json(parsed.data);
    });
}
