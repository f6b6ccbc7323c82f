import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { operatorDetails } from "../../workers/core/operator";
import { isPlainQuery } from "./landing-query";
import { sharedPageHeaders } from "./public-page";

/**
 * The page is the same for everyone who asks like this: a GET, signed out, no query, and no cookie
 * at all (a stale session or a toast cookie gets an answer that clears it, which nobody may keep).
 */
export function isSharedPage(request: Request, context: AppLoadContext): boolean {
  return (
    request.method === "GET" &&
    context.caller === null &&
    !request.headers.has("cookie") &&
    isPlainQuery(new URL(request.url).searchParams)
  );
}

/** Headers of a public page's loader: kept for a minute when it is the same for everyone (0032). */
export const publicPageCaching = (request: Request, context: AppLoadContext) =>
  isSharedPage(request, context) ? sharedPageHeaders : {};

/** What a legal or contact page needs: who is asking and the operator's details. */
export function publicPageData(request: Request, context: AppLoadContext) {
  return data(
    { signedIn: context.caller !== null, operator: operatorDetails(context.cloudflare.env) },
    { headers: publicPageCaching(request, context) },
  );
}
