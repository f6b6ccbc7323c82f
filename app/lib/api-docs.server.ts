// The /docs/api page's model, read from the API's own OpenAPI document: what each operation
// takes and answers is stated once, in its definition beside its handler.
import { ROLE_LABELS } from "../../workers/core/members/schemas";
import { openApiDocument } from "../../workers/web/wiring";

type JsonSchema = {
  type?: string | string[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

export type ApiAccess = "public" | "signed-in" | "admin";

export type DocField = { name: string; required: boolean; description: string };

/** One answer: its status and what it means; for a success, its fields and an example. */
export type DocAnswer = {
  status: number;
  text: string;
  fields: DocField[];
  example: string | null;
  file: string | null;
};

export type DocOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  access: ApiAccess;
  accessLabel: string;
  parameters: DocField[];
  body: DocField[];
  success: DocAnswer[];
  errors: { status: number; text: string }[];
};

export type DocGroup = { title: string; operations: DocOperation[] };

const ACCESS_LABELS: Record<ApiAccess, string> = {
  public: "Без входа",
  "signed-in": "Нужен вход",
  admin: "Только администратор",
};

type CompanyRole = keyof typeof ROLE_LABELS;

/** "Нужен вход" with the company roles it serves (decision 0077): «любая роль» when all may call. */
function accessLabelOf(access: ApiAccess, roles: CompanyRole[] | undefined): string {
  if (access !== "signed-in" || !roles) return ACCESS_LABELS[access];
  const named =
    roles.length === Object.keys(ROLE_LABELS).length
      ? "любая роль"
      : roles.map((role) => ROLE_LABELS[role].toLowerCase()).join(", ");
  return `${ACCESS_LABELS[access]}: ${named}`;
}

const FORMATS: Record<string, string> = {
  email: "email",
  uuid: "UUID",
  date: "дата ГГГГ-ММ-ДД",
  "date-time": "дата и время ISO 8601",
  uri: "адрес URL",
};

function range(min: number | undefined, max: number | undefined, unit = ""): string | null {
  const text = (value: string) => `${value} ${unit}`.trim();
  if (min !== undefined && max !== undefined) return text(min === max ? `${min}` : `${min}–${max}`);
  if (min !== undefined && min > 0) return text(`от ${min}`);
  if (max !== undefined) return text(`до ${max}`);
  return null;
}

/** One line in Russian: what a value of this schema must be. */
function describe(schema: JsonSchema): string {
  if (schema.const !== undefined) {
    return [`всегда ${JSON.stringify(schema.const)}`, schema.description].filter(Boolean).join(", ");
  }
  const variants = schema.anyOf?.filter((s) => s.type !== "null");
  if (variants?.length === 1) return describe({ ...variants[0], description: schema.description });
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  const parts: (string | null)[] = [];
  switch (type) {
    case "string":
      parts.push(schema.format ? (FORMATS[schema.format] ?? "строка") : "строка");
      if (!schema.format) parts.push(range(schema.minLength, schema.maxLength, "символов"));
      break;
    case "integer":
    case "number":
      parts.push(type === "integer" ? "целое число" : "число");
      if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
        parts.push(range(schema.minimum, schema.maximum));
      else if (schema.minimum !== undefined) parts.push(`не меньше ${schema.minimum}`);
      break;
    case "array":
      parts.push("массив");
      parts.push(range(schema.minItems, schema.maxItems, "элементов"));
      break;
    case "object":
      parts.push("объект");
      break;
    case "boolean":
      parts.push("да/нет (true/false)");
      break;
    default:
      parts.push(schema.enum ? `одно из: ${schema.enum.join(", ")}` : "любое значение");
  }
  if (schema.default !== undefined && schema.default !== "")
    parts.push(`по умолчанию ${String(schema.default)}`);
  if (schema.description) parts.push(schema.description);
  return parts.filter(Boolean).join(", ");
}

/** Fields of an object schema, nested objects and arrays of objects as `a.b` and `a[].b`. */
export function fields(schema: JsonSchema, prefix = ""): DocField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const own = { name: path, required: required.has(name), description: describe(property) };
    const inner = nonNull(property);
    if (inner.properties) return [own, ...fields(inner, `${path}.`)];
    const items = inner.items && nonNull(inner.items);
    if (inner.type === "array" && items?.properties) return [own, ...fields(items, `${path}[].`)];
    return [own];
  });
}

/** The one variant of `T | null` that has fields, or the schema itself. */
function nonNull(schema: JsonSchema): JsonSchema {
  const variants = schema.anyOf?.filter((s) => s.type !== "null");
  return variants?.length === 1 ? variants[0] : schema;
}

type Parameter = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema };
type Response = {
  description: string;
  content: Record<string, { schema: JsonSchema & { $ref?: string }; example?: unknown }>;
};
type Operation = {
  tags: string[];
  summary: string;
  description?: string;
  "x-access": ApiAccess;
  "x-roles"?: CompanyRole[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Response>;
};

function answer(status: number, response: Response): DocAnswer {
  const [type, content] = Object.entries(response.content)[0];
  const isFile = type !== "application/json";
  return {
    status,
    text: response.description,
    fields: isFile ? [] : fields(content.schema),
    example: content.example === undefined ? null : JSON.stringify(content.example, null, 2),
    file: isFile ? `${type}, сохраняется как ${response.description.replace(/^Файл /, "")}` : null,
  };
}

/** The API as the /docs/api page shows it, in the order the operations are defined. */
export function apiDocs(): DocGroup[] {
  const document = openApiDocument("/api");
  const groups = new Map<string, DocOperation[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(methods)) {
      const operation = value as Operation;
      const parameters = operation.parameters.map((parameter) => ({
        name: parameter.in === "path" ? `{${parameter.name}} (в пути)` : parameter.name,
        required: parameter.required,
        description: describe(parameter.schema),
      }));
      const body = operation.requestBody ? Object.values(operation.requestBody.content)[0].schema : null;
      const statuses = Object.entries(operation.responses).map(([status, response]) => ({
        status: Number(status),
        response,
      }));
      const doc: DocOperation = {
        id: `${method}-${path.replace(/[{}]/g, "")}`.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        method: method.toUpperCase(),
        path: `/api${path}`,
        summary: operation.summary,
        description: operation.description ?? null,
        access: operation["x-access"],
        accessLabel: accessLabelOf(operation["x-access"], operation["x-roles"]),
        parameters,
        body: body ? fields(body) : [],
        success: statuses
          .filter(({ status }) => status < 300)
          .map(({ status, response }) => answer(status, response)),
        errors: statuses
          .filter(({ status }) => status >= 400)
          .map(({ status, response }) => ({ status, text: response.description })),
      };
      const group = operation.tags[0];
      groups.set(group, [...(groups.get(group) ?? []), doc]);
    }
  }
  return [...groups].map(([title, operations]) => ({ title, operations }));
}
