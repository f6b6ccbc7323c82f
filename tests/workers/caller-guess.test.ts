// A page with a session the Worker saw before is read in one round trip, the session's read in
// the same batch as the page's (decision 0086). What a user must never notice: a page read for
// who they were a moment ago — another role, their old name, a session that has ended.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { callWeb, createCompanyUser, createOrderFor, sessionFor, testDb } from "./support";

async function visit(cookie: string, path: string) {
  const { response } = await callWeb(path, { headers: { cookie }, redirect: "manual" });
  const roundTrips = Number(/db;desc="(\d+)"/.exec(response.headers.get("server-timing") ?? "")?.[1]);
  return { response, roundTrips, html: await response.text() };
}

describe("a page for a session seen before", () => {
  it("takes one database round trip, where the first visit took two", async () => {
    const user = await createCompanyUser();
    await createOrderFor(user.companyId, { status: "delivered", priceKopecks: 4_500_000 });
    const { cookie } = await sessionFor(user.userId);
    const first = await visit(cookie, "/dashboard/orders");
    const second = await visit(cookie, "/dashboard/orders");
    // The first visit to the dashboard keeps the «first order» achievement: a write of its own,
    // made once the session confirmed the caller.
    const dashboard = await visit(cookie, "/dashboard");
    const again = await visit(cookie, "/dashboard");
    expect([first, second, dashboard, again].map((v) => v.response.status)).toEqual([200, 200, 200, 200]);
    expect([first, second, dashboard, again].map((v) => v.roundTrips)).toEqual([2, 1, 2, 1]);
    expect(second.html).toContain(user.email);
    expect(second.html).toMatch(/45\s000,00/);
  });

  it("shows the user's new name at once", async () => {
    const user = await createCompanyUser();
    const { cookie } = await sessionFor(user.userId);
    expect((await visit(cookie, "/dashboard")).html).toContain("Тест");
    await testDb().update(users).set({ firstName: "Всеволод" }).where(eq(users.id, user.userId));
    const after = await visit(cookie, "/dashboard");
    expect(after.response.status).toBe(200);
    expect(after.html).toContain("Всеволод");
    expect((await visit(cookie, "/dashboard")).roundTrips).toBe(1);
  });

  it("follows a change of role from the next request on", async () => {
    const user = await createCompanyUser();
    const { cookie } = await sessionFor(user.userId);
    expect((await visit(cookie, "/dashboard/orders")).response.status).toBe(200);
    await testDb().update(users).set({ companyRole: "driver" }).where(eq(users.id, user.userId));
    const orders = await visit(cookie, "/dashboard/orders");
    expect(orders.response.status).toBe(403);
    expect(orders.html).toContain("Это действие недоступно для вашей роли в компании");
    const home = await visit(cookie, "/dashboard");
    expect(home.response.status).toBe(302);
    expect(home.response.headers.get("location")).toBe("/edo");
  });

  it("sends a signed-out browser to sign in, with its cookie cleared", async () => {
    const user = await createCompanyUser();
    const { cookie } = await sessionFor(user.userId);
    expect((await visit(cookie, "/dashboard")).response.status).toBe(200);
    await testDb()
      .delete(sessions)
      .where(and(eq(sessions.userId, user.userId), eq(sessions.kind, "browser")));
    const after = await visit(cookie, "/dashboard");
    expect(after.response.status).toBe(302);
    expect(after.response.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard");
    expect(after.response.headers.get("set-cookie")).toMatch(/reys_session=;/);
    expect(after.html).not.toContain(user.email);
  });

  it("ends a session past its end, and notes a use as the first visit would", async () => {
    const user = await createCompanyUser();
    const { cookie } = await sessionFor(user.userId);
    expect((await visit(cookie, "/dashboard")).response.status).toBe(200);
    const db = testDb();
    // Last seen ten minutes ago, three days left: the visit notes the use without renewing.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    const inThreeDays = new Date(Date.now() + 3 * 24 * 3_600_000);
    await db
      .update(sessions)
      .set({ lastSeenAt: tenMinutesAgo, expiresAt: inThreeDays })
      .where(and(eq(sessions.userId, user.userId), eq(sessions.kind, "browser")));
    const used = await visit(cookie, "/dashboard");
    expect(used.response.status).toBe(200);
    const [row] = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.userId), eq(sessions.kind, "browser")));
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(tenMinutesAgo.getTime() + 60_000);
    // Renewed (less than 7 days left): the browser gets the new expiry.
    expect(used.response.headers.get("set-cookie")).toMatch(/reys_session=.+Expires=/);
    expect(row.expiresAt.getTime()).toBeGreaterThan(inThreeDays.getTime());
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(and(eq(sessions.userId, user.userId), eq(sessions.kind, "browser")));
    const ended = await visit(cookie, "/dashboard");
    expect(ended.response.status).toBe(302);
    expect(
      await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.userId), eq(sessions.kind, "browser"))),
    ).toEqual([]);
  });
});
