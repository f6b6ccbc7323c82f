import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { createSession, invalidateSession } from "../../workers/core/auth/sessions";
import { hashToken } from "../../workers/core/auth/tokens";
import { PAYMENT_RESULT_PATH, PAYMENT_SUCCESS_PATH } from "./payment-pages";
import {
  clearSessionCookieHeader,
  sessionCookieHeader,
  sessionTokenOf,
  type Caller,
} from "../../workers/web/wiring";

/**
 * Signed-in pages a signed-out visitor is shown a public twin of rather than the sign-in page
 * (decision 0070): a payer back from the provider without a session still sees the outcome.
 */
const PUBLIC_TWINS: Record<string, string> = { [PAYMENT_SUCCESS_PATH]: PAYMENT_RESULT_PATH };

/**
 * The signed-in caller, or a redirect to /login that remembers where the visitor was going (to
 * the page's public twin, if it has one).
 */
export function requireCaller(context: AppLoadContext, request: Request): Caller {
  if (context.caller) return context.caller;
  const url = new URL(request.url);
  const twin = PUBLIC_TWINS[url.pathname];
  if (twin) throw redirect(`${twin}${url.search}`);
  const redirectTo = `${url.pathname}${url.search}`;
  throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

/**
 * Starts a browser session and returns the Set-Cookie header that carries it. The session the
 * browser held before (another user's, or a stale one of this user) ends: one browser, one session.
 */
export async function startBrowserSession(context: AppLoadContext, request: Request, userId: string) {
  const { env } = context.cloudflare;
  const previous = sessionTokenOf(env, request);
  if (previous) await invalidateSession(context.db, hashToken(previous));
  const { token, session } = await createSession(context.db, {
    userId,
    kind: "browser",
    now: Date.now(),
    userAgent: request.headers.get("user-agent"),
    ip: context.clientIp,
  });
  return sessionCookieHeader(env, request.url, token, session.expiresAt);
}

export function clearSessionCookie(context: AppLoadContext, request: Request) {
  return clearSessionCookieHeader(context.cloudflare.env, request.url);
}
