import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumPerFile } from "../support/browser";
import { testUsers, type TestUser } from "./fixtures/users";
import { eventually as waitFor } from "./helpers";

const web = inject("webUrl");
const chromium = chromiumPerFile();
const accounts = testUsers();
let db: Client;
let admin: TestUser;

beforeAll(async () => {
  db = createClient({ url: inject("databaseUrl") });
  admin = await accounts.create({ role: "admin" });
});

afterAll(() => db?.close());

/** Analytics reach the database through the queue: up to its batch window and a retry. */
const eventually = <T>(check: () => Promise<T | undefined>) => waitFor(check, 120_000);

let adminToken: string | undefined;

/** Metrics are for admins: signs in once as the file's admin through the API. */
async function metricsFor(day: string) {
  if (!adminToken) {
    const login = await fetch(`${web}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    adminToken = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens
      .accessToken;
  }
  const response = await fetch(`${web}/api/analytics/metrics?dateFrom=${day}&dateTo=${day}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return (await response.json()) as {
    data: { totals: { events: number; sessions: number; errors: number } };
  };
}

describe("the stack as `npm start` runs it", () => {
  it("serves the Russian landing page and reports health after a database query", async () => {
    const page = await chromium().newPage();
    const response = await page.goto(web);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("ru");
    await expect(page.locator("h1").textContent()).resolves.toContain("24 часа");

    const health = await fetch(`${web}/api/health`).then((r) => r.json());
    expect(health).toMatchObject({ success: true, data: { database: { ok: true } } });
    await page.close();
  });

  it("sends an unknown page to the landing page", async () => {
    const page = await chromium().newPage();
    await page.goto(`${web}/no/such/page`);
    expect(new URL(page.url()).pathname).toBe("/");
    await page.close();
  });

  it("takes a posted batch into analytics_events once, even when resent, and into the metrics roll-up", async () => {
    const sessionId = crypto.randomUUID();
    const events = Array.from({ length: 12 }, (_, i) => ({
      id: crypto.randomUUID(),
      eventType: i < 2 ? "error" : "click",
      eventCategory: "orders",
      sessionId,
    }));
    const day = new Date().toISOString().slice(0, 10);
    const before = (await metricsFor(day)).data.totals.events;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${web}/api/analytics/events`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ events }),
      });
      expect(response.status).toBe(202);
    }
    const stored = await eventually(async () => {
      const { rows } = await db.execute({
        sql: "SELECT count(*) AS n FROM analytics_events WHERE session_id = ?",
        args: [sessionId],
      });
      const n = Number(rows[0].n);
      return n >= 12 ? n : undefined;
    });
    await new Promise((r) => setTimeout(r, 2000));
    const { rows } = await db.execute({
      sql: "SELECT count(*) AS n FROM analytics_events WHERE session_id = ?",
      args: [sessionId],
    });
    expect(stored).toBe(12);
    expect(Number(rows[0].n)).toBe(12);

    const totals = await eventually(async () => {
      const { data } = await metricsFor(day);
      return data.totals.events >= before + 12 ? data.totals : undefined;
    });
    expect(totals.errors).toBeGreaterThanOrEqual(2);
  });

  it("the browser client reports page views and uncaught errors, delivering them when the page is hidden", async () => {
    const page = await chromium().newPage();
    // The landing is plain HTML without the app's scripts (decision 0032); /login has them.
    await page.goto(`${web}/login`);
    await page.waitForFunction(() => sessionStorage.getItem("reys.analytics.session") !== null);
    const sessionId = await page.evaluate(() => sessionStorage.getItem("reys.analytics.session"));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e: uncaught");
      });
      void Promise.reject(new Error("e2e: rejected"));
    });
    await page.waitForTimeout(200);
    await page.close({ runBeforeUnload: true });

    const rows = await eventually(async () => {
      const { rows } = await db.execute({
        sql: "SELECT event_type, event_action, event_label FROM analytics_events WHERE session_id = ? ORDER BY created_at",
        args: [sessionId],
      });
      return rows.length >= 3 ? rows : undefined;
    });
    expect(rows.map((r) => [r.event_type, r.event_action, r.event_label])).toEqual(
      expect.arrayContaining([
        ["page_view", "view", "/login"],
        ["error", "window.error", "e2e: uncaught"],
        ["error", "unhandledrejection", "e2e: rejected"],
      ]),
    );
  });
});
