import type { Context, Hono, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { AUTH_MESSAGES } from "../../core/auth/accounts";
import type { AppBindings, Caller } from "../bindings";
import { fail } from "../lib/envelope";
import { API_OPERATIONS, type ApiAccess } from "./catalog";

const requireSignedIn: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (!c.get("caller")) return fail(c, 401, AUTH_MESSAGES.unauthorized);
  return next();
};

const requireAdmin: MiddlewareHandler<AppBindings> = async (c, next) => {
  const caller = c.get("caller");
  if (!caller) return fail(c, 401, AUTH_MESSAGES.unauthorized);
  if (caller.user.role !== "admin") return fail(c, 403, "Доступ запрещен");
  return next();
};

const GUARDS: Record<ApiAccess, MiddlewareHandler<AppBindings> | null> = {
  public: null,
  "signed-in": requireSignedIn,
  admin: requireAdmin,
};

/** Every guard the catalog puts in front of a route (the catalog test tells them from routes). */
export const ACCESS_GUARDS = new Set(Object.values(GUARDS).filter((guard) => guard !== null));

/**
 * Puts each operation's access rule, as the catalog states it, in front of its route: the
 * routers never state access themselves, so the documented rule is the enforced one.
 */
export function guardByCatalog(api: Hono<AppBindings>) {
  for (const operation of API_OPERATIONS) {
    const guard = GUARDS[operation.access];
    if (guard) api.on(operation.method, operation.path, guard);
  }
}

/** The caller of a signed-in operation; its guard already ran, so a miss means a wrong rule. */
export function callerOf(c: Context<AppBindings>): Caller {
  const caller = c.get("caller");
  if (!caller) throw new HTTPException(401, { message: AUTH_MESSAGES.unauthorized });
  return caller;
}
