import { Hono, type Context } from "hono";
import {
  authenticateX5,
  disconnectX5,
  storedX5Auth,
  testX5,
  X5_MESSAGES,
  x5AuthSchema,
} from "../../core/x5/x5";
import type { AppBindings } from "../bindings";
import { readJson } from "../lib/body";
import { fail, ok } from "../lib/envelope";
import { x5DepsFor } from "../lib/x5-deps";
import { callerOf } from "./access";

const x5Deps = (c: Context<AppBindings>) => x5DepsFor(c.env, c.get("db"));

/** The X5 integration page's API (spec 3 §7): a token from X5, its test, and disconnecting. */
export const x5Routes = new Hono<AppBindings>()
  .get("/health", (c) => ok(c, { status: "ok", service: "x5" }))
  .post("/auth", async (c) => {
    const body = await readJson(c, x5AuthSchema);
    if (!body.ok) return body.response;
    const result = await authenticateX5(x5Deps(c), callerOf(c).user.company.id, body.data);
    if (!result.ok) return fail(c, result.reason === "refused" ? 422 : 503, result.message);
    return ok(c, result.data);
  })
  .get("/auth", async (c) => {
    const auth = await storedX5Auth(x5Deps(c), callerOf(c).user.company.id);
    return auth ? ok(c, auth) : fail(c, 404, X5_MESSAGES.noToken);
  })
  .delete("/auth", async (c) => {
    await disconnectX5(c.get("db"), callerOf(c).user.company.id);
    return c.json({ success: true as const, data: null, message: X5_MESSAGES.disconnected });
  })
  .get("/test", async (c) => {
    const result = await testX5(x5Deps(c), callerOf(c).user.company.id);
    if (!result.ok) return fail(c, result.reason === "unavailable" ? 503 : 409, result.message);
    return c.json({ success: true as const, data: result.data, message: X5_MESSAGES.works });
  });
