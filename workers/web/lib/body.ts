import type { Context } from "hono";
import type { z } from "zod";
import { fail } from "./envelope";
import { russianIssueMessage } from "../../core/validation/russian-issues";

type Parsed<S extends z.ZodType> = { ok: true; data: z.output<S> } | { ok: false; response: Response };

const JSON_TYPES = ["application/json", "text/plain"];

/**
 * Reads a JSON body and validates it. Wrong content type, malformed JSON and schema
 * violations all answer 4xx with a Russian message; nothing reaches the handler.
 * `text/plain` is accepted because `navigator.sendBeacon` sends strings that way.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<Parsed<S>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!JSON_TYPES.includes(type)) {
    return { ok: false, response: fail(c, 415, "Ожидается JSON (Content-Type: application/json)") };
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, response: fail(c, 400, "Некорректный JSON в теле запроса") };
  }
  return validate(c, schema, body);
}

export function validate<S extends z.ZodType>(c: Context, schema: S, input: unknown): Parsed<S> {
  const result = schema.safeParse(input, { error: russianIssueMessage });
  if (result.success) return { ok: true, data: result.data };
  const first = result.error.issues[0];
  const path = first.path.length > 0 ? ` (${first.path.join(".")})` : "";
  return {
    ok: false,
    response: fail(c, 400, "Некорректные данные", `${first.message}${path}`),
  };
}
