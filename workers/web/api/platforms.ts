import { Hono, type Context } from "hono";
import { listPlatforms } from "../../core/platforms/catalogue";
import {
  createConnection,
  deleteConnection,
  listConnections,
  newConnectionSchema,
  PLATFORM_MESSAGES,
  startSync,
  testConnection,
} from "../../core/platforms/connections";
import type { AppBindings } from "../bindings";
import { readJson } from "../lib/body";
import { fail, ok } from "../lib/envelope";
import { platformDepsFor } from "../lib/platform-deps";
import { callerOf } from "./access";

const platformDeps = (c: Context<AppBindings>) => platformDepsFor(c.env, c.get("db"));

/** Customer platforms and the company's connections to them (spec 1 §2 Platforms, §7). */
export const platformsRoutes = new Hono<AppBindings>()
  .get("/", (c) => ok(c, listPlatforms()))
  .get("/connections", async (c) =>
    ok(c, await listConnections(c.get("db"), callerOf(c).user.company.id, Date.now())),
  )
  .post("/connections", async (c) => {
    const body = await readJson(c, newConnectionSchema);
    if (!body.ok) return body.response;
    const result = await createConnection(platformDeps(c), callerOf(c).user.company.id, body.data);
    if (!result.ok) return fail(c, result.reason === "refused" ? 422 : 503, result.message);
    return c.json(
      { success: true as const, data: result.connection, message: PLATFORM_MESSAGES.created },
      201,
    );
  })
  .post("/connections/:id/test", async (c) => {
    const result = await testConnection(platformDeps(c), callerOf(c).user.company.id, c.req.param("id"));
    return result ? ok(c, result) : fail(c, 404, PLATFORM_MESSAGES.notFound);
  })
  .post("/connections/:id/sync", async (c) => {
    const connection = await startSync(platformDeps(c), callerOf(c).user.company.id, c.req.param("id"));
    if (!connection) return fail(c, 404, PLATFORM_MESSAGES.notFound);
    return ok(c, { count: connection.orders_count, connection }, 202);
  })
  .delete("/connections/:id", async (c) => {
    const deleted = await deleteConnection(c.get("db"), callerOf(c).user.company.id, c.req.param("id"));
    return deleted ? ok(c, { deleted: 1 }) : fail(c, 404, PLATFORM_MESSAGES.notFound);
  });
