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

/** Reads a form body (urlencoded or multipart) and validates its text fields. */
export async function readForm<S extends z.ZodType>(c: Context, schema: S): Promise<Parsed<S>> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    return { ok: false, response: fail(c, 400, "Некорректные данные формы") };
  }
  const fields = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string"));
  return validate(c, schema, fields);
}

/** A lone UTF-16 surrogate: JSON can carry one, but no database or client can store it. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Where in `value` a string with a lone surrogate sits, as a path; null when there is none. */
function malformedTextAt(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const found = LONE_SURROGATE.test(key) ? [...path, "…"] : malformedTextAt(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

export function validate<S extends z.ZodType>(c: Context, schema: S, input: unknown): Parsed<S> {
  const malformed = malformedTextAt(input);
  if (malformed) {
    const where = malformed.length > 0 ? ` (${malformed.join(".")})` : "";
    return {
      ok: false,
      response: fail(c, 400, "Некорректные данные", `Текст содержит недопустимые символы${where}`),
    };
  }
  const result = schema.safeParse(input, { error: russianIssueMessage });
  if (result.success) return { ok: true, data: result.data };
  const first = result.error.issues[0];
  const path = first.path.length > 0 ? ` (${first.path.join(".")})` : "";
  return {
    ok: false,
    response: fail(c, 400, "Некорректные данные", `${first.message}${path}`),
  };
}
