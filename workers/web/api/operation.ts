// One definition per API operation, beside its handler (decision 0040): method, path, access,
// owned row, company prerequisite, input schemas and a schema for every answer it gives. The
// router, the guard, the OpenAPI document, /docs/api, the test suites' answer checks, the
// authorization matrix and the fuzz suite all read these definitions; nothing else lists them.
import type { Context, Hono, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { COMPANY_ROLES, type CompanyRole } from "../../../db/schema/auth";
import { AUTH_MESSAGES } from "../../core/auth/accounts";
import { ROLE_REFUSAL, roleAllows } from "../../core/members/roles";
import type { AppBindings } from "../bindings";
import { readForm, readJson, validate } from "../lib/body";
import { statusOf, type ReasonAnswering } from "../outcomes";
import { fail } from "../lib/envelope";

export type ApiAccess = "public" | "signed-in" | "admin";

/** Kinds of rows a path parameter can name; each belongs to one user or company. */
export type OwnedResource =
  | "session"
  | "platform-connection"
  | "order"
  | "edo-document"
  | "payment"
  | "ledger-operation"
  | "quick-payment"
  | "vehicle"
  | "edo-client"
  | "member";

/** What the caller's company must have set up before an operation can succeed. */
export type CompanyPrerequisite = "x5-token" | "edo-login";

export type SuccessStatus = 200 | 201 | 202;
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/** A JSON answer: the envelope `{ success: true, data, message? }`, with fields beside data if any. */
type JsonSuccess = {
  status: SuccessStatus | readonly SuccessStatus[];
  data: z.ZodType;
  /** The fixed Russian text that comes with every success. */
  message?: string;
  /** Fields of the envelope beside `data` (the orders list's `pagination`). */
  extra?: z.ZodRawShape;
  /** `data` exactly as a client receives it; a test checks it against `data`. */
  example: unknown;
  /** The fields beside `data` in the same example. */
  exampleExtra?: Record<string, unknown>;
};

/** A file to save instead of an envelope: its media type and the name it is saved under. */
type FileSuccess = { status: 200; file: { type: string; name: string } };

type OperationBase = {
  method: "GET" | "POST" | "DELETE";
  /** Under /api, in Hono's notation (`:id` for a path parameter). */
  path: string;
  group: string;
  summary: string;
  description?: string;
  /** A path parameter naming a row of the caller's own; anyone else's id answers 404. */
  owns?: { param: string; resource: OwnedResource };
  /** Succeeds only once the company has this (otherwise it explains what is missing). */
  requires?: CompanyPrerequisite;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body may also come as a form (application/x-www-form-urlencoded or multipart). */
  formBody?: true;
  /** The body may be left out altogether (no content, no content type): it reads as `{}`. */
  bodyOptional?: true;
  success: JsonSuccess | FileSuccess;
  /** Failures this operation's own logic answers; those its input and access imply are added. */
  errors: readonly FailureStatus[];
};

/**
 * Who may call: anyone, the platform's admins, or signed-in members whose role in their company
 * is one of `roles` (decision 0077; the sets are in core/members/roles.ts). Every signed-in
 * operation says which roles it serves; the guard answers anyone else 403 before the handler runs.
 */
export type OperationDef = OperationBase &
  (
    | { access: "public"; roles?: never }
    | { access: "admin"; roles?: never }
    | { access: "signed-in"; roles: readonly CompanyRole[] }
  );

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type InputOf<D extends OperationDef> = {
  params: Parsed<D["params"]>;
  query: Parsed<D["query"]>;
  body: Parsed<D["body"]>;
};

type StatusOf<D extends OperationDef> = D["success"]["status"] extends readonly (infer S)[]
  ? S
  : D["success"]["status"];
type DataOf<D extends OperationDef> = D["success"] extends { data: infer S extends z.ZodType }
  ? z.input<S>
  : never;
type ExtraOf<D extends OperationDef> = D["success"] extends { extra: infer E extends z.ZodRawShape }
  ? z.input<z.ZodObject<E>>
  : never;

/** How a handler answers; `ok` takes exactly what the definition's `data` schema accepts. */
/** A handler may refuse bad input (400) beyond its schemas, and a row not the caller's (404). */
type HandlerFailure<D extends OperationDef> =
  D["errors"][number] | 400 | (D extends { owns: object } ? 404 : never);

export type Reply<D extends OperationDef> = {
  ok(data: DataOf<D>, options?: { status?: StatusOf<D>; extra?: ExtraOf<D> }): Response;
  fail(status: HandlerFailure<D>, error: string, message?: string, options?: { details?: string }): Response;
  /**
   * A core service's refusal, at the status its reason maps to (outcomes.ts), with its message as
   * the error and, when it says how long to wait, Retry-After. Only reasons whose status the
   * definition declares are accepted.
   */
  refuse(failure: CoreFailure<ReasonAnswering<HandlerFailure<D>>>, message?: string): Response;
};

/** How a core service says no: a reason, the Russian text, and for limits how long to wait. */
type CoreFailure<R> = { reason: R; message: string; retryAfterSeconds?: number };

export type OperationHandler<D extends OperationDef> = (
  c: Context<AppBindings>,
  input: InputOf<D>,
  reply: Reply<D>,
) => Response | Promise<Response>;

export type ApiOperation = OperationDef & { handler: OperationHandler<OperationDef> };

/** The failure envelope of every refusal (spec 1 §7); `details` as spec 2 §7's sync errors give it. */
export const failureEnvelope = z.strictObject({
  success: z.literal(false),
  error: z.string(),
  message: z.string().optional(),
  details: z.string().optional(),
});

/** An ISO 8601 instant on the wire; a handler may hand over a Date, which JSON turns into one. */
export const timestamp = z.iso.datetime({ offset: true }) as unknown as z.ZodType<string, string | Date>;

/** Defines an operation and its handler together. */
export function operation<const D extends OperationDef>(def: D, handler: OperationHandler<D>): ApiOperation {
  return { ...def, handler: handler as unknown as OperationHandler<OperationDef> };
}

/** Statuses a definition answers, success first, with what its input and access imply. */
export function statusesOf(op: OperationDef): { success: SuccessStatus[]; failures: FailureStatus[] } {
  const success = [op.success.status].flat() as SuccessStatus[];
  const implied: FailureStatus[] = [];
  if (op.body || op.query || op.params) implied.push(400);
  if (op.access !== "public") implied.push(401);
  // A state change sent with a session cookie from another site is refused (CSRF, lib/auth.ts).
  if (op.access === "admin" || op.method !== "GET" || refusesSomeRole(op)) implied.push(403);
  if (op.owns) implied.push(404);
  if (op.body) implied.push(413, 415);
  // Any operation may find the database out of reach, locked past its retries or too slow.
  implied.push(503);
  const failures = [...new Set([...implied, ...op.errors])].sort((a, b) => a - b);
  return { success, failures };
}

/** The schema of the whole JSON answer for one status, or null for a file or an undeclared status. */
export function answerSchema(op: OperationDef, status: number): z.ZodType | null {
  const { success, failures } = statusesOf(op);
  if (success.includes(status as SuccessStatus)) {
    if ("file" in op.success) return null;
    return z.strictObject({
      success: z.literal(true),
      data: op.success.data,
      ...(op.success.message !== undefined ? { message: z.string() } : {}),
      ...op.success.extra,
    });
  }
  return failures.includes(status as FailureStatus) ? failureEnvelope : null;
}

const requireAdmin: MiddlewareHandler<AppBindings> = async (c, next) => {
  const caller = c.get("caller");
  if (!caller) return fail(c, 401, AUTH_MESSAGES.unauthorized);
  if (caller.user.role !== "admin") return fail(c, 403, "Доступ запрещен");
  return next();
};

/**
 * Refuses a signed-out caller (401) and a member whose role in the company is not among the
 * operation's (403, before its input is read or anything is done).
 */
function requireRole(roles: readonly CompanyRole[]): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const caller = c.get("caller");
    if (!caller) return fail(c, 401, AUTH_MESSAGES.unauthorized);
    if (!roleAllows(roles, caller.companyRole)) return fail(c, 403, ROLE_REFUSAL.error, ROLE_REFUSAL.message);
    return next();
  };
}

function guardsOf(op: OperationDef): MiddlewareHandler<AppBindings>[] {
  if (op.access === "public") return [];
  if (op.access === "admin") return [requireAdmin];
  return [requireRole(op.roles)];
}

/** Whether some company role is refused the operation (it then answers 403 to them). */
export function refusesSomeRole(op: OperationDef): boolean {
  return op.access === "signed-in" && COMPANY_ROLES.some((role) => !roleAllows(op.roles, role));
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const contentTypeOf = (c: Context) => (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();

/** The body as the definition takes it: JSON, a form where allowed, nothing where optional. */
async function readBody(c: Context<AppBindings>, op: OperationDef, schema: z.ZodType) {
  const type = contentTypeOf(c);
  if (op.formBody && FORM_TYPES.includes(type)) return readForm(c, schema);
  // As readJson takes it: JSON, or text/plain as fetch labels a string body (and sendBeacon sends).
  const mayBeEmpty = op.bodyOptional && ["", "application/json", "text/plain"].includes(type);
  if (mayBeEmpty && (await c.req.text()).trim() === "") return validate(c, schema, {});
  return readJson(c, schema);
}

function replyFor(c: Context<AppBindings>, op: OperationDef): Reply<OperationDef> {
  return {
    ok(data, options) {
      const message = "message" in op.success ? op.success.message : undefined;
      const status = options?.status ?? ([op.success.status].flat()[0] as SuccessStatus);
      const extra = (options?.extra ?? {}) as Record<string, unknown>;
      return c.json(
        { success: true as const, data, ...(message !== undefined ? { message } : {}), ...extra },
        status as ContentfulStatusCode,
      );
    },
    fail(status, error, message, options) {
      const details = options?.details;
      return c.json(
        {
          success: false as const,
          error,
          ...(message !== undefined ? { message } : {}),
          ...(details !== undefined ? { details } : {}),
        },
        status as ContentfulStatusCode,
      );
    },
    refuse(failure, message) {
      if (failure.retryAfterSeconds !== undefined) c.header("Retry-After", String(failure.retryAfterSeconds));
      return this.fail(statusOf(failure.reason), failure.message, message);
    },
  };
}

/** Puts each operation on the app: its guard, its input checks, its handler. */
export function serve(app: Hono<AppBindings>, operations: readonly ApiOperation[]) {
  for (const op of operations) {
    app.on([op.method], [op.path], ...guardsOf(op), async (c: Context<AppBindings>) => {
      const input: InputOf<OperationDef> = { params: undefined, query: undefined, body: undefined };
      if (op.params) {
        const params = validate(c, op.params, c.req.param());
        if (!params.ok) return params.response;
        input.params = params.data;
      }
      if (op.query) {
        const query = validate(c, op.query, c.req.query());
        if (!query.ok) return query.response;
        input.query = query.data;
      }
      if (op.body) {
        const body = await readBody(c, op, op.body);
        if (!body.ok) return body.response;
        input.body = body.data;
      }
      return op.handler(c, input, replyFor(c, op));
    });
  }
}

/** The caller of a signed-in operation; its guard already ran, so a miss means a wrong rule. */
export function callerOf(c: Context<AppBindings>) {
  const caller = c.get("caller");
  if (!caller) throw new HTTPException(401, { message: AUTH_MESSAGES.unauthorized });
  return caller;
}
