import { Hono, type Context } from "hono";
import { AUTH_MESSAGES, registerAccount, signIn } from "../../core/auth/accounts";
import { endSessionOfRefreshToken, rotateRefreshToken, startApiSession } from "../../core/auth/refresh";
import { loginSchema, logoutSchema, refreshSchema, registrationSchema } from "../../core/auth/schemas";
import {
  endOtherSessions,
  endSessionByHandle,
  invalidateSession,
  listSessions,
} from "../../core/auth/sessions";
import type { AppBindings } from "../bindings";
import { clearSessionCookieHeader, clientIp, sessionTokenOf } from "../lib/auth";
import { callerOf } from "./access";
import { readJson, validate } from "../lib/body";
import { fail, ok } from "../lib/envelope";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** POST /auth/login takes a form body (spec 1 §7) or JSON. */
async function readLogin(c: Context<AppBindings>) {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (FORM_TYPES.includes(type)) {
    const form = await c.req.parseBody();
    return validate(c, loginSchema, { email: form.email, password: form.password });
  }
  return readJson(c, loginSchema);
}

export const authRoutes = new Hono<AppBindings>()
  .post("/login", async (c) => {
    const body = await readLogin(c);
    if (!body.ok) return body.response;
    const now = Date.now();
    const db = c.get("db");
    const result = await signIn(db, { ...body.data, ip: clientIp(c), now });
    if (!result.ok) {
      if (result.reason === "rate_limited") {
        c.header("Retry-After", String(result.retryAfterSeconds));
        return fail(c, 429, result.message);
      }
      return fail(c, 401, result.message);
    }
    const tokens = await startApiSession(db, c.env.SESSION_SECRET, {
      userId: result.user.id,
      now,
      userAgent: c.req.header("user-agent"),
      ip: clientIp(c),
    });
    return c.json({
      success: true as const,
      data: { tokens, user: result.user },
      message: AUTH_MESSAGES.welcome,
    });
  })
  .post("/register", async (c) => {
    const body = await readJson(c, registrationSchema);
    if (!body.ok) return body.response;
    const result = await registerAccount(c.get("db"), body.data, { ip: clientIp(c), now: Date.now() });
    if (!result.ok) {
      if (result.reason !== "rate_limited") return fail(c, 409, result.message);
      c.header("Retry-After", String(result.retryAfterSeconds));
      return fail(c, 429, result.message);
    }
    return c.json(
      { success: true as const, data: { user: result.user }, message: AUTH_MESSAGES.registered },
      201,
    );
  })
  .post("/refresh", async (c) => {
    const body = await readJson(c, refreshSchema);
    if (!body.ok) return body.response;
    const result = await rotateRefreshToken(
      c.get("db"),
      c.env.SESSION_SECRET,
      body.data.refreshToken,
      Date.now(),
    );
    if (!result.ok) {
      const message =
        result.reason === "reused"
          ? "Токен обновления уже использован: сеанс завершён в целях безопасности. Войдите снова."
          : "Сеанс истёк. Войдите снова.";
      return fail(c, 401, message);
    }
    return ok(c, { tokens: result.tokens, user: result.user });
  })
  .post("/logout", async (c) => {
    // A body is optional; one that is sent must be valid.
    const body = c.req.raw.body ? await readJson(c, logoutSchema) : { ok: true as const, data: {} };
    if (!body.ok) return body.response;
    const caller = c.get("caller");
    if (caller) await invalidateSession(c.get("db"), caller.session.id);
    // A client whose access token expired still ends its session with the refresh token.
    if (body.data.refreshToken) await endSessionOfRefreshToken(c.get("db"), body.data.refreshToken);
    if (sessionTokenOf(c.env, c.req.raw) !== undefined) {
      c.header("Set-Cookie", clearSessionCookieHeader(c.env, c.req.url), { append: true });
    }
    return c.json({ success: true as const, data: null, message: AUTH_MESSAGES.loggedOut });
  })
  .get("/me", (c) => ok(c, callerOf(c).user))
  .get("/sessions", async (c) => {
    const { user, session } = callerOf(c);
    return ok(c, await listSessions(c.get("db"), user.id, session.id, Date.now()));
  })
  .post("/sessions/end-others", async (c) => {
    const { user, session } = callerOf(c);
    return ok(c, { ended: await endOtherSessions(c.get("db"), user.id, session.id) });
  })
  .delete("/sessions/:id", async (c) => {
    const { user } = callerOf(c);
    const ended = await endSessionByHandle(c.get("db"), user.id, c.req.param("id"));
    return ended ? ok(c, { ended: 1 }) : fail(c, 404, "Сеанс не найден");
  });
