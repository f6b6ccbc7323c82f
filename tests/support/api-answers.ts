// Checks /api answers seen in the browser tests against the API's own OpenAPI document, as a
// client that only reads the published description would: each answer's status must be one the
// operation documents, and a JSON answer must satisfy that status's JSON Schema.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Operation = { responses: Record<string, { content?: Record<string, { schema?: object }> }> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
};

export type ApiAnswer = { method: string; url: string; status: number; contentType: string; body: string };

/** A checker for one running stack; it reads the stack's /api/openapi.json once. */
export function apiAnswerChecker(origin: string) {
  let loaded: Promise<{ routes: { method: string; pattern: RegExp; operation: Operation }[]; ajv: Ajv2020 }>;
  const validators = new Map<object, ValidateFunction>();

  const load = () =>
    (loaded ??= (async () => {
      const document = (await (await fetch(`${origin}/api/openapi.json`)).json()) as Document;
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats.default(ajv);
      ajv.addSchema(document.components.schemas.Failure, "#/components/schemas/Failure");
      const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase(),
          pattern: new RegExp(`^/api${path.replace(/\{\w+\}/g, "[^/]+")}/?$`),
          operation,
        })),
      );
      return { routes, ajv };
    })());

  /** What is wrong with the answer, or null when it is as documented (or not an API call). */
  return async function problemWith(answer: ApiAnswer): Promise<string | null> {
    const url = new URL(answer.url);
    if (url.origin !== origin || !url.pathname.startsWith("/api/") || url.pathname === "/api/openapi.json") {
      return null;
    }
    const { routes, ajv } = await load();
    const route = routes.find((r) => r.method === answer.method && r.pattern.test(url.pathname));
    if (!route) return null;
    const where = `${answer.method} ${url.pathname} → ${answer.status}`;
    const response = route.operation.responses[String(answer.status)];
    if (!response) return `${where}: the status is not documented`;
    const json = response.content?.["application/json"]?.schema;
    if (!json) return null;
    let validate = validators.get(json);
    if (!validate) validators.set(json, (validate = ajv.compile(json)));
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${where}: not JSON (${answer.contentType})`;
    }
    return validate(body) ? null : `${where}: ${ajv.errorsText(validate.errors)}`;
  };
}
