// Fault injection (issue 20 item 13, decision 0049): each provider times out, fails with a 5xx,
// refuses its tokens and answers slowly through the sandbox's failure switch; the queue
// redelivers messages and a batch fails part-way; sqld dies in the middle of a mirror sync.
// Every case checks what a user or client notices: the Russian text shown, that nothing was lost
// or doubled, and that the work goes on once the fault is gone.
//
// The suite has a world of its own (tests/support/fault-world.ts): a sandbox whose switches it
// flips and a sqld it crashes, so the suites running beside it see neither. Each provider's
// cases run in order, the providers side by side; the sqld restart runs last, alone.
import { env } from "cloudflare:test";
import { count, countDistinct, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb, DATABASE_UNAVAILABLE } from "../../db/client";
import { analyticsEvents, edoDocuments, jobRuns, payments, platformOrders } from "../../db/schema";
import { HANG_MS, type FailureMode } from "../../sandbox/failures";
import { sandboxProviderVars } from "../../sandbox/vars";
import { utcDay } from "../../workers/core/analytics/days";
import { addMoscowMonth } from "../../workers/core/billing/moscow-calendar";
import { ESTIMATE_NOTE } from "../../workers/core/geo/estimate";
import type { JobMessage } from "../../workers/core/jobs/messages";
import { jobDeps } from "../../workers/jobs/deps";
import type { CustomerPlatform, PlatformId } from "../../workers/providers/customer-platform";
import { createEdoApi } from "../../workers/providers/edo-api";
import type { EdoOperator } from "../../workers/providers/edo-operator";
import { platformApis } from "../../workers/providers/platforms-config";
import {
  callWeb,
  createCompanyUser,
  deliver,
  drain,
  EDO_PASSWORD,
  ingestMessage,
  paymentNotification,
  PLATFORM_DEMO,
  postJson,
  recordingQueue,
  sessionFor,
  type SentMessage,
} from "./support";

const world = inject("faultWorld");
/** The Workers' env in this suite's world: its database and its sandbox. */
const WORLD = { DATABASE_URL: world.databaseUrl, ...sandboxProviderVars(world.sandboxUrl) };
const db = createDb({ url: world.databaseUrl });

/** A provider that does not answer is given up on well before the sandbox stops hanging. */
const GIVES_UP_WITHIN_MS = HANG_MS - 5_000;

const web = (path: string, init?: RequestInit) => callWeb(path, init, WORLD);
const jobs = (bodies: unknown[], options: { attempts?: number; env?: Partial<JobsEnv> } = {}) =>
  deliver(bodies, { ...options, env: { ...WORLD, ...options.env } });
const bodiesOf = (sent: SentMessage[]) => sent.map((message) => message.body);

async function sandbox(path: string, body: unknown = {}) {
  const response = await fetch(`${world.sandboxUrl}${path}`, postJson(body));
  expect(response.status, path).toBe(200);
}

const failing = (provider: string, mode: FailureMode) => sandbox("/__sandbox/failures", { provider, mode });

/**
 * Switches the provider to each mode in turn and makes the call under it: each answer comes
 * well before the sandbox stops hanging, and `check` says what it must be.
 */
async function underEach<T>(
  provider: string,
  modes: readonly FailureMode[],
  call: () => Promise<T>,
  check: (answer: T, mode: FailureMode) => unknown,
) {
  for (const mode of modes) {
    await failing(provider, mode);
    const started = Date.now();
    const answer = await call();
    expect(Date.now() - started, mode).toBeLessThan(GIVES_UP_WITHIN_MS);
    await check(answer, mode);
  }
}

type Member = { companyId: string; userId: string; cookie: string; bearer: string };

async function member(role: "user" | "admin" = "user"): Promise<Member> {
  const user = await createCompanyUser({ role, db });
  return { ...user, ...(await sessionFor(user.userId, db)) };
}

type Envelope<T> = { success: boolean; data: T; error?: string; message?: string };

/** An /api call of the member's: its status, envelope, headers and what it queued. */
async function api<T = unknown>(who: Member, path: string, init: RequestInit = {}) {
  const headers = { authorization: `Bearer ${who.bearer}`, ...(init.headers as Record<string, string>) };
  const { response, sent } = await web(path, { ...init, headers });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.json<Envelope<T>>(),
    sent,
  };
}

/** Rows of a company's table, and how many distinct ids among them (a double shows as rows > ids). */
async function rowsAndIds(table: typeof edoDocuments | typeof platformOrders, companyId: string) {
  const id = table === edoDocuments ? edoDocuments.id : platformOrders.externalOrderId;
  const [row] = await db
    .select({ rows: count(), ids: countDistinct(id) })
    .from(table)
    .where(eq(table.companyId, companyId));
  return row;
}

/** Events stored for the session: rows, and distinct ids among them. */
async function eventsOf(sessionId: string) {
  const [row] = await db
    .select({ rows: count(), ids: countDistinct(analyticsEvents.id) })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionId, sessionId));
  return row;
}

/** How many documents the sandbox operator has for the login. */
async function operatorCount(login: string) {
  const response = await fetch(`${world.sandboxUrl}/__sandbox/edo/accounts/${login}`);
  return (await response.json<{ documentCount: number }>()).documentCount;
}

type Connection = { id: string; sync_status: string; sync_error: string | null; orders_count: number };

/** The platform connection as the member's platforms page shows it. */
const connectionOf = async (who: Member, id: string) =>
  (await api<Connection[]>(who, "/api/platforms/connections")).body.data.find((c) => c.id === id);

type Subscription = { planId: string; status: string; currentPeriodEnd: string | null };

/** The member's «Оплатить» for the «Расширенный» plan. */
const payForPlan = (who: Member) =>
  api<{ id: string }>(
    who,
    "/api/payments/create",
    postJson({ planId: "extended", returnUrl: "http://reys.test/payment/success" }),
  );
const paymentOf = async (id: string) => (await db.select().from(payments).where(eq(payments.id, id)))[0];

/** A payment created and paid on the sandbox's checkout page; returns ours and the provider's ids. */
async function paid(who: Member) {
  const created = await payForPlan(who);
  expect(created.status).toBe(201);
  const { providerPaymentId } = await paymentOf(created.body.data.id);
  await sandbox(`/__sandbox/yookassa/payments/${providerPaymentId}/pay`, { card: "5555 5555 5555 4477" });
  return { id: created.body.data.id, providerPaymentId: providerPaymentId! };
}

/** The member's plan is paid for exactly the one month the payment bought, not two. */
async function paidOnce(who: Member, paymentId: string) {
  const payment = await paymentOf(paymentId);
  expect(payment.status).toBe("succeeded");
  const { body } = await api<Subscription>(who, "/api/payments/subscription");
  expect(body.data).toMatchObject({ planId: payment.planId, status: "active" });
  expect(Date.parse(body.data.currentPeriodEnd!)).toBe(addMoscowMonth(payment.periodStart!.getTime()));
}

/** The cron's payment-status check, as the queue delivers it. */
const check = (): JobMessage => ({ kind: "payments.check", scheduledAt: Date.now() });

describe.concurrent("the EDO operator: sign-in and the mirror", () => {
  // 1,500 documents: two pages of the change feed.
  const LOGIN = "carrier-2";
  const TOKEN_EXPIRED = "Токен ЭДО не найден или истек. Войдите в ЭДО снова.";
  type Status = {
    connected: boolean;
    sync: { status: string; done: number; error: string | null };
  };
  let owner: Member;
  let firstSync: SentMessage[] = [];

  beforeAll(async () => {
    owner = await member();
  });
  afterEach(() => failing("edo", "none"));

  const signIn = () => api(owner, "/api/edo/auth", postJson({ login: LOGIN, password: EDO_PASSWORD }));
  const status = async () => (await api<Status>(owner, `/api/edo/status?login=${LOGIN}`)).body.data;

  it.sequential(
    "a sign-in the operator times out or fails on says so in Russian and keeps nothing; a slow one connects",
    async () => {
      await underEach("edo", ["timeout", "error500"], signIn, (answer, mode) => {
        expect(answer.status, mode).toBe(503);
        expect(answer.body, mode).toEqual({
          success: false,
          error: "Сервер ЭДО не отвечает. Попробуйте позже.",
        });
        expect(answer.sent, mode).toEqual([]);
      });
      expect((await api(owner, `/api/edo/status?login=${LOGIN}`)).status).toBe(404);

      await failing("edo", "slow");
      const slow = await signIn();
      expect(slow.status).toBe(200);
      expect(slow.body.message).toBe("Подключение к ЭДО выполнено успешно!");
      expect(bodiesOf(slow.sent).map((body) => body.kind)).toEqual(["edo.sync"]);
      firstSync = slow.sent;
    },
  );

  it.sequential(
    "a mirror page the operator fails on is retried by the queue and the refresh goes on; slow pages arrive; each document once",
    async () => {
      await failing("edo", "error500");
      const failed = await jobs(bodiesOf(firstSync));
      expect(failed.retryMessages).toHaveLength(1);
      expect((await status()).sync).toMatchObject({ status: "syncing", done: 0, error: null });

      await failing("edo", "slow");
      const queue = recordingQueue();
      const retried = await jobs(bodiesOf(firstSync), { attempts: 2, env: { JOBS: queue.queue } });
      expect(retried.retryMessages).toEqual([]);
      await drain(queue.sent, { env: WORLD });
      const documents = await operatorCount(LOGIN);
      expect((await status()).sync).toMatchObject({ status: "success", done: documents, error: null });
      expect(await rowsAndIds(edoDocuments, owner.companyId)).toEqual({ rows: documents, ids: documents });
    },
  );

  it.sequential(
    "an expired token ends the refresh with the spec's text and disconnects, keeping the mirror; signing in again goes on from where it stopped",
    async () => {
      const before = await rowsAndIds(edoDocuments, owner.companyId);
      await failing("edo", "expired_token");
      const sync = await api(owner, "/api/edo/sync", postJson({ login: LOGIN }));
      expect(sync.status).toBe(202);
      await drain(sync.sent, { env: WORLD });
      expect(await status()).toMatchObject({
        connected: false,
        sync: { status: "error", error: TOKEN_EXPIRED },
      });
      expect(await api(owner, `/api/edo/documents?login=${LOGIN}`)).toMatchObject({
        status: 409,
        body: { success: false, error: TOKEN_EXPIRED },
      });
      expect(await rowsAndIds(edoDocuments, owner.companyId)).toEqual(before);

      await failing("edo", "none");
      await sandbox(`/__sandbox/edo/accounts/${LOGIN}/advance`, { added: 5, progressed: 3 });
      const again = await signIn();
      expect(again.status).toBe(200);
      await drain(again.sent, { env: WORLD });
      // Only what changed since the cursor is read: the five new documents and three moved on.
      expect(await status()).toMatchObject({ connected: true, sync: { status: "success", done: 8 } });
      const after = await rowsAndIds(edoDocuments, owner.companyId);
      expect(after).toEqual({ rows: before.rows + 5, ids: before.ids + 5 });
    },
  );
});

describe.concurrent("YooKassa: creating, the status checks and the notifications", () => {
  afterEach(() => failing("yookassa", "none"));

  it.sequential(
    "a create YooKassa fails on or whose shop key it refuses answers in Russian, and the next «Оплатить» makes one payment, not two",
    async () => {
      const who = await member();
      await underEach(
        "yookassa",
        ["error500", "expired_token"],
        () => payForPlan(who),
        (answer, mode) => {
          expect(answer.status, mode).toBe(503);
          expect(answer.body, mode).toEqual({
            success: false,
            error: "Не удалось создать платеж",
            message: "Платежный сервис сейчас не отвечает. Попробуйте еще раз через минуту.",
          });
        },
      );
      await failing("yookassa", "slow");
      const created = await payForPlan(who);
      expect(created.status).toBe(201);
      // The same row and Idempotence-Key all along.
      const rows = await db.select().from(payments).where(eq(payments.companyId, who.companyId));
      expect(rows).toEqual([
        expect.objectContaining({
          id: created.body.data.id,
          status: "pending",
          providerPaymentId: expect.any(String),
        }),
      ]);
    },
  );

  it.sequential(
    "a status check YooKassa times out on or refuses leaves a paid payment pending; the next ones, delivered twice at once, apply it once",
    async () => {
      const who = await member();
      const { id } = await paid(who);
      await underEach(
        "yookassa",
        ["timeout", "expired_token"],
        () => jobs([check()]),
        async (answer, mode) => {
          expect(answer.explicitAcks, mode).toHaveLength(1);
          // The success page answers what is stored meanwhile.
          const shown = await api<{ status: string }>(who, `/api/payments/${id}`);
          expect(shown.status, mode).toBe(200);
          expect(shown.body.data.status, mode).toBe("pending");
        },
      );
      await failing("yookassa", "none");
      await Promise.all([jobs([check()]), jobs([check()], { attempts: 2 })]);
      await paidOnce(who, id);
    },
  );

  it.sequential(
    "a notification that comes while YooKassa fails is answered 200, and its redeliveries apply the payment once",
    async () => {
      const who = await member();
      const { id, providerPaymentId } = await paid(who);
      await failing("yookassa", "error500");
      const first = await web("/api/payments/webhook", paymentNotification(providerPaymentId));
      expect(first.response.status).toBe(200);
      expect((await paymentOf(id)).status).toBe("pending");

      await failing("yookassa", "slow");
      const redelivered = await Promise.all([
        web("/api/payments/webhook", paymentNotification(providerPaymentId)),
        web("/api/payments/webhook", paymentNotification(providerPaymentId)),
      ]);
      expect(redelivered.map(({ response }) => response.status)).toEqual([200, 200]);
      expect((await paymentOf(id)).status).toBe("succeeded");
      // The cron's check after them changes nothing either.
      await jobs([check()]);
      await paidOnce(who, id);
    },
  );
});

describe.concurrent("X5 and the customer platforms: sign-in and order sync", () => {
  const X5_LOGIN = { userName: "carrier@x5.demo", password: "x5-demo-2025" };
  afterEach(async () => {
    for (const id of ["x5", "magnit"]) await failing(`platform:${id}`, "none");
  });

  /** X5 as it is, but revoking every token it gave once the first page of orders is read. */
  function revokingAfterFirstPage(platformId: PlatformId): CustomerPlatform {
    const platform = platformApis(WORLD)(platformId);
    return {
      signIn: (credentials) => platform.signIn(credentials),
      async ordersPage(session, page, perPage) {
        const orders = await platform.ordersPage(session, page, perPage);
        if (page === 1) await sandbox(`/__sandbox/platforms/${platformId}/tokens/expire`);
        return orders;
      },
    };
  }

  it.sequential(
    "X5 sign-in that times out or fails says «Ошибка подключения к X5» and keeps no token; a slow X5 gives one; an expired one asks for a new one",
    async () => {
      const who = await member();
      await underEach(
        "platform:x5",
        ["timeout", "error500"],
        () => api(who, "/api/x5/auth", postJson(X5_LOGIN)),
        (answer, mode) => {
          expect(answer.status, mode).toBe(503);
          expect(answer.body, mode).toEqual({ success: false, error: "Ошибка подключения к X5" });
        },
      );
      expect((await api(who, "/api/x5/auth")).status).toBe(404);

      await failing("platform:x5", "slow");
      expect((await api(who, "/api/x5/auth", postJson(X5_LOGIN))).status).toBe(200);
      await failing("platform:x5", "expired_token");
      expect(await api(who, "/api/x5/test")).toMatchObject({
        status: 409,
        body: { success: false, error: "Токен X5 истёк или отозван. Получите новый токен." },
      });
      await failing("platform:x5", "none");
      expect((await api(who, "/api/x5/test")).body).toMatchObject({ message: "Подключение к X5 работает!" });
    },
  );

  it.sequential(
    "connecting a platform that times out or fails says so in Russian and saves nothing; a slow one connects",
    async () => {
      const who = await member();
      const connect = () =>
        api(
          who,
          "/api/platforms/connections",
          postJson({ platform_id: "magnit", connection_name: "Магнит", credentials: PLATFORM_DEMO }),
        );
      await underEach("platform:magnit", ["timeout", "error500"], connect, (answer, mode) => {
        expect(answer.status, mode).toBe(503);
        expect(answer.body, mode).toEqual({
          success: false,
          error: "Платформа сейчас не отвечает. Попробуйте позже.",
        });
      });
      expect((await api<Connection[]>(who, "/api/platforms/connections")).body.data).toEqual([]);
      await failing("platform:magnit", "slow");
      expect((await connect()).status).toBe(201);
    },
  );

  it.sequential(
    "X5 order sync: a session revoked mid-sync is renewed; a failing or refusing X5 is retried, never taken for a wrong password; every order once",
    async () => {
      const who = await member();
      const ORDERS = 450; // three pages of 200
      await sandbox("/__sandbox/platforms/x5/orders", { count: ORDERS });
      const created = await api<Connection>(
        who,
        "/api/platforms/connections",
        postJson({ platform_id: "x5", connection_name: "X5 — Подольск", credentials: PLATFORM_DEMO }),
      );
      expect(created.status).toBe(201);
      const connectionId = created.body.data.id;

      const queue = recordingQueue();
      const deps = {
        ...jobDeps({ ...env, ...WORLD, JOBS: queue.queue }),
        platformApi: revokingAfterFirstPage,
      };
      const revoked = await deliver(bodiesOf(created.sent), { deps });
      expect(revoked.retryMessages).toEqual([]);
      expect(await connectionOf(who, connectionId)).toMatchObject({
        sync_status: "success",
        sync_error: null,
        orders_count: ORDERS,
      });

      await sandbox("/__sandbox/platforms/x5/advance");
      const sync = await api(who, `/api/platforms/connections/${connectionId}/sync`, { method: "POST" });
      expect(sync.status).toBe(202);
      for (const [attempt, mode] of [
        [1, "error500"],
        [2, "expired_token"],
      ] as const) {
        await failing("platform:x5", mode);
        const failed = await jobs(bodiesOf(sync.sent), { attempts: attempt });
        expect(failed.retryMessages, mode).toHaveLength(1);
        expect(await connectionOf(who, connectionId), mode).toMatchObject({
          sync_status: "syncing",
          sync_error: null,
        });
      }
      await failing("platform:x5", "slow");
      const last = await jobs(bodiesOf(sync.sent), { attempts: 3 });
      expect(last.retryMessages).toEqual([]);
      expect(await connectionOf(who, connectionId)).toMatchObject({
        sync_status: "success",
        sync_error: null,
        orders_count: ORDERS,
      });
      expect(await rowsAndIds(platformOrders, who.companyId)).toEqual({ rows: ORDERS, ids: ORDERS });
    },
  );
});

describe.concurrent("DaData, the geocoder and the router", () => {
  type Geocoded = { results: { source: string }[]; notFound: string[] };
  type Route = { estimated: boolean; source: string; note?: string };
  let who: Member;
  beforeAll(async () => {
    who = await member();
  });
  afterEach(async () => {
    for (const provider of ["dadata", "geocoder", "router"]) await failing(provider, "none");
  });

  // A house number of this run's own, so no answer comes from the geocoder's cache.
  const RUN = 10_000 + Math.floor(Math.random() * 89_999);
  let house = 0;
  const freshAddress = () => `Московская обл, г Подольск, ул Комсомольская, д ${RUN}${++house}`;

  it.sequential(
    "company suggestions: a timeout, a 5xx or a refused key leave the list empty and the form working; slow ones still come",
    async () => {
      const suggest = () => web(`/api/companies/suggest?${new URLSearchParams({ query: "Транс" })}`);
      await underEach("dadata", ["timeout", "error500", "expired_token"], suggest, async (answer, mode) => {
        expect(answer.response.status, mode).toBe(200);
        expect(await answer.response.json(), mode).toEqual({ success: true, data: [] });
      });
      await failing("dadata", "slow");
      const slow = await (await suggest()).response.json<Envelope<unknown[]>>();
      expect(slow.data.length).toBeGreaterThan(0);
    },
  );

  it.sequential(
    "geocoding: a timeout or a 5xx places the address from the gazetteer, marked as a stand-in; a slow geocoder still answers",
    async () => {
      const geocode = (address: string) =>
        api<Geocoded>(who, "/api/edo/geocode", postJson({ addresses: [address] }));
      await underEach(
        "geocoder",
        ["timeout", "error500"],
        () => geocode(freshAddress()),
        (answer, mode) => {
          expect(answer.status, mode).toBe(200);
          expect(answer.body.data.results, mode).toEqual([
            expect.objectContaining({ source: "gazetteer-fallback" }),
          ]);
        },
      );
      await failing("geocoder", "slow");
      expect((await geocode(freshAddress())).body.data.results).toEqual([
        expect.objectContaining({ source: "geocoder" }),
      ]);
    },
  );

  it.sequential(
    "routes: a timeout or a 5xx gives the estimate, said to be one; a slow router still answers",
    async () => {
      const route = () =>
        api<Route>(
          who,
          "/api/edo/calculate-route",
          postJson({ fromAddress: freshAddress(), toAddress: "г Москва" }),
        );
      await underEach("router", ["timeout", "error500"], route, (answer, mode) => {
        expect(answer.status, mode).toBe(200);
        expect(answer.body.data, mode).toMatchObject({
          estimated: true,
          source: "estimate",
          note: ESTIMATE_NOTE,
        });
      });
      await failing("router", "slow");
      expect((await route()).body.data).toMatchObject({ estimated: false, source: "router" });
    },
  );
});

describe.concurrent("the queue: messages delivered twice, and a batch that fails part-way", () => {
  afterEach(() => failing("platform:sber_logistics", "none"));

  /** A connection of the member's to the platform (the sandbox's demo account), with its sync's first message. */
  async function connected(who: Member, platformId: PlatformId, orders: number) {
    await sandbox(`/__sandbox/platforms/${platformId}/orders`, { count: orders });
    const created = await api<Connection>(
      who,
      "/api/platforms/connections",
      postJson({ platform_id: platformId, connection_name: platformId, credentials: PLATFORM_DEMO }),
    );
    expect(created.status).toBe(201);
    return { id: created.body.data.id, sync: bodiesOf(created.sent) };
  }

  it.sequential(
    "a message delivered twice, even at once, is done once: analytics counts and orders",
    async () => {
      // A day of its own, long ago: only these events count on it.
      const day = Date.UTC(1991, 0, 1) + Math.floor(Math.random() * 3_000) * 86_400_000;
      const sessionId = crypto.randomUUID();
      const ingests = [ingestMessage(sessionId, day, 40), ingestMessage(sessionId, day, 60)];
      await Promise.all([jobs(ingests), jobs(ingests, { attempts: 2 })]);
      await Promise.all([jobs([{ kind: "analytics.rollup" }]), jobs([{ kind: "analytics.rollup" }])]);
      const admin = await member("admin");
      const metrics = await api<{ totals: { events: number; sessions: number } }>(
        admin,
        `/api/analytics/metrics?dateFrom=${utcDay(day)}&dateTo=${utcDay(day)}`,
      );
      expect(metrics.body.data.totals).toMatchObject({ events: 100, sessions: 1 });

      const who = await member();
      const ORDERS = 300; // two pages of 200
      const connection = await connected(who, "mars", ORDERS);
      const [first, second] = await Promise.all([
        jobs(connection.sync, { env: { JOBS: recordingQueue().queue } }),
        jobs(connection.sync, { env: { JOBS: recordingQueue().queue } }),
      ]);
      expect([...first.retryMessages, ...second.retryMessages]).toEqual([]);
      expect(await connectionOf(who, connection.id)).toMatchObject({
        sync_status: "success",
        orders_count: ORDERS,
      });
      expect(await rowsAndIds(platformOrders, who.companyId)).toEqual({ rows: ORDERS, ids: ORDERS });
    },
  );

  it.sequential(
    "a batch whose one message fails: the rest is acked, that one retried alone, and nothing is lost",
    async () => {
      const who = await member();
      const ORDERS = 300;
      const connection = await connected(who, "sber_logistics", ORDERS);
      await failing("platform:sber_logistics", "error500");
      const sessionId = crypto.randomUUID();
      const batch = [
        ingestMessage(sessionId, Date.now(), 30),
        ...connection.sync,
        ingestMessage(sessionId, Date.now(), 20),
        { kind: "auth.sweep" },
      ];
      const result = await jobs(batch);
      const [, syncId] = result.ids;
      expect(result.retryMessages).toEqual([{ msgId: syncId }]);
      expect([...result.explicitAcks].sort()).toEqual(result.ids.filter((id) => id !== syncId).sort());
      expect(await eventsOf(sessionId)).toEqual({ rows: 50, ids: 50 });
      expect(await connectionOf(who, connection.id)).toMatchObject({
        sync_status: "syncing",
        orders_count: 0,
      });

      await failing("platform:sber_logistics", "none");
      const again = await jobs(connection.sync, { attempts: 2 });
      expect(again.retryMessages).toEqual([]);
      expect(await connectionOf(who, connection.id)).toMatchObject({
        sync_status: "success",
        orders_count: ORDERS,
      });
      expect(await rowsAndIds(platformOrders, who.companyId)).toEqual({ rows: ORDERS, ids: ORDERS });
    },
  );
});

describe.sequential("sqld restarting in the middle of a mirror sync", () => {
  // 3,000 documents: three pages of the change feed.
  const LOGIN = "demo-carrier";
  const control = async (action: "crash" | "restart") => {
    const response = await fetch(`${world.controlUrl}/sqld/${action}`, { method: "POST" });
    expect(response.status, action).toBe(204);
  };
  const stepOf = async (runId: string) =>
    (await db.select({ step: jobRuns.step }).from(jobRuns).where(eq(jobRuns.id, runId)))[0].step;

  it("answers in Russian while it is down, and after it the sync goes on from its page, the events and the payment land: nothing lost, nothing twice", async () => {
    const who = await member();
    const connected = await api(who, "/api/edo/auth", postJson({ login: LOGIN, password: EDO_PASSWORD }));
    expect(connected.status).toBe(200);
    const [sync] = bodiesOf(connected.sent);
    if (sync.kind !== "edo.sync") throw new Error(`expected an edo.sync, got ${sync.kind}`);

    const payment = await paid(who);

    // The operator's third page is read while the second is written; sqld dies once that write
    // is in, so the third page's write finds no database.
    const operator = createEdoApi({ baseUrl: WORLD.EDO_API_URL });
    let pagesRead = 0;
    const crashing: EdoOperator = {
      ...operator,
      async changes(token, since, limit) {
        const page = await operator.changes(token, since, limit);
        if (++pagesRead === 3) {
          while ((await stepOf(sync.runId)) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
          await control("crash");
        }
        return page;
      },
    };
    const queue = recordingQueue();
    const deps = { ...jobDeps({ ...env, ...WORLD, JOBS: queue.queue }), edo: crashing };
    let restarted = false;
    try {
      const crashed = await deliver([sync], { deps });
      expect(crashed.retryMessages).toHaveLength(1);

      // While it is down: the API's and the pages' Russian 503, the notification taken, events
      // accepted, and every job retried by the queue.
      const status = await api(who, `/api/edo/status?login=${LOGIN}`);
      expect(status).toMatchObject({
        status: 503,
        body: { success: false, error: "Сервис временно недоступен", message: DATABASE_UNAVAILABLE },
      });
      expect(status.headers.get("retry-after")).toBe("60");
      const page = await web("/edo", { headers: { cookie: who.cookie } });
      expect(page.response.status).toBe(503);
      expect(await page.response.text()).toContain(DATABASE_UNAVAILABLE);
      const webhook = await web("/api/payments/webhook", paymentNotification(payment.providerPaymentId));
      expect(webhook.response.status).toBe(200);
      const sessionId = crypto.randomUUID();
      const events = Array.from({ length: 25 }, () => ({
        id: crypto.randomUUID(),
        eventType: "click",
        sessionId,
      }));
      const posted = await web("/api/analytics/events", postJson({ events }));
      expect(posted.response.status).toBe(202);
      const waiting = [...bodiesOf(posted.sent), check()];
      const down = await jobs(waiting);
      expect(down.explicitAcks).toEqual([]);
      expect(down.retryMessages).toHaveLength(waiting.length);

      await control("restart");
      restarted = true;
      const resumed = await jobs([sync], { attempts: 2, env: { JOBS: queue.queue } });
      expect(resumed.retryMessages).toEqual([]);
      await drain(queue.sent, { env: WORLD });
      const redelivered = await jobs(waiting, { attempts: 2 });
      expect(redelivered.retryMessages).toEqual([]);

      const documents = await operatorCount(LOGIN);
      expect((await api(who, `/api/edo/status?login=${LOGIN}`)).body.data).toMatchObject({
        connected: true,
        sync: { status: "success", done: documents, error: null },
      });
      expect(await rowsAndIds(edoDocuments, who.companyId)).toEqual({ rows: documents, ids: documents });
      expect(await eventsOf(sessionId)).toEqual({ rows: 25, ids: 25 });
      await paidOnce(who, payment.id);
    } finally {
      if (!restarted) await control("restart");
    }
  });
});
