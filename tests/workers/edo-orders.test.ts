import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { edoConnections, edoDocuments, jobRuns, paymentRequests, platformOrders } from "../../db/schema";
import { documentRow } from "../../workers/core/edo/documents";
import { EDO_ORDERS_PAGE_SIZE, edoOrdersSyncOf, syncEdoOrdersPage } from "../../workers/core/edo/orders";
import type { EdoOrdersSyncView } from "../../workers/core/edo/orders-sync-view";
import type { JobMessage } from "../../workers/core/jobs/messages";
import type { OrderMetrics, OrderView } from "../../workers/core/orders/orders";
import type { WireDocument } from "../../workers/providers/edo-operator";
import {
  callWeb,
  createCompanyUser,
  deliver,
  postJson,
  recordingQueue,
  sessionFor,
  testDb,
  type SentMessage,
} from "./support";

// The sandbox's `carrier-2` EDO account, read only: tests/workers/edo.test.ts moves `carrier-3`
// on and signs another company in to `carrier-2`, and the API matrix reads `demo-carrier`, so no
// account is this file's alone. A chain moving on is played by writing the docflow into this
// company's own mirror, as the mirror's refresh would.
const LOGIN = "carrier-2";
const PASSWORD = "edo-demo-2025";

type Member = { userId: string; companyId: string; bearer: string; cookie: string };
let owner: Member;
let stranger: Member;
let lonely: Member;

async function member(): Promise<Member> {
  const user = await createCompanyUser();
  return { ...user, ...(await sessionFor(user.userId)) };
}

const as = (who: Member) => ({ authorization: `Bearer ${who.bearer}` });
const startSync = (who: Member, login = LOGIN) =>
  callWeb("/api/edo/sync-to-orders", postJson({ login }, as(who)));

async function syncStatus(who: Member, login = LOGIN) {
  const { response } = await callWeb(`/api/edo/sync-to-orders?login=${login}`, { headers: as(who) });
  return { status: response.status, body: await response.json<{ data: EdoOrdersSyncView }>() };
}

/**
 * Delivers the messages and every message they lead to, as the queue would. A delivery the
 * queue would retry (another file may switch the sandbox operator to failing for a moment) is
 * delivered again after a pause.
 */
async function drain(first: SentMessage[]): Promise<JobMessage[]> {
  const delivered: JobMessage[] = [];
  const queue = first.map((message) => message.body);
  for (let message = queue.shift(); message; message = queue.shift()) {
    for (let attempt = 1; ; attempt++) {
      const jobs = recordingQueue();
      const result = await deliver([message], { env: { JOBS: jobs.queue } });
      if (result.retryMessages.length === 0) {
        queue.push(...jobs.sent.map((sent) => sent.body));
        break;
      }
      expect(attempt, "the queue kept retrying").toBeLessThan(30);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    delivered.push(message);
  }
  return delivered;
}

async function operatorToken(): Promise<string> {
  const response = await fetch(
    `${env.EDO_API_URL}/api/v1/auth`,
    postJson({ login: LOGIN, password: PASSWORD }),
  );
  expect(response.status).toBe(200);
  return (await response.json<{ token: string }>()).token;
}

/** Every ETRN docflow of the account, not deleted, as the operator itself lists them. */
async function operatorDocflows(): Promise<WireDocument[]> {
  const token = await operatorToken();
  const docs: WireDocument[] = [];
  for (const expired of ["false", "true"]) {
    for (let offset = 0; ; offset += 1000) {
      const query = new URLSearchParams({ category: "ETRN", expired, deleted: "false", limit: "1000" });
      query.set("offset", String(offset));
      const response = await fetch(`${env.EDO_API_URL}/api/v1/documents?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      const page = await response.json<{ docs: WireDocument[]; total: number }>();
      docs.push(...page.docs);
      if (offset + 1000 >= page.total) break;
    }
  }
  return docs;
}

// The decision's rules (0028), written out again as the oracle.
const titleTypes = (doc: WireDocument) => doc.info.documents.map((title) => title.type);
const hasRoute = (doc: WireDocument) => Boolean(doc.info.loading?.addr && doc.info.unloading?.addr);
const rejected = (doc: WireDocument) => doc.statusCode === "ON_TRNACLOTKL";
function expectedStatus(doc: WireDocument): OrderView["status"] {
  const types = titleTypes(doc);
  if (types.includes("ON_TRNACLPVYN")) return "свободен";
  if (types.includes("ON_TRNACLGRPO")) return "delivered";
  if (types.includes("ON_TRNACLPPRIN")) return "in_transit";
  return "accepted";
}
const titleTime = (doc: WireDocument, type: string) => {
  const title = doc.info.documents.find((candidate) => candidate.type === type);
  return title ? new Date(title.dateTime).toISOString() : null;
};

/** Every EDO order of the member's company, through GET /api/platforms/orders, by docflow id. */
async function edoOrders(who: Member): Promise<Map<string, OrderView>> {
  const orders = new Map<string, OrderView>();
  for (let page = 1; ; page++) {
    const { response } = await callWeb(`/api/platforms/orders?platform=edo&limit=200&page=${page}`, {
      headers: as(who),
    });
    expect(response.status).toBe(200);
    const body = await response.json<{ data: OrderView[]; pagination: { totalPages: number } }>();
    for (const order of body.data) orders.set(order.external_order_id, order);
    if (page >= body.pagination.totalPages) return orders;
  }
}

/** Starts a sync as the owner, runs its job to the end and answers how it ended. */
async function runSync(): Promise<EdoOrdersSyncView> {
  const started = await startSync(owner);
  expect(started.response.status).toBe(202);
  await drain(started.sent);
  const { status, body } = await syncStatus(owner);
  expect(status).toBe(200);
  return body.data;
}

/** Writes a docflow into the owner's mirror as the mirror's refresh would after an operator change. */
async function mirrorChanged(doc: WireDocument) {
  const row = documentRow(owner.companyId, doc, Date.now());
  const { companyId: _company, id: _id, ...changed } = row;
  await testDb()
    .update(edoDocuments)
    .set(changed)
    .where(and(eq(edoDocuments.companyId, owner.companyId), eq(edoDocuments.id, doc.id)));
}

let docflows: WireDocument[];

beforeAll(async () => {
  [owner, stranger, lonely] = await Promise.all([member(), member(), member()]);
  docflows = await operatorDocflows();
});

describe("EDO documents to orders", () => {
  it("asks for a saved EDO login first, and another company's login is not found", async () => {
    const loginFirst = {
      success: false,
      error: "Логин ЭДО не найден",
      details: 'Сначала авторизуйтесь в ЭДО через раздел "ЭДО"',
    };
    const none = await startSync(lonely);
    expect(none.response.status).toBe(404);
    expect(await none.response.json()).toEqual(loginFirst);
    expect(none.sent).toEqual([]);
    expect((await syncStatus(lonely)).status).toBe(404);

    const empty = await callWeb("/api/edo/sync-to-orders", postJson({}, as(lonely)));
    expect(empty.response.status).toBe(400);
    expect(await empty.response.json()).toMatchObject({
      success: false,
      message: expect.stringContaining("Укажите логин ЭДО"),
    });
  });

  it("makes an order of every ETRN docflow with a route, as a job with progress", async () => {
    const connected = await callWeb(
      "/api/edo/auth",
      postJson({ login: LOGIN, password: PASSWORD }, as(owner)),
    );
    expect(connected.response.status).toBe(200);
    await drain(connected.sent);

    const orderable = docflows.filter((doc) => !rejected(doc));
    const withRoute = orderable.filter(hasRoute);
    const withoutRoute = orderable.filter((doc) => !hasRoute(doc));
    expect(withRoute.length).toBeGreaterThan(500);
    expect(withoutRoute.length).toBeGreaterThan(0);

    const started = await startSync(owner);
    expect(started.response.status).toBe(202);
    const answer = await started.response.json<{ data: EdoOrdersSyncView; message: string }>();
    expect(answer.message).toBe("Синхронизация ЭДО с заказами запущена");
    expect(answer.data).toMatchObject({
      status: "running",
      processed: 0,
      total: orderable.length,
      created: 0,
    });
    expect(started.sent.map((message) => message.body.kind)).toEqual(["edo.orders"]);

    // A second click while it runs starts nothing and answers the same run.
    const again = await startSync(owner);
    expect(again.response.status).toBe(202);
    expect(again.sent).toEqual([]);
    expect((await again.response.json<{ data: EdoOrdersSyncView }>()).data.startedAt).toBe(
      answer.data.startedAt,
    );
    const waiting = await syncStatus(owner);
    expect(waiting.body.data).toMatchObject({ status: "running", processed: 0, total: orderable.length });

    // The first page, with a clock past the message's time budget: the rest goes to a new
    // message, and the progress shows the page done.
    const [first] = started.sent.map((message) => message.body);
    if (first?.kind !== "edo.orders") throw new Error("expected an edo.orders message");
    const handedOn: JobMessage[] = [];
    let clock = Date.now();
    await syncEdoOrdersPage(
      { db: testDb(), enqueue: async (message) => void handedOn.push(message), now: () => (clock += 30_000) },
      first,
      1,
    );
    expect(handedOn).toEqual([{ kind: "edo.orders", runId: first.runId, page: 2 }]);
    const midway = await syncStatus(owner);
    expect(midway.body.data).toMatchObject({
      status: "running",
      processed: EDO_ORDERS_PAGE_SIZE,
      total: orderable.length,
    });
    expect(midway.body.data.created).toBeGreaterThan(0);

    await drain(handedOn.map((body) => ({ body })));
    const { body } = await syncStatus(owner);
    expect(body.data).toMatchObject({
      status: "succeeded",
      processed: orderable.length,
      total: orderable.length,
      created: withRoute.length,
      updated: 0,
      errors: withoutRoute.length,
      removed: 0,
      error: null,
    });
    expect(body.data.details).toContain("Без адреса погрузки или выгрузки: ");
    expect(body.data.details).toContain(withoutRoute[0].info.doc.num.slice(0, 5));

    // The message again changes nothing (the page is taken).
    const [connection] = await testDb()
      .select()
      .from(edoConnections)
      .where(eq(edoConnections.companyId, owner.companyId));
    const [run] = await testDb()
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.subjectId, `${connection.id}/orders`));
    await drain(started.sent);
    expect((await testDb().select().from(jobRuns).where(eq(jobRuns.id, run.id)))[0]).toEqual(run);

    // Each order is its docflow as decision 0028 reads it.
    const orders = await edoOrders(owner);
    expect(orders.size).toBe(withRoute.length);
    for (const doc of withRoute) {
      const order = orders.get(doc.id);
      expect(order, doc.info.doc.num).toBeDefined();
      expect(order).toMatchObject({
        platform_name: "edo",
        platform_logo: "/platforms/edo.svg",
        order_number: doc.info.doc.num,
        customer_name: doc.info.go?.accName ?? null,
        pickup_address: doc.info.loading!.addr,
        delivery_address: doc.info.unloading!.addr,
        delivery_contact_name: doc.info.gp?.accName ?? null,
        cargo_description: doc.info.cargo?.name ?? null,
        cargo_weight: doc.info.cargo?.weightKg ?? null,
        cargo_packages: doc.info.cargo?.pallets ?? null,
        price: null,
        currency: "RUB",
        status: expectedStatus(doc),
        created_at: new Date(doc.createDate).toISOString(),
        pickup_time_from: titleTime(doc, "ON_TRNACLPPRIN"),
        delivery_time_from: titleTime(doc, "ON_TRNACLPVYN") ?? titleTime(doc, "ON_TRNACLGRPO"),
        edo_info: {
          edoId: doc.id,
          documents: doc.info.documents.map(({ id, type, dateTime }) => ({ id, type, dateTime })),
        },
      });
    }
    const statuses = new Set([...orders.values()].map((order) => order.status));
    expect([...statuses].sort()).toEqual(["accepted", "delivered", "in_transit", "свободен"].sort());

    // Counted in the metrics, listed by status for the finance screen, searchable by number.
    const metrics = await callWeb("/api/orders/metrics", { headers: as(owner) });
    const { data } = await metrics.response.json<{ data: OrderMetrics }>();
    expect(data.platformBreakdown).toContainEqual({ platform: "edo", orders: withRoute.length, revenue: 0 });
    const handedOver = withRoute.filter((doc) => expectedStatus(doc) === "свободен").length;
    const free = await callWeb(`/api/orders?status=${encodeURIComponent("свободен")}`, {
      headers: as(owner),
    });
    expect((await free.response.json<{ data: OrderView[] }>()).data).toHaveLength(Math.min(handedOver, 500));
    const number = withRoute[0].info.doc.num;
    const found = await callWeb(`/api/platforms/orders?search=${encodeURIComponent(number.toUpperCase())}`, {
      headers: as(owner),
    });
    const hits = (await found.response.json<{ data: OrderView[] }>()).data;
    expect(hits.map((order) => order.external_order_id)).toContain(withRoute[0].id);
  });

  it("a second run creates and updates nothing; a chain that moved on, or left, is brought up to date", async () => {
    const second = await runSync();
    const orderable = docflows.filter((doc) => !rejected(doc));
    expect(second).toMatchObject({
      status: "succeeded",
      processed: orderable.length,
      created: 0,
      updated: 0,
      removed: 0,
      errors: orderable.filter((doc) => !hasRoute(doc)).length,
    });

    // The operator signs the next title of an accepted chain, the bin takes another docflow,
    // and a third one is deleted after its payment was asked for (that order stays).
    const orders = await edoOrders(owner);
    const accepted = docflows.find(
      (doc) => hasRoute(doc) && !rejected(doc) && expectedStatus(doc) === "accepted",
    )!;
    const [binned, paidThenBinned] = docflows.filter(
      (doc) => hasRoute(doc) && !rejected(doc) && doc !== accepted && expectedStatus(doc) === "свободен",
    );
    const carriedAt = "2025-12-31T10:15:00+03:00";
    await mirrorChanged({
      ...accepted,
      statusCode: "ON_TRNACLPPRIN",
      info: {
        ...accepted.info,
        documents: [
          ...accepted.info.documents,
          { id: "title-moved-on", type: "ON_TRNACLPPRIN", dateTime: carriedAt, contentSize: 1024 },
        ],
      },
    });
    await mirrorChanged({ ...binned, deleted: true });
    const requested = await callWeb(
      `/api/orders/${orders.get(paidThenBinned.id)!.id}/payment-request`,
      postJson({}, as(owner)),
    );
    expect(requested.response.status).toBe(201);
    await mirrorChanged({ ...paidThenBinned, deleted: true });

    const third = await runSync();
    expect(third).toMatchObject({
      status: "succeeded",
      processed: orderable.length - 2,
      created: 0,
      updated: 1,
      removed: 1,
    });
    // The orders page reads the same view by company, in one query.
    expect(await edoOrdersSyncOf(testDb(), owner.companyId, Date.now())).toEqual(third);
    const after = await edoOrders(owner);
    expect(after.get(accepted.id)).toMatchObject({
      id: orders.get(accepted.id)!.id,
      status: "in_transit",
      pickup_time_from: new Date(carriedAt).toISOString(),
    });
    expect(after.get(accepted.id)!.edo_info!.documents.at(-1)).toMatchObject({ id: "title-moved-on" });
    expect(after.has(binned.id)).toBe(false);
    expect(after.get(paidThenBinned.id)!.payment_requested_at).not.toBeNull();
  });

  it("another company can neither start nor read the owner's sync, even with an EDO login of its own", async () => {
    await testDb()
      .insert(edoConnections)
      .values({
        id: crypto.randomUUID(),
        companyId: stranger.companyId,
        login: "carrier-3",
        token: "v1.not-a-real-token",
        tokenExpiresAt: new Date(Date.now() + 3_600_000),
        userName: "Кузьмин Денис Олегович",
        shortName: "Кузьмин Д. О.",
        companyName: "ООО «УралСпецПеревозка»",
        createdAt: new Date(),
      });
    const notFound = { success: false, error: "Логин ЭДО не найден" };
    const start = await startSync(stranger);
    expect(start.response.status).toBe(404);
    expect(await start.response.json()).toEqual(notFound);
    expect(start.sent).toEqual([]);
    const read = await syncStatus(stranger);
    expect(read.status).toBe(404);
    expect(read.body).toEqual(notFound);
    expect((await edoOrders(stranger)).size).toBe(0);
  });

  it("the orders page lists EDO orders as «ЭДО» and lets a connected company sync", async () => {
    const { response } = await callWeb("/dashboard/orders?platform=edo", {
      headers: { cookie: owner.cookie },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Синхронизировать ЭДО");
    expect(html).toMatch(/data-testid="order-row-number">№ (<!-- -->)?ЭТрН-20\d\d-\d{6}</);
    // The card (a phone's view) says how an EDO order is paid.
    const phone = await callWeb("/dashboard/orders?platform=edo", {
      headers: { cookie: owner.cookie, "sec-ch-ua-mobile": "?1" },
    });
    expect(await phone.response.text()).toContain("Оплата по факту");
    expect(html).toContain('src="/platforms/edo.svg"');
    // Spec 3 §4: «свободен» with the handover title reads as handed to the receiver.
    expect(html).toContain("Выдан получателю (ЭДО)");
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Синхронизировать ЭДО/);
  });

  it("disconnecting EDO removes its orders with the documents", async () => {
    const [connection] = await testDb()
      .select()
      .from(edoConnections)
      .where(eq(edoConnections.companyId, owner.companyId));
    const off = await callWeb("/api/edo/auth", {
      ...postJson({ login: LOGIN }, as(owner)),
      method: "DELETE",
    });
    expect(off.response.status).toBe(200);
    const left = await testDb()
      .select({ id: platformOrders.id })
      .from(platformOrders)
      .where(eq(platformOrders.companyId, owner.companyId));
    expect(left).toEqual([]);
    const requests = await testDb()
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.companyId, owner.companyId));
    expect(requests).toEqual([]);
    const runs = await testDb()
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.subjectId, `${connection.id}/orders`));
    expect(runs).toEqual([]);
  });
});
