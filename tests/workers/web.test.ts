import { describe, expect, it } from "vitest";
import { callWeb, createCompanyUser, sessionFor } from "./support";

describe("web Worker", () => {
  it("reports health after a real database round trip", async () => {
    for (const path of ["/api/health", "/api/auth/health"]) {
      const { response } = await callWeb(path);
      expect(response.status).toBe(200);
      const body = await response.json<{ success: boolean; data: { database: { ok: boolean } } }>();
      expect(body.success).toBe(true);
      expect(body.data.database.ok).toBe(true);
    }
  });

  it("answers unknown API paths with a 404 envelope", async () => {
    const { response } = await callWeb("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: "Не найдено" });
  });

  it("redirects unknown pages to the landing page", async () => {
    const { response } = await callWeb("/some/where/else");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  it("redirects an unknown path under a signed-in section to the landing page, signed in or not (spec 3 §2)", async () => {
    const { cookie } = await sessionFor((await createCompanyUser()).userId);
    const unknown = [
      "/dashboard/no-such",
      "/edo/a/b",
      "/help/a/b",
      "/admin/feedback/x",
      "/payment/success/x",
    ];
    for (const path of unknown) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const { response } = await callWeb(path, { headers, redirect: "manual" });
        expect(response.status, path).toBe(302);
        expect(response.headers.get("location"), path).toBe("/");
      }
    }
  });

  it("renders the landing page in Russian with a nonce-based CSP", async () => {
    const { response } = await callWeb("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="ru">');
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script(?: [^>]*)?>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
