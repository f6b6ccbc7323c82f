import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { parse } from "hono/utils/cookie";
import { verifyAccessToken } from "../../core/auth/access-token";
import { validateSession, validateSessionToken } from "../../core/auth/sessions";
import type { AppBindings, Caller } from "../bindings";
import { fail } from "./envelope";

/** `Authorization: Bearer <token>`: the only credential that is not a cookie. */
const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The client's address, as the per-IP limits and the sessions list see it. Cloudflare sets
 * CF-Connecting-IP and a client cannot forge it; X-Real-IP is anyone's to send, so it is read
 * only where TRUST_X_REAL_IP=1 says a proxy of ours in front sets it (it then names the client,
 * and CF-Connecting-IP that proxy).
 */
export function clientIp(c: Context<AppBindings>): string | null {
  const proxied = c.env.TRUST_X_REAL_IP === "1" ? c.req.header("x-real-ip") : undefined;
  return proxied ?? c.req.header("cf-connecting-ip") ?? null;
}

/**
 * The browser session cookie: `__Host-reys_session`, always Secure, in production (the prefix
 * makes browsers refuse it from http or with a Domain, so no subdomain can plant or read it);
 * locally on http://127.0.0.1 the plain `reys_session`, which every browser accepts there.
 */
export function sessionCookieName(env: Pick<Env, "APP_ENV">, requestUrl: string): string {
  return secureCookies(env, requestUrl) ? "__Host-reys_session" : "reys_session";
}

function secureCookies(env: Pick<Env, "APP_ENV">, requestUrl: string): boolean {
  return env.APP_ENV === "production" || new URL(requestUrl).protocol === "https:";
}

/** httpOnly, SameSite=Lax cookie carrying the browser session token. */
export function sessionCookieHeader(
  env: Pick<Env, "APP_ENV">,
  requestUrl: string,
  token: string,
  expiresAt: Date,
): string {
  return [
    `${sessionCookieName(env, requestUrl)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Expires=${expiresAt.toUTCString()}`,
    ...(secureCookies(env, requestUrl) ? ["Secure"] : []),
  ].join("; ");
}

export function clearSessionCookieHeader(env: Pick<Env, "APP_ENV">, requestUrl: string): string {
  return sessionCookieHeader(env, requestUrl, "", new Date(0));
}

/** The session token a request's Cookie header carries, if any. */
export function sessionTokenOf(env: Pick<Env, "APP_ENV">, request: Request): string | undefined {
  const name = sessionCookieName(env, request.url);
  return parse(request.headers.get("cookie") ?? "", name)[name];
}

/**
 * Finds the caller once per request: a Bearer access token (API clients) or the session
 * cookie (browsers). A renewed cookie session gets a fresh cookie; a dead one loses it.
 */
export const resolveCaller: MiddlewareHandler<AppBindings> = async (c, next) => {
  const db = c.get("db");
  const now = Date.now();
  let caller: Caller | null = null;
  const bearer = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
  const cookie = getCookie(c, sessionCookieName(c.env, c.req.url));
  let setCookie: string | null = null;
  if (bearer) {
    const claims = await verifyAccessToken(c.env.SESSION_SECRET, bearer, now);
    const valid = claims ? await validateSession(db, claims.sid, now) : null;
    if (valid && valid.user.id === claims?.sub) caller = { ...valid, via: "bearer" };
  } else if (cookie) {
    const valid = await validateSessionToken(db, cookie, now);
    if (valid && valid.session.kind === "browser") {
      caller = { ...valid, via: "cookie" };
      if (valid.renewed) setCookie = sessionCookieHeader(c.env, c.req.url, cookie, valid.session.expiresAt);
    } else {
      setCookie = clearSessionCookieHeader(c.env, c.req.url);
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
  if (!UNSAFE.has(c.req.method) || BEARER.test(c.req.header("authorization") ?? "")) return next();
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  const hasCookie = getCookie(c, sessionCookieName(c.env, c.req.url)) !== undefined;
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
