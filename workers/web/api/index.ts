import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { AppBindings } from "../bindings";
import { fail } from "../lib/envelope";
import { analyticsRoutes } from "./analytics";
import { authRoutes } from "./auth";
import { openApiDocument } from "./catalog";
import { companiesRoutes } from "./companies";
import { healthRoutes } from "./health";

const MAX_BODY_BYTES = 256 * 1024;

/** The JSON API under /api: one router per area, the spec's envelope everywhere. */
export const api = new Hono<AppBindings>()
  .use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => fail(c, 413, "Слишком большой запрос"),
    }),
  )
  .route("/health", healthRoutes("api"))
  .route("/auth/health", healthRoutes("auth"))
  .route("/auth", authRoutes)
  .route("/analytics", analyticsRoutes)
  .route("/companies", companiesRoutes)
  // The API's description for client developers (the /docs/api page shows the same catalog).
  .get("/openapi.json", (c) => c.json(openApiDocument(new URL("/api", c.req.url).href)))
  .all("*", (c) => fail(c, 404, "Не найдено", `Нет такого метода API: ${c.req.method} ${c.req.path}`))
  .onError((error, c) => {
    if (error instanceof HTTPException) return fail(c, error.status, error.message || "Ошибка запроса");
    console.error("api: unhandled error", error);
    return fail(c, 500, "Внутренняя ошибка сервера");
  });
