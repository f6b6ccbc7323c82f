import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { createSession, invalidateSession } from "../../workers/core/auth/sessions";
import { hashToken } from "../../workers/core/auth/tokens";
import {
  DRIVER_HOME,
  pageRoles,
  ROLE_REFUSAL,
  roleAllows,
  type CompanyRole,
} from "../../workers/core/members/roles";
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
 * The signed-in caller whose role in the company may open this page (decision 0077), or a
 * redirect to /login that remembers where the visitor was going (to the page's public twin, if
 * it has one). A member whose role may not is answered 403 with the page's Russian refusal, before
 * the loader or action reads or changes anything; a driver sent to the office's home page goes to
 * their documents instead.
 */
export function requireCaller(context: AppLoadContext, request: Request): Caller {
  const caller = signedInCaller(context, request);
  const { pathname } = new URL(request.url);
  if (roleAllows(pageRoles(pathname), caller.companyRole)) return caller;
  if (caller.companyRole === "driver" && pathname === "/dashboard") throw redirect(DRIVER_HOME);
  return requireRole(caller, pageRoles(pathname));
}

/** The caller if their role is one of `roles` (an action a page's other roles may not use), else 403. */
export function requireRole(caller: Caller, roles: readonly CompanyRole[]): Caller {
  if (roleAllows(roles, caller.companyRole)) return caller;
  throw data(ROLE_REFUSAL.message, { status: 403 });
}

/** The signed-in caller whatever their role (the signed-in layout), or the redirect to /login. */
export function signedInCaller(context: AppLoadContext, request: Request): Caller {
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
