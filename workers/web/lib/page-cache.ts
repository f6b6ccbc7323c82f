import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "../bindings";

/** How long a public page is kept, at most (its own max-age may say less). */
export const PAGE_CACHE_MAX_SECONDS = 60;
const MAX_ENTRIES = 16;

type Entry = {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
  nonce: string;
  expires: number;
};

/**
 * Public pages that are the same for every visitor (the landing and legal pages without a query,
 * decision 0032) are rendered once a minute per isolate, not once a request. Only a GET with no
 * query and no cookie at all is answered from here (a signed-in, partner or toast visit always
 * renders), and only a 200 whose page said `Cache-Control: public, max-age=N` and set no cookie
 * is kept. The kept page's CSP nonce is reused with it, so its inline scripts still run; a page
 * without a query reflects nothing a visitor sent, so there is nothing for a known nonce to admit.
 */
export function pageCache(now: () => number = Date.now): MiddlewareHandler<AppBindings> {
  const entries = new Map<string, Entry>();
  return async (c, next) => {
    const url = new URL(c.req.url);
    const cacheable =
      c.req.method === "GET" &&
      url.search === "" &&
      !c.req.header("cookie") &&
      !c.req.header("authorization") &&
      !url.pathname.startsWith("/api/") &&
      !url.pathname.endsWith(".data");
    if (!cacheable) return next();
    const key = url.pathname;
    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      c.set("cspNonce", hit.nonce);
      return new Response(hit.body, { status: hit.status, headers: hit.headers });
    }
    await next();
    const maxAge = publicMaxAge(c.res.headers);
    if (c.res.status !== 200 || maxAge === 0 || c.res.headers.getSetCookie().length > 0) return;
    const body = await c.res.clone().arrayBuffer();
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, {
      body,
      status: c.res.status,
      headers: [...c.res.headers],
      nonce: c.get("cspNonce"),
      expires: now() + Math.min(maxAge, PAGE_CACHE_MAX_SECONDS) * 1000,
    });
  };
}

/** Seconds a response may be kept by anyone: `public` with `max-age`; 0 otherwise. */
function publicMaxAge(headers: Headers): number {
  const directives = (headers.get("cache-control") ?? "").toLowerCase();
  if (!/(^|,)\s*public\s*(,|$)/.test(directives) || /no-store|private|no-cache/.test(directives)) return 0;
  const seconds = Number(/max-age=(\d+)/.exec(directives)?.[1] ?? 0);
  return Number.isFinite(seconds) ? seconds : 0;
}
