// The fuzz suite for page actions (issue 20, item 9; decision 0045): every Remix route with an
// action in the server build gets generated requests (content types of every kind, bodies that
// are not forms, broken multiparts, forms of junk fields and files, signed in or not, on the
// page's URL and on single fetch's) and must never answer a 5xx. What is not a form is refused
// with 415, a multipart the platform's own parser rejects with 400, both with a Russian page.
import { fc, test } from "@fast-check/vitest";
import { beforeAll, describe, expect } from "vitest";
import { createSession } from "../../workers/core/auth/sessions";
import { CYRILLIC, isHeaderValue, nastyString } from "./fuzz";
import { ACTION_ROUTES, dataUrlOf, SAME_ORIGIN } from "./page-actions";
import { callWeb, createCompanyUser, testDb } from "./support";

// Half the API's count: 500 inputs per action take about a minute here (12 actions, 2 cores).
const RUNS_PER_ACTION = Math.ceil(Number(process.env.FUZZ_RUNS ?? 1_000) / 2);

/** Field names the site's forms use, so junk also lands where an action looks. */
const FIELD_NAMES = [
  "intent",
  "email",
  "password",
  "confirmPassword",
  "redirectTo",
  "token",
  "orderId",
  "sessionId",
  "connectionId",
  "login",
  "userName",
  "platform_id",
  "credentials.username",
  "credentials.password",
  "inn",
  "companyInn",
  "message",
  "agreedToTerms",
];
const INTENTS = ["connect", "disconnect", "sync", "test", "auth", "create", "request-payment", "end-others"];

const fieldName = fc.oneof(fc.constantFrom(...FIELD_NAMES), nastyString);
const fieldValue = fc.oneof(nastyString, fc.constantFrom(...INTENTS));
const fields = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 6 });

const mediaTypeOf = (type: string) => type.split(";")[0].trim().toLowerCase();
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

type Generated = {
  kind: "not a form" | "multipart" | "form";
  type?: string;
  body?: string | Uint8Array<ArrayBuffer>;
};

const notAForm: fc.Arbitrary<Generated> = fc
  .record({
    type: fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(
        "application/json",
        "application/json; charset=utf-8",
        "text/plain;charset=UTF-8",
        "text/html",
        "application/xml",
        "application/octet-stream",
        "multipart/mixed; boundary=x",
        "multipart/form-data-x",
        "application/x-www-form-urlencoded-x",
        "",
      ),
      fc.string().filter((type) => isHeaderValue(type) && !FORM_TYPES.includes(mediaTypeOf(type))),
    ),
    body: fc.oneof(
      nastyString,
      fc.dictionary(fieldName, fieldValue).map((object) => JSON.stringify(object)),
      fc.constant(undefined),
    ),
  })
  .map(({ type, body }) => ({
    kind: "not a form",
    type,
    // A string body would get «text/plain» from the Request; bytes keep the type absent.
    body: type === undefined && body !== undefined ? new TextEncoder().encode(body) : body,
  }));

/** `entries` as a browser serialises a FormData: a multipart body and its content type. */
async function multipartOf(entries: [string, string | File][]) {
  const form = new FormData();
  // workerd's FormData refuses to serialise a name or file name ending in a backslash.
  const safe = (name: string) => (name.endsWith("\\") ? `${name}_` : name);
  for (const [name, value] of entries) {
    form.append(safe(name), typeof value === "string" ? value : new File([value], safe(value.name), value));
  }
  const encoded = new Response(form);
  return { type: encoded.headers.get("content-type")!, body: new Uint8Array(await encoded.arrayBuffer()) };
}

const fileEntry = fc
  .tuple(fieldName, fc.uint8Array({ maxLength: 2_000 }), fc.string(), fc.constantFrom("", "application/pdf"))
  .map(([name, bytes, fileName, type]): [string, File] => [name, new File([bytes], fileName, { type })]);

const formEntries = fc.array(fc.oneof(fc.tuple(fieldName, fieldValue), fileEntry), { maxLength: 6 });

/** Multipart bodies that may not parse: a wrong or missing boundary, cut short, or no multipart at all. */
const multipart: fc.Arbitrary<() => Promise<Generated>> = fc.oneof(
  fc
    .tuple(formEntries, fc.oneof(fc.constant(""), fc.string().filter(isHeaderValue)))
    .map(([entries, boundary]) => async () => ({
      kind: "multipart" as const,
      type: `multipart/form-data${boundary ? `; boundary=${boundary}` : ""}`,
      body: (await multipartOf(entries)).body,
    })),
  fc.tuple(formEntries, fc.nat()).map(([entries, cut]) => async () => {
    const { type, body } = await multipartOf(entries);
    return { kind: "multipart" as const, type, body: body.slice(0, cut % (body.length + 1)) };
  }),
  fc.tuple(fc.string().filter(isHeaderValue), nastyString).map(([boundary, body]) => async () => ({
    kind: "multipart" as const,
    type: `multipart/form-data; boundary=${boundary}`,
    body,
  })),
);

/** Well-formed forms of junk fields (files too): the actions' own validation answers them. */
const form: fc.Arbitrary<() => Promise<Generated>> = fc.oneof(
  fields.map((entries) => async () => ({
    kind: "form" as const,
    type: "application/x-www-form-urlencoded;charset=UTF-8",
    body: new URLSearchParams(entries).toString(),
  })),
  formEntries.map((entries) => async () => ({ kind: "form" as const, ...(await multipartOf(entries)) })),
);

const request = fc.record({
  generate: fc.oneof(
    notAForm.map((input) => async () => input),
    multipart,
    form,
  ),
  method: fc.constantFrom("POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
  singleFetch: fc.boolean(),
  signedIn: fc.boolean(),
});

/** Whether the platform's own form parser reads the body (what an action's `request.formData()` does). */
async function parses({ type, body }: Generated) {
  try {
    await new Request("http://reys.test/", {
      method: "POST",
      headers: type === undefined ? {} : { "content-type": type },
      body,
    }).formData();
    return true;
  } catch {
    return false;
  }
}

let userId: string;
let nextIp = 0;

beforeAll(async () => {
  ({ userId } = await createCompanyUser());
});

describe.each(ACTION_ROUTES.map((route) => [`${route.id} (${route.path})`, route] as const))(
  "%s",
  (_, route) => {
    test.prop([request], { numRuns: RUNS_PER_ACTION })(
      "never answers a 5xx; refuses what is not a form with 415 and a broken form with 400, in Russian",
      async ({ generate, method, singleFetch, signedIn }) => {
        const input = await generate();
        // A fresh session each time: a generated logout or «end other sessions» ends only its own.
        const cookie = signedIn
          ? `reys_session=${(await createSession(testDb(), { userId, kind: "browser", now: Date.now() })).token}`
          : undefined;
        const path = singleFetch ? dataUrlOf(route.path) : route.path;
        const { response } = await callWeb(path, {
          method,
          headers: {
            ...SAME_ORIGIN,
            // Each input from its own address, so per-IP limits leave the bodies to be tested.
            "cf-connecting-ip": `10.30.${(nextIp >> 8) & 255}.${nextIp++ & 255}`,
            ...(cookie ? { cookie } : {}),
            ...(input.type !== undefined ? { "content-type": input.type } : {}),
          },
          ...(input.body !== undefined ? { body: input.body } : {}),
          redirect: "manual",
        });
        const text = await response.text();
        const context = `${method} ${path}, ${input.kind} (${input.type ?? "no content type"}) → ${response.status}: ${text.slice(0, 200)}`;
        expect(response.status, context).toBeLessThan(500);
        const refusal =
          input.kind === "not a form"
            ? 415
            : input.kind === "multipart" && !(await parses(input))
              ? 400
              : null;
        if (refusal) {
          expect(response.status, context).toBe(refusal);
          expect(text, context).toMatch(CYRILLIC);
        }
        // Any page refusing reads in Russian. Single fetch's answers to a form are data for the page,
        // which shows the message (or its toast) itself.
        const isPage = response.headers.get("content-type")?.startsWith("text/html");
        if (response.status >= 400 && isPage) expect(text, context).toMatch(CYRILLIC);
      },
    );
  },
);
