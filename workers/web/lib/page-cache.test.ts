import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppBindings } from "../bindings";
import { pageCache } from "./page-cache";

/** An app whose page says `cacheControl` and counts its renders; the clock is the test's. */
function appWith(cacheControl: string | null, headers: Record<string, string> = {}) {
  let clock = 0;
  let renders = 0;
  const app = new Hono<AppBindings>()
    .use(async (c, next) => {
      c.set("cspNonce", `nonce-${renders}`);
      await next();
      c.res.headers.set("x-nonce", c.get("cspNonce"));
    })
    .use(pageCache(() => clock))
    .get("*", (c) => {
      renders++;
      if (cacheControl) c.header("Cache-Control", cacheControl);
      for (const [name, value] of Object.entries(headers)) c.header(name, value);
      return c.html(`<p>render ${renders}</p>`);
    });
  return {
    get: (path: string, init?: RequestInit) => app.request(path, init),
    renders: () => renders,
    advance: (ms: number) => (clock += ms),
  };
}

describe("the page cache (decision 0032)", () => {
  it("renders a public page once a minute and answers with the nonce it was rendered with", async () => {
    const page = appWith("public, max-age=60");
    const first = await page.get("/");
    const second = await page.get("/");
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("x-nonce")).toBe(first.headers.get("x-nonce"));
    expect(page.renders()).toBe(1);
    page.advance(60_001);
    expect(await (await page.get("/")).text()).toBe("<p>render 2</p>");
  });

  it("never keeps or serves a page with a query, a cookie or a token", async () => {
    const page = appWith("public, max-age=60");
    await page.get("/");
    await page.get("/?partner=magnit");
    await page.get("/", { headers: { cookie: "reys_session=abc" } });
    await page.get("/", { headers: { authorization: "Bearer x" } });
    expect(page.renders()).toBe(4);
  });

  it("keeps nothing private, uncacheable or setting a cookie", async () => {
    for (const page of [
      appWith(null),
      appWith("no-store"),
      appWith("private, max-age=60"),
      appWith("public, max-age=60", { "set-cookie": "reys_toast=; Max-Age=0" }),
    ]) {
      await page.get("/");
      await page.get("/");
      expect(page.renders()).toBe(2);
    }
  });
});
