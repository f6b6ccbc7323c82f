import { Hono } from "hono";
import { checkDatabase } from "../../core/health";
import type { AppBindings } from "../bindings";
import { fail, ok } from "../lib/envelope";

/** Health of the API and of the part of it named by `service`, after a real database round trip. */
export function healthRoutes(service: string) {
  return new Hono<AppBindings>().get("/", async (c) => {
    const database = await checkDatabase(c.get("db"));
    if (!database.ok) return fail(c, 503, "База данных недоступна");
    return ok(c, { status: "ok", service, database, time: new Date().toISOString() });
  });
}
