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
  const text = await c.req.text();
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, response: fail(c, 400, "Некорректный JSON в теле запроса") };
  }
  return validate(c, schema, body, SURROGATE_ESCAPE.test(text));
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

/**
 * A surrogate written as a JSON escape (`\ud800`…`\udfff`). A request's text is decoded from
 * UTF-8, which cannot hold a lone surrogate, so JSON without such an escape parses to none.
 */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Where in `value` a string with a lone surrogate sits, as a path; null when there is none. */
function malformedTextAt(value: unknown): string[] | null {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? [] : null;
  if (value === null || typeof value !== "object") return null;
  for (const key of Object.keys(value)) {
    if (LONE_SURROGATE.test(key)) return ["…"];
    const found = malformedTextAt((value as Record<string, unknown>)[key]);
    if (found) {
      found.unshift(key);
      return found;
    }
  }
  return null;
}

/**
 * Validates input against the schema, answering 400 with a Russian message when it fails or holds
 * text no storage can keep. `mayHoldLoneSurrogate` false (readJson saw no surrogate escape) skips
 * looking for such text.
 */
export function validate<S extends z.ZodType>(
  c: Context,
  schema: S,
  input: unknown,
  mayHoldLoneSurrogate = true,
): Parsed<S> {
  const malformed = mayHoldLoneSurrogate ? malformedTextAt(input) : null;
  if (malformed) {
    const where = malformed.length > 0 ? ` (${malformed.join(".")})` : "";
    return {
      ok: false,
      response: fail(c, 400, "Некорректные данные", `Текст содержит недопустимые символы${where}`),
    };
  }
  const result = schema.safeParse(input, { error: russianIssueMessage });
  if (result.success) return { ok: true, data: result.data };
  const first = reportedIssue(result.error.issues[0]);
  const path = first.path.length > 0 ? ` (${first.path.join(".")})` : "";
  return {
    ok: false,
    response: fail(c, 400, "Некорректные данные", `${first.message}${path}`),
  };
}

/**
 * The issue to tell the client. A union none of whose shapes fits is told by the shape the input
 * was meant for: one that knows all its fields (a refusal of unknown fields is an unrecognized_keys
 * issue or a custom one marked `params.unknownFields`), with the fewest faults, its first fault —
 * so a partner lead with a blank name hears of the name, not of the source-only shape.
 */
function reportedIssue(issue: z.core.$ZodIssue): Pick<z.core.$ZodIssue, "message" | "path"> {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return issue;
  const unknownFields = (faults: z.core.$ZodIssue[]) =>
    faults.some(
      (fault) =>
        fault.code === "unrecognized_keys" ||
        (fault.code === "custom" && fault.params?.unknownFields === true),
    );
  const [meant] = [...issue.errors]
    .filter((faults) => faults.length > 0)
    .sort((a, b) => Number(unknownFields(a)) - Number(unknownFields(b)) || a.length - b.length);
  if (!meant) return issue;
  const inner = reportedIssue(meant[0]);
  return { message: inner.message, path: [...issue.path, ...inner.path] };
}
