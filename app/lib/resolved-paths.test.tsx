// Links' targets with the project's patch of react-router (decision 0084): an absolute `to` is
// resolved without serialising the route matches. The ES module (the one the Workers and the
// browser bundle, patched) must resolve every kind of `to` exactly as the CommonJS build Node
// loads, inside nested routes with parameters, for absolute, relative, search-only and object
// targets.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type * as ReactRouter from "react-router";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const dist = join(dirname(require.resolve("react-router/package.json")), "dist");
type Build = typeof ReactRouter;

const TARGETS: Parameters<Build["useHref"]>[0][] = [
  "/dashboard",
  "/dashboard/orders?status=paid#top",
  "/",
  "//double/slash",
  "https://reys.example/a",
  "..",
  "../..",
  "edit",
  "./edit/",
  ".",
  "",
  "?page=2",
  "#row-5",
  { pathname: "/crm/analytics", search: "?weeks=12" },
  { pathname: "history" },
  { search: "?q=молоко" },
];

/** Every target's href and resolved path, as a route at `at` under `path` sees them. */
function render(build: Build, at: string, path: string, relative?: "path"): string {
  const { MemoryRouter, Routes, Route, useHref, useResolvedPath } = build;
  function Target({ to }: { to: (typeof TARGETS)[number] }): ReactNode {
    return h("li", null, `${useHref(to, { relative })} ${JSON.stringify(useResolvedPath(to, { relative }))}`);
  }
  function Targets(): ReactNode {
    return h(
      "ul",
      null,
      TARGETS.map((to, i) => h(Target, { key: i, to })),
    );
  }
  return renderToString(
    h(
      MemoryRouter,
      { initialEntries: [at] },
      h(
        Routes,
        null,
        h(Route, { path: "crm", element: h(build.Outlet) }, h(Route, { path: path, element: h(Targets) })),
      ),
    ),
  );
}

describe("resolved link targets (patched react-router)", () => {
  it("are the same in the bundled build as in the unpatched one, in nested routes", async () => {
    const bundled = (await import(join(dist, "index.js"))) as Build;
    const node = require(join(dist, "main.js")) as Build;
    for (const [at, path] of [
      ["/crm/orders/5", "orders/:id"],
      ["/crm/orders/5/", "orders/:id"],
      ["/crm/a/b/c", "*"],
      ["/crm", ""],
    ] as const) {
      for (const relative of [undefined, "path"] as const) {
        const html = render(bundled, at, path, relative);
        expect(html).toBe(render(node, at, path, relative));
        expect(html.match(/<li>/g)).toHaveLength(TARGETS.length);
      }
    }
    expect(render(bundled, "/crm/orders/5", "orders/:id")).toContain("/dashboard/orders?status=paid#top");
    expect(render(bundled, "/crm/orders/5", "orders/:id")).toContain("/crm/orders/5/edit");
  });
});
