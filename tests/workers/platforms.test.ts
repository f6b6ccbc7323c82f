import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { and, eq, inArray, lt } from "drizzle-orm";
import { jobRuns, platformConnections, platformOrders } from "../../db/schema";
import type { ConnectionView } from "../../workers/core/platforms/connections";
import { PAGES_PER_MESSAGE, SYNC_PAGE_SIZE } from "../../workers/core/platforms/sync";
import {
  callWeb,
  createCompanyUser,
  createConnectionFor,
  deliver,
  drain,
  postJson,
  recordingQueue,
  sessionFor,
  testDb,
} from "./support";

const sandbox = inject("sandboxUrl");
/** Orders one sync message loads, and a platform with two pages more than that. */
const FIRST_MESSAGE = PAGES_PER_MESSAGE * SYNC_PAGE_SIZE;
const TOTAL = FIRST_MESSAGE + 2 * SYNC_PAGE_SIZE;
const DEMO = { username: "demo", password: "platform-demo-2025" };

const sandboxPost = (path: string, body: unknown = {}) =>
  fetch(`${sandbox}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

let token: string;
let companyId: string;

beforeAll(async () => {
  const user = await createCompanyUser();
  companyId = user.companyId;
  token = (await sessionFor(user.userId)).bearer;
});

afterEach(async () => {
  for (const id of ["pepsi", "mars"])
    await sandboxPost("/__sandbox/failures", { provider: `platform:${id}`, mode: "none" });
});

const auth = () => ({ authorization: `Bearer ${token}` });
const listConnections = async () =>
  (
    await (
      await callWeb("/api/platforms/connections", { headers: auth() })
    ).response.json<{ data: ConnectionView[] }>()
  ).data;

describe("the platforms catalogue", () => {
  it("lists the five platforms with their logos and sites", async () => {
    const { response } = await callWeb("/api/platforms");
    const { data } = await response.json<{ data: { id: string; logo_url: string }[] }>();
    expect(data.map((p) => p.id)).toEqual(["x5", "magnit", "pepsi", "mars", "sber_logistics"]);
    expect(data.every((p) => p.logo_url === `/platforms/${p.id}.svg`)).toBe(true);
  });
});

describe("connecting a platform", () => {
  it("refuses wrong credentials and saves nothing", async () => {
    const { response, sent } = await callWeb(
      "/api/platforms/connections",
      postJson(
        {
          platform_id: "pepsi",
          connection_name: "PepsiCo",
          credentials: { username: "demo", password: "wrong-password" },
        },
        auth(),
      ),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      success: false,
      error: "Платформа отклонила логин или пароль. Проверьте данные для входа.",
    });
    expect(sent).toEqual([]);
    expect(await listConnections()).toEqual([]);
  });

  it("says so and saves nothing when the platform does not answer", async () => {
    await sandboxPost("/__sandbox/failures", { provider: "platform:pepsi", mode: "error500" });
    const { response } = await callWeb(
      "/api/platforms/connections",
      postJson({ platform_id: "pepsi", connection_name: "PepsiCo", credentials: DEMO }, auth()),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: "Платформа сейчас не отвечает. Попробуйте позже." });
    expect(await listConnections()).toEqual([]);
  });

  it("connects, syncs every page as a job with progress, and re-syncs without duplicates", async () => {
    // Two more pages than one message works through.
    await sandboxPost("/__sandbox/platforms/pepsi/orders", { count: TOTAL });
    const created = await callWeb(
      "/api/platforms/connections",
      postJson({ platform_id: "pepsi", connection_name: "PepsiCo — Домодедово", credentials: DEMO }, auth()),
    );
    expect(created.response.status).toBe(201);
    const text = await created.response.text();
    expect(text).not.toContain("platform-demo-2025");
    expect(text).not.toContain("credentials");
    const { data: connection, message } = JSON.parse(text) as { data: ConnectionView; message: string };
    expect(message).toBe("Подключение к платформе создано");
    expect(connection).toMatchObject({ platform_id: "pepsi", sync_status: "syncing", orders_count: 0 });
    expect(created.sent).toEqual([{ body: { kind: "platforms.sync", runId: expect.any(String), page: 1 } }]);
    // Stored sealed: the database holds no password either.
    const [row] = await testDb()
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, connection.id));
    expect(row.credentials).not.toContain("platform-demo");

    // The first message's pages are in; progress shows while the rest waits in the queue.
    const queue = recordingQueue();
    await deliver(
      created.sent.map((m) => m.body),
      { env: { JOBS: queue.queue } },
    );
    expect((await listConnections())[0]).toMatchObject({
      sync_status: "syncing",
      progress: { done: FIRST_MESSAGE, total: TOTAL },
      orders_count: FIRST_MESSAGE,
    });
    // A redelivered message does nothing twice: no second request for the next page.
    await deliver(
      created.sent.map((m) => m.body),
      { env: { JOBS: queue.queue } },
    );
    expect(queue.sent.map((m) => m.body)).toEqual([
      { kind: "platforms.sync", runId: expect.any(String), page: PAGES_PER_MESSAGE + 1 },
    ]);

    await drain(queue.sent);
    const synced = (await listConnections())[0];
    expect(synced).toMatchObject({
      sync_status: "success",
      orders_count: TOTAL,
      progress: null,
      sync_error: null,
    });
    expect(synced.last_sync_at).not.toBeNull();

    // The platform moves some orders on; a re-sync updates them in place, every field.
    const statusesBefore = await orderStatuses(connection.id);
    const resyncedFrom = new Date();
    await sandboxPost("/__sandbox/platforms/pepsi/advance");
    const again = await callWeb(`/api/platforms/connections/${connection.id}/sync`, {
      method: "POST",
      headers: auth(),
    });
    expect(again.response.status).toBe(202);
    expect(await again.response.json()).toMatchObject({
      data: { count: TOTAL, connection: { sync_status: "syncing" } },
    });
    // A second click while it runs starts nothing more.
    const click = await callWeb(`/api/platforms/connections/${connection.id}/sync`, {
      method: "POST",
      headers: auth(),
    });
    expect(click.sent).toEqual([]);
    await drain(again.sent);
    const statusesAfter = await orderStatuses(connection.id);
    expect(statusesAfter.size).toBe(TOTAL);
    expect(
      [...statusesAfter].filter(([id, status]) => statusesBefore.get(id) !== status).length,
    ).toBeGreaterThan(0);
    expect((await listConnections())[0]).toMatchObject({ sync_status: "success", orders_count: TOTAL });
    const stale = await testDb()
      .select({ id: platformOrders.id })
      .from(platformOrders)
      .where(and(eq(platformOrders.connectionId, connection.id), lt(platformOrders.syncedAt, resyncedFrom)));
    expect(stale).toEqual([]);
  });

  it("tests the stored credentials", async () => {
    const good = await createConnectionFor(companyId, { platformId: "x5" });
    const changed = await createConnectionFor(companyId, {
      platformId: "x5",
      credentials: { username: "demo", password: "changed-on-the-platform" },
    });
    const test = (id: string) =>
      callWeb(`/api/platforms/connections/${id}/test`, { method: "POST", headers: auth() });
    expect(await (await test(good)).response.json()).toEqual({ success: true, data: { connected: true } });
    expect(await (await test(changed)).response.json()).toEqual({
      success: true,
      data: {
        connected: false,
        message: "Платформа отклонила логин или пароль. Проверьте данные для входа.",
      },
    });
  });

  it("keeps what it loaded and marks the sync failed when the platform stops answering", async () => {
    const id = await createConnectionFor(companyId, { platformId: "mars" });
    await sandboxPost("/__sandbox/platforms/mars/orders", { count: FIRST_MESSAGE + 100 });
    const started = await callWeb(`/api/platforms/connections/${id}/sync`, {
      method: "POST",
      headers: auth(),
    });
    const queue = recordingQueue();
    await deliver(
      started.sent.map((m) => m.body),
      { env: { JOBS: queue.queue } },
    );
    const page2 = queue.sent.map((m) => m.body);
    expect(page2).toEqual([
      { kind: "platforms.sync", runId: expect.any(String), page: PAGES_PER_MESSAGE + 1 },
    ]);
    await sandboxPost("/__sandbox/failures", { provider: "platform:mars", mode: "error500" });

    // The first attempts are retried by the queue…
    const first = await deliver(page2, { attempts: 1, env: { JOBS: queue.queue } });
    expect(first.retryMessages).toHaveLength(1);
    expect((await listConnections()).find((c) => c.id === id)).toMatchObject({ sync_status: "syncing" });
    // …the last one gives up with the reason, and the first message's orders stay, each whole.
    const last = await deliver(page2, { attempts: 3, env: { JOBS: queue.queue } });
    expect(last.retryMessages).toHaveLength(0);
    expect((await listConnections()).find((c) => c.id === id)).toMatchObject({
      sync_status: "error",
      sync_error:
        "Платформа не ответила. Уже загруженные заказы сохранены; попробуйте синхронизировать позже.",
      orders_count: FIRST_MESSAGE,
      progress: null,
    });
  });

  it("re-syncs, on the hourly refresh, connections whose last sync is over an hour old", async () => {
    const stale = await createConnectionFor(companyId, { platformId: "sber_logistics" });
    const fresh = await createConnectionFor(companyId, { platformId: "sber_logistics" });
    const started = await callWeb(`/api/platforms/connections/${fresh}/sync`, {
      method: "POST",
      headers: auth(),
    });
    await drain(started.sent);

    const queue = recordingQueue();
    await deliver([{ kind: "platforms.refresh" }], { env: { JOBS: queue.queue } });
    const runs = await testDb()
      .select({ subjectId: jobRuns.subjectId })
      .from(jobRuns)
      .where(
        inArray(
          jobRuns.id,
          queue.sent.map((m) => (m.body.kind === "platforms.sync" ? m.body.runId : "")),
        ),
      );
    const refreshed = runs.map((run) => run.subjectId);
    expect(refreshed).toContain(stale);
    expect(refreshed).not.toContain(fresh);
  });

  it("takes a sync that stopped moving as lost: says so, and the hourly refresh starts a new one", async () => {
    const id = await createConnectionFor(companyId, { platformId: "sber_logistics" });
    const longAgo = new Date(Date.now() - 20 * 60 * 1000);
    await testDb().insert(jobRuns).values({
      id: crypto.randomUUID(),
      companyId,
      kind: "platforms.sync",
      subjectId: id,
      status: "running",
      step: 3,
      done: 600,
      total: 2_000,
      createdAt: longAgo,
      updatedAt: longAgo,
    });
    expect((await listConnections()).find((c) => c.id === id)).toMatchObject({
      sync_status: "error",
      sync_error: "Синхронизация прервалась. Запустите её снова.",
      progress: null,
    });

    const queue = recordingQueue();
    await deliver([{ kind: "platforms.refresh" }], { env: { JOBS: queue.queue } });
    const runs = await testDb()
      .select({ subjectId: jobRuns.subjectId })
      .from(jobRuns)
      .where(
        inArray(
          jobRuns.id,
          queue.sent.map((m) => (m.body.kind === "platforms.sync" ? m.body.runId : "")),
        ),
      );
    expect(runs.map((run) => run.subjectId)).toContain(id);
    expect((await listConnections()).find((c) => c.id === id)).toMatchObject({ sync_status: "syncing" });
  });

  it("answers another company's connection with 404 and touches nothing", async () => {
    const other = await createCompanyUser();
    const theirs = await createConnectionFor(other.companyId);
    for (const [method, path] of [
      ["POST", `/api/platforms/connections/${theirs}/test`],
      ["POST", `/api/platforms/connections/${theirs}/sync`],
      ["DELETE", `/api/platforms/connections/${theirs}`],
    ] as const) {
      const { response, sent } = await callWeb(path, { method, headers: auth() });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, error: "Подключение не найдено" });
      expect(sent).toEqual([]);
    }
    expect(
      await testDb().select().from(platformConnections).where(eq(platformConnections.id, theirs)),
    ).toHaveLength(1);
  });

  it("disconnects a platform with its orders", async () => {
    const id = (await listConnections()).find((c) => c.platform_id === "pepsi")!.id;
    const { response } = await callWeb(`/api/platforms/connections/${id}`, {
      method: "DELETE",
      headers: auth(),
    });
    expect(await response.json()).toEqual({ success: true, data: { deleted: 1 } });
    expect(await orderStatuses(id)).toEqual(new Map());
    expect((await listConnections()).map((c) => c.id)).not.toContain(id);
  });
});

async function orderStatuses(connectionId: string) {
  const rows = await testDb()
    .select({ id: platformOrders.externalOrderId, status: platformOrders.status })
    .from(platformOrders)
    .where(and(eq(platformOrders.companyId, companyId), eq(platformOrders.connectionId, connectionId)));
  return new Map(rows.map((r) => [r.id, r.status]));
}
