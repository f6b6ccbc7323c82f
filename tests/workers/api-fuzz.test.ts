// The fuzz suite, driven by the operations' definitions: every operation gets 1,000 generated bad inputs
// (wrong content types, broken JSON, values its own schema rejects, odd path parameters, bad
// credentials, junk it does not read) and must answer each with a JSON envelope: a 4xx with a
// Russian message for what it refuses, never a 5xx. The definition's schema is the oracle: a
// generated body or query counts as bad only when that schema rejects it, so a router that
// validates more loosely than its documentation fails here.
import { fc, test } from "@fast-check/vitest";
import { beforeAll, describe, expect } from "vitest";
import { inputJsonSchema } from "../../workers/web/api/openapi";
import type { ApiOperation } from "../../workers/web/api/operation";
import { API_OPERATIONS } from "../../workers/web/api/operations";
import { CYRILLIC, isHeaderValue, nastyString } from "./fuzz";
import { callWeb, createCompanyUser, sessionFor } from "./support";

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 1_000);
const anyValue = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 5 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

/** Objects shaped like the schema's (its own keys plus junk) with values of any kind. */
function shapedLike(schema: ApiOperation["body"]) {
  const properties = Object.keys((inputJsonSchema(schema!).properties ?? {}) as object);
  const key = properties.length > 0 ? fc.oneof(fc.constantFrom(...properties), nastyString) : nastyString;
  return fc.dictionary(key, anyValue, { maxKeys: properties.length + 2 });
}

type BadInput = {
  kind: string;
  /** Must be refused with a 4xx; otherwise any answer but a 5xx will do. */
  refused: boolean;
  path?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
};

const rejectedBy = (schema: NonNullable<ApiOperation["body"]>) => (value: unknown) =>
  !schema.safeParse(value).success;

function badInputs(operation: ApiOperation): fc.Arbitrary<BadInput> {
  const kinds: fc.Arbitrary<BadInput>[] = [];
  if (operation.body) {
    const rejected = rejectedBy(operation.body);
    const wrongTypes = [
      "text/xml",
      "application/xml",
      "text/html",
      "application/octet-stream",
      "image/png",
      "application/jsonp",
    ];
    if (!operation.formBody)
      wrongTypes.push("application/x-www-form-urlencoded", "multipart/form-data; boundary=x");
    kinds.push(
      fc.record({ type: fc.constantFrom(...wrongTypes), body: nastyString }).map(({ type, body }) => ({
        kind: "wrong content type",
        refused: true,
        headers: { "content-type": type },
        body,
      })),
      nastyString
        .filter((text) => {
          // An operation whose body is optional reads an empty one as no body at all.
          if (operation.bodyOptional && text.trim() === "") return false;
          try {
            JSON.parse(text);
            return false;
          } catch {
            return true;
          }
        })
        .map((body) => ({
          kind: "broken JSON",
          refused: true,
          headers: { "content-type": "application/json" },
          body,
        })),
      fc
        .oneof(shapedLike(operation.body), fc.jsonValue(), anyValue)
        .filter(rejected)
        .map((value) => ({
          kind: "JSON its schema rejects",
          refused: true,
          headers: { "content-type": "application/json" },
          body: JSON.stringify(value),
        })),
    );
    if (operation.formBody) {
      kinds.push(
        fc
          .dictionary(fc.oneof(fc.constantFrom("email", "password"), nastyString), nastyString, {
            maxKeys: 3,
          })
          .filter(rejected)
          .map((fields) => ({
            kind: "form its schema rejects",
            refused: true,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(fields).toString(),
          })),
      );
    }
  }
  if (operation.query && !operation.owns) {
    kinds.push(
      shapedLike(operation.query)
        .map((query) =>
          Object.fromEntries(
            Object.entries(query).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
          ),
        )
        .filter(rejectedBy(operation.query))
        .map((query) => ({ kind: "query its schema rejects", refused: true, query })),
    );
  } else {
    kinds.push(
      fc
        .dictionary(nastyString, nastyString, { maxKeys: 3 })
        .map((query) => ({ kind: "junk query", refused: false, query })),
    );
  }
  if (operation.path.includes(":")) {
    kinds.push(
      nastyString
        // "." and ".." are path steps, not values: URL parsing removes them before any server sees
        // them (and "/x/." would reach the list operation at "/x/" instead of this one).
        .filter((value) => value.length > 0 && value !== "." && value !== "..")
        .map((value) => ({
          kind: "odd path parameter",
          refused: Boolean(operation.owns),
          path: encodeURIComponent(value),
        })),
    );
  }
  if (operation.access !== "public") {
    kinds.push(
      fc
        .oneof(
          nastyString.map((token) => `Bearer ${token}`),
          fc
            .tuple(fc.base64String(), fc.base64String(), fc.base64String())
            .map((parts) => `Bearer ${parts.join(".")}`),
          nastyString,
        )
        .filter(isHeaderValue)
        .map((authorization) => ({ kind: "bad credentials", refused: true, headers: { authorization } })),
    );
  }
  return fc.oneof(...kinds);
}

let signedIn: string;
let admin: string;
let nextIp = 0;

beforeAll(async () => {
  const [user, administrator] = await Promise.all([
    createCompanyUser(),
    createCompanyUser({ role: "admin" }),
  ]);
  signedIn = (await sessionFor(user.userId)).bearer;
  admin = (await sessionFor(administrator.userId)).bearer;
});

function request(operation: ApiOperation, input: BadInput) {
  let path = operation.path;
  for (const [, name] of operation.path.matchAll(/:(\w+)/g))
    path = path.replace(`:${name}`, input.path ?? "someone-else");
  const query = input.query ? `?${new URLSearchParams(input.query)}` : "";
  const token = { public: null, "signed-in": signedIn, admin }[operation.access];
  const headers: Record<string, string> = {
    // Each input from its own address, so per-IP limits leave the validation to be tested.
    "cf-connecting-ip": `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp++ & 255}`,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...input.headers,
  };
  const hasBody = operation.method !== "GET" && input.body !== undefined;
  return callWeb(`/api${path}${query}`, {
    method: operation.method,
    headers,
    ...(hasBody ? { body: input.body } : {}),
  });
}

describe.each(
  API_OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
)("%s", (_, operation) => {
  test.prop([badInputs(operation)], { numRuns: RUNS_PER_OPERATION })(
    "answers bad input with a JSON envelope, refusing it in Russian, never with a 5xx",
    async (input) => {
      const { response } = await request(operation, input);
      const context = `${input.kind} → ${response.status}`;
      expect(response.status, context).toBeLessThan(500);
      // Input the operation ignores (junk beside a file download's own parameters) gets the file.
      if (response.ok && !input.refused && "file" in operation.success) {
        expect(response.headers.get("content-type"), context).toBe(operation.success.file.type);
        return;
      }
      expect(response.headers.get("content-type"), context).toMatch(/^application\/json/);
      const body = await response.json<{ success: boolean; error?: string; message?: string }>();
      if (input.refused) expect(response.status, context).toBeGreaterThanOrEqual(400);
      if (!body.success) {
        expect(response.status, context).toBeGreaterThanOrEqual(400);
        expect(body.error, context).toMatch(CYRILLIC);
        if (body.message !== undefined) expect(body.message, context).toMatch(CYRILLIC);
      }
    },
  );
});
