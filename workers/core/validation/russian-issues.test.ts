import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailField } from "./fields";
import { russianIssueMessage } from "./russian-issues";

function message(schema: z.ZodType, input: unknown): string | undefined {
  return schema.safeParse(input, { error: russianIssueMessage }).error?.issues[0].message;
}

describe("russianIssueMessage", () => {
  it("words zod's own checks in Russian, with Russian plurals", () => {
    expect(message(z.object({ a: z.string() }), [])).toBe("Ожидается объект");
    expect(message(z.object({ a: z.string() }), {})).toBe("Обязательное поле");
    expect(message(z.object({ a: z.number() }), { a: "1" })).toBe("Ожидается число");
    expect(message(z.string().max(1), "ab")).toBe("Не длиннее 1 символа");
    expect(message(z.string().max(5), "abcdefg")).toBe("Не длиннее 5 символов");
    expect(message(z.string().min(2), "a")).toBe("Не короче 2 символов");
    expect(message(z.string().max(21), "a".repeat(22))).toBe("Не длиннее 21 символа");
    expect(message(z.array(z.number()).min(1), [])).toBe("Не меньше 1 элемента");
    expect(message(z.array(z.number()).max(100), Array(101).fill(1))).toBe("Не больше 100 элементов");
    expect(message(z.number().int().min(0), -1)).toBe("Не меньше 0");
    expect(message(z.enum(["a", "b"]), "c")).toBe('Допустимые значения: "a", "b"');
    expect(message(z.uuid(), "x")).toBe("Ожидается UUID");
    expect(message(z.iso.date(), "22.11.2026")).toBe("Ожидается дата в формате ГГГГ-ММ-ДД");
    expect(message(z.strictObject({}), { extra: 1 })).toBe("Лишние поля: extra");
  });

  it("leaves the messages a schema words itself alone", () => {
    expect(message(emailField, "ivan@")).toBe("Введите корректный email");
    expect(message(emailField, undefined)).toBe("Email обязателен");
  });
});
