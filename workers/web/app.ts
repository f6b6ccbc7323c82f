import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { api, apiError, SERVICE_UNAVAILABLE } from "./api";
import type { AppBindings } from "./bindings";
import { answerPage, clientIp, csrfProtection, resolveCaller } from "./lib/auth";
import { limitBodies, noStorePrivate, refusalPage } from "./lib/limits";
import { formBodiesOnly } from "./lib/page-bodies";
import { pageCache } from "./lib/page-cache";
import { securityHeaders } from "./lib/security-headers";
import { followShortLink } from "./short-links";
import { createDb, databaseFailureMessage, type WriteGate } from "../../db/client";
import { serviceDeps } from "./deps";

/**
 * The web Worker: /api/* goes to the Hono routers, /s/:code to its partner link, everything
 * else to Remix.
 * Static client assets never reach this code: Workers Static Assets serves them first.
 */
export function createWebApp(build: ServerBuild) {
  const handleRemix = createRequestHandler(build, build.mode);
  return (
    new Hono<AppBindings>()
      .use(securityHeaders)
      .use(limitBodies)
      // Before the db client and the caller: a kept public page needs neither (no cookie, no token).
      .use(pageCache())
      .use(async (c, next) => {
        const page = !c.req.path.startsWith("/api/");
        const writeGate: WriteGate | null = page ? { until: null } : null;
        const roundTrips = { count: 0 };
        const db = createDb({
          url: c.env.DATABASE_URL,
          authToken: c.env.DATABASE_AUTH_TOKEN,
          // A page's loaders run at once: their reads share a round trip (decision 0075), the
          // session's too when the caller is guessed; its writes wait for the session (0086).
          mergeReadBatches: page,
          writeGate: writeGate ?? undefined,
          roundTrips,
        });
        c.set("db", db);
        c.set("writeGate", writeGate);
        c.set("roundTrips", roundTrips);
        c.set("deps", serviceDeps(c.env, db));
        await next();
      })
      .use(csrfProtection)
      .use(noStorePrivate)
      .use(resolveCaller)
      .route("/api", api)
      .get("/s/:code", followShortLink)
      .all("*", formBodiesOnly, async (c) => {
        const page = await answerPage(c, () =>
          handleRemix(c.req.raw, {
            cloudflare: { env: c.env, ctx: c.executionCtx },
            cspNonce: c.get("cspNonce"),
            db: c.get("db"),
            caller: c.get("caller"),
            clientIp: clientIp(c),
          }),
        );
        // How many database round trips the page took before its answer (decisions 0075, 0086).
        const timed = new Response(page.body, page);
        timed.headers.append("Server-Timing", `db;desc="${c.get("roundTrips").count}"`);
        return timed;
      })
      // An error before the API's routes or Remix answer (reading the caller's session while the
      // database is restarting, say): the envelope under /api, a short Russian page elsewhere.
      .onError((error, c) => {
        if (c.req.path.startsWith("/api/")) return apiError(error, c);
        if (error instanceof HTTPException) return error.getResponse();
        const database = databaseFailureMessage(error);
        console.error("web: unhandled error", error);
        if (!database) {
          return refusalPage(c, 500, "Что-то пошло не так", "Обновите страницу или попробуйте позже.");
        }
        c.header("Retry-After", "60");
        return refusalPage(c, 503, SERVICE_UNAVAILABLE, database);
      })
  );
}
