import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { expect } from "vitest";
import { createDb, type Db } from "../../db/client";
import { companies, edoDocuments, platformConnections, platformOrders, users } from "../../db/schema";
import { documentRow } from "../../workers/core/edo/documents";
import { sealCredentials } from "../../workers/core/platforms/connections";
import type { OrderStatus, PlatformId } from "../../workers/providers/customer-platform";
import { hashPassword } from "../../workers/core/auth/passwords";
import { startApiSession } from "../../workers/core/auth/refresh";
import { createSession } from "../../workers/core/auth/sessions";
import type { JobMessage } from "../../workers/core/jobs/messages";
import type { PartnerCode } from "../../workers/core/partners/codes";
import { createLink, type PartnerLink } from "../../workers/core/partners/links";
import { DADATA_BANK_PATH } from "../../workers/providers/dadata";
import type { WireDocument } from "../../workers/providers/edo-operator";
import jobsWorker from "../../workers/jobs/index";
import { processBatch, type JobDeps } from "../../workers/jobs/process";
import type { AnalyticsEventRecord } from "../../workers/core/analytics/event";
import webWorker from "../../workers/web/index";
import type { Envelope, SignedIn, TokenPair } from "../../workers/web/api/types";
import { checkAnswer } from "./answers";
import { randomInn } from "../support/russian-ids";

export type SentMessage = { body: JobMessage; delaySeconds?: number };

/** A Queue binding that keeps what it is sent, so a test can hand it to the consumer. */
export function recordingQueue() {
  const sent: SentMessage[] = [];
  const queue = {
    async send(body: JobMessage, options?: QueueSendOptions) {
      sent.push({ body, ...options });
    },
    async sendBatch(messages: Iterable<MessageSendRequest<JobMessage>>) {
      for (const m of messages) sent.push({ body: m.body, delaySeconds: m.delaySeconds });
    },
  } as unknown as Queue<JobMessage>;
  return { sent, queue };
}

export const testDb = () => createDb({ url: env.DATABASE_URL });

/**
 * Calls the web Worker's fetch with the test env (plus `envOverrides`) and a recording JOBS
 * queue. An /api answer that its operation does not declare fails the calling test.
 */
export async function callWeb(path: string, init?: RequestInit, envOverrides: Partial<Env> = {}) {
  const jobs = recordingQueue();
  const ctx = createExecutionContext();
  const request = new Request(`http://reys.test${path}`, init);
  // Browsers and Cloudflare always send Host; Remix compares it with Origin on actions.
  if (!request.headers.has("host")) request.headers.set("host", "reys.test");
  const response = await webWorker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...envOverrides, JOBS: jobs.queue },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  await checkAnswer(request, response);
  return { response, sent: jobs.sent };
}

let nextMessage = 0;

/** What the queue made of a delivered batch: which messages were acked and which retried, by id. */
export type QueueOutcome = {
  explicitAcks: string[];
  retryMessages: { msgId: string }[];
  /** The batch's message ids, in the order of the bodies delivered. */
  ids: string[];
};

/**
 * Delivers messages to the jobs Worker's queue handler as Cloudflare Queues would; with `deps`,
 * to its batch handling with those dependencies instead (a test's hand on a provider mid-job).
 */
export async function deliver(
  bodies: unknown[],
  options: { attempts?: number; queue?: string; env?: Partial<JobsEnv>; deps?: JobDeps } = {},
): Promise<QueueOutcome> {
  const batch = createMessageBatch(
    options.queue ?? "reys-jobs",
    bodies.map((body) => ({
      id: `msg-${++nextMessage}`,
      timestamp: new Date(),
      attempts: options.attempts ?? 1,
      body,
    })),
  ) as MessageBatch<JobMessage>;
  const ctx = createExecutionContext();
  if (options.deps) await processBatch(options.deps, batch.messages);
  else await jobsWorker.queue(batch, { ...env, ...options.env });
  const { explicitAcks, retryMessages } = await getQueueResult(batch, ctx);
  return { explicitAcks, retryMessages, ids: batch.messages.map((m) => m.id) };
}

/**
 * Delivers the messages and every message they lead to, a batch a round as the queue would,
 * until none is left; a retried message fails the test. Returns every message delivered.
 */
export async function drain(
  messages: SentMessage[],
  options: { env?: Partial<JobsEnv> } = {},
): Promise<JobMessage[]> {
  const queue = recordingQueue();
  const delivered: JobMessage[] = [];
  let pending = messages.map((m) => m.body);
  while (pending.length > 0) {
    const result = await deliver(pending, { env: { ...options.env, JOBS: queue.queue } });
    expect(result.retryMessages).toEqual([]);
    delivered.push(...pending);
    pending = queue.sent.splice(0).map((m) => m.body);
  }
  return delivered;
}

/** An analytics.ingest message as the web Worker queues it: `count` events of one session, made at `at`. */
export function ingestMessage(sessionId: string, at: number, count: number): JobMessage {
  const events = Array.from({ length: count }, (_, i): AnalyticsEventRecord => ({
    id: crypto.randomUUID(),
    userId: null,
    sessionId,
    eventType: i % 10 === 0 ? "page_view" : "click",
    eventCategory: "orders",
    eventAction: "open",
    eventLabel: null,
    metadata: { row: i },
    pageUrl: "https://reys.example/dashboard/orders",
    referrer: null,
    createdAt: at,
    receivedAt: Date.now(),
  }));
  return { kind: "analytics.ingest", events };
}

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}

export type Tokens = TokenPair;

/** Signs in through POST /api/auth/login (the spec's Bearer flow). */
export async function apiLogin(credentials: { email: string; password: string }) {
  const { response } = await callWeb("/api/auth/login", postJson(credentials));
  const body = await response.json<Extract<Envelope<SignedIn>, { success: true }>>();
  return { response, body };
}

export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** YooKassa's notification of a payment, which the webhook reads the payment again for. */
export const paymentNotification = (providerPaymentId: string, event = "payment.succeeded") =>
  postJson({
    type: "notification",
    event,
    object: { id: providerPaymentId, status: "succeeded", paid: true },
  });

/**
 * A company of its own with one user, written straight to the database (no password hash is
 * computed: the user signs in through `sessionFor`, or with `password` when one is given).
 */
export async function createCompanyUser(
  options: { role?: "user" | "admin"; password?: string; db?: Db } = {},
): Promise<{ userId: string; companyId: string; email: string }> {
  const db = options.db ?? testDb();
  const companyId = crypto.randomUUID();
  const userId = crypto.randomUUID();
  const email = `worker.${userId.slice(0, 8)}@example.ru`;
  const now = new Date();
  await db.batch([
    db.insert(companies).values({ id: companyId, name: `ООО «Тест ${userId.slice(0, 4)}»`, createdAt: now }),
    db.insert(users).values({
      id: userId,
      companyId,
      firstName: "Тест",
      lastName: "Тестов",
      email,
      phone: "+79990000000",
      role: options.role ?? "user",
      passwordHash: options.password ? await hashPassword(options.password) : "none",
      createdAt: now,
      // An established account: its address is confirmed (decision 0073), so payouts are allowed.
      emailConfirmedAt: now,
    }),
  ]);
  return { userId, companyId, email };
}

/** A live session of the user, as a browser cookie or an API token pair. */
export async function sessionFor(userId: string, db: Db = testDb()) {
  const { token } = await createSession(db, { userId, kind: "browser", now: Date.now() });
  const tokens = await startApiSession(db, env.SESSION_SECRET, { userId, now: Date.now() });
  return { cookie: `reys_session=${token}`, bearer: tokens.accessToken };
}

const unique = () => crypto.randomUUID().slice(0, 8);

/** The company and contact person a partner link invites, with an INN and e-mails of their own. */
export function partnerLead() {
  return {
    companyName: `ООО «Вектор ${unique()}»`,
    companyInn: randomInn(),
    companyAddress: "г Казань, ул Баумана, д 1",
    companyPhone: "+7 (843) 200-10-20",
    companyEmail: `office.${unique()}@vector.ru`,
    contactFirstName: "Андрей",
    contactLastName: "Волков",
    contactPhone: "8 912 345-67-89",
    contactEmail: `volkov.${unique()}@vector.ru`,
  };
}

/** A quick registration through the link (its token), with its own e-mail and INN. */
export function partnerRegistration(token: string, overrides: Record<string, unknown> = {}) {
  return {
    token,
    firstName: "Андрей",
    lastName: "Волков",
    email: `lead.${unique()}@example.ru`,
    phone: "+79123456789",
    password: "Vector2025!",
    companyName: "ООО «Вектор»",
    companyInn: randomInn(),
    companyAddress: "г Казань, ул Баумана, д 1",
    agreedToTerms: true,
    ...overrides,
  };
}

/** A fresh link of a fresh carrier (a retail partner's when `partnerCode` is given). */
export async function newPartnerLink(partnerCode?: PartnerCode): Promise<PartnerLink> {
  const carrier = await createCompanyUser();
  return createLink(
    testDb(),
    { companyId: carrier.companyId, companyName: "ООО «Трасса»", userId: carrier.userId },
    partnerLead(),
    { source: "web_dashboard", partnerCode, now: Date.now() },
  );
}

export const PLATFORM_DEMO = { username: "demo", password: "platform-demo-2025" };

/** A platform connection of the company with sealed credentials (the sandbox's demo account by default). */
export async function createConnectionFor(
  companyId: string,
  options: { platformId?: PlatformId; credentials?: { username: string; password: string } } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await testDb()
    .insert(platformConnections)
    .values({
      id,
      companyId,
      platformId: options.platformId ?? "magnit",
      connectionName: "Тестовое подключение",
      credentials: await sealCredentials(
        env.CREDENTIALS_KEY,
        { id, companyId },
        options.credentials ?? PLATFORM_DEMO,
      ),
      createdAt: new Date(),
    });
  return id;
}

/** An order of the company on a connection of its own, in the given status. */
export async function createOrderFor(
  companyId: string,
  options: { status?: OrderStatus; connectionId?: string; priceKopecks?: number } = {},
): Promise<string> {
  const connectionId = options.connectionId ?? (await createConnectionFor(companyId));
  const id = crypto.randomUUID();
  const now = new Date();
  await testDb()
    .insert(platformOrders)
    .values({
      id,
      companyId,
      connectionId,
      platformId: "magnit",
      externalOrderId: `MGN-TEST-${id.slice(0, 8)}`,
      customerName: "АО «Тандер»",
      pickupAddress: "г Краснодар, ул Солнечная, д 15/5",
      deliveryAddress: "г Ростов-на-Дону, пр-кт Шолохова, д 31",
      documentsRequired: ["ТТН"],
      priceKopecks: options.priceKopecks ?? 4_825_050,
      currency: "RUB",
      status: options.status ?? "delivered",
      createdAt: now,
      syncedAt: now,
    });
  return id;
}

/** The sandbox EDO accounts' password (decision 0021). */
export const EDO_PASSWORD = "edo-demo-2025";

/** A token of the sandbox EDO operator for `login`, asked of the operator itself. */
export async function operatorToken(login: string): Promise<string> {
  const response = await fetch(`${env.EDO_API_URL}/api/v1/auth`, postJson({ login, password: EDO_PASSWORD }));
  if (!response.ok) throw new Error(`sandbox EDO sign-in for ${login}: HTTP ${response.status}`);
  return (await response.json<{ token: string }>()).token;
}

/** The operator's own filtered list of an account's docflows. */
export async function operatorDocuments(
  login: string,
  query: Record<string, string>,
): Promise<WireDocument[]> {
  const response = await fetch(`${env.EDO_API_URL}/api/v1/documents?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${await operatorToken(login)}` },
  });
  if (!response.ok) throw new Error(`sandbox EDO documents: HTTP ${response.status}`);
  return (await response.json<{ docs: WireDocument[] }>()).docs;
}

/** Puts docflows straight into the company's mirror, as a sync would have. */
export async function mirrorEdoDocuments(companyId: string, docs: WireDocument[]): Promise<void> {
  if (docs.length === 0) return;
  await testDb()
    .insert(edoDocuments)
    .values(docs.map((doc) => documentRow(companyId, doc, Date.now())))
    .onConflictDoNothing();
}

/** An active bank of the sandbox's DaData directory with its correspondent account. */
export async function activeBank(): Promise<{ bic: string; correspondentAccount: string; name: string }> {
  const sandbox = env.EDO_API_URL.replace(/\/edo$/, "");
  const found = await fetch(
    `${sandbox}${DADATA_BANK_PATH}`,
    postJson({ query: "банк", count: 20 }, { authorization: "Token sandbox-key" }),
  );
  type Wire = {
    value: string;
    data: { bic: string; correspondent_account: string | null; state: { status: string } };
  };
  const bank = ((await found.json()) as { suggestions: Wire[] }).suggestions.find(
    (b) => b.data.state.status === "ACTIVE" && b.data.correspondent_account,
  );
  if (!bank) throw new Error("the sandbox's bank directory has no active bank");
  return { bic: bank.data.bic, correspondentAccount: bank.data.correspondent_account!, name: bank.value };
}
