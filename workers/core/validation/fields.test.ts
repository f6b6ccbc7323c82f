import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  companyNameField,
  emailField,
  innField,
  kppField,
  loginPasswordField,
  newPasswordField,
  ogrnField,
  personNameField,
  phoneField,
} from "./fields";

/** The messages a field reports for `input`; [] when it passes. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("emailField", () => {
  it("requires an email and reports only that when it is missing or blank", () => {
    for (const input of [undefined, "", "   "])
      expect(messages(emailField, input)).toEqual(["Email обязателен"]);
  });

  it("rejects a malformed email and trims a good one", () => {
    for (const input of ["ivan", "ivan@", "ivan@example", "@example.ru"]) {
      expect(messages(emailField, input), input).toEqual(["Введите корректный email"]);
    }
    expect(emailField.parse("  ivan@example.ru ")).toBe("ivan@example.ru");
  });
});

describe("loginPasswordField", () => {
  it("uses the sign-in messages", () => {
    expect(messages(loginPasswordField, undefined)).toEqual(["Пароль обязателен"]);
    expect(messages(loginPasswordField, "")).toEqual(["Пароль обязателен"]);
    expect(messages(loginPasswordField, "12345")).toEqual(["Пароль должен содержать минимум 6 символов"]);
    expect(messages(loginPasswordField, "123456")).toEqual([]);
  });
});

describe("newPasswordField", () => {
  const weak = "Пароль должен содержать заглавную букву, строчную букву и цифру";

  it("requires 8 characters with an uppercase letter, a lowercase letter and a digit", () => {
    expect(messages(newPasswordField, undefined)).toEqual(["Пароль обязателен"]);
    expect(messages(newPasswordField, "")).toEqual(["Пароль обязателен"]);
    expect(messages(newPasswordField, "Ab1")).toEqual(["Пароль должен содержать минимум 8 символов"]);
    expect(messages(newPasswordField, "abcdefg1")).toEqual([weak]);
    expect(messages(newPasswordField, "ABCDEFG1")).toEqual([weak]);
    expect(messages(newPasswordField, "Abcdefgh")).toEqual([weak]);
    expect(messages(newPasswordField, "abc")).toEqual(["Пароль должен содержать минимум 8 символов", weak]);
    expect(messages(newPasswordField, "Abcdefg1")).toEqual([]);
    expect(messages(newPasswordField, "Пароль2024")).toEqual([]);
  });

  it("keeps spaces: a password is used exactly as typed", () => {
    expect(newPasswordField.parse(" Abcdefg1 ")).toBe(" Abcdefg1 ");
  });
});

describe("personNameField", () => {
  it("speaks of the first name", () => {
    const firstName = personNameField("firstName");
    expect(messages(firstName, undefined)).toEqual(["Имя обязательно"]);
    expect(messages(firstName, " ")).toEqual(["Имя обязательно"]);
    expect(messages(firstName, "И")).toEqual(["Имя должно содержать минимум 2 символа"]);
    expect(firstName.parse(" Иван ")).toBe("Иван");
  });

  it("speaks of the last name", () => {
    const lastName = personNameField("lastName");
    expect(messages(lastName, "")).toEqual(["Фамилия обязательна"]);
    expect(messages(lastName, "П")).toEqual(["Фамилия должна содержать минимум 2 символа"]);
    expect(messages(lastName, "Ли")).toEqual([]);
  });
});

describe("phoneField", () => {
  it("requires a phone", () => {
    expect(messages(phoneField, undefined)).toEqual(["Телефон обязателен"]);
    expect(messages(phoneField, "  ")).toEqual(["Телефон обязателен"]);
  });

  it("accepts an optional plus, a nonzero first digit and up to 15 digits, ignoring separators", () => {
    expect(phoneField.parse("+7 (912) 345-67-89")).toBe("+79123456789");
    expect(phoneField.parse("89123456789")).toBe("89123456789");
    expect(phoneField.parse("+123456789012345")).toBe("+123456789012345");
  });

  it("rejects anything else with the spec's message", () => {
    for (const input of ["+0 912 345 67 89", "1", "+1234567890123456", "8-912-ABC-67-89", "++79123456789"]) {
      expect(messages(phoneField, input), input).toEqual(["Введите корректный номер телефона"]);
    }
  });
});

describe("companyNameField", () => {
  it("requires at least 3 characters", () => {
    expect(messages(companyNameField, undefined)).toEqual(["Название компании обязательно"]);
    expect(messages(companyNameField, "")).toEqual(["Название компании обязательно"]);
    expect(messages(companyNameField, "ИП")).toEqual([
      "Название компании должно содержать минимум 3 символа",
    ]);
    expect(companyNameField.parse(" ООО «Ромашка» ")).toBe("ООО «Ромашка»");
  });
});

describe("innField", () => {
  it("may be missing or empty", () => {
    expect(innField.parse(undefined)).toBeUndefined();
    expect(innField.parse("")).toBe("");
  });

  it("accepts valid 10- and 12-digit INNs", () => {
    expect(innField.parse("7707083893")).toBe("7707083893");
    expect(innField.parse(" 500100732259 ")).toBe("500100732259");
  });

  it("reports a wrong length, then a wrong check digit", () => {
    for (const input of ["770708389", "77070838931", "77070838Ab"]) {
      expect(messages(innField, input), input).toEqual(["ИНН должен содержать 10 или 12 цифр"]);
    }
    expect(messages(innField, "7707083894")).toEqual(["Неверная контрольная сумма ИНН"]);
    expect(messages(innField, "500100732258")).toEqual(["Неверная контрольная сумма ИНН"]);
  });
});

describe("kppField", () => {
  it("may be missing or empty", () => {
    expect(kppField.parse(undefined)).toBeUndefined();
    expect(kppField.parse("")).toBe("");
  });

  it("accepts 9 characters in the FNS format", () => {
    expect(kppField.parse("773601001")).toBe("773601001");
    expect(kppField.parse("77364a001")).toBe("77364A001");
  });

  it("reports a wrong length, then a wrong format", () => {
    expect(messages(kppField, "77360100")).toEqual(["КПП должен содержать 9 символов"]);
    expect(messages(kppField, "7736010011")).toEqual(["КПП должен содержать 9 символов"]);
    expect(messages(kppField, "A73601001")).toEqual(["Неверный формат КПП"]);
  });
});

describe("ogrnField", () => {
  it("may be missing or empty", () => {
    expect(ogrnField.parse(undefined)).toBeUndefined();
    expect(ogrnField.parse("")).toBe("");
  });

  it("accepts a valid OGRN and OGRNIP", () => {
    expect(ogrnField.parse("1027700132195")).toBe("1027700132195");
    expect(ogrnField.parse("304500116000157")).toBe("304500116000157");
  });

  it("reports a wrong length, then the check digit of the right kind", () => {
    for (const input of ["102770013219", "10277001321950", "102770013219X"]) {
      expect(messages(ogrnField, input), input).toEqual(["ОГРН должен содержать 13 или 15 цифр"]);
    }
    expect(messages(ogrnField, "1027700132194")).toEqual(["Неверная контрольная сумма ОГРН"]);
    expect(messages(ogrnField, "304500116000158")).toEqual(["Неверная контрольная сумма ОГРНИП"]);
  });
});
