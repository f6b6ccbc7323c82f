// The authorization matrix, driven by the API catalog: every operation, called by a signed-out
// visitor, a user of company A (by token and by cookie), a user of company B and an admin,
// answers as its access rule says. An endpoint added to the catalog is covered here without
// new test code; a new kind of owned row needs one fixture in OWNED_ROWS.
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../workers/core/auth/sessions";
import {
  API_OPERATIONS,
  type ApiOperation,
  type CompanyPrerequisite,
  type OwnedResource,
} from "../../workers/web/api/catalog";
import {
  callWeb,
  createCompanyUser,
  createConnectionFor,
  createOrderFor,
  postJson,
  sessionFor,
  testDb,
} from "./support";

type Member = { userId: string; companyId: string };
type Caller = "signed out" | "A (token)" | "A (cookie)" | "B (token)" | "admin (token)";
type Expected = "allowed" | 401 | 403 | 404;

/** A row of each ownable kind, owned by `owner`; returns the id a path names it by. */
const OWNED_ROWS: Record<OwnedResource, (owner: Member) => Promise<string>> = {
  async session(owner) {
    const { session } = await createSession(testDb(), {
      userId: owner.userId,
      kind: "browser",
      now: Date.now(),
    });
    return session.id.slice(0, 16);
  },
  "platform-connection": (owner) => createConnectionFor(owner.companyId),
  order: (owner) => createOrderFor(owner.companyId, { status: "delivered" }),
};

/** Sets the prerequisite up for a member's company, through the API as a user would. */
const PREREQUISITES: Record<CompanyPrerequisite, (bearer: string) => Promise<void>> = {
  async "x5-token"(bearer) {
    const { response } = await callWeb(
      "/api/x5/auth",
      postJson(
        { userName: "carrier@x5.demo", password: "x5-demo-2025" },
        { authorization: `Bearer ${bearer}` },
      ),
    );
    expect(response.status).toBe(200);
  },
};

let companyA: Member;
let companyB: Member;
let admin: Member;

beforeAll(async () => {
  [companyA, companyB, admin] = await Promise.all([
    createCompanyUser(),
    createCompanyUser(),
    createCompanyUser({ role: "admin" }),
  ]);
});

function expected(operation: ApiOperation, caller: Caller): Expected {
  if (caller === "signed out") return operation.access === "public" ? "allowed" : 401;
  if (operation.access === "admin" && caller !== "admin (token)") return 403;
  // Only company A owns the row the path names; everyone else is told it does not exist.
  if (operation.owns && !caller.startsWith("A ")) return 404;
  return "allowed";
}

async function headersOf(operation: ApiOperation, caller: Caller): Promise<Record<string, string>> {
  const member = {
    "A (token)": companyA,
    "A (cookie)": companyA,
    "B (token)": companyB,
    "admin (token)": admin,
  }[caller as Exclude<Caller, "signed out">];
  if (!member) return {};
  // Fresh credentials per call: sign-out and "end other sessions" are operations too, and so
  // is undoing a prerequisite (disconnecting X5), so it is set up again before each call.
  const { cookie, bearer } = await sessionFor(member.userId);
  if (operation.requires) await PREREQUISITES[operation.requires](bearer);
  return caller === "A (cookie)"
    ? { cookie, "sec-fetch-site": "same-origin" }
    : { authorization: `Bearer ${bearer}` };
}

/** The operation's path with its parameters filled: an owned row of A's, or A's user id. */
async function pathOf(operation: ApiOperation): Promise<string> {
  let path = operation.path;
  for (const [, name] of operation.path.matchAll(/:(\w+)/g)) {
    const value =
      operation.owns?.param === name ? await OWNED_ROWS[operation.owns.resource](companyA) : companyA.userId;
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  return `/api${path}`;
}

const CALLERS: Caller[] = ["signed out", "A (token)", "A (cookie)", "B (token)", "admin (token)"];

describe.each(
  API_OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
)("%s", (_, operation) => {
  it.each(CALLERS)("called by %s answers as its access rule says", async (caller) => {
    const init: RequestInit = { method: operation.method, headers: await headersOf(operation, caller) };
    if (operation.body) {
      init.body = "{}";
      (init.headers as Record<string, string>)["content-type"] = "application/json";
    }
    const { response } = await callWeb(await pathOf(operation), init);
    const body = await response.json<{ success: boolean; error?: string }>();
    const rule = expected(operation, caller);
    if (rule === "allowed") {
      expect(response.status, JSON.stringify(body)).not.toBeOneOf([401, 403, 404]);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      if (operation.owns || (!operation.body && !operation.query)) {
        // Nothing to validate: the call itself must succeed.
        expect(response.status, JSON.stringify(body)).toBe(operation.success.status);
      }
    } else {
      expect(response.status, JSON.stringify(body)).toBe(rule);
      expect(body).toMatchObject({ success: false, error: expect.stringMatching(/[А-Яа-яЁё]/) });
    }
  });
});
