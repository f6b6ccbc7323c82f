import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { databaseFailureMessage } from "../../../db/client";
import type { AppBindings } from "../bindings";
import { fail } from "../lib/envelope";
import { openApiDocument } from "./openapi";
import { serve } from "./operation";
import { API_OPERATIONS } from "./operations";

/** The title of a 503: the database did not answer (decision 0046). */
export const SERVICE_UNAVAILABLE = "Сервис временно недоступен";

/**
 * The envelope for an error no operation answered, raised in a handler or before it (reading
 * the caller's session): a database that did not answer is 503 with Retry-After, anything else 500.
 */
export function apiError(error: Error, c: Context) {
  if (error instanceof HTTPException) return fail(c, error.status, error.message || "Ошибка запроса");
  const database = databaseFailureMessage(error);
  if (database) {
    console.error("api: database unavailable", error);
    c.header("Retry-After", "60");
    return fail(c, 503, SERVICE_UNAVAILABLE, database);
  }
  console.error("api: unhandled error", error);
  return fail(c, 500, "Внутренняя ошибка сервера");
}

const app = new Hono<AppBindings>();
serve(app, API_OPERATIONS);

/** The JSON API under /api: every operation as defined, the spec's envelope everywhere. */
export const api = app
  // The API's description for client developers (the /docs/api page shows the same).
  .get("/openapi.json", (c) => c.json(openApiDocument(new URL("/api", c.req.url).href)))
  .all("*", (c) => fail(c, 404, "Не найдено", `Нет такого метода API: ${c.req.method} ${c.req.path}`))
  .onError(apiError);
