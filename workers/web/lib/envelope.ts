import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The spec's failure envelope (spec 1 §7), for refusals made before an operation's handler runs
 * (guards, unknown paths, errors). Its type is `ApiFailure` in ../api/types.ts; handlers answer
 * through their definition's `reply`.
 */
export function fail(c: Context, status: ContentfulStatusCode, error: string, message?: string) {
  return c.json({ success: false as const, error, ...(message ? { message } : {}) }, status);
}
