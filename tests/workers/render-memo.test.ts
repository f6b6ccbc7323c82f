// A page rendered again from unchanged data is answered from the isolate's render memo (decision
// 0085). What a user must never notice: a page older than the database, another user's page, or a
// page whose inline scripts the browser refuses (the CSP nonce of another answer).
import { describe, expect, it } from "vitest";
import { callWeb, createCompanyUser, createOrderFor, sessionFor } from "./support";

async function page(cookie: string, path: string) {
  const { response } = await callWeb(path, { headers: { cookie } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const render = /render;desc="(\w+)"/.exec(response.headers.get("server-timing") ?? "")?.[1];
  return { html, nonce: nonce!, render };
}

/** Every nonce attribute the page carries. */
const noncesIn = (html: string) => new Set([...html.matchAll(/ nonce="([^"]*)"/g)].map((m) => m[1]));

describe("pages rendered again from the same data", () => {
  it("are the same page with the answer's own nonce on every inline script", async () => {
    const user = await createCompanyUser();
    await createOrderFor(user.companyId, { status: "delivered", priceKopecks: 1_234_500 });
    const { cookie } = await sessionFor(user.userId);
    const first = await page(cookie, "/dashboard/orders");
    const second = await page(cookie, "/dashboard/orders");
    expect([first.render, second.render]).toEqual(["fresh", "memo"]);
    expect(second.nonce).not.toBe(first.nonce);
    for (const { html, nonce } of [first, second]) {
      expect([...noncesIn(html)]).toEqual([nonce]);
      expect(html).toContain("<script");
    }
    expect(second.html.split(second.nonce).join("*")).toBe(first.html.split(first.nonce).join("*"));
  });

  it("show a change of the data at once", async () => {
    const user = await createCompanyUser();
    await createOrderFor(user.companyId, { status: "delivered", priceKopecks: 1_234_500 });
    const { cookie } = await sessionFor(user.userId);
    const before = await page(cookie, "/dashboard/orders");
    const again = await page(cookie, "/dashboard/orders");
    expect(again.render).toBe("memo");
    expect(again.html).toMatch(/12\s345,00/);
    await createOrderFor(user.companyId, { status: "in_transit", priceKopecks: 7_777_700 });
    const after = await page(cookie, "/dashboard/orders");
    expect(after.render).toBe("fresh");
    expect(before.html).not.toMatch(/77\s777,00/);
    expect(after.html).toMatch(/77\s777,00/);
    expect(after.html).toMatch(/12\s345,00/);
  });

  it("are never another user's page, however alike their data", async () => {
    const a = await createCompanyUser();
    const b = await createCompanyUser();
    const [ca, cb] = [(await sessionFor(a.userId)).cookie, (await sessionFor(b.userId)).cookie];
    const pa = await page(ca, "/dashboard");
    const pb = await page(cb, "/dashboard");
    expect((await page(ca, "/dashboard")).html).toContain(a.email);
    expect(pa.html).toContain(a.email);
    expect(pb.html).toContain(b.email);
    expect(pb.html).not.toContain(a.email);
  });

  it("follow the query: another page of the list is rendered for what it holds", async () => {
    const user = await createCompanyUser();
    await createOrderFor(user.companyId, { status: "delivered", priceKopecks: 1_000_000 });
    await createOrderFor(user.companyId, { status: "in_transit", priceKopecks: 2_000_000 });
    const { cookie } = await sessionFor(user.userId);
    const all = await page(cookie, "/dashboard/orders");
    const delivered = await page(cookie, "/dashboard/orders?status=delivered");
    await page(cookie, "/dashboard/orders");
    expect(all.html).toMatch(/20\s000,00/);
    expect(delivered.html).toMatch(/10\s000,00/);
    expect(delivered.html).not.toMatch(/20\s000,00/);
  });
});
