import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The spec's response envelope (spec 1 §7). */
export type Envelope<T> = { success: true; data: T } | { success: false; error: string; message?: string };

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true as const, data }, status);
}

export function fail(c: Context, status: ContentfulStatusCode, error: string, message?: string) {
  return c.json({ success: false as const, error, ...(message ? { message } : {}) }, status);
}
