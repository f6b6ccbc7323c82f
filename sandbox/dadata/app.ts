import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { findBanksById, suggestBanks } from "./banks";
import { findParties } from "./companies";
import { refusesCredentials, simulatedFailures, type FailureSwitch } from "../failures";

const SUGGESTIONS = "/suggestions/api/4_1/rs";
const PARTY_PATH = `${SUGGESTIONS}/suggest/party`;
const BANK_PATH = `${SUGGESTIONS}/suggest/bank`;
const FIND_BANK_PATH = `${SUGGESTIONS}/findById/bank`;
/** DaData's own limits: a query of at most 300 characters, at most 20 suggestions. */
const MAX_COUNT = 20;

const query = z.string().max(300);
const count = z.number().int().positive().optional();

const partyRequestSchema = z.object({ query, count });

const bankRequestSchema = z.object({
  query,
  count,
  status: z.array(z.enum(["ACTIVE", "LIQUIDATING", "LIQUIDATED"])).optional(),
  type: z.array(z.enum(["BANK", "BANK_BRANCH", "NKO"])).optional(),
});

const findBankRequestSchema = z.object({ query, count, kpp: z.string().optional() });

/** Errors in DaData's shape. */
const clientError = (c: Context, status: ContentfulStatusCode, reason: string, message: string) =>
  c.json({ family: "CLIENT_ERROR", reason, message }, status);

/**
 * One suggestions method: DaData's token and content-type checks, then `answer` over the body
 * `schema` accepts; `expected` says what a bad body should have been.
 */
function suggestionsMethod<T>(
  failures: FailureSwitch,
  schema: z.ZodType<T>,
  expected: string,
  answer: (body: T, count: number) => unknown[],
) {
  return async (c: Context) => {
    const token = /^Token\s+(\S+)$/.exec(c.req.header("authorization") ?? "");
    if (!token) return clientError(c, 401, "Unauthorized", "Missing or malformed API key");
    if (refusesCredentials(failures, "dadata")) {
      return clientError(c, 403, "Forbidden", "The API key is invalid or blocked");
    }
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json")) {
      return clientError(c, 415, "Unsupported Media Type", "Content-Type must be application/json");
    }
    const body = schema.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return clientError(c, 400, "Bad Request", `Expected ${expected}`);
    const wanted = (body.data as { count?: number }).count;
    return c.json({ suggestions: answer(body.data, Math.min(wanted ?? 10, MAX_COUNT)) });
  };
}

/**
 * DaData's suggestions API over the sandbox's registers: companies (`suggest/party`) and banks
 * (`suggest/bank`, `findById/bank`).
 */
export function dadataSandbox(failures: FailureSwitch) {
  return new Hono()
    .use(`${SUGGESTIONS}/*`, simulatedFailures(failures, "dadata"))
    .post(
      PARTY_PATH,
      suggestionsMethod(failures, partyRequestSchema, "{query: string, count?: number}", (body, n) =>
        findParties(body.query, n),
      ),
    )
    .post(
      BANK_PATH,
      suggestionsMethod(
        failures,
        bankRequestSchema,
        "{query: string, count?: number, status?: string[], type?: string[]}",
        (body, n) => suggestBanks(body.query, n, { status: body.status, type: body.type }),
      ),
    )
    .post(
      FIND_BANK_PATH,
      suggestionsMethod(
        failures,
        findBankRequestSchema,
        "{query: string, count?: number, kpp?: string}",
        (body, n) => findBanksById(body.query, n, body.kpp),
      ),
    );
}
