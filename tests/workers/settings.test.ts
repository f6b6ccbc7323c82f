// A user's own settings (issue 24 item 10; decision 0072): the EDO list's view is kept per user on
// the server, read back on another device, and shapes the /edo page the server renders; another
// user's choice, in the same company or another, changes nothing.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { edoConnections, users, userSettings } from "../../db/schema";
import { edoConnectionRow } from "../support/edo-rows";
import {
  callWeb,
  createCompanyUser,
  mirrorEdoDocuments,
  operatorDocuments,
  postJson,
  sessionFor,
  testDb,
} from "./support";

type Who = { userId: string; companyId: string; bearer: string; cookie: string };

async function signedIn(user: { userId: string; companyId: string }): Promise<Who> {
  return { ...user, ...(await sessionFor(user.userId)) };
}

/** Another user of the same company. */
async function colleagueOf(companyId: string) {
  const userId = crypto.randomUUID();
  await testDb()
    .insert(users)
    .values({
      id: userId,
      companyId,
      firstName: "Коллега",
      lastName: "Тестов",
      email: `colleague.${userId.slice(0, 8)}@example.ru`,
      phone: "+79990000001",
      role: "user",
      passwordHash: "none",
      createdAt: new Date(),
    });
  return { userId, companyId };
}

async function settings(who: Who, body?: unknown, by: "bearer" | "cookie" = "bearer") {
  const headers: Record<string, string> =
    by === "bearer" ? { authorization: `Bearer ${who.bearer}` } : { cookie: who.cookie };
  const init = body === undefined ? { headers } : postJson(body, headers);
  const { response } = await callWeb("/api/settings", init);
  return { status: response.status, body: await response.json<{ success: boolean; data: unknown }>() };
}

/** The /edo page as the user's browser gets it from the server. */
async function edoPage(who: Who): Promise<string> {
  const { response } = await callWeb("/edo", { headers: { cookie: who.cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("the EDO list's view, per user", () => {
  it("is compact until chosen; a choice is kept for the user alone and read back on another device", async () => {
    const one = await signedIn(await createCompanyUser());
    const colleague = await signedIn(await colleagueOf(one.companyId));
    const stranger = await signedIn(await createCompanyUser());

    expect((await settings(one)).body).toEqual({
      success: true,
      data: { edoListView: "compact", ordersListView: "compact" },
    });

    const chosen = await settings(one, { edoListView: "cards" });
    expect(chosen).toEqual({
      status: 200,
      body: { success: true, data: { edoListView: "cards", ordersListView: "compact" } },
    });
    // Another device: a browser session of the same user.
    const elsewhere = await signedIn({ userId: one.userId, companyId: one.companyId });
    expect((await settings(elsewhere, undefined, "cookie")).body.data).toEqual({
      edoListView: "cards",
      ordersListView: "compact",
    });

    // The colleague and the other company's user still see the default, and their own choice
    // leaves the first user's alone.
    expect((await settings(colleague)).body.data).toEqual({
      edoListView: "compact",
      ordersListView: "compact",
    });
    expect((await settings(stranger)).body.data).toEqual({
      edoListView: "compact",
      ordersListView: "compact",
    });
    await settings(colleague, { edoListView: "compact" });
    await settings(stranger, { edoListView: "cards" });
    await settings(stranger, { edoListView: "compact" });
    expect((await settings(one)).body.data).toEqual({ edoListView: "cards", ordersListView: "compact" });
    expect((await settings(stranger)).body.data).toEqual({
      edoListView: "compact",
      ordersListView: "compact",
    });

    // Back to compact: one row per user, changed in place.
    expect((await settings(one, { edoListView: "compact" })).body.data).toEqual({
      edoListView: "compact",
      ordersListView: "compact",
    });
    const rows = await testDb().select().from(userSettings).where(eq(userSettings.userId, one.userId));
    expect(rows.map((row) => row.edoListView)).toEqual(["compact"]);
  });

  it("refuses a view it does not know, and a caller who is not signed in", async () => {
    const one = await signedIn(await createCompanyUser());
    const refused = await settings(one, { edoListView: "table" });
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
    expect((await settings(one)).body.data).toEqual({ edoListView: "compact", ordersListView: "compact" });
    const { response } = await callWeb("/api/settings", postJson({ edoListView: "cards" }));
    expect(response.status).toBe(401);
  });

  it("keeps the orders list's view apart from the EDO list's; a bad value is refused in Russian and stores nothing", async () => {
    const one = await signedIn(await createCompanyUser());
    expect(await settings(one, { ordersListView: "cards" })).toEqual({
      status: 200,
      body: { success: true, data: { edoListView: "compact", ordersListView: "cards" } },
    });
    // Each choice changes its own list only.
    expect((await settings(one, { edoListView: "cards" })).body.data).toEqual({
      edoListView: "cards",
      ordersListView: "cards",
    });
    expect((await settings(one, { ordersListView: "compact" })).body.data).toEqual({
      edoListView: "cards",
      ordersListView: "compact",
    });

    const refused = await settings(one, { ordersListView: "table" });
    expect(refused).toEqual({
      status: 400,
      body: {
        success: false,
        error: "Некорректные данные",
        message: "ordersListView — одно из: compact, cards (ordersListView)",
      },
    });
    for (const bad of [
      { ordersListView: null },
      { ordersListView: "Cards" },
      // A good value beside a bad one is not stored either.
      { edoListView: "compact", ordersListView: "list" },
      { ordersListView: "cards", theme: "dark" },
      {},
    ]) {
      const answer = await settings(one, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body, JSON.stringify(bad)).toMatchObject({
        success: false,
        message: expect.stringMatching(/[А-Яа-яЁё]/),
      });
    }
    expect((await settings(one)).body.data).toEqual({ edoListView: "cards", ordersListView: "compact" });
  });

  it("shapes the /edo page the server renders: rows for the default, cards alone once the user chose them", async () => {
    const one = await signedIn(await createCompanyUser());
    const colleague = await signedIn(await colleagueOf(one.companyId));
    await testDb().insert(edoConnections).values(edoConnectionRow(one.companyId));
    const docs = await operatorDocuments("demo-carrier", { limit: "3", category: "ETRN" });
    await mirrorEdoDocuments(one.companyId, docs);

    const rowTags = (html: string) => html.match(/<button[^>]*data-testid="edo-row"[^>]*>/g) ?? [];
    const rowsOf = (html: string) => rowTags(html).length;
    const cardsOf = (html: string) => html.match(/data-testid="edo-document-card"/g)?.length ?? 0;

    // The default: a row per chain, each a collapsed button over its card (which a phone shows).
    const compact = await edoPage(one);
    expect(compact).toContain('data-view="compact"');
    expect(rowsOf(compact)).toBe(docs.length);
    expect(cardsOf(compact)).toBe(docs.length);
    for (const tag of rowTags(compact)) expect(tag).toMatch(/aria-expanded="false" aria-controls="[^"]+"/);
    expect(compact).toContain(`№ ${docs[0].info.doc.num}`);

    await settings(one, { edoListView: "cards" });
    const cards = await edoPage(one);
    expect(cards).toContain('data-view="cards"');
    expect(rowsOf(cards)).toBe(0);
    expect(cardsOf(cards)).toBe(docs.length);

    // The colleague's page keeps the default.
    const theirs = await edoPage(colleague);
    expect(theirs).toContain('data-view="compact"');
    expect(rowsOf(theirs)).toBe(docs.length);
  });
});
