import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { verifyAccessToken } from "../../core/auth/access-token";
import { AUTH_MESSAGES } from "../../core/auth/accounts";
import { validateSession, validateSessionToken } from "../../core/auth/sessions";
import type { AppBindings, Caller } from "../bindings";
import { fail } from "./envelope";

export const SESSION_COOKIE = "reys_session";

/** The signing secret of access tokens; production refuses to run without one. */
export function authSecret(env: Env): string {
  if (env.SESSION_SECRET && env.SESSION_SECRET.length >= 32) return env.SESSION_SECRET;
  throw new Error("SESSION_SECRET is not set (at least 32 characters): wrangler secret put SESSION_SECRET");
}

export function clientIp(c: Context): string | null {
  return c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? null;
}

/** httpOnly, SameSite=Lax cookie carrying the browser session token; Secure when served over https. */
export function sessionCookieHeader(token: string, expiresAt: Date, requestUrl: string): string {
  const secure = new URL(requestUrl).protocol === "https:";
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Expires=${expiresAt.toUTCString()}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function clearSessionCookieHeader(requestUrl: string): string {
  return sessionCookieHeader("", new Date(0), requestUrl);
}

/**
 * Finds the caller once per request: a Bearer access token (API clients) or the session
 * cookie (browsers). A renewed cookie session gets a fresh cookie; a dead one loses it.
 */
export const resolveCaller: MiddlewareHandler<AppBindings> = async (c, next) => {
  const db = c.get("db");
  const now = Date.now();
  let caller: Caller | null = null;
  const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  const cookie = getCookie(c, SESSION_COOKIE);
  let setCookie: string | null = null;
  if (bearer) {
    const claims = await verifyAccessToken(authSecret(c.env), bearer, now);
    const valid = claims ? await validateSession(db, claims.sid, now) : null;
    if (valid && valid.user.id === claims?.sub) caller = { ...valid, via: "bearer" };
  } else if (cookie) {
    const valid = await validateSessionToken(db, cookie, now);
    if (valid && valid.session.kind === "browser") {
      caller = { ...valid, via: "cookie" };
      if (valid.renewed) setCookie = sessionCookieHeader(cookie, valid.session.expiresAt, c.req.url);
    } else {
      setCookie = clearSessionCookieHeader(c.req.url);
    }
  }
  c.set("caller", caller);
  await next();
  if (setCookie) {
    // After the handler: Remix builds its own Response, so the header goes onto that one.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append("Set-Cookie", setCookie);
  }
};

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses state-changing browser requests that come from another site (CSRF). Browsers say
 * where a request comes from in Sec-Fetch-Site (or at least Origin); a cookie-carrying request
 * that says neither is refused too. Bearer clients are not browsers riding on cookies.
 */
export const csrfProtection: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (!UNSAFE.has(c.req.method) || c.req.header("authorization")) return next();
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  const hasCookie = getCookie(c, SESSION_COOKIE) !== undefined;
  const sameOrigin = site
    ? site === "same-origin"
    : origin
      ? origin === new URL(c.req.url).origin
      : !hasCookie;
  if (sameOrigin) return next();
  const message = "Запрос отклонён: он пришёл с другого сайта.";
  if (c.req.path.startsWith("/api/")) return fail(c, 403, "Недопустимый источник запроса", message);
  return c.text(message, 403);
};

export const requireAuth: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (!c.get("caller")) return fail(c, 401, AUTH_MESSAGES.unauthorized);
  return next();
};

export const requireAdmin: MiddlewareHandler<AppBindings> = async (c, next) => {
  const caller = c.get("caller");
  if (!caller) return fail(c, 401, AUTH_MESSAGES.unauthorized);
  if (caller.user.role !== "admin") return fail(c, 403, "Доступ запрещен");
  return next();
};
