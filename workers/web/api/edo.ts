import { Hono, type Context } from "hono";
import type { z } from "zod";
import {
  connectEdo,
  disconnectEdo,
  EDO_MESSAGES,
  edoConnectionFor,
  edoDocumentsFor,
  edoConnectionView,
  findEdoConnection,
  startEdoSync,
  tokenAlive,
  type EdoConnectionRow,
} from "../../core/edo/connection";
import { chainArchive, documentContent, documentPrint } from "../../core/edo/content";
import { edoOrdersSyncView, startEdoOrdersSync } from "../../core/edo/orders";
import { EDO_ORDERS_MESSAGES } from "../../core/edo/orders-sync-view";
import {
  edoAuthSchema,
  edoContentQuerySchema,
  edoDocumentsRequestSchema,
  edoLoginQuerySchema,
} from "../../core/edo/schemas";
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
  return found(c, await edoConnectionFor(c.get("db"), callerOf(c).user.company.id, login), live);
}

function found(c: Context<AppBindings>, connection: EdoConnectionRow | undefined, live: boolean): Found {
  if (!connection) return { ok: false, response: fail(c, 404, EDO_MESSAGES.loginNotFound) };
  if (live && !tokenAlive(connection, Date.now())) {
    return { ok: false, response: fail(c, 409, EDO_MESSAGES.tokenExpired) };
  }
  return { ok: true, connection };
}

type Asked<T> = { ok: true; query: T; connection: EdoConnectionRow } | { ok: false; response: Response };

/** A GET's query, checked, and the connection its `login` names (as `connectionNamed`). */
async function askedOf<S extends z.ZodType<{ login: string }>>(
  c: Context<AppBindings>,
  schema: S,
  live: boolean,
): Promise<Asked<z.output<S>>> {
  const query = validate(c, schema, c.req.query());
  if (!query.ok) return query;
  const found = await connectionNamed(c, query.data.login, live);
  return found.ok ? { ok: true, query: query.data, connection: found.connection } : found;
}

/** An id as it may appear in a file name: anything but letters, digits, dot and dash becomes "_". */
const safeName = (id: string) => id.replace(/[^\w.-]+/g, "_").slice(0, 120);

/** A file to save: its type, and the name the browser saves it under (ASCII, plus UTF-8 if given). */
function download(bytes: Uint8Array, type: string, asciiName: string, utf8Name?: string): Response {
  const name = `attachment; filename="${asciiName}"${utf8Name ? `; filename*=UTF-8''${encodeURIComponent(utf8Name)}` : ""}`;
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": type,
      "content-disposition": name,
      "content-length": String(bytes.byteLength),
      "cache-control": "private, no-store",
    },
  });
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
    const asked = await askedOf(c, edoLoginQuerySchema, false);
    if (!asked.ok) return asked.response;
    return ok(c, await edoConnectionView(c.get("db"), asked.connection, Date.now()));
  })
  .get("/user", async (c) => {
    const asked = await askedOf(c, edoLoginQuerySchema, true);
    if (!asked.ok) return asked.response;
    return ok(c, { userName: asked.connection.userName, shortName: asked.connection.shortName });
  })
  .get("/documents", async (c) => {
    const query = validate(c, edoDocumentsRequestSchema, c.req.query());
    if (!query.ok) return query.response;
    // The connection and the page in one round trip; the page is answered only if the
    // connection is the caller's and alive.
    const read = await edoDocumentsFor(c.get("db"), callerOf(c).user.company.id, query.data);
    const connection = found(c, read.connection, true);
    return connection.ok ? ok(c, read.documents) : connection.response;
  })
  .get("/documents/:id/content/processed", async (c) => {
    const asked = await askedOf(c, edoContentQuerySchema, true);
    if (!asked.ok) return asked.response;
    const result = await documentContent(edoDeps(c), asked.connection, c.req.param("id"), asked.query.title);
    return result.ok ? ok(c, result.data) : fail(c, result.status, result.message);
  })
  .get("/documents/:id/print", async (c) => {
    const asked = await askedOf(c, edoContentQuerySchema, true);
    if (!asked.ok) return asked.response;
    const id = c.req.param("id");
    const result = await documentPrint(edoDeps(c), asked.connection, id, asked.query.title);
    if (!result.ok) return fail(c, result.status, result.message);
    return download(result.data, "application/pdf", `document-${safeName(asked.query.title ?? id)}.pdf`);
  })
  .get("/documents/:id/archive", async (c) => {
    const asked = await askedOf(c, edoLoginQuerySchema, true);
    if (!asked.ok) return asked.response;
    const id = c.req.param("id");
    const result = await chainArchive(edoDeps(c), asked.connection, id);
    if (!result.ok) return fail(c, result.status, result.message);
    return download(
      result.data.bytes,
      "application/zip",
      `chain-${safeName(id)}.zip`,
      `${result.data.stem}.zip`,
    );
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
  })
  .post("/sync-to-orders", async (c) => {
    const body = await readJson(c, edoLoginQuerySchema);
    if (!body.ok) return body.response;
    const found = await connectionNamed(c, body.data.login, true);
    if (!found.ok) {
      // No saved EDO login at all: spec 2 §5's advice goes in the sync error's details (§7).
      const companyId = callerOf(c).user.company.id;
      if (found.response.status !== 404 || (await findEdoConnection(c.get("db"), companyId))) {
        return found.response;
      }
      const error = { success: false as const, error: EDO_MESSAGES.loginNotFound };
      return c.json({ ...error, details: EDO_ORDERS_MESSAGES.loginFirst }, 404);
    }
    const started = await startEdoOrdersSync(edoDeps(c), found.connection);
    if (!started.ok) return fail(c, 503, started.message);
    return c.json({ success: true as const, data: started.view, message: EDO_ORDERS_MESSAGES.started }, 202);
  })
  .get("/sync-to-orders", async (c) => {
    const asked = await askedOf(c, edoLoginQuerySchema, false);
    if (!asked.ok) return asked.response;
    return ok(c, await edoOrdersSyncView(c.get("db"), asked.connection.id, Date.now()));
  });
