// The stack `npm start` runs holds a crowd: 50 connections at once on the landing, a signed-in
// page and the API answer every request (issue 20, item 1). Under `wrangler dev` a 5-second load
// like this one made its proxy exit, and thousands of requests failed while it restarted.
// `npm run bench` holds the same load for five minutes.
import { describe, expect, inject, it } from "vitest";
import { signInBrowser } from "../../bench/common";
import { runLoad } from "../../bench/load";
import { testUsers } from "./fixtures/users";

const web = inject("webUrl");
const accounts = testUsers();

describe("the local stack under load", () => {
  it("answers 50 connections on /, a signed-in page and /api/health for 5 s without one error", async () => {
    const user = await accounts.create();
    const cookie = await signInBrowser(web, user.email, user.password);
    const result = await runLoad({
      url: `${web}/`,
      alsoUrls: [{ url: `${web}/dashboard`, headers: { cookie } }, { url: `${web}/api/health` }],
      concurrency: 50,
      warmupSeconds: 1,
      durationSeconds: 5,
      requestTimeoutMs: 30_000,
    });
    expect(result.byUrl).toEqual({
      "/": { statusCounts: { "200": expect.any(Number) }, networkErrors: {} },
      "/dashboard": { statusCounts: { "200": expect.any(Number) }, networkErrors: {} },
      "/api/health": { statusCounts: { "200": expect.any(Number) }, networkErrors: {} },
    });
    expect(result.errors).toBe(0);
    expect(result.ok).toBeGreaterThan(0);
    // And it still answers afterwards: nothing restarted under the load.
    const health = await fetch(`${web}/api/health`);
    expect(health.status).toBe(200);
  });
});
