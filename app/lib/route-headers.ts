import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * A route's own loader headers on top of its parents' (the root's toast cookie survives), and an
 * action's on top of those (Retry-After, Cache-Control). Without a `headers` export Remix sends
 * only the cookies a loader or action sets, for document and data requests alike.
 */
export const ownHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const own of [loaderHeaders, actionHeaders]) {
    own.forEach((value, name) => {
      if (name !== "set-cookie") headers.set(name, value);
    });
  }
  return headers;
};
