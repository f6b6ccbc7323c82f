// GET /api/openapi.json: the OpenAPI 3.1 document, collected from the operations' definitions.
import { z } from "zod";
import { answerSchema, failureEnvelope, statusesOf, type ApiOperation } from "./operation";
import { API_OPERATIONS } from "./operations";

const STATUS_TEXT: Record<number, string> = {
  200: "Успех",
  201: "Создано",
  202: "Принято: работа идёт в фоне",
  400: "Неверные данные: error и message по-русски",
  401: "Нужен вход или токен недействителен",
  403: "Недостаточно прав или запрос с cookie сеанса пришёл с другого сайта",
  404: "Не найдено",
  409: "Конфликт: такая запись уже есть или нужное действие ещё не сделано",
  413: "Слишком большой запрос (больше 256 КБ)",
  415: "Неподдерживаемый тип содержимого",
  422: "Данные отклонены: например, платформа не приняла логин или пароль",
  429: "Слишком много запросов",
  502: "Внешний сервис отклонил запрос",
  503: "Сервис временно недоступен",
};

function statusText(status: number): string {
  return STATUS_TEXT[status] ?? "";
}

type JsonSchema = Record<string, unknown>;

/** JSON Schema of what a client sends (zod's input side: before trimming and defaults). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

/** JSON Schema of what a client receives. */
export function outputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  return rest;
}

/** `/auth/sessions/:id` → `/auth/sessions/{id}` (OpenAPI's notation). */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, "{$1}");
}

function parameters(op: ApiOperation) {
  const from = (schema: z.ZodType | undefined, where: "path" | "query") => {
    if (!schema) return [];
    const json = inputJsonSchema(schema);
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    return Object.entries(properties).map(([name, property]) => ({
      name,
      in: where,
      required: where === "path" || required.has(name),
      ...(typeof property.description === "string" ? { description: property.description } : {}),
      schema: property,
    }));
  };
  return [...from(op.params, "path"), ...from(op.query, "query")];
}

/** The definition's answers as OpenAPI responses: a schema for each, an example for success. */
function responses(op: ApiOperation) {
  const { success, failures } = statusesOf(op);
  const entries = success.map((status) => {
    if ("file" in op.success) {
      const { type, name } = op.success.file;
      return [
        status,
        {
          description: `Файл ${name}`,
          content: { [type]: { schema: { type: "string", format: "binary" } } },
        },
      ] as const;
    }
    const example = {
      success: true,
      data: op.success.example,
      ...(op.success.message !== undefined ? { message: op.success.message } : {}),
      ...op.success.exampleExtra,
    };
    return [
      status,
      {
        description: statusText(status),
        content: { "application/json": { schema: outputJsonSchema(answerSchema(op, status)!), example } },
      },
    ] as const;
  });
  const failure = failures.map(
    (status) =>
      [
        status,
        {
          description: statusText(status),
          content: { "application/json": { schema: { $ref: "#/components/schemas/Failure" } } },
        },
      ] as const,
  );
  return Object.fromEntries([...entries, ...failure]);
}

function requestBody(op: ApiOperation) {
  if (!op.body) return {};
  const schema = inputJsonSchema(op.body);
  const types = op.formBody
    ? ["application/json", "application/x-www-form-urlencoded"]
    : ["application/json"];
  return {
    requestBody: {
      required: !op.bodyOptional,
      content: Object.fromEntries(types.map((type) => [type, { schema }])),
    },
  };
}

type Paths = Record<string, Record<string, unknown>>;
let described: Paths | undefined;

/** The operations as OpenAPI paths: the same for every request, so made once per isolate. */
function describedPaths(): Paths {
  if (described) return described;
  const paths: Paths = {};
  for (const op of API_OPERATIONS) {
    const path = openApiPath(op.path);
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = {
      operationId: `${op.method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      tags: [op.group],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      security: op.access === "public" ? [] : [{ bearer: [] }, { cookie: [] }],
      "x-access": op.access,
      // The company roles that may call it (decision 0077); others are answered 403.
      ...(op.roles ? { "x-roles": op.roles } : {}),
      ...(op.owns ? { "x-owns": op.owns } : {}),
      ...(op.requires ? { "x-requires": op.requires } : {}),
      parameters: parameters(op),
      ...requestBody(op),
      responses: responses(op),
    };
  }
  return (described = paths);
}

/** The OpenAPI 3.1 description served at GET /api/openapi.json. */
export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Рейс API",
      version: "1",
      description:
        "JSON API платформы Рейс. Каждый ответ — конверт { success, data } или { success: false, error, message? }. Таймаут клиента — 10 секунд; на 401 обновите токены один раз и повторите запрос.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookie: { type: "apiKey", in: "cookie", name: "__Host-reys_session" },
      },
      schemas: { Failure: outputJsonSchema(failureEnvelope) },
    },
    paths: describedPaths(),
  };
}
