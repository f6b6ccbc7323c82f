import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { parse } from "hono/utils/cookie";
import { verifyAccessToken } from "../../core/auth/access-token";
import {
  readSession,
  sessionLive,
  settleSession,
  validateSession,
  type SessionRead,
  type ValidSession,
} from "../../core/auth/sessions";
import { hashToken } from "../../core/auth/tokens";
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
 * Browser callers this isolate found lately, by session id: the first guess of the next page
 * request with the same session (decision 0086). Never trusted alone: the session is read in the
 * page's own batch and must still name the same caller, or the page is read again.
 */
const KEPT_CALLERS = 1_000;
const keptCallers = new Map<string, SessionRead>();

function keepCaller(sessionId: string, caller: SessionRead | null): void {
  keptCallers.delete(sessionId);
  if (!caller) return;
  keptCallers.set(sessionId, caller);
  if (keptCallers.size > KEPT_CALLERS) keptCallers.delete(keptCallers.keys().next().value!);
}

/** Whether a session read now names the caller a page was read for: same user, company, role… */
export function sameCaller(guessed: SessionRead, read: SessionRead): boolean {
  return (
    guessed.session.id === read.session.id &&
    guessed.session.userId === read.session.userId &&
    guessed.session.kind === read.session.kind &&
    guessed.companyRole === read.companyRole &&
    guessed.emailConfirmed === read.emailConfirmed &&
    JSON.stringify(guessed.user) === JSON.stringify(read.user)
  );
}

/** A page read for a guessed caller: the session's own read, and whether it confirms the guess. */
export type CallerGuess = {
  sessionId: string;
  now: number;
  read: Promise<SessionRead | null>;
  confirmed: Promise<boolean>;
};

/** Refused writes of a page read for a caller the session no longer names (the page is read again). */
export class CallerChangedError extends Error {
  override name = "CallerChangedError";
  constructor() {
    super("the session no longer names the caller this page was read for");
  }
}

const ignore = () => undefined;

/** The session if it is a browser's (a cookie never carries an API session). */
const browserSession = (valid: ValidSession | null) => (valid?.session.kind === "browser" ? valid : null);

/** The Set-Cookie a cookie caller gets: the renewed expiry, a cleared cookie once dead, or none. */
function cookieAfter(c: Context<AppBindings>, token: string, valid: ValidSession | null): string | null {
  if (!valid) return clearSessionCookieHeader(c.env, c.req.url);
  return valid.renewed ? sessionCookieHeader(c.env, c.req.url, token, valid.session.expiresAt) : null;
}

/**
 * Finds the caller once per request: a Bearer access token (API clients) or the session
 * cookie (browsers). A renewed cookie session gets a fresh cookie; a dead one loses it.
 *
 * A page (GET, under a database that merges reads) with a session this isolate found before is
 * read for that caller at once, and the session is read in the same batch as the page's loaders:
 * one round trip instead of two (decision 0086). The page's writes wait for that read, and
 * answerPage sends the page only if it names the same caller; otherwise the page is read again.
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
    const sessionId = hashToken(cookie);
    const gate = c.get("writeGate");
    // Pages only (Remix answers them through answerPage), not a partner link's redirect.
    const guessing =
      gate !== null && (c.req.method === "GET" || c.req.method === "HEAD") && !c.req.path.startsWith("/s/");
    const kept = guessing ? keptCallers.get(sessionId) : undefined;
    if (gate && kept) {
      const read = readSession(db, sessionId);
      const confirmed = read.then(
        (found) =>
          found !== null &&
          found.session.kind === "browser" &&
          sessionLive(found.session, now) &&
          sameCaller(kept, found),
      );
      gate.until = confirmed.then((same) => {
        if (!same) throw new CallerChangedError();
      });
      gate.until.catch(ignore);
      confirmed.catch(ignore);
      c.set("callerGuess", { sessionId, now, read, confirmed });
      caller = { ...kept, renewed: false, via: "cookie" };
    } else {
      const browser = browserSession(await validateSession(db, sessionId, now));
      if (guessing) keepCaller(sessionId, browser);
      if (browser) caller = { ...browser, via: "cookie" };
      setCookie = cookieAfter(c, cookie, browser);
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

/**
 * A page's answer (`answer` renders it for c's caller). With a guessed caller (resolveCaller), the
 * page is sent only once the session, read in its batch, names the same caller; then the session's
 * use is noted as validateSession would. If it does not (another role, a removed member, a
 * signed-out session), the page goes unsent and is read again for the caller the session names now.
 */
export async function answerPage(
  c: Context<AppBindings>,
  answer: () => Promise<Response>,
): Promise<Response> {
  const guess = c.get("callerGuess");
  if (!guess) return answer();
  const db = c.get("db");
  const first = await answer();
  let valid: ValidSession | null;
  let response = first;
  try {
    const confirmed = await guess.confirmed;
    // A wrong guess's page goes unsent; the writes after this point (the session's own, the page
    // read again) are for the caller the session names now.
    if (!confirmed) await first.body?.cancel();
    c.get("writeGate")!.until = null;
    // The session as read in the page's batch, settled as validateSession would (use noted,
    // renewed, or deleted once ended): it is not read a second time.
    const read = await guess.read;
    valid = browserSession(read && (await settleSession(db, read, guess.now)));
    if (!confirmed) {
      c.set("caller", valid && { ...valid, via: "cookie" });
      response = await answer();
    }
  } catch (error) {
    await first.body?.cancel();
    throw error;
  }
  keepCaller(guess.sessionId, valid);
  const setCookie = cookieAfter(c, sessionTokenOf(c.env, c.req.raw)!, valid);
  if (!setCookie) return response;
  response = new Response(response.body, response);
  response.headers.append("Set-Cookie", setCookie);
  return response;
}

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
