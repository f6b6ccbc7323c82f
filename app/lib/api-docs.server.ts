import {
  ACCESS_LABELS,
  API_OPERATIONS,
  inputJsonSchema,
  statusText,
  type ApiAccess,
} from "../../workers/web/api/catalog";

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
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

export type DocField = { name: string; required: boolean; description: string };

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
  success: { status: number; example: string };
  errors: { status: number; text: string }[];
};

export type DocGroup = { title: string; operations: DocOperation[] };

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
function fields(schema: JsonSchema, prefix = ""): DocField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const own = { name: path, required: required.has(name), description: describe(property) };
    if (property.type === "object" && property.properties) return [own, ...fields(property, `${path}.`)];
    if (property.type === "array" && property.items?.properties)
      return [own, ...fields(property.items, `${path}[].`)];
    return [own];
  });
}

/** The API catalog as the /docs/api page shows it. */
export function apiDocs(): DocGroup[] {
  const groups = new Map<string, DocOperation[]>();
  for (const operation of API_OPERATIONS) {
    const query = operation.query ? (inputJsonSchema(operation.query) as JsonSchema) : null;
    const pathNames = new Set([...operation.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
    const parameters = [
      ...[...pathNames].map((name) => ({
        name: `{${name}} (в пути)`,
        required: true,
        description: query?.properties?.[name] ? describe(query.properties[name]) : "строка",
      })),
      ...fields(query ?? {}).filter((field) => !pathNames.has(field.name)),
    ];
    const badInput = operation.body || operation.query ? [400] : [];
    const doc: DocOperation = {
      id: `${operation.method}-${operation.path}`.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      method: operation.method,
      path: `/api${operation.path.replace(/:(\w+)/g, "{$1}")}`,
      summary: operation.summary,
      description: operation.description ?? null,
      access: operation.access,
      accessLabel: ACCESS_LABELS[operation.access],
      parameters,
      body: operation.body ? fields(inputJsonSchema(operation.body) as JsonSchema) : [],
      success: {
        status: operation.success.status,
        example: operation.success.file
          ? `Файл ${operation.success.file.type}, сохраняется как ${operation.success.file.name}`
          : JSON.stringify(
              {
                success: true,
                data: operation.success.data,
                ...(operation.success.message ? { message: operation.success.message } : {}),
              },
              null,
              2,
            ),
      },
      errors: [...new Set([...badInput, ...operation.errors])].map((status) => ({
        status,
        text: statusText(status),
      })),
    };
    groups.set(operation.group, [...(groups.get(operation.group) ?? []), doc]);
  }
  return [...groups].map(([title, operations]) => ({ title, operations }));
}
