import { describe, expect, it } from "vitest";
import { api } from "./index";
import { ACCESS_GUARDS } from "./access";
import { API_OPERATIONS, openApiDocument } from "./catalog";

/** Routes that describe the API rather than belong to it. */
const SELF_DESCRIPTION = ["GET /openapi.json"];

describe("the API catalog", () => {
  it("documents exactly the routes the API serves", () => {
    const served = api.routes
      .filter((route) => route.method !== "ALL" && !ACCESS_GUARDS.has(route.handler))
      .map((route) => `${route.method} ${route.path.replace(/\/$/, "")}`)
      .filter((route) => !SELF_DESCRIPTION.includes(route));
    const documented = API_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect([...new Set(served)].sort()).toEqual([...documented].sort());
  });

  it("describes each operation in OpenAPI 3.1 with its input schema, access and answers", () => {
    const document = openApiDocument("https://reys.example/api");
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "https://reys.example/api" }]);

    const login = document.paths["/auth/login"].post as {
      security: unknown[];
      requestBody: { content: { "application/json": { schema: { required: string[] } } } };
      responses: Record<string, unknown>;
    };
    expect(login.security).toEqual([]);
    expect(login.requestBody.content["application/json"].schema.required).toEqual(["email", "password"]);
    expect(Object.keys(login.responses).sort()).toEqual(["200", "400", "401", "429"]);

    const endOne = document.paths["/auth/sessions/{id}"].delete as {
      security: unknown[];
      parameters: { name: string; in: string; required: boolean }[];
    };
    expect(endOne.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(endOne.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);

    const metrics = document.paths["/analytics/metrics"].get as {
      parameters: { name: string; in: string; required: boolean }[];
    };
    expect(metrics.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ["dateFrom", "query", false],
      ["dateTo", "query", false],
    ]);
  });
});
