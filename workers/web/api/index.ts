import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppBindings } from "../bindings";
import { fail } from "../lib/envelope";
import { guardByCatalog } from "./access";
import { analyticsRoutes } from "./analytics";
import { authRoutes } from "./auth";
import { openApiDocument } from "./catalog";
import { companiesRoutes } from "./companies";
import { edoRoutes } from "./edo";
import { feedbackRoutes } from "./feedback";
import { geoRoutes } from "./geo";
import { healthRoutes } from "./health";
import { ordersRoutes, platformOrdersRoute } from "./orders";
import { partnerRoutes } from "./partners";
import { landingRoutes, registrationRoutes } from "./partner-landing";
import { paymentsRoutes } from "./payments";
import { platformsRoutes } from "./platforms";
import { x5Routes } from "./x5";

const guarded = new Hono<AppBindings>();
guardByCatalog(guarded);

/**
 * The JSON API under /api: one router per area, the spec's envelope everywhere. Access rules
 * come from the catalog (guardByCatalog) and run before the routers.
 */
export const api = guarded
  .route("/health", healthRoutes("api"))
  .route("/auth/health", healthRoutes("auth"))
  .route("/auth", authRoutes)
  .route("/analytics", analyticsRoutes)
  .route("/companies", companiesRoutes)
  .route("/platforms/orders", platformOrdersRoute)
  .route("/platforms", platformsRoutes)
  .route("/orders", ordersRoutes)
  .route("/x5", x5Routes)
  .route("/edo", edoRoutes)
  .route("/edo", geoRoutes)
  .route("/payments", paymentsRoutes)
  .route("/feedback", feedbackRoutes)
  .route("/partner", partnerRoutes)
  .route("/landing", landingRoutes)
  .route("/registration", registrationRoutes)
  // The API's description for client developers (the /docs/api page shows the same catalog).
  .get("/openapi.json", (c) => c.json(openApiDocument(new URL("/api", c.req.url).href)))
  .all("*", (c) => fail(c, 404, "Не найдено", `Нет такого метода API: ${c.req.method} ${c.req.path}`))
  .onError((error, c) => {
    if (error instanceof HTTPException) return fail(c, error.status, error.message || "Ошибка запроса");
    console.error("api: unhandled error", error);
    return fail(c, 500, "Внутренняя ошибка сервера");
  });
