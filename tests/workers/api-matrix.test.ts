// The authorization matrix, driven by the operations' definitions: every operation, called by a
// signed-out visitor, company A's director (by token and by cookie), dispatcher and driver, a user
// of company B and an admin, answers as its access rule and roles say; a role it refuses gets 403
// and company A's rows stay exactly as they were (decision 0077). An endpoint defined in the API
// is covered here without new test code; a new kind of owned row needs one fixture in OWNED_ROWS.
import { eq, getTableColumns, inArray, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as schema from "../../db/schema";
import { edoConnections, payments, sessions, users, x5Tokens } from "../../db/schema";
import { QUICK_PAYMENT_DOCUMENT_KINDS, quickPaymentDocuments, quickPayments } from "../../db/schema/finance";
import { createSession } from "../../workers/core/auth/sessions";
import { recordMovement } from "../../workers/core/finance/ledger";
import { vehicleKey } from "../../workers/core/edo/documents";
import type { CompanyRole } from "../../db/schema/auth";
import { ROLE_REFUSAL } from "../../workers/core/members/roles";
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
import { addCompanyMember } from "./members-fixture";

type Member = { userId: string; companyId: string };
type Caller =
  | "signed out"
  | "A (token)"
  | "A (cookie)"
  | "A dispatcher (token)"
  | "A driver (token)"
  | "B (token)"
  | "admin (token)";
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
    return (await addCompanyMember(owner.companyId, "dispatcher")).userId;
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

/**
 * An ETRN docflow of the account whose titles all have content and that names its driver (company
 * A's driver is that person), asked of the operator itself.
 */
async function edoDocumentWithContent(): Promise<WireDocument> {
  edoDocument ??= (await operatorDocuments(EDO_ACCOUNT.login, { limit: "50", category: "ETRN" })).find(
    (doc) => doc.info.documents.every((title) => title.contentSize > 0) && !!doc.info.driver?.accName,
  );
  if (!edoDocument) throw new Error("the sandbox account has no docflow with content");
  return edoDocument;
}

/**
 * Sets the prerequisite up for a member's company, through the API as a user would (by its
 * director: connecting a provider is not every role's), unless the company has it already: the
 * providers' sign-ins are throttled per company. Answers the query parameters a call then needs.
 */
const PREREQUISITES: Record<
  CompanyPrerequisite,
  {
    present: (companyId: string) => Promise<boolean>;
    setUp: (bearer: string) => Promise<void>;
    query: Record<string, string>;
  }
> = {
  "x5-token": {
    present: async (companyId) =>
      (await testDb().select().from(x5Tokens).where(eq(x5Tokens.companyId, companyId))).length > 0,
    async setUp(bearer) {
      const { response } = await callWeb(
        "/api/x5/auth",
        postJson(
          { userName: "carrier@x5.demo", password: "x5-demo-2025" },
          { authorization: `Bearer ${bearer}` },
        ),
      );
      expect(response.status).toBe(200);
    },
    query: {},
  },
  "edo-login": {
    present: async (companyId) =>
      (await testDb().select().from(edoConnections).where(eq(edoConnections.companyId, companyId))).length >
      0,
    async setUp(bearer) {
      const { response } = await callWeb(
        "/api/edo/auth",
        postJson(EDO_ACCOUNT, { authorization: `Bearer ${bearer}` }),
      );
      expect(response.status).toBe(200);
    },
    query: { login: EDO_ACCOUNT.login },
  },
};

let companyA: Member;
let dispatcherA: Member;
let driverA: Member;
let companyB: Member;
let admin: Member;

beforeAll(async () => {
  [companyA, companyB, admin] = await Promise.all([
    createCompanyUser(),
    createCompanyUser(),
    createCompanyUser({ role: "admin" }),
  ]);
  // The driver is the person company A's EDO document names (edo_documents.driver, decision 0077).
  const [lastName, firstName] = (await edoDocumentWithContent()).info.driver!.accName.split(" ");
  [dispatcherA, driverA] = await Promise.all([
    addCompanyMember(companyA.companyId, "dispatcher"),
    addCompanyMember(companyA.companyId, "driver", { firstName, lastName }),
  ]);
});

const ROLE_OF: Partial<Record<Caller, CompanyRole>> = {
  "A (token)": "director",
  "A (cookie)": "director",
  "A dispatcher (token)": "dispatcher",
  "A driver (token)": "driver",
  "B (token)": "director",
  "admin (token)": "director",
};

function expected(operation: ApiOperation, caller: Caller): Expected {
  if (caller === "signed out") return operation.access === "public" ? "allowed" : 401;
  if (operation.access === "admin" && caller !== "admin (token)") return 403;
  if (operation.access === "signed-in" && !operation.roles.includes(ROLE_OF[caller]!)) return 403;
  // Only company A owns the row the path names; everyone else is told it does not exist.
  if (operation.owns && !caller.startsWith("A ")) return 404;
  return "allowed";
}

/** The member who calls, and their company's director. */
function membersOf(caller: Caller): [Member, Member] | [undefined, undefined] {
  const found = {
    "A (token)": [companyA, companyA],
    "A (cookie)": [companyA, companyA],
    "A dispatcher (token)": [dispatcherA, companyA],
    "A driver (token)": [driverA, companyA],
    "B (token)": [companyB, companyB],
    "admin (token)": [admin, admin],
  }[caller as Exclude<Caller, "signed out">] as [Member, Member] | undefined;
  return found ?? [undefined, undefined];
}

/** The caller's credentials, and the query parameters its company's prerequisite asks for. */
async function credentialsOf(
  operation: ApiOperation,
  caller: Caller,
): Promise<{ headers: Record<string, string>; query: Record<string, string> }> {
  const [member, director] = membersOf(caller);
  if (!member || !director) return { headers: {}, query: {} };
  // Fresh credentials per call: sign-out and "end other sessions" are operations too, and so
  // is undoing a prerequisite (disconnecting X5), so it is checked again before each call.
  const { cookie, bearer } = await sessionFor(member.userId);
  const prerequisite = operation.requires && PREREQUISITES[operation.requires];
  if (prerequisite && !(await prerequisite.present(director.companyId)))
    await prerequisite.setUp((await sessionFor(director.userId)).bearer);
  const query = prerequisite ? prerequisite.query : {};
  const headers: Record<string, string> =
    caller === "A (cookie)"
      ? { cookie, "sec-fetch-site": "same-origin" }
      : { authorization: `Bearer ${bearer}` };
  return { headers, query };
}

/**
 * The operation's path with its parameters filled: an owned row of A's (of the calling member of
 * A: a session is its user's own), a parameter's first allowed value when it is one of a few (a
 * document's kind), or A's user id.
 */
async function pathOf(operation: ApiOperation, caller: Caller): Promise<string> {
  const [member] = membersOf(caller);
  const owner = member?.companyId === companyA.companyId ? member : companyA;
  let path = operation.path;
  for (const [, name] of operation.path.matchAll(/:(\w+)/g)) {
    const schema = operation.params?.shape[name];
    const value =
      operation.owns?.param === name
        ? await OWNED_ROWS[operation.owns.resource](owner)
        : schema instanceof z.ZodEnum
          ? String(schema.options[0])
          : companyA.userId;
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  return `/api${path}`;
}

const CALLERS: Caller[] = [
  "signed out",
  "A (token)",
  "A (cookie)",
  "A dispatcher (token)",
  "A driver (token)",
  "B (token)",
  "admin (token)",
];

/** Tables that hold a company's rows, found in the schema itself so a new one is covered too. */
const COMPANY_TABLES = (Object.values(schema) as unknown[]).filter(
  (table): table is SQLiteTable => is(table, SQLiteTable) && "companyId" in getTableColumns(table),
);

/**
 * Every row company A holds, and its members' sessions: what a refused call must leave alone.
 * One batch (one round trip): thirty reads at once would be refused by a busy sqld (429).
 */
async function rowsOf(companyId: string): Promise<string> {
  const db = testDb();
  const members = db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
  const reads = [
    ...COMPANY_TABLES.map((table) => {
      const companyColumn = getTableColumns(table).companyId as SQLiteColumn;
      return db.select().from(table).where(eq(companyColumn, companyId));
    }),
    db.select().from(sessions).where(inArray(sessions.userId, members)),
  ];
  return JSON.stringify(await db.batch(reads as unknown as Parameters<typeof db.batch>[0]));
}

describe("what a refused role must leave alone", () => {
  it("is every table with a company's rows: money, orders, documents, members among them", () => {
    const names = COMPANY_TABLES.map((table) => getTableConfig(table).name);
    expect(names).toEqual(
      expect.arrayContaining([
        "users",
        "platform_orders",
        "edo_documents",
        "company_requisites",
        "quick_payments",
        "ledger_entries",
        "invitations",
      ]),
    );
  });
});

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
    const path = `${await pathOf(operation, caller)}${search}`;
    const rule = expected(operation, caller);
    const refusedRole = rule === 403 && operation.access === "signed-in";
    const before = refusedRole ? await rowsOf(companyA.companyId) : null;
    const { response } = await callWeb(path, init);
    const file = response.ok && "file" in operation.success ? operation.success.file : undefined;
    if (file) expect(response.headers.get("content-type")).toBe(file.type);
    const body = file
      ? { success: true, size: (await response.arrayBuffer()).byteLength }
      : await response.json<{ success: boolean; error?: string }>();
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
      if (refusedRole) {
        expect(body).toEqual({ success: false, error: "Недостаточно прав", message: ROLE_REFUSAL.message });
        expect(await rowsOf(companyA.companyId)).toBe(before);
      }
    }
  });
});
