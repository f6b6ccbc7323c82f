import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { inspectLink, type LinkDeps } from "../../workers/core/auth/email-links";
import { statusOf } from "../../workers/web/wiring";
import { depsOf } from "./deps.server";

/** What the e-mail link flows need from a page's request: the database, the clock, the queue. */
export const linkDepsOf = (context: AppLoadContext): LinkDeps => ({
  db: context.db,
  now: Date.now,
  enqueue: depsOf(context).enqueue,
});

/**
 * The site a letter's link leads back to: the origin the request came to. On Cloudflare that is
 * the route's own host (a request naming another Host never reaches this Worker), so a request
 * cannot make the link point elsewhere (decision 0073).
 */
export const originOf = (request: Request) => new URL(request.url).origin;

/**
 * A link page's loader data: the link's token and address while it can be used, else why not
 * (with its status: 404 unknown, 409 expired, 410 used). Opening the page changes nothing.
 */
export async function linkPageData(
  context: AppLoadContext,
  request: Request,
  kind: Parameters<typeof inspectLink>[1],
) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await inspectLink(context.db, kind, token, Date.now());
  if (!link.ok) return data({ token, email: null, refused: link.message }, { status: statusOf(link.reason) });
  return data({ token, email: link.email, refused: null });
}
