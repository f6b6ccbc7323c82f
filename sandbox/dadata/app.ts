import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { findParties } from "./companies";
import { refusesCredentials, simulatedFailures, type FailureSwitch } from "../failures";

const PARTY_PATH = "/suggestions/api/4_1/rs/suggest/party";
/** DaData's own limits: a query of at most 300 characters, at most 20 suggestions. */
const MAX_COUNT = 20;

const partyRequestSchema = z.object({
  query: z.string().max(300),
  count: z.number().int().positive().optional(),
});

/** Errors in DaData's shape. */
const clientError = (c: Context, status: ContentfulStatusCode, reason: string, message: string) =>
  c.json({ family: "CLIENT_ERROR", reason, message }, status);

/** DaData's suggestions API (`suggest/party`) over the sandbox's register of companies. */
export function dadataSandbox(failures: FailureSwitch) {
  return new Hono().use(PARTY_PATH, simulatedFailures(failures, "dadata")).post(PARTY_PATH, async (c) => {
    const token = /^Token\s+(\S+)$/.exec(c.req.header("authorization") ?? "");
    if (!token) return clientError(c, 401, "Unauthorized", "Missing or malformed API key");
    if (refusesCredentials(failures, "dadata")) {
      return clientError(c, 403, "Forbidden", "The API key is invalid or blocked");
    }
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json")) {
      return clientError(c, 415, "Unsupported Media Type", "Content-Type must be application/json");
    }
    const body = partyRequestSchema.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) return clientError(c, 400, "Bad Request", "Expected {query: string, count?: number}");
    const count = Math.min(body.data.count ?? 10, MAX_COUNT);
    return c.json({ suggestions: findParties(body.data.query, count) });
  });
}
