import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { api } from "./index";
import { openApiDocument } from "./openapi";
import { answerSchema, statusesOf } from "./operation";
import { API_OPERATIONS } from "./operations";

type OpenApiOperation = {
  parameters: { name: string; in: string; required: boolean }[];
  security: unknown[];
  requestBody?: { required: boolean; content: Record<string, { schema: { required?: string[] } }> };
  responses: Record<string, { content: Record<string, { schema?: object; example?: unknown }> }>;
  "x-access": string;
  "x-owns"?: unknown;
};

const document = openApiDocument("https://reys.example/api");
const operationAt = (path: string, method: string) =>
  document.paths[path][method] as unknown as OpenApiOperation;

describe("the API's operations", () => {
  it("are each defined once, and the API serves exactly them", () => {
    const defined = API_OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(new Set(defined).size).toBe(defined.length);
    const served = api.routes
      .filter((route) => route.method !== "ALL" && route.path !== "/openapi.json")
      .map((route) => `${route.method} ${route.path}`);
    expect([...new Set(served)].sort()).toEqual([...defined].sort());
  });

  it("give examples that satisfy their own answer schemas, envelope and all", () => {
    for (const op of API_OPERATIONS) {
      if ("file" in op.success) continue;
      const envelope = {
        success: true,
        data: op.success.example,
        ...(op.success.message !== undefined ? { message: op.success.message } : {}),
        ...op.success.exampleExtra,
      };
      for (const status of statusesOf(op).success) {
        const result = answerSchema(op, status)!.safeParse(envelope);
        expect(result.success, `${op.method} ${op.path}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
      }
    }
  });

  it("declare a JSON answer for every status they give", () => {
    for (const op of API_OPERATIONS) {
      const { success, failures } = statusesOf(op);
      for (const status of failures) expect(answerSchema(op, status)).not.toBeNull();
      for (const status of success) expect(answerSchema(op, status) === null).toBe("file" in op.success);
      expect(answerSchema(op, 500)).toBeNull();
    }
  });
});

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with path parameters in the path and access as x- fields", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: "https://reys.example/api" }]);

    const login = operationAt("/auth/login", "post");
    expect(login.security).toEqual([]);
    expect(login["x-access"]).toBe("public");
    expect(login.requestBody?.content["application/json"].schema.required).toEqual(["email", "password"]);
    expect(Object.keys(login.requestBody?.content ?? {})).toContain("application/x-www-form-urlencoded");
    expect(Object.keys(login.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "413",
      "415",
      "429",
      "503",
    ]);

    const endOne = operationAt("/auth/sessions/{id}", "delete");
    expect(endOne.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(endOne["x-owns"]).toEqual({ param: "id", resource: "session" });
    expect(endOne.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);

    const logout = operationAt("/auth/logout", "post");
    expect(logout.requestBody?.required).toBe(false);

    // No route that has a path parameter carries it anywhere but in the path.
    for (const [path, methods] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(methods) as unknown as OpenApiOperation[]) {
        expect(op.parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual(names);
        expect(op.parameters.filter((p) => p.in === "query" && names.includes(p.name))).toEqual([]);
      }
    }

    const metrics = operationAt("/analytics/metrics", "get");
    expect(metrics.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ["dateFrom", "query", false],
      ["dateTo", "query", false],
    ]);
  });

  it("gives every success answer a JSON Schema, valid as JSON Schema 2020-12, that its example satisfies", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(document.components.schemas.Failure, "#/components/schemas/Failure");
    let checked = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, value] of Object.entries(methods)) {
        const op = value as unknown as OpenApiOperation;
        for (const [status, response] of Object.entries(op.responses)) {
          const json = response.content["application/json"];
          if (!json) continue;
          expect(json.schema, `${method} ${path} ${status}`).toBeDefined();
          if (Number(status) >= 400) continue;
          const validate = ajv.compile(json.schema!);
          if (!validate(json.example))
            expect.fail(`${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});
