// The authorization matrix, driven by the operations' definitions: every operation, called by a
// signed-out visitor, a user of company A (by token and by cookie), a user of company B and an
// admin, answers as its access rule says. An endpoint defined in the API is covered here without
// new test code; a new kind of owned row needs one fixture in OWNED_ROWS.
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { payments, users } from "../../db/schema";
import { QUICK_PAYMENT_DOCUMENT_KINDS, quickPaymentDocuments, quickPayments } from "../../db/schema/finance";
import { createSession } from "../../workers/core/auth/sessions";
import { recordMovement } from "../../workers/core/finance/ledger";
import { vehicleKey } from "../../workers/core/edo/documents";
import type { WireDocument } from "../../workers/providers/edo-operator";
import {
  statusesOf,
  type ApiOperation,
  type CompanyPrerequisite,
  type OwnedResource,
} from "../../workers/web/api/operation";
import { API_OPERATIONS } from "../../workers/web/api/operations";
import {
  callWeb,
  createCompanyUser,
  createConnectionFor,
  createOrderFor,
  EDO_PASSWORD,
  mirrorEdoDocuments,
  operatorDocuments,
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
  async vehicle(owner) {
    // A waybill of the owner's mirror with a vehicle: the id is the mirror's key of its number.
    const doc = (await operatorDocuments(EDO_ACCOUNT.login, { limit: "50", category: "ETRN" })).find(
      (d) => d.info.ts?.num,
    );
    if (!doc) throw new Error("the sandbox account has no waybill with a vehicle");
    await mirrorEdoDocuments(owner.companyId, [doc]);
    return vehicleKey(doc.info.ts!.num);
  },
  async "edo-client"(owner) {
    // A waybill of the owner's mirror naming a shipper other than the account itself: its INN.
    const doc = (await operatorDocuments(EDO_ACCOUNT.login, { limit: "50", category: "ETRN" })).find(
      (d) =>
        d.roleCode !== "GO" &&
        !!d.info.go?.inn &&
        d.info.go.inn !== d.info[d.roleCode === "GP" ? "gp" : "tk"]?.inn,
    );
    if (!doc) throw new Error("the sandbox account has no waybill naming another shipper");
    await mirrorEdoDocuments(owner.companyId, [doc]);
    return doc.info.go!.inn;
  },
  async member(owner) {
    // A dispatcher of the owner's company, made afresh for each call: removing it is an operation.
    const id = crypto.randomUUID();
    await testDb()
      .insert(users)
      .values({
        id,
        companyId: owner.companyId,
        firstName: "Ольга",
        lastName: "Смирнова",
        email: `member.${id.slice(0, 8)}@example.ru`,
        phone: "",
        companyRole: "dispatcher",
        passwordHash: "none",
        createdAt: new Date(),
      });
    return id;
  },
  async "edo-document"(owner) {
    // A docflow of the prerequisite's EDO account, mirrored for the owner only: its files are
    // real at the operator, so company A's calls succeed end to end.
    const doc = await edoDocumentWithContent();
    await mirrorEdoDocuments(owner.companyId, [doc]);
    return doc.id;
  },
  async payment(owner) {
    // Settled, so reading it asks the payment provider nothing.
    const id = crypto.randomUUID();
    const now = new Date();
    await testDb()
      .insert(payments)
      .values({
        id,
        companyId: owner.companyId,
        userId: owner.userId,
        planId: "basic",
        description: "Тариф «Базовый», 1 месяц",
        amountKopecks: 99_000,
        idempotenceKey: crypto.randomUUID(),
        returnUrl: `http://reys.test/payment/success?payment_id=${id}`,
        status: "canceled",
        cancellationReason: "insufficient_funds",
        createdAt: now,
        updatedAt: now,
        appliedAt: now,
      });
    return id;
  },
  async "ledger-operation"(owner) {
    // A payout on its way, named as the ledger names a quick payment's (with colons to encode).
    const movementId = `qp:${crypto.randomUUID()}:payout`;
    await recordMovement(
      testDb(),
      {
        movementId,
        companyId: owner.companyId,
        type: "payout",
        amountKopecks: 83_300_00,
        description: "Выплата на расчётный счёт",
      },
      "pending",
      Date.now(),
    );
    return movementId;
  },
  async "quick-payment"(owner) {
    // Asked for and not yet looked at: reading it moves nothing.
    const orderId = await createOrderFor(owner.companyId, { status: "delivered" });
    const id = crypto.randomUUID();
    const now = new Date();
    await testDb().insert(quickPayments).values({
      id,
      companyId: owner.companyId,
      orderId,
      platformId: "magnit",
      amountKopecks: 4_825_050,
      feeRateBp: 200,
      feeKopecks: 96_501,
      netKopecks: 4_728_549,
      status: "requested",
      consentAt: now,
      requestedAt: now,
      updatedAt: now,
    });
    // Its documents, as approval would make them (a bare PDF stands in for each).
    await testDb()
      .insert(quickPaymentDocuments)
      .values(
        QUICK_PAYMENT_DOCUMENT_KINDS.map((kind) => ({
          quickPaymentId: id,
          kind,
          fileName: `${kind}.pdf`,
          bytes: new TextEncoder().encode("%PDF-1.7\n%%EOF\n"),
          createdAt: now,
        })),
      );
    return id;
  },
};

/** The sandbox EDO account the matrix signs companies in to; it only reads it. */
const EDO_ACCOUNT = { login: "demo-carrier", password: EDO_PASSWORD };
let edoDocument: WireDocument | undefined;

/** An ETRN docflow of the account whose titles all have content, asked of the operator itself. */
async function edoDocumentWithContent(): Promise<WireDocument> {
  edoDocument ??= (await operatorDocuments(EDO_ACCOUNT.login, { limit: "50", category: "ETRN" })).find(
    (doc) => doc.info.documents.every((title) => title.contentSize > 0),
  );
  if (!edoDocument) throw new Error("the sandbox account has no docflow with content");
  return edoDocument;
}

/**
 * Sets the prerequisite up for a member's company, through the API as a user would; answers
 * the query parameters a call then needs.
 */
const PREREQUISITES: Record<CompanyPrerequisite, (bearer: string) => Promise<Record<string, string> | void>> =
  {
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
    async "edo-login"(bearer) {
      const { response } = await callWeb(
        "/api/edo/auth",
        postJson(EDO_ACCOUNT, { authorization: `Bearer ${bearer}` }),
      );
      expect(response.status).toBe(200);
      return { login: EDO_ACCOUNT.login };
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

/** The caller's credentials, and the query parameters its company's prerequisite asks for. */
async function credentialsOf(
  operation: ApiOperation,
  caller: Caller,
): Promise<{ headers: Record<string, string>; query: Record<string, string> }> {
  const member = {
    "A (token)": companyA,
    "A (cookie)": companyA,
    "B (token)": companyB,
    "admin (token)": admin,
  }[caller as Exclude<Caller, "signed out">];
  if (!member) return { headers: {}, query: {} };
  // Fresh credentials per call: sign-out and "end other sessions" are operations too, and so
  // is undoing a prerequisite (disconnecting X5), so it is set up again before each call.
  const { cookie, bearer } = await sessionFor(member.userId);
  const query = (operation.requires && (await PREREQUISITES[operation.requires](bearer))) || {};
  const headers: Record<string, string> =
    caller === "A (cookie)"
      ? { cookie, "sec-fetch-site": "same-origin" }
      : { authorization: `Bearer ${bearer}` };
  return { headers, query };
}

/**
 * The operation's path with its parameters filled: an owned row of A's, a parameter's first
 * allowed value when it is one of a few (a document's kind), or A's user id.
 */
async function pathOf(operation: ApiOperation): Promise<string> {
  let path = operation.path;
  for (const [, name] of operation.path.matchAll(/:(\w+)/g)) {
    const schema = operation.params?.shape[name];
    const value =
      operation.owns?.param === name
        ? await OWNED_ROWS[operation.owns.resource](companyA)
        : schema instanceof z.ZodEnum
          ? String(schema.options[0])
          : companyA.userId;
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  return `/api${path}`;
}

const CALLERS: Caller[] = ["signed out", "A (token)", "A (cookie)", "B (token)", "admin (token)"];

describe("the operations open to a signed-out visitor", () => {
  it("are exactly these: access is chosen on purpose, never by accident", () => {
    const open = API_OPERATIONS.filter((operation) => operation.access === "public");
    expect(open.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual([
      "GET /auth/health",
      "GET /companies/suggest",
      "GET /health",
      "GET /landing/landing",
      "GET /landing/validate/:codeOrHash",
      // Spec 2 §7 calls it with no token; the landing shows the same prices (decision 0070).
      "GET /payments/plans",
      "GET /platforms",
      "GET /x5/health",
      "POST /analytics/event",
      "POST /analytics/events",
      "POST /auth/login",
      "POST /auth/logout",
      "POST /auth/refresh",
      "POST /auth/register",
      "POST /feedback/contact",
      "POST /payments/webhook",
      "POST /registration/partner-register",
    ]);
  });
});

describe.each(
  API_OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const),
)("%s", (_, operation) => {
  it.each(CALLERS)("called by %s answers as its access rule says", async (caller) => {
    const { headers, query } = await credentialsOf(operation, caller);
    const init: RequestInit = { method: operation.method, headers };
    if (operation.body) {
      init.body = "{}";
      headers["content-type"] = "application/json";
    }
    const search = Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : "";
    const { response } = await callWeb(`${await pathOf(operation)}${search}`, init);
    const file = response.ok && "file" in operation.success ? operation.success.file : undefined;
    if (file) expect(response.headers.get("content-type")).toBe(file.type);
    const body = file
      ? { success: true, size: (await response.arrayBuffer()).byteLength }
      : await response.json<{ success: boolean; error?: string }>();
    const rule = expected(operation, caller);
    if (rule === "allowed") {
      expect(response.status, JSON.stringify(body)).not.toBeOneOf([401, 403, 404]);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      if (operation.owns || operation.requires || (!operation.body && !operation.query)) {
        // Nothing to validate: the call itself must succeed.
        expect(response.status, JSON.stringify(body)).toBeOneOf(statusesOf(operation).success);
      }
    } else {
      expect(response.status, JSON.stringify(body)).toBe(rule);
      expect(body).toMatchObject({ success: false, error: expect.stringMatching(/[А-Яа-яЁё]/) });
    }
  });
});
