// Russian wording for zod's own messages: what an API client reads when its payload breaks a
// rule that the schema does not word itself (a wrong type, an unknown value, a size limit).
// The field schemas' own messages (spec 1 §5) always win over these.
import { z } from "zod";
import { plural } from "../text/plural";

type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: "строка",
  number: "число",
  int: "целое число",
  bigint: "целое число",
  boolean: "true или false",
  object: "объект",
  array: "массив",
  date: "дата",
  null: "null",
};

const FORMAT_NAMES: Record<string, string> = {
  email: "email",
  uuid: "UUID",
  guid: "UUID",
  url: "URL",
  datetime: "дата и время в формате ISO 8601",
  date: "дата в формате ГГГГ-ММ-ДД",
  time: "время в формате ЧЧ:ММ:СС",
  ipv4: "IPv4-адрес",
  ipv6: "IPv6-адрес",
};

/** After «не длиннее», «не больше» a count takes the genitive: 1 символа, 2 and 5 символов. */
const UNITS = {
  string: ["символа", "символов", "символов"],
  array: ["элемента", "элементов", "элементов"],
  set: ["элемента", "элементов", "элементов"],
} as const satisfies Record<string, [string, string, string]>;

const fallback = z.locales.ru().localeError;

function limit(count: number | bigint, origin: string, inclusive: boolean | undefined, bound: "min" | "max") {
  const n = Number(count);
  const units = UNITS[origin as keyof typeof UNITS];
  if (units) {
    const size = `${n} ${plural(n, units)}`;
    if (origin === "string") return bound === "min" ? `Не короче ${size}` : `Не длиннее ${size}`;
    return bound === "min" ? `Не меньше ${size}` : `Не больше ${size}`;
  }
  if (bound === "min") return inclusive === false ? `Больше ${n}` : `Не меньше ${n}`;
  return inclusive === false ? `Меньше ${n}` : `Не больше ${n}`;
}

/** A Russian message for an issue the schema did not word; pass as `safeParse(x, { error })`. */
export function russianIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Обязательное поле";
      return `Ожидается ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case "too_small":
      return limit(issue.minimum, issue.origin, issue.inclusive, "min");
    case "too_big":
      return limit(issue.maximum, issue.origin, issue.inclusive, "max");
    case "invalid_value":
      return issue.values.length === 1
        ? `Ожидается ${JSON.stringify(issue.values[0])}`
        : `Допустимые значения: ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_format": {
      const name = FORMAT_NAMES[issue.format];
      return name ? `Ожидается ${name}` : "Некорректный формат";
    }
    case "unrecognized_keys":
      return `Лишние поля: ${issue.keys.join(", ")}`;
    case "invalid_union":
      return "Некорректное значение";
    default: {
      const worded = fallback(issue as Parameters<typeof fallback>[0]);
      return (typeof worded === "string" ? worded : worded?.message) ?? "Некорректное значение";
    }
  }
}
