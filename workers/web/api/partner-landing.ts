import { Hono } from "hono";
import { startApiSession } from "../../core/auth/refresh";
import { linkViewedEvent, registeredEvent } from "../../core/partners/funnel";
import { readPartnerLanding, validateCodeOrHash } from "../../core/partners/landing";
import { registerPartnerAccount } from "../../core/partners/quick-registration";
import {
  landingQuerySchema,
  PARTNER_REGISTRATION_MESSAGES,
  partnerRegistrationSchema,
} from "../../core/partners/quick-registration-schema";
import type { AppBindings } from "../bindings";
import { clientIp } from "../lib/auth";
import { readJson, validate } from "../lib/body";
import { fail, ok } from "../lib/envelope";
import { recordServerEvents } from "../lib/server-events";

/** The partner landing's data and the partner-code / link check (public). */
export const landingRoutes = new Hono<AppBindings>()
  .get("/landing", async (c) => {
    const query = validate(c, landingQuerySchema, c.req.query());
    if (!query.ok) return query.response;
    const { token, ...utm } = query.data;
    const now = Date.now();
    const landing = await readPartnerLanding(c.get("db"), token, now);
    if (landing.link && !landing.data.alreadyRegistered) {
      recordServerEvents(c.env, c.executionCtx, [
        linkViewedEvent(landing.link, {
          utm,
          // The page that asked: the landing itself, read from the URL hash.
          pageUrl: c.req.header("referer") ?? null,
          referrer: null,
          userId: c.get("caller")?.user.id ?? null,
          now,
        }),
      ]);
    }
    return ok(c, landing.data);
  })
  .get("/validate/:codeOrHash", async (c) =>
    ok(c, await validateCodeOrHash(c.get("db"), c.req.param("codeOrHash"), Date.now())),
  );

/** Partner quick registration for API clients: the account, the link used up, a token pair. */
export const registrationRoutes = new Hono<AppBindings>().post("/partner-register", async (c) => {
  const body = await readJson(c, partnerRegistrationSchema);
  if (!body.ok) return body.response;
  const db = c.get("db");
  const now = Date.now();
  const ip = clientIp(c);
  const result = await registerPartnerAccount(db, body.data, { ip, now });
  if (!result.ok) {
    switch (result.reason) {
      case "rate_limited":
        c.header("Retry-After", String(result.retryAfterSeconds));
        return fail(c, 429, result.message);
      case "invalid_link":
        return fail(c, 404, result.message);
      case "already_registered":
        return fail(c, 409, result.message, PARTNER_REGISTRATION_MESSAGES.alreadyRegisteredDetail);
      default:
        return fail(c, 409, result.message);
    }
  }
  const tokens = await startApiSession(db, c.env.SESSION_SECRET, {
    userId: result.user.id,
    now,
    userAgent: c.req.header("user-agent"),
    ip,
  });
  recordServerEvents(c.env, c.executionCtx, [
    registeredEvent(result.link, {
      utm: {},
      userId: result.user.id,
      companyId: result.user.company.id,
      channel: "api",
      now,
    }),
  ]);
  return c.json(
    {
      success: true as const,
      data: { authToken: tokens.accessToken, tokens, user: result.user },
      message: PARTNER_REGISTRATION_MESSAGES.registered,
    },
    201,
  );
});
