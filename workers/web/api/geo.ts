import { Hono } from "hono";
import { calculateRoute, geocodeAddresses } from "../../core/geo/geo";
import { geocodeRequestSchema, routeRequestSchema } from "../../core/geo/schemas";
import type { AppBindings } from "../bindings";
import { readJson } from "../lib/body";
import { fail, ok } from "../lib/envelope";
import { geoDepsFor } from "../lib/geo-deps";

/**
 * Geocoding and routes for the EDO map and trip figures (spec 2 §7), mounted beside the EDO
 * routes under /edo. They read no EDO data, so they need a signed-in user but no EDO login.
 */
export const geoRoutes = new Hono<AppBindings>()
  .post("/geocode", async (c) => {
    const body = await readJson(c, geocodeRequestSchema);
    if (!body.ok) return body.response;
    return ok(c, await geocodeAddresses(geoDepsFor(c.env, c.get("db")), body.data.addresses));
  })
  .post("/calculate-route", async (c) => {
    const body = await readJson(c, routeRequestSchema);
    if (!body.ok) return body.response;
    const { fromAddress, toAddress } = body.data;
    const route = await calculateRoute(geoDepsFor(c.env, c.get("db")), fromAddress, toAddress);
    if (!route.ok) return fail(c, 422, route.error, route.message);
    return ok(c, route.data);
  });
