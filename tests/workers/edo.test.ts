import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { edoConnections, edoDocuments, jobRuns } from "../../db/schema";
import { listEdoDocuments } from "../../workers/core/edo/documents";
import { edoDocumentsQuerySchema } from "../../workers/core/edo/schemas";
import type { WireDocument } from "../../workers/providers/edo-operator";
import {
  callWeb,
  createCompanyUser,
  deliver,
  drain,
  postJson,
  recordingQueue,
  sessionFor,
  testDb,
} from "./support";

// This file alone uses the sandbox's `carrier-3` and `carrier-2` EDO accounts, so it may move
// their documents on; other files share the sandbox.
const PASSWORD = "edo-demo-2025";
const LOGIN = "carrier-3";
const OTHER_LOGIN = "carrier-2";
const EDO_DOWN = { EDO_API_URL: "http://127.0.0.1:1" };

const sandbox = env.EDO_API_URL.replace(/\/edo$/, "");

async function sandboxAccount(login: string) {
  const response = await fetch(`${sandbox}/__sandbox/edo/accounts/${login}`);
  return response.json<{ documentCount: number; cursor: string }>();
}

async function sandboxToken(login: string): Promise<string> {
  const response = await fetch(`${env.EDO_API_URL}/api/v1/auth`, postJson({ login, password: PASSWORD }));
  return (await response.json<{ token: string }>()).token;
}

/** The operator's own answer to a filtered list: the oracle for the mirror's filters. */
async function operatorList(token: string, filters: Record<string, string>) {
  const response = await fetch(`${env.EDO_API_URL}/api/v1/documents?${new URLSearchParams(filters)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return response.json<{ docs: WireDocument[]; total: number }>();
}

type Member = { userId: string; companyId: string; bearer: string };
let owner: Member;
let stranger: Member;

const as = (member: Member) => ({ authorization: `Bearer ${member.bearer}` });
const get = (member: Member, path: string, overrides: Partial<Env> = {}) =>
  callWeb(path, { headers: as(member) }, overrides);
const documentsOf = async (member: Member, query: Record<string, string>) => {
  const { response } = await get(
    member,
    `/api/edo/documents?${new URLSearchParams({ login: LOGIN, ...query })}`,
  );
  return {
    status: response.status,
    body: await response.json<{ data: { docs: WireDocument[]; total: number } }>(),
  };
};

/** Documents in the owner's mirror. */
async function mirrored(): Promise<number> {
  const rows = await testDb()
    .select({ id: edoDocuments.id })
    .from(edoDocuments)
    .where(eq(edoDocuments.companyId, owner.companyId));
  return rows.length;
}

async function member(): Promise<Member> {
  const user = await createCompanyUser();
  return { ...user, bearer: (await sessionFor(user.userId)).bearer };
}

beforeAll(async () => {
  [owner, stranger] = await Promise.all([member(), member()]);
});

describe("EDO connection and mirror", () => {
  it("refuses a wrong login, an empty form and says so when the operator is down, keeping nothing", async () => {
    const wrong = await callWeb("/api/edo/auth", postJson({ login: LOGIN, password: "wrong" }, as(owner)));
    expect(wrong.response.status).toBe(422);
    expect(await wrong.response.json()).toEqual({ success: false, error: "Неверный логин или пароль ЭДО" });

    const empty = await callWeb("/api/edo/auth", postJson({ login: " ", password: "" }, as(owner)));
    expect(empty.response.status).toBe(400);
    expect(await empty.response.json()).toMatchObject({ message: "Введите логин ЭДО (login)" });

    const down = await callWeb(
      "/api/edo/auth",
      postJson({ login: LOGIN, password: PASSWORD }, as(owner)),
      EDO_DOWN,
    );
    expect(down.response.status).toBe(503);
    expect(await down.response.json()).toEqual({
      success: false,
      error: "Сервер ЭДО не отвечает. Попробуйте позже.",
    });
    const stored = await testDb()
      .select()
      .from(edoConnections)
      .where(eq(edoConnections.companyId, owner.companyId));
    expect(stored).toEqual([]);
    expect((await get(owner, `/api/edo/status?login=${LOGIN}`)).response.status).toBe(404);
  });

  it("connects, mirrors every document as a job with progress, and answers every filter as the operator does", async () => {
    const connected = await callWeb(
      "/api/edo/auth",
      postJson({ login: LOGIN, password: PASSWORD }, as(owner)),
    );
    expect(connected.response.status).toBe(200);
    const body = await connected.response.json<{
      data: { connected: boolean; userName: string };
      message: string;
    }>();
    expect(body.message).toBe("Подключение к ЭДО выполнено успешно!");
    expect(body.data.connected).toBe(true);
    expect(body.data.userName).toMatch(/[А-Яа-яЁё]/);
    // The token is kept sealed and the password not at all.
    const [row] = await testDb()
      .select()
      .from(edoConnections)
      .where(eq(edoConnections.companyId, owner.companyId));
    expect(row.token.startsWith("v1.")).toBe(true);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);

    expect(connected.sent.map((message) => message.body.kind)).toEqual(["edo.sync"]);
    const { documentCount } = await sandboxAccount(LOGIN);
    const delivered = await drain(connected.sent);
    expect(delivered.length).toBeGreaterThanOrEqual(1);

    const status = await get(owner, `/api/edo/status?login=${LOGIN}`);
    const { data } = await status.response.json<{
      data: { connected: boolean; sync: { status: string; done: number; lastSyncedAt: string | null } };
    }>();
    expect(data.connected).toBe(true);
    expect(data.sync).toMatchObject({ status: "success", done: documentCount });
    expect(data.sync.lastSyncedAt).not.toBeNull();
    expect(await mirrored()).toBe(documentCount);

    // Every filter of spec 2 §7, read from the mirror, matches the operator's own answer.
    const token = await sandboxToken(LOGIN);
    const { docs: sample } = await operatorList(token, { limit: "200" });
    const etrn = sample.find(
      (doc) => doc.info.ts && doc.info.driver && doc.info.go && doc.info.gp && doc.info.doc.trip,
    )!;
    expect(etrn).toBeDefined();
    const filterSets: Record<string, string>[] = [
      {},
      { period: "20243" },
      { status: "ON_TRNACLPVYN" },
      { category: "PTL" },
      { expired: "true" },
      { deleted: "true" },
      { goInn: etrn.info.go!.inn },
      { gpInn: etrn.info.gp!.inn },
      { tkInn: etrn.info.tk!.inn },
      { transport: etrn.info.ts!.num.slice(0, 4).toLowerCase() },
      { driver: etrn.info.driver!.accName.split(" ")[0].toUpperCase() },
      { trip: etrn.info.doc.trip!.slice(-3) },
      { docNum: etrn.info.doc.num.slice(-4) },
      { docType: "ON_TRNAPERAK" },
      { dateFrom: "2024-02-01", dateTo: "2024-03-15" },
      { search: etrn.info.unloading!.addr.split(",")[0].toUpperCase() },
      // A search alone is counted in the index; one this broad is paged along the list's index,
      // a narrow one from its matches (decision 0024), deep pages too.
      { search: "этрн" },
      { search: "ооо", limit: "50", offset: "500" },
      { search: etrn.info.doc.num },
      { search: etrn.info.unloading!.addr.split(",")[0], expired: "true" },
      { search: etrn.info.unloading!.addr.split(",")[0], category: "PTL" },
      // Terms shorter than the trigram index's three characters are looked for row by row.
      { search: "ка" },
      { trip: etrn.info.doc.trip!.slice(-2), driver: etrn.info.driver!.accName.slice(0, 3) },
      { hasCargo: "true", period: "20251" },
      { limit: "7", offset: "14", period: "20244", status: "ON_TRNACLGRPO" },
    ];
    for (const filters of filterSets) {
      const expected = await operatorList(token, { limit: "1000", ...filters });
      const mirror = await documentsOf(owner, { limit: "1000", ...filters });
      expect(mirror.status, JSON.stringify(filters)).toBe(200);
      expect(mirror.body.data.total, JSON.stringify(filters)).toBe(expected.total);
      expect(
        mirror.body.data.docs.map((doc) => doc.id),
        JSON.stringify(filters),
      ).toEqual(expected.docs.map((doc) => doc.id));
    }
    expect((await documentsOf(owner, {})).body.data.total).toBeGreaterThan(0);
    // The same searches when the matches are too many to page from (the list's index walked).
    const walkedSets: Record<string, string>[] = [
      { search: "этрн" },
      { search: "ооо", limit: "50", offset: "500" },
      { search: etrn.info.doc.num },
    ];
    for (const filters of walkedSets) {
      const expected = await operatorList(token, { limit: "1000", ...filters });
      const query = edoDocumentsQuerySchema.parse({ limit: "1000", ...filters });
      const walked = await listEdoDocuments(testDb(), owner.companyId, query, { pageFromMatchesAtMost: 0 });
      expect(walked.total, JSON.stringify(filters)).toBe(expected.total);
      expect(
        walked.docs.map((doc) => doc.id),
        JSON.stringify(filters),
      ).toEqual(expected.docs.map((doc) => doc.id));
    }

    // A document the operator marks expired leaves the working list's search and joins the
    // expired one's (the search index follows the flags).
    const byNumber = { search: etrn.info.doc.num };
    expect((await documentsOf(owner, byNumber)).body.data.docs.map((doc) => doc.id)).toContain(etrn.id);
    await testDb()
      .update(edoDocuments)
      .set({ expired: true })
      .where(and(eq(edoDocuments.companyId, owner.companyId), eq(edoDocuments.id, etrn.id)));
    expect((await documentsOf(owner, byNumber)).body.data.docs.map((doc) => doc.id)).not.toContain(etrn.id);
    const expiredMatches = await documentsOf(owner, { ...byNumber, expired: "true" });
    expect(expiredMatches.body.data.docs.map((doc) => doc.id)).toContain(etrn.id);
    await testDb()
      .update(edoDocuments)
      .set({ expired: false })
      .where(and(eq(edoDocuments.companyId, owner.companyId), eq(edoDocuments.id, etrn.id)));
  });

  it("a cron refresh reads only what changed, and a redelivered message changes nothing twice", async () => {
    const before = await sandboxAccount(LOGIN);
    const advanced = await fetch(
      `${sandbox}/__sandbox/edo/accounts/${LOGIN}/advance`,
      postJson({ added: 5, progressed: 3 }),
    );
    expect(advanced.status).toBe(200);
    // The last refresh was long enough ago for the schedule to take the connection again.
    const [connection] = await testDb()
      .select()
      .from(edoConnections)
      .where(eq(edoConnections.companyId, owner.companyId));
    await testDb()
      .update(jobRuns)
      .set({ finishedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(jobRuns.subjectId, connection.id));

    const jobs = recordingQueue();
    await deliver([{ kind: "edo.refresh" }], { env: { JOBS: jobs.queue } });
    const syncs = jobs.sent.filter((message) => message.body.kind === "edo.sync" && message.body.runId);
    const ours = [];
    for (const message of syncs) {
      if (message.body.kind !== "edo.sync") continue;
      const [run] = await testDb().select().from(jobRuns).where(eq(jobRuns.id, message.body.runId));
      if (run.subjectId === connection.id) ours.push(message);
    }
    expect(ours).toHaveLength(1);
    await drain(ours);

    const [run] = await testDb()
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.id, (ours[0].body as { runId: string }).runId)));
    expect(run).toMatchObject({ status: "success", done: 8, step: 1 });
    expect(await mirrored()).toBe(before.documentCount + 5);

    // The same message again, and a second refresh at once: nothing new is read or started.
    await drain(ours);
    expect((await testDb().select().from(jobRuns).where(eq(jobRuns.id, run.id)))[0]).toEqual(run);
    const again = recordingQueue();
    await deliver([{ kind: "edo.refresh" }], { env: { JOBS: again.queue } });
    for (const message of again.sent) {
      if (message.body.kind !== "edo.sync") continue;
      const [other] = await testDb().select().from(jobRuns).where(eq(jobRuns.id, message.body.runId));
      expect(other.subjectId).not.toBe(connection.id);
    }

    // The mirror holds the chains as the operator now has them.
    const token = await sandboxToken(LOGIN);
    const expected = await operatorList(token, { limit: "1000" });
    const mirror = await documentsOf(owner, { limit: "1000" });
    expect(mirror.body.data.docs).toEqual(expected.docs);
    // And its totals: the new documents counted, the chains that moved on counted under their
    // new status and no longer under the old one.
    const statuses = [...new Set(expected.docs.map((doc) => doc.statusCode))];
    expect(statuses.length).toBeGreaterThan(1);
    for (const filters of [{}, ...statuses.map((status) => ({ status }))]) {
      const operator = await operatorList(token, { limit: "1", ...filters });
      expect(
        (await documentsOf(owner, { limit: "1", ...filters })).body.data.total,
        JSON.stringify(filters),
      ).toBe(operator.total);
    }
  });

  it("another company's login is not found anywhere, even with its own EDO connection", async () => {
    const theirs = await callWeb(
      "/api/edo/auth",
      postJson({ login: OTHER_LOGIN, password: PASSWORD }, as(stranger)),
    );
    expect(theirs.response.status).toBe(200);
    const notFound = { success: false, error: "Логин ЭДО не найден" };
    for (const path of [
      `/api/edo/status?login=${LOGIN}`,
      `/api/edo/user?login=${LOGIN}`,
      `/api/edo/documents?login=${LOGIN}`,
    ]) {
      const { response } = await get(stranger, path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual(notFound);
    }
    for (const [method, path] of [
      ["POST", "/api/edo/sync"],
      ["DELETE", "/api/edo/auth"],
    ] as const) {
      const { response } = await callWeb(path, { ...postJson({ login: LOGIN }, as(stranger)), method });
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual(notFound);
    }
    // The owner's connection is untouched.
    expect((await get(owner, `/api/edo/status?login=${LOGIN}`)).response.status).toBe(200);
    expect((await get(stranger, `/api/edo/user?login=${OTHER_LOGIN}`)).response.status).toBe(200);
  });

  it("an operator that keeps failing ends the refresh with a message and loses none of the mirror", async () => {
    const before = await mirrored();
    const failing = await fetch(
      `${sandbox}/__sandbox/failures`,
      postJson({ provider: "edo", mode: "error500" }),
    );
    expect(failing.status).toBe(200);
    try {
      const sync = await callWeb("/api/edo/sync", postJson({ login: LOGIN }, as(owner)));
      expect(sync.response.status).toBe(202);
      // The queue retries a failed page; its last attempt gives up.
      const retried = await deliver(
        sync.sent.map((message) => message.body),
        { env: { JOBS: recordingQueue().queue } },
      );
      expect(retried.retryMessages).toHaveLength(1);
      await deliver(
        sync.sent.map((message) => message.body),
        { attempts: 3, env: { JOBS: recordingQueue().queue } },
      );
    } finally {
      await fetch(`${sandbox}/__sandbox/failures`, postJson({ provider: "edo", mode: "none" }));
    }
    const status = await (
      await get(owner, `/api/edo/status?login=${LOGIN}`)
    ).response.json<{
      data: { connected: boolean; sync: { status: string; error: string } };
    }>();
    expect(status.data).toMatchObject({
      connected: true,
      sync: {
        status: "error",
        error: "ЭДО не ответило. Уже загруженные документы сохранены; попробуйте обновить позже.",
      },
    });
    expect(await mirrored()).toBe(before);
  });

  it("a token the operator no longer accepts disconnects; signing in again keeps the mirror; disconnect empties it", async () => {
    const expire = await fetch(`${sandbox}/__sandbox/edo/tokens/expire`, postJson({ login: LOGIN }));
    expect(expire.status).toBe(200);
    const sync = await callWeb("/api/edo/sync", postJson({ login: LOGIN }, as(owner)));
    expect(sync.response.status).toBe(202);
    await drain(sync.sent);

    const expired = await documentsOf(owner, {});
    expect(expired.status).toBe(409);
    expect(expired.body).toEqual({
      success: false,
      error: "Токен ЭДО не найден или истек. Войдите в ЭДО снова.",
    });
    const status = await (
      await get(owner, `/api/edo/status?login=${LOGIN}`)
    ).response.json<{
      data: { connected: boolean; sync: { status: string; error: string } };
    }>();
    expect(status.data.connected).toBe(false);
    expect(status.data.sync).toMatchObject({
      status: "error",
      error: "Токен ЭДО не найден или истек. Войдите в ЭДО снова.",
    });

    const before = await mirrored();
    const again = await callWeb("/api/edo/auth", postJson({ login: LOGIN, password: PASSWORD }, as(owner)));
    expect(again.response.status).toBe(200);
    expect(await mirrored()).toBe(before);
    await drain(again.sent);
    expect((await documentsOf(owner, {})).status).toBe(200);

    const off = await callWeb("/api/edo/auth", {
      ...postJson({ login: LOGIN }, as(owner)),
      method: "DELETE",
    });
    expect(await off.response.json()).toEqual({
      success: true,
      data: null,
      message: "Отключение от ЭДО выполнено успешно",
    });
    expect(await mirrored()).toBe(0);
    expect((await get(owner, `/api/edo/status?login=${LOGIN}`)).response.status).toBe(404);

    // Connected anew, the list starts from nothing and counts what the new sync brings.
    const fresh = await callWeb("/api/edo/auth", postJson({ login: LOGIN, password: PASSWORD }, as(owner)));
    expect(fresh.response.status).toBe(200);
    expect((await documentsOf(owner, {})).body.data).toEqual({ docs: [], total: 0 });
    await drain(fresh.sent);
    const operator = await operatorList(await sandboxToken(LOGIN), { limit: "1" });
    expect((await documentsOf(owner, { limit: "1" })).body.data.total).toBe(operator.total);
  });
});
