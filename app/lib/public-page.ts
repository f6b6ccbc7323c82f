import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A public page that is the same for every signed-out visitor without a query may be kept for a
 * minute: by the browser (per cookie set, hence Vary) and by the web Worker's page cache
 * (workers/web/lib/page-cache.ts, decision 0032).
 */
export const sharedPageHeaders = { "Cache-Control": "public, max-age=60", Vary: "Cookie" };

/**
 * A route's own loader headers on top of its parents' (the root's toast cookie survives), and an
 * action's on top of those: the answer to a form post is never kept.
 */
export const publicPageHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const own of [loaderHeaders, actionHeaders]) {
    own.forEach((value, name) => {
      if (name !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
};

/** What an action of a public page answers with. */
export const formPostHeaders = { "Cache-Control": "no-store" };
