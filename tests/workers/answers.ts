// Every /api answer a workers test receives is checked against the schema its operation declares
// for that status: an undeclared status, a field the schema does not know or a missing one fails
// the test that met it, so the API and its description cannot drift apart.
import { answerSchema, statusesOf, type ApiOperation } from "../../workers/web/api/operation";
import { API_OPERATIONS } from "../../workers/web/api/operations";

const ROUTES = API_OPERATIONS.map((op) => ({
  op,
  pattern: new RegExp(`^/api${op.path.replace(/:\w+/g, "[^/]+")}/?$`),
}));

/** The operation that serves a request, as the router would pick it (first match wins). */
export function operationFor(method: string, path: string): ApiOperation | undefined {
  return ROUTES.find((route) => route.op.method === method && route.pattern.test(path))?.op;
}

export class UndeclaredAnswer extends Error {}

/** Throws when the answer is not one the operation declares; returns quietly otherwise. */
export async function checkAnswer(request: Request, response: Response): Promise<void> {
  const path = new URL(request.url).pathname;
  const op = operationFor(request.method, path);
  if (!op) return;
  const where = `${request.method} ${path} → ${response.status}`;
  const { success, failures } = statusesOf(op);
  if (![...success, ...failures].includes(response.status as never)) {
    throw new UndeclaredAnswer(`${where}: the status is not declared (${await response.clone().text()})`);
  }
  const isFile = "file" in op.success && success.includes(response.status as never);
  if (isFile) {
    const type = (op.success as { file: { type: string } }).file.type;
    if (response.headers.get("content-type") !== type) {
      throw new UndeclaredAnswer(`${where}: ${response.headers.get("content-type")} is not ${type}`);
    }
    return;
  }
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UndeclaredAnswer(`${where}: not JSON: ${text.slice(0, 200)}`);
  }
  const result = answerSchema(op, response.status)!.safeParse(body);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new UndeclaredAnswer(`${where}: the answer breaks its schema: ${issues.join("; ")}`);
  }
}
