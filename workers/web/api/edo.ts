import { Hono, type Context } from "hono";
import {
  connectEdo,
  disconnectEdo,
  EDO_MESSAGES,
  edoConnectionFor,
  edoConnectionView,
  startEdoSync,
  tokenAlive,
  type EdoConnectionRow,
} from "../../core/edo/connection";
import { listEdoDocuments } from "../../core/edo/documents";
import { edoAuthSchema, edoDocumentsRequestSchema, edoLoginQuerySchema } from "../../core/edo/schemas";
import type { AppBindings } from "../bindings";
import { readJson, validate } from "../lib/body";
import { edoDepsFor } from "../lib/edo-deps";
import { fail, ok } from "../lib/envelope";
import { callerOf } from "./access";

const edoDeps = (c: Context<AppBindings>) => edoDepsFor(c.env, c.get("db"));

type Found = { ok: true; connection: EdoConnectionRow } | { ok: false; response: Response };

/**
 * The caller's company's connection for the login the call names; any other login answers 404
 * (spec 2 §6): no carrier reads another's documents by guessing a login. With `live`, a token
 * the operator no longer accepts answers 409 with the text the page resets the connection on.
 */
async function connectionNamed(c: Context<AppBindings>, login: string, live: boolean): Promise<Found> {
  const connection = await edoConnectionFor(c.get("db"), callerOf(c).user.company.id, login);
  if (!connection) return { ok: false, response: fail(c, 404, EDO_MESSAGES.loginNotFound) };
  if (live && !tokenAlive(connection, Date.now())) {
    return { ok: false, response: fail(c, 409, EDO_MESSAGES.tokenExpired) };
  }
  return { ok: true, connection };
}

/** The EDO calls of spec 2 §7: connection, status, user info, the mirror's documents and refresh. */
export const edoRoutes = new Hono<AppBindings>()
  .post("/auth", async (c) => {
    const body = await readJson(c, edoAuthSchema);
    if (!body.ok) return body.response;
    const result = await connectEdo(edoDeps(c), callerOf(c).user.company.id, body.data);
    if (!result.ok) return fail(c, result.reason === "refused" ? 422 : 503, result.message);
    return c.json({ success: true as const, data: result.data, message: EDO_MESSAGES.connected });
  })
  .delete("/auth", async (c) => {
    const body = await readJson(c, edoLoginQuerySchema);
    if (!body.ok) return body.response;
    const removed = await disconnectEdo(c.get("db"), callerOf(c).user.company.id, body.data.login);
    if (!removed) return fail(c, 404, EDO_MESSAGES.loginNotFound);
    return c.json({ success: true as const, data: null, message: EDO_MESSAGES.disconnected });
  })
  .get("/status", async (c) => {
    const query = validate(c, edoLoginQuerySchema, c.req.query());
    if (!query.ok) return query.response;
    const found = await connectionNamed(c, query.data.login, false);
    if (!found.ok) return found.response;
    return ok(c, await edoConnectionView(c.get("db"), found.connection, Date.now()));
  })
  .get("/user", async (c) => {
    const query = validate(c, edoLoginQuerySchema, c.req.query());
    if (!query.ok) return query.response;
    const found = await connectionNamed(c, query.data.login, true);
    if (!found.ok) return found.response;
    return ok(c, { userName: found.connection.userName, shortName: found.connection.shortName });
  })
  .get("/documents", async (c) => {
    const query = validate(c, edoDocumentsRequestSchema, c.req.query());
    if (!query.ok) return query.response;
    const found = await connectionNamed(c, query.data.login, true);
    if (!found.ok) return found.response;
    return ok(c, await listEdoDocuments(c.get("db"), found.connection.companyId, query.data));
  })
  .post("/sync", async (c) => {
    const body = await readJson(c, edoLoginQuerySchema);
    if (!body.ok) return body.response;
    const found = await connectionNamed(c, body.data.login, true);
    if (!found.ok) return found.response;
    const deps = edoDeps(c);
    await startEdoSync(deps, found.connection.companyId);
    const view = await edoConnectionView(deps.db, found.connection, deps.now());
    return c.json({ success: true as const, data: view, message: EDO_MESSAGES.syncStarted }, 202);
  });
