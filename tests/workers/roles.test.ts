// Roles enforced beyond the API's matrix (issue 25 item 4; decision 0077): the pages a role may
// not use answer 403 with a Russian page and change nothing, the sidebar shows only what the role
// may open, a director's change of role counts from the colleague's next request, and a driver
// reads only the EDO documents that name them, in the API and on the page.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyRequisites, edoDocuments } from "../../db/schema";
import { ROLE_REFUSAL } from "../../workers/core/members/roles";
import type { WireDocument } from "../../workers/providers/edo-operator";
import { addCompanyMember } from "./members-fixture";
import { SAME_ORIGIN } from "./page-actions";
import {
  callWeb,
  createCompanyUser,
  EDO_PASSWORD,
  mirrorEdoDocuments,
  operatorDocuments,
  postJson,
  sessionFor,
  testDb,
} from "./support";

const EDO_LOGIN = "demo-carrier";

async function page(path: string, cookie: string) {
  const { response } = await callWeb(path, { headers: { cookie }, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** A page's form as the browser sends it, with the member's cookie. */
const formPost = (cookie: string, fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...SAME_ORIGIN },
  body: new URLSearchParams(fields),
  redirect: "manual",
});

async function team() {
  const boss = await createCompanyUser();
  const [dispatcher, driver] = await Promise.all([
    addCompanyMember(boss.companyId, "dispatcher"),
    addCompanyMember(boss.companyId, "driver", { firstName: "Пётр", lastName: "Водителев" }),
  ]);
  const [bossSession, dispatcherSession, driverSession] = await Promise.all(
    [boss, dispatcher, driver].map((member) => sessionFor(member.userId)),
  );
  return { boss, dispatcher, driver, bossSession, dispatcherSession, driverSession };
}

describe("pages a role may not use", () => {
  it("answer a dispatcher 403 with the Russian page and leave the sidebar without them", async () => {
    const { dispatcherSession, bossSession } = await team();
    for (const path of ["/finance", "/factoring", "/payment", "/partners", "/members"]) {
      const refused = await page(path, dispatcherSession.cookie);
      expect(refused.status, path).toBe(403);
      expect(refused.html, path).toContain("<html");
    }
    const finance = await page("/finance", dispatcherSession.cookie);
    expect(finance.html).toContain(ROLE_REFUSAL.error);
    expect(finance.html).toContain(ROLE_REFUSAL.message);
    // The office's pages open, and the sidebar names only them.
    const orders = await page("/dashboard/orders", dispatcherSession.cookie);
    expect(orders.status).toBe(200);
    expect(orders.html).toContain('href="/platforms"');
    expect(orders.html).not.toContain('href="/finance"');
    expect(orders.html).not.toContain('href="/factoring"');
    expect((await page("/dashboard/orders", bossSession.cookie)).html).toContain('href="/finance"');
    // Nor do the office's pages offer them: the CRM's quick actions lack quick payment.
    const crm = await page("/crm", dispatcherSession.cookie);
    expect(crm.status).toBe(200);
    expect(crm.html).toContain('href="/crm/orders"');
    expect(crm.html).not.toContain('href="/factoring"');
    expect((await page("/crm", bossSession.cookie)).html).toContain('href="/factoring"');
  });

  it("leave the plan block and the director's checklist steps off a dispatcher's dashboard", async () => {
    const { dispatcherSession, bossSession } = await team();
    const mine = await page("/dashboard", dispatcherSession.cookie);
    expect(mine.status).toBe(200);
    expect(mine.html).not.toContain('data-testid="subscription-block"');
    expect(mine.html).not.toContain('href="/payment');
    expect(mine.html).not.toContain('href="/finance');
    expect(mine.html).toContain("Это делает руководитель компании.");
    // The office's own steps keep their links.
    expect(mine.html).toContain('href="/platforms"');
    const boss = await page("/dashboard", bossSession.cookie);
    expect(boss.html).toContain('data-testid="subscription-block"');
    expect(boss.html).toContain('href="/finance?tab=requisites"');
    expect(boss.html).not.toContain("Это делает руководитель компании.");
  });

  it("refuse a dispatcher's form sent to them with 403 and change nothing", async () => {
    const { boss, dispatcherSession } = await team();
    const { response } = await callWeb(
      "/finance?tab=requisites",
      formPost(dispatcherSession.cookie, { settlementAccount: "40702810000000012345", bic: "044525225" }),
    );
    expect(response.status).toBe(403);
    const saved = await testDb()
      .select()
      .from(companyRequisites)
      .where(eq(companyRequisites.companyId, boss.companyId));
    expect(saved).toEqual([]);
  });

  it("answer the page's data request (client navigation) 403 too", async () => {
    const { dispatcherSession } = await team();
    const { response } = await callWeb("/finance.data", { headers: { cookie: dispatcherSession.cookie } });
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain("balance");
  });

  it("send a driver from the office's home page to their documents and refuse the office's pages", async () => {
    const { driverSession } = await team();
    const home = await page("/dashboard", driverSession.cookie);
    expect(home.status).toBe(302);
    expect(home.location).toBe("/edo");
    for (const path of [
      "/dashboard/orders",
      "/transport",
      "/map-analytics",
      "/edo-clients",
      "/crm",
      "/platforms",
    ]) {
      expect((await page(path, driverSession.cookie)).status, path).toBe(403);
    }
    const edo = await page("/edo", driverSession.cookie);
    expect(edo.status).toBe(200);
    expect(edo.html).toContain('href="/edo"');
    expect(edo.html).not.toContain('href="/dashboard/orders"');
    // Not connected yet, and a driver cannot connect: the page says who can.
    expect(edo.html).toContain("Подключить его может руководитель или диспетчер");
  });
});

describe("a director's change of a colleague's role", () => {
  it("counts from the colleague's next request, with the same credentials", async () => {
    const { bossSession, dispatcher, dispatcherSession } = await team();
    const auth = { authorization: `Bearer ${dispatcherSession.bearer}` };
    expect((await callWeb("/api/orders", { headers: auth })).response.status).toBe(200);
    expect((await page("/dashboard/orders", dispatcherSession.cookie)).status).toBe(200);
    const changed = await callWeb(`/api/members/${dispatcher.userId}/role/driver`, {
      method: "POST",
      headers: { authorization: `Bearer ${bossSession.bearer}` },
    });
    expect(changed.response.status).toBe(200);
    expect((await callWeb("/api/orders", { headers: auth })).response.status).toBe(403);
    expect((await page("/dashboard/orders", dispatcherSession.cookie)).status).toBe(403);
  });
});

describe("a driver's own trips", () => {
  let docs: WireDocument[];

  beforeAll(async () => {
    // Two waybills with different drivers, both with content.
    const all = await operatorDocuments(EDO_LOGIN, { limit: "100", category: "ETRN" });
    const named = all.filter((doc) => doc.info.driver?.accName);
    const first = named[0];
    const other = named.find((doc) => doc.info.driver!.accName !== first.info.driver!.accName);
    if (!other) throw new Error("the sandbox account has no two waybills with different drivers");
    docs = [first, other];
  });

  async function companyWithTrips() {
    const boss = await createCompanyUser();
    const [lastName, firstName] = docs[0].info.driver!.accName.split(" ");
    const driver = await addCompanyMember(boss.companyId, "driver", { firstName, lastName });
    const [bossSession, driverSession] = await Promise.all([
      sessionFor(boss.userId),
      sessionFor(driver.userId),
    ]);
    const connected = await callWeb(
      "/api/edo/auth",
      postJson(
        { login: EDO_LOGIN, password: EDO_PASSWORD },
        { authorization: `Bearer ${bossSession.bearer}` },
      ),
    );
    expect(connected.response.status).toBe(200);
    await mirrorEdoDocuments(boss.companyId, docs);
    return { boss, driverSession };
  }

  it("are the EDO documents that name them: the list, the files and the page", async () => {
    const { boss, driverSession } = await companyWithTrips();
    const auth = { authorization: `Bearer ${driverSession.bearer}` };
    const list = await callWeb(`/api/edo/documents?login=${EDO_LOGIN}`, { headers: auth });
    expect(list.response.status).toBe(200);
    const { data } = await list.response.json<{ data: { docs: { id: string }[]; total: number } }>();
    expect(data.docs.map((doc) => doc.id)).toEqual([docs[0].id]);
    expect(data.total).toBe(1);

    // Another driver's document is not there for them; the director reads both.
    const foreign = await callWeb(`/api/edo/documents/${docs[1].id}/print?login=${EDO_LOGIN}`, {
      headers: auth,
    });
    expect(foreign.response.status).toBe(404);
    const mirrored = await testDb()
      .select()
      .from(edoDocuments)
      .where(eq(edoDocuments.companyId, boss.companyId));
    expect(mirrored).toHaveLength(2);

    const edo = await page("/edo", driverSession.cookie);
    expect(edo.status).toBe(200);
    expect(edo.html).toContain(docs[0].info.doc.num);
    expect(edo.html).not.toContain(docs[1].info.doc.num);
  });

  it("give a driver no way to disconnect or refresh the company's EDO", async () => {
    const { boss, driverSession } = await companyWithTrips();
    const { response } = await callWeb(
      "/edo",
      formPost(driverSession.cookie, { intent: "disconnect", login: EDO_LOGIN }),
    );
    expect(response.status).toBe(403);
    const mirrored = await testDb()
      .select()
      .from(edoDocuments)
      .where(eq(edoDocuments.companyId, boss.companyId));
    expect(mirrored).toHaveLength(2);
  });
});
