import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { databaseFailureMessage } from "../../../db/client";
import type { AppBindings } from "../bindings";
import { fail } from "../lib/envelope";
import { openApiDocument } from "./openapi";
import { serve } from "./operation";
import { API_OPERATIONS } from "./operations";

const app = new Hono<AppBindings>();
serve(app, API_OPERATIONS);

/** The JSON API under /api: every operation as defined, the spec's envelope everywhere. */
export const api = app
  // The API's description for client developers (the /docs/api page shows the same).
  .get("/openapi.json", (c) => c.json(openApiDocument(new URL("/api", c.req.url).href)))
  .all("*", (c) => fail(c, 404, "Не найдено", `Нет такого метода API: ${c.req.method} ${c.req.path}`))
  .onError((error, c) => {
    if (error instanceof HTTPException) return fail(c, error.status, error.message || "Ошибка запроса");
    const database = databaseFailureMessage(error);
    if (database) {
      console.error("api: database unavailable", error);
      c.header("Retry-After", "60");
      return fail(c, 503, "Сервис временно недоступен", database);
    }
    console.error("api: unhandled error", error);
    return fail(c, 500, "Внутренняя ошибка сервера");
  });
