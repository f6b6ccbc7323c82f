import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const REQUEST = "https://reys.example/login?redirectTo=x";

describe("safeRedirect", () => {
  it.each([
    ["/orders", "/orders"],
    ["/orders?status=new&page=2", "/orders?status=new&page=2"],
    ["/edo#documents", "/edo#documents"],
    ["/orders/%D0%B7%D0%B0%D0%BA%D0%B0%D0%B7", "/orders/%D0%B7%D0%B0%D0%BA%D0%B0%D0%B7"],
    ["/a/../settings", "/settings"],
    ["/заказы", "/%D0%B7%D0%B0%D0%BA%D0%B0%D0%B7%D1%8B"],
  ])("keeps the same-site path %j", (to, expected) => {
    expect(safeRedirect(to, REQUEST)).toBe(expected);
  });

  it.each([
    // The reported open redirect: a tab after the slash, which browsers drop → //evil.example.
    "/\t/evil.example",
    "/\n/x",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/ /evil.example",
    "/\u00a0/evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "/%0A/x",
    "/%0d%0a/x",
    "/%252F%252Fevil.example",
    "/%25252F/evil.example",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "",
    " /orders",
  ])("falls back to /dashboard for %j", (to) => {
    expect(safeRedirect(to, REQUEST)).toBe("/dashboard");
  });

  it("falls back when there is no target or it is not a string", () => {
    expect(safeRedirect(null, REQUEST)).toBe("/dashboard");
    expect(safeRedirect(undefined, REQUEST)).toBe("/dashboard");
    expect(safeRedirect(42, REQUEST)).toBe("/dashboard");
    expect(safeRedirect("//x", REQUEST, "/")).toBe("/");
  });

  it("always answers a value a Location header can carry", () => {
    for (let code = 0; code < 0x110; code++) {
      const to = `/${String.fromCharCode(code)}/x`;
      expect(() => new Headers({ Location: safeRedirect(to, REQUEST) })).not.toThrow();
    }
  });
});
