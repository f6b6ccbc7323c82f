import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { PLATFORM_IDS, type PlatformId } from "../../workers/providers/customer-platform";
import { refusesCredentials, simulatedFailures, type FailureSwitch } from "../failures";
import { DEFAULT_ORDER_COUNT, MAX_ORDER_COUNT, platformOrder } from "./orders";

/** Each platform has its own failure switch: `platform:x5`, `platform:magnit`, … */
export const platformProvider = (platformId: PlatformId) => `platform:${platformId}` as const;
export const PLATFORM_PROVIDERS = PLATFORM_IDS.map(platformProvider);

type Account = { username: string; password: string };

const DEMO_ACCOUNT: Account = { username: "demo", password: "platform-demo-2025" };
const ACCOUNTS: Record<PlatformId, readonly Account[]> = {
  x5: [DEMO_ACCOUNT, { username: "carrier@x5.demo", password: "x5-demo-2025" }],
  magnit: [DEMO_ACCOUNT],
  pepsi: [DEMO_ACCOUNT],
  mars: [DEMO_ACCOUNT],
  sber_logistics: [DEMO_ACCOUNT],
};

const TOKEN_TTL_SECONDS = 3600;
const MAX_PER_PAGE = 500;

/** How many orders a platform lists and how many times their statuses have moved on. */
export type OrdersState = { count: number; version: number };

type IssuedToken = { platformId: PlatformId; expiresAt: number };

type PlatformBindings = { Variables: { platformId: PlatformId } };

const isPlatformId = (value: string): value is PlatformId =>
  (PLATFORM_IDS as readonly string[]).includes(value);

const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(100),
});

const countSchema = z.object({ count: z.number().int().min(0).max(MAX_ORDER_COUNT) });

/** Errors in the shape of RFC 6749 §5.2; descriptions stay ASCII as the RFC asks. */
const oauthError = (c: Context, status: ContentfulStatusCode, error: string, description: string) =>
  c.json({ error, error_description: description }, status);

const invalidToken = (c: Context) => {
  c.header("WWW-Authenticate", 'Bearer error="invalid_token"');
  return c.json({ error: "invalid_token" }, 401);
};

/**
 * The customer platforms' carrier API (OAuth password grant, then a paged order list) under
 * `/platforms/{platformId}`, and the sandbox's controls of their orders under
 * `/__sandbox/platforms/{platformId}`. All accounts of a platform see the same orders.
 */
export function platformsSandbox(failures: FailureSwitch) {
  const states = new Map<PlatformId, OrdersState>(
    PLATFORM_IDS.map((id) => [id, { count: DEFAULT_ORDER_COUNT, version: 0 }]),
  );
  const tokens = new Map<string, IssuedToken>();
  const stateOf = (platformId: PlatformId) => states.get(platformId) ?? { count: 0, version: 0 };

  const forgetExpiredTokens = (now: number) => {
    for (const [token, issued] of tokens) if (issued.expiresAt <= now) tokens.delete(token);
  };

  const api = new Hono<PlatformBindings>()
    .use("/:platformId/*", async (c, next) => {
      const platformId = c.req.param("platformId");
      if (!isPlatformId(platformId)) return c.json({ error: "not_found" }, 404);
      c.set("platformId", platformId);
      return simulatedFailures(failures, platformProvider(platformId))(c, next);
    })
    .post("/:platformId/oauth/token", async (c) => {
      const platformId = c.get("platformId");
      const type = (c.req.header("content-type") ?? "").toLowerCase();
      if (!type.startsWith("application/x-www-form-urlencoded")) {
        return oauthError(
          c,
          400,
          "invalid_request",
          "Content-Type must be application/x-www-form-urlencoded",
        );
      }
      const form = new URLSearchParams(await c.req.text());
      const grantType = form.get("grant_type");
      if (!grantType) return oauthError(c, 400, "invalid_request", "grant_type is required");
      if (grantType !== "password") {
        return oauthError(c, 400, "unsupported_grant_type", "Only grant_type=password is supported");
      }
      const username = form.get("username");
      const password = form.get("password");
      if (!username || !password) {
        return oauthError(c, 400, "invalid_request", "username and password are required");
      }
      const known = ACCOUNTS[platformId].some((a) => a.username === username && a.password === password);
      if (!known) return oauthError(c, 401, "invalid_grant", "Invalid username or password");

      const now = Date.now();
      forgetExpiredTokens(now);
      const accessToken = crypto.randomUUID().replaceAll("-", "");
      tokens.set(accessToken, { platformId, expiresAt: now + TOKEN_TTL_SECONDS * 1000 });
      c.header("Cache-Control", "no-store");
      return c.json({ access_token: accessToken, token_type: "Bearer", expires_in: TOKEN_TTL_SECONDS });
    })
    .get("/:platformId/api/v1/orders", (c) => {
      const platformId = c.get("platformId");
      const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
      const issued = bearer ? tokens.get(bearer[1]) : undefined;
      const refused = refusesCredentials(failures, platformProvider(platformId));
      if (!issued || issued.platformId !== platformId || issued.expiresAt <= Date.now() || refused)
        return invalidToken(c);

      const query = pageQuerySchema.safeParse(c.req.query());
      if (!query.success) {
        return oauthError(
          c,
          400,
          "invalid_request",
          `page must be an integer from 1, per_page an integer from 1 to ${MAX_PER_PAGE}`,
        );
      }
      const { page, per_page: perPage } = query.data;
      const { count, version } = stateOf(platformId);
      const first = Math.min(count, (page - 1) * perPage);
      const last = Math.min(count, first + perPage);
      const data = Array.from({ length: last - first }, (_, i) =>
        platformOrder(platformId, first + i, version),
      );
      return c.json({
        data,
        meta: { page, per_page: perPage, total: count, total_pages: Math.ceil(count / perPage) },
      });
    });

  const admin = new Hono<PlatformBindings>()
    .use("/:platformId/*", async (c, next) => {
      const platformId = c.req.param("platformId");
      if (!isPlatformId(platformId)) {
        return c.json({ error: `unknown platform; expected ${PLATFORM_IDS.join("|")}` }, 404);
      }
      c.set("platformId", platformId);
      await next();
    })
    .get("/:platformId/orders/state", (c) => c.json(stateOf(c.get("platformId"))))
    .post("/:platformId/orders", async (c) => {
      const parsed = countSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return c.json({ error: `expected {"count": 0..${MAX_ORDER_COUNT}}` }, 400);
      const platformId = c.get("platformId");
      const state = { ...stateOf(platformId), count: parsed.data.count };
      states.set(platformId, state);
      return c.json(state);
    })
    .post("/:platformId/advance", (c) => {
      const platformId = c.get("platformId");
      const current = stateOf(platformId);
      const state = { ...current, version: current.version + 1 };
      states.set(platformId, state);
      return c.json(state);
    })
    .post("/:platformId/tokens/expire", (c) => {
      const platformId = c.get("platformId");
      let expired = 0;
      for (const [token, issued] of tokens) {
        if (issued.platformId === platformId) {
          tokens.delete(token);
          expired++;
        }
      }
      return c.json({ expired });
    });

  return new Hono().route("/platforms", api).route("/__sandbox/platforms", admin);
}
