import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import {
  DEFAULT_EDO_CATEGORY,
  EDO_CATEGORIES,
  EDO_MAX_PAGE,
  type EdoCategory,
  type EdoDocumentFilters,
  type WireAuth,
  type WireError,
} from "../../workers/providers/edo-operator";
import {
  advanceAccount,
  changesAfter,
  createAccountState,
  documentCount,
  EDO_LOGINS,
  EDO_PASSWORD,
  edoUser,
  lastChange,
  listDocuments,
  MAX_ADVANCE,
  MAX_DOCUMENT_COUNT,
  findDocflow,
  type EdoAccountState,
} from "./documents";
import { docflowPrint, titlePrint } from "./print";
import { DocflowTitles } from "./titles";
import { refusesCredentials, simulatedFailures, type FailureSwitch } from "../failures";

export const EDO_PROVIDER = "edo";

const TOKEN_TTL_MS = 24 * 3_600_000;
/** An expired token is still told apart from an unknown one for a week. */
const EXPIRED_TOKEN_MEMORY_MS = 7 * 24 * 3_600_000;
const DEFAULT_PAGE = 20;
const DEFAULT_CHANGES_PAGE = 100;
const NO_DOCFLOW = "No such document in this account";

type IssuedToken = { login: string; expiresAt: number };

type EdoBindings = { Variables: { login: string } };

const edoError = (c: Context, status: ContentfulStatusCode, code: string, message: string) =>
  c.json({ error: { code, message } } satisfies WireError, status);

/** A file download (decision 0026); `name` is ASCII, `displayName` may be Cyrillic (RFC 6266). */
function fileResponse(c: Context, bytes: Uint8Array, type: string, name: string, displayName?: string) {
  const extended = displayName ? `; filename*=UTF-8''${encodeURIComponent(displayName)}` : "";
  // A copy: Hono's body types take only ArrayBuffer-backed bytes, not any ArrayBufferLike.
  return c.body(new Uint8Array(bytes), 200, {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${name}"${extended}`,
  });
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDay(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseInteger(
  query: Record<string, string>,
  name: string,
  min: number,
  max: number,
  fallback: number,
) {
  const text = query[name];
  if (text === undefined || text === "") return fallback;
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  return value >= min && value <= max ? value : undefined;
}

function parseBoolean(text: string | undefined): boolean | null | undefined {
  if (text === undefined || text === "") return undefined;
  if (text === "true") return true;
  if (text === "false") return false;
  return null;
}

/** The query of `GET /documents`: spec 2 §7's filters, checked the way the operator checks them. */
export function parseDocumentFilters(query: Record<string, string>): Parsed<EdoDocumentFilters> {
  const fail = (message: string): Parsed<EdoDocumentFilters> => ({ ok: false, message });
  const limit = parseInteger(query, "limit", 1, EDO_MAX_PAGE, DEFAULT_PAGE);
  if (limit === undefined) return fail(`limit must be an integer from 1 to ${EDO_MAX_PAGE}`);
  const offset = parseInteger(query, "offset", 0, Number.MAX_SAFE_INTEGER, 0);
  if (offset === undefined) return fail("offset must be a non-negative integer");
  const period = parseInteger(query, "period", 0, 99_994, 0);
  if (period === undefined || (period !== 0 && !/^\d{4}[1-4]$/.test(String(period)))) {
    return fail("period must be 0 or a quarter as year × 10 + quarter, e.g. 20244");
  }
  const category = query.category || DEFAULT_EDO_CATEGORY;
  if (!(EDO_CATEGORIES as readonly string[]).includes(category)) {
    return fail(`category must be one of ${EDO_CATEGORIES.join(", ")}`);
  }
  const flags: Partial<Record<"expired" | "deleted" | "hasRoute" | "hasCargo", boolean>> = {};
  for (const name of ["expired", "deleted", "hasRoute", "hasCargo"] as const) {
    const value = parseBoolean(query[name]);
    if (value === null) return fail(`${name} must be true or false`);
    if (value !== undefined) flags[name] = value;
  }
  for (const name of ["dateFrom", "dateTo"] as const) {
    if (query[name] && !isCalendarDay(query[name])) return fail(`${name} must be a date YYYY-MM-DD`);
  }
  const text = (name: string) => query[name] || undefined;
  const status = text("status");
  return {
    ok: true,
    value: {
      limit,
      offset,
      period,
      status: status === "0" ? undefined : status,
      category: category as EdoCategory,
      expired: flags.expired ?? false,
      deleted: flags.deleted ?? false,
      goInn: text("goInn"),
      gpInn: text("gpInn"),
      tkInn: text("tkInn"),
      transport: text("transport"),
      driver: text("driver"),
      trip: text("trip"),
      docNum: text("docNum"),
      docType: text("docType"),
      dateFrom: text("dateFrom"),
      dateTo: text("dateTo"),
      search: text("search"),
      hasRoute: flags.hasRoute,
      hasCargo: flags.hasCargo,
    },
  };
}

const authSchema = z.object({ login: z.string().min(1), password: z.string().min(1) });
const countSchema = z.object({ count: z.number().int().min(0).max(MAX_DOCUMENT_COUNT) });
const advanceSchema = z.object({
  added: z.number().int().min(0).max(MAX_ADVANCE).default(0),
  progressed: z.number().int().min(0).max(MAX_ADVANCE).default(0),
});
const expireSchema = z.object({ login: z.string().optional() });

/**
 * The EDO operator's API (decision 0021) under `/edo/api/v1`, and the sandbox's controls of its
 * accounts under `/__sandbox/edo`. Each account sees only its own docflows.
 */
export function edoSandbox(failures: FailureSwitch) {
  const states = new Map<string, EdoAccountState>();
  for (const login of EDO_LOGINS) {
    const state = createAccountState(login);
    if (state) states.set(login, state);
  }
  const tokens = new Map<string, IssuedToken>();

  const stateOf = (login: string) => {
    const state = states.get(login);
    if (!state) throw new Error(`sandbox: no EDO account ${login}`);
    return state;
  };
  /** A title of the account's docflow, or why there is none. */
  const titleAt = (login: string, docflowId: string, titleId: string) => {
    const located = findDocflow(stateOf(login), docflowId);
    if (!located) return NO_DOCFLOW;
    const titles = new DocflowTitles(located);
    const position = titles.positionOf(titleId);
    if (position < 0) return "No such title in this document";
    return { titles, position, contentSize: located.document.info.documents[position].contentSize };
  };
  const accountState = (state: EdoAccountState) => ({
    login: state.world.carrier.login,
    documentCount: documentCount(state),
    cursor: String(lastChange(state)),
  });

  const api = new Hono<EdoBindings>()
    .use("*", simulatedFailures(failures, EDO_PROVIDER))
    .post("/auth", async (c) => {
      const parsed = authSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return edoError(c, 400, "invalid_request", 'expected JSON {"login", "password"}');
      const { login, password } = parsed.data;
      if (!states.has(login) || password !== EDO_PASSWORD) {
        return edoError(c, 401, "invalid_credentials", "Invalid login or password");
      }
      const now = Date.now();
      for (const [token, issued] of tokens) {
        if (issued.expiresAt + EXPIRED_TOKEN_MEMORY_MS <= now) tokens.delete(token);
      }
      const token = crypto.randomUUID().replaceAll("-", "") + crypto.randomUUID().replaceAll("-", "");
      const expiresAt = now + TOKEN_TTL_MS;
      tokens.set(token, { login, expiresAt });
      return c.json({ token, expiresAt: new Date(expiresAt).toISOString() } satisfies WireAuth);
    })
    .use("*", async (c, next) => {
      const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
      const issued = bearer ? tokens.get(bearer[1]) : undefined;
      if (!issued) {
        return edoError(
          c,
          401,
          "token_not_found",
          "Authorization: Bearer <token> with a known token is required",
        );
      }
      if (issued.expiresAt <= Date.now() || refusesCredentials(failures, EDO_PROVIDER)) {
        return edoError(c, 401, "token_expired", "The token has expired");
      }
      c.set("login", issued.login);
      await next();
    })
    .get("/user", (c) => {
      const user = edoUser(c.get("login"));
      return user ? c.json(user) : edoError(c, 404, "not_found", "unknown account");
    })
    .get("/documents", (c) => {
      const parsed = parseDocumentFilters(c.req.query());
      if (!parsed.ok) return edoError(c, 400, "invalid_request", parsed.message);
      return c.json(listDocuments(stateOf(c.get("login")), parsed.value));
    })
    .get("/documents/changes", (c) => {
      const query = c.req.query();
      const since = query.since === undefined ? "0" : query.since;
      if (!/^\d{1,15}$/.test(since)) {
        return edoError(c, 400, "invalid_request", "since must be a cursor from a previous page, or 0");
      }
      const limit = parseInteger(query, "limit", 1, EDO_MAX_PAGE, DEFAULT_CHANGES_PAGE);
      if (limit === undefined) {
        return edoError(c, 400, "invalid_request", `limit must be an integer from 1 to ${EDO_MAX_PAGE}`);
      }
      return c.json(changesAfter(stateOf(c.get("login")), Number(since), limit));
    })
    .get("/documents/:docflowId/titles/:titleId/content", (c) => {
      const found = titleAt(c.get("login"), c.req.param("docflowId"), c.req.param("titleId"));
      if (typeof found === "string") return edoError(c, 404, "not_found", found);
      if (found.contentSize === 0) return c.body(null, 204);
      const title = found.titles.title(found.position);
      return fileResponse(c, title.archive, "application/zip", `${title.fileId}.zip`);
    })
    .get("/documents/:docflowId/titles/:titleId/print", async (c) => {
      const found = titleAt(c.get("login"), c.req.param("docflowId"), c.req.param("titleId"));
      if (typeof found === "string") return edoError(c, 404, "not_found", found);
      if (found.contentSize === 0) return c.body(null, 204);
      const title = found.titles.title(found.position);
      return fileResponse(c, await titlePrint(title), "application/pdf", `${title.fileId}.pdf`);
    })
    .get("/documents/:docflowId/print", async (c) => {
      const docflowId = c.req.param("docflowId");
      const located = findDocflow(stateOf(c.get("login")), docflowId);
      if (!located) return edoError(c, 404, "not_found", NO_DOCFLOW);
      const titles = new DocflowTitles(located).withContent();
      if (titles.length === 0) return c.body(null, 204);
      const { num } = located.document.info.doc;
      return fileResponse(
        c,
        await docflowPrint(num, titles),
        "application/pdf",
        `${docflowId}.pdf`,
        `${num}.pdf`,
      );
    })
    .all("*", (c) => edoError(c, 404, "not_found", `No such call: ${c.req.method} ${c.req.path}`));

  const admin = new Hono<EdoBindings>()
    .use("/accounts/:login/*", async (c, next) => {
      const login = c.req.param("login");
      if (!states.has(login)) {
        return edoError(c, 404, "not_found", `unknown account; expected ${EDO_LOGINS.join("|")}`);
      }
      c.set("login", login);
      await next();
    })
    .get("/accounts/:login", (c) => {
      const state = states.get(c.req.param("login"));
      if (!state) return edoError(c, 404, "not_found", `unknown account; expected ${EDO_LOGINS.join("|")}`);
      return c.json(accountState(state));
    })
    .post("/accounts/:login/documents", async (c) => {
      const parsed = countSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) {
        return edoError(c, 400, "invalid_request", `expected {"count": 0..${MAX_DOCUMENT_COUNT}}`);
      }
      const state = createAccountState(c.get("login"), parsed.data.count);
      if (!state) return edoError(c, 404, "not_found", "unknown account");
      states.set(c.get("login"), state);
      return c.json(accountState(state));
    })
    .post("/accounts/:login/advance", async (c) => {
      const parsed = advanceSchema.safeParse(await c.req.json().catch(() => ({})));
      if (!parsed.success) {
        return edoError(
          c,
          400,
          "invalid_request",
          `expected {"added": 0..${MAX_ADVANCE}, "progressed": 0..${MAX_ADVANCE}}`,
        );
      }
      const state = stateOf(c.get("login"));
      const done = advanceAccount(state, parsed.data, Date.now());
      return c.json({ ...accountState(state), ...done });
    })
    .post("/tokens/expire", async (c) => {
      const parsed = expireSchema.safeParse(await c.req.json().catch(() => ({})));
      if (!parsed.success) return edoError(c, 400, "invalid_request", 'expected {"login"?}');
      const { login } = parsed.data;
      if (login !== undefined && !states.has(login)) {
        return edoError(c, 404, "not_found", `unknown account; expected ${EDO_LOGINS.join("|")}`);
      }
      const now = Date.now();
      let expired = 0;
      for (const issued of tokens.values()) {
        if ((login === undefined || issued.login === login) && issued.expiresAt > now) {
          issued.expiresAt = now;
          expired++;
        }
      }
      return c.json({ expired });
    });

  return new Hono().route("/edo/api/v1", api).route("/__sandbox/edo", admin);
}
