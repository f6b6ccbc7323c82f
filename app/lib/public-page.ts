import type { HeadersFunction } from "@remix-run/cloudflare";
import { ownHeaders } from "./route-headers";

/**
 * A public page that is the same for every signed-out visitor without a query may be kept for a
 * minute: by the browser (per cookie set, hence Vary) and by the web Worker's page cache
 * (workers/web/lib/page-cache.ts, decision 0032).
 */
export const sharedPageHeaders = { "Cache-Control": "public, max-age=60", Vary: "Cookie" };

/** A public page's headers: its own loader's and action's on top of its parents'. */
export const publicPageHeaders: HeadersFunction = ownHeaders;

/** What an action of a public page answers with. */
export const formPostHeaders = { "Cache-Control": "no-store" };
