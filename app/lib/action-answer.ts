import type { data, redirect } from "@remix-run/cloudflare";

/**
 * What a route's action returns when it answers `Answer` (through `data`, with any status) or
 * redirects. A route declares its action with it, so the components that submit to that route
 * read `Answer` from their fetcher (`useFetcher<Answer>()`) without importing the route module:
 * the answer type lives in the component (or next to it) and the route conforms to it.
 */
export type ActionAnswer<Answer> = Promise<ReturnType<typeof data<Answer>> | ReturnType<typeof redirect>>;
