// Route matching with the project's patch of @remix-run/router (decision 0084): ranked branches
// cached under the routes' shape and path matchers built once. Remix builds its route objects
// anew for each request, so what the cache must never do is hand one tree's route objects to a
// match of another, or miss a route added to a tree after its first match (lazy discovery).
// Both builds of the package are checked: the Workers and the browser bundle the ES module, Node
// loads the CommonJS one.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type {
  AgnosticRouteObject,
  matchPath as MatchPath,
  matchRoutes as MatchRoutes,
} from "@remix-run/router";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const dist = join(dirname(require.resolve("@remix-run/router/package.json")), "dist");
type Router = { matchRoutes: typeof MatchRoutes; matchPath: typeof MatchPath };
const builds: [string, () => Promise<Router>][] = [
  ["ES module", () => import(join(dist, "router.js")) as Promise<Router>],
  ["CommonJS", () => Promise.resolve(require(join(dist, "router.cjs.js")) as Router)],
];

type Route = AgnosticRouteObject & { children?: Route[] };

/** A tree shaped like the product's: a pathless layout, nested pages, an index, params, a splat. */
function tree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        {
          id: "app",
          children: [
            { id: "dashboard", path: "dashboard", children: [{ id: "dashboard-index", index: true }] },
            { id: "orders", path: "dashboard/orders" },
            { id: "edo-doc", path: "edo/:documentId" },
            { id: "crm", path: "crm", children: [{ id: "crm-orders", path: "orders" }] },
          ],
        },
        { id: "short-link", path: "r/:code?" },
        { id: "cyrillic", path: "заказы" },
        { id: "exact-case", path: "API-test", caseSensitive: true },
        { id: "slug", path: ":slug/info" },
        { id: "not-found", path: "*" },
      ],
    },
  ];
}

const idsOf = (matches: { route: Route }[] | null) => matches?.map((m) => m.route.id) ?? null;

describe.each(builds)("route matching (%s)", (_name, load) => {
  it("finds the same routes with their params, path after path", async () => {
    const { matchRoutes } = await load();
    const routes = tree();
    for (let round = 0; round < 3; round++) {
      expect(idsOf(matchRoutes(routes, "/"))).toEqual(["root", "index"]);
      expect(idsOf(matchRoutes(routes, "/dashboard"))).toEqual([
        "root",
        "app",
        "dashboard",
        "dashboard-index",
      ]);
      expect(idsOf(matchRoutes(routes, "/dashboard/orders"))).toEqual(["root", "app", "orders"]);
      expect(idsOf(matchRoutes(routes, "/crm/orders"))).toEqual(["root", "app", "crm", "crm-orders"]);
      expect(idsOf(matchRoutes(routes, "/nowhere/at/all"))).toEqual(["root", "not-found"]);
      const doc = matchRoutes(routes, "/edo/abc-1")!;
      expect(doc.at(-1)!.params).toEqual({ documentId: "abc-1" });
      const other = matchRoutes(routes, "/edo/%D0%AD%D0%94%D0%9E-2")!;
      expect(other.at(-1)!.params).toEqual({ documentId: "ЭДО-2" });
      expect(matchRoutes(routes, "/r")!.at(-1)!.params).toEqual({});
      expect(matchRoutes(routes, "/r/magnit")!.at(-1)!.params).toEqual({ code: "magnit" });
    }
  });

  it("tries only the routes a path's first segment allows, and still finds each one", async () => {
    const { matchRoutes } = await load();
    const routes = tree();
    // The first segment in another case, doubled slashes, a trailing slash.
    expect(idsOf(matchRoutes(routes, "/Dashboard/ORDERS"))).toEqual(["root", "app", "orders"]);
    expect(idsOf(matchRoutes(routes, "/dashboard/"))).toEqual([
      "root",
      "app",
      "dashboard",
      "dashboard-index",
    ]);
    expect(idsOf(matchRoutes(routes, "//dashboard"))).toEqual(["root", "not-found"]);
    // A first segment that is a parameter goes with every path; a static one only with its own.
    expect(idsOf(matchRoutes(routes, "/magnit/info"))).toEqual(["root", "slug"]);
    expect(idsOf(matchRoutes(routes, "/dashboard/info"))).toEqual(["root", "slug"]);
    expect(idsOf(matchRoutes(routes, "/%D0%B7%D0%B0%D0%BA%D0%B0%D0%B7%D1%8B"))).toEqual(["root", "cyrillic"]);
    expect(idsOf(matchRoutes(routes, "/API-test"))).toEqual(["root", "exact-case"]);
    expect(idsOf(matchRoutes(routes, "/api-test"))).toEqual(["root", "not-found"]);
  });

  it("answers with the route objects of the tree it was given, not of an earlier tree of the same shape", async () => {
    const { matchRoutes } = await load();
    const first = tree();
    const second = tree();
    const a = matchRoutes(first, "/crm/orders")!;
    const b = matchRoutes(second, "/crm/orders")!;
    expect(a.map((m) => m.route)).toEqual(b.map((m) => m.route));
    const app = second[0].children![1];
    const own = [second[0], app, app.children![3], app.children![3].children![0]];
    expect(b).toHaveLength(own.length);
    b.forEach((match, i) => {
      expect(match.route).not.toBe(a[i].route);
      expect(match.route).toBe(own[i]);
    });
    // The last route of the match is this tree's own object: a property set on it is seen.
    (second[0].children![1].children![3].children![0] as Route & { marker?: number }).marker = 7;
    const marked = matchRoutes(second, "/crm/orders")!.at(-1)!.route as Route & { marker?: number };
    expect(marked.marker).toBe(7);
  });

  it("sees a route added to a tree after it was matched", async () => {
    const { matchRoutes } = await load();
    const routes = tree();
    expect(idsOf(matchRoutes(routes, "/crm/analytics"))).toEqual(["root", "not-found"]);
    routes[0].children![1].children![3].children!.push({ id: "crm-analytics", path: "analytics" });
    expect(idsOf(matchRoutes(routes, "/crm/analytics"))).toEqual(["root", "app", "crm", "crm-analytics"]);
  });

  it("keeps case sensitivity and ends of paths apart", async () => {
    const { matchPath } = await load();
    expect(matchPath({ path: "/Orders", caseSensitive: false, end: true }, "/orders")).not.toBeNull();
    expect(matchPath({ path: "/Orders", caseSensitive: true, end: true }, "/orders")).toBeNull();
    expect(matchPath({ path: "/orders", caseSensitive: false, end: true }, "/orders/1")).toBeNull();
    expect(matchPath({ path: "/orders", caseSensitive: false, end: false }, "/orders/1")?.pathnameBase).toBe(
      "/orders",
    );
    expect(matchPath("/orders/:id", "/orders/1")?.params).toEqual({ id: "1" });
    expect(matchPath("/orders/:id", "/orders/2")?.params).toEqual({ id: "2" });
  });
});
