const FALLBACK = "/dashboard";
/** Control characters (browsers drop tabs and newlines from URLs), whitespace and backslashes. */
const UNSAFE_CHARACTER = /[\p{Cc}\s\\]/u;
/** Encoded slashes, backslashes and control characters, also double-encoded ("%252F"). */
const UNSAFE_ESCAPE = /%(25)*(2f|5c|[01][0-9a-f]|7f)/i;

/**
 * Where to send a user after sign-in: `to` when it is a path on this site, else `/dashboard`.
 * The target is resolved against the request URL and must keep its origin; anything a
 * browser could read as another host (`//x`, `/\x`, `/<tab>/x`, `https:`, `%2F%2F`) falls back.
 * The result is the normalised path, so it is always a valid Location header.
 */
export function safeRedirect(to: unknown, requestUrl: string, fallback = FALLBACK): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return fallback;
  if (UNSAFE_CHARACTER.test(to) || UNSAFE_ESCAPE.test(to)) return fallback;
  let target: URL;
  try {
    target = new URL(to, requestUrl);
  } catch {
    return fallback;
  }
  if (target.origin !== new URL(requestUrl).origin) return fallback;
  return `${target.pathname}${target.search}${target.hash}`;
}
