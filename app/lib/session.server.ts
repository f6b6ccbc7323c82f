import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { createSession } from "../../workers/core/auth/sessions";
import { clearSessionCookieHeader, sessionCookieHeader } from "../../workers/web/lib/auth";
import type { Caller } from "../../workers/web/bindings";

/** Only same-site paths: never send a user to another site after sign-in. */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/dashboard",
): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  return to;
}

/** The signed-in caller, or a redirect to /login that remembers where the visitor was going. */
export function requireCaller(context: AppLoadContext, request: Request): Caller {
  if (context.caller) return context.caller;
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

/** Starts a browser session and returns the Set-Cookie header that carries it. */
export async function startBrowserSession(context: AppLoadContext, request: Request, userId: string) {
  const { token, session } = await createSession(context.db, {
    userId,
    kind: "browser",
    now: Date.now(),
    userAgent: request.headers.get("user-agent"),
    ip: context.clientIp,
  });
  return sessionCookieHeader(token, session.expiresAt, request.url);
}

export function clearSessionCookie(request: Request) {
  return clearSessionCookieHeader(request.url);
}
