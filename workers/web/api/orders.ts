import { Hono } from "hono";
import {
  listOrders,
  ORDER_MESSAGES,
  orderMetrics,
  ordersByStatusQuerySchema,
  ordersInStatus,
  ordersQuerySchema,
  requestPayment,
} from "../../core/orders/orders";
import type { AppBindings } from "../bindings";
import { validate } from "../lib/body";
import { fail, ok } from "../lib/envelope";
import { callerOf } from "./access";

/** GET /platforms/orders: the orders page's list (spec 2 §7), a page at a time. */
export const platformOrdersRoute = new Hono<AppBindings>().get("/", async (c) => {
  const query = validate(c, ordersQuerySchema, c.req.query());
  if (!query.ok) return query.response;
  const { orders, total } = await listOrders(c.get("db"), callerOf(c).user.company.id, query.data);
  const { page, limit } = query.data;
  return c.json({
    success: true as const,
    data: orders,
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  });
});

/** Orders across platforms: metrics, reads by status, payment requests (spec 2 §7, spec 3 §7). */
export const ordersRoutes = new Hono<AppBindings>()
  .get("/", async (c) => {
    const query = validate(c, ordersByStatusQuerySchema, c.req.query());
    if (!query.ok) return query.response;
    return ok(c, await ordersInStatus(c.get("db"), callerOf(c).user.company.id, query.data.status));
  })
  .get("/metrics", async (c) => ok(c, await orderMetrics(c.get("db"), callerOf(c).user.company.id)))
  .post("/:id/payment-request", async (c) => {
    const result = await requestPayment(
      c.get("db"),
      callerOf(c).user.company.id,
      c.req.param("id"),
      Date.now(),
    );
    if (!result.ok) return fail(c, result.reason === "not_found" ? 404 : 409, result.message);
    return c.json(
      {
        success: true as const,
        data: { requestedAt: result.requestedAt, created: result.created },
        message: ORDER_MESSAGES.paymentRequested,
      },
      result.created ? 201 : 200,
    );
  });
