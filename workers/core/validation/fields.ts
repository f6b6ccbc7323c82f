// Field schemas shared by the browser forms (conform) and the server, with the spec's
// Russian messages (spec 1 §5). Pure: no look-ups; uniqueness and the like live in services.
import { z } from "zod";
import { isValidInn, isValidKpp, isValidOgrn, isValidOgrnip } from "./russian-ids";

/** A string that must not be blank: missing, empty and whitespace-only all get `message`. */
const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

/** An optional string: missing or blank passes as is, anything else must pass the checks. */
const blankOr = (ok: (value: string) => boolean) => (value: string) => value === "" || ok(value);

export const emailField = requiredText("Email обязателен")
  .max(254, { error: "Email не длиннее 254 символов", abort: true })
  .check(z.email({ error: "Введите корректный email" }));

export const loginPasswordField = z
  .string({ error: "Пароль обязателен" })
  .min(1, { error: "Пароль обязателен", abort: true })
  .min(6, { error: "Пароль должен содержать минимум 6 символов" })
  .max(128, { error: "Пароль не длиннее 128 символов" });

export const newPasswordField = z
  .string({ error: "Пароль обязателен" })
  .min(1, { error: "Пароль обязателен", abort: true })
  .min(8, { error: "Пароль должен содержать минимум 8 символов" })
  .max(128, { error: "Пароль не длиннее 128 символов" })
  .refine((p) => /\p{Lu}/u.test(p) && /\p{Ll}/u.test(p) && /\d/.test(p), {
    error: "Пароль должен содержать заглавную букву, строчную букву и цифру",
  });

const PERSON_NAME_MESSAGES = {
  firstName: {
    required: "Имя обязательно",
    tooShort: "Имя должно содержать минимум 2 символа",
    tooLong: "Имя не длиннее 100 символов",
  },
  lastName: {
    required: "Фамилия обязательна",
    tooShort: "Фамилия должна содержать минимум 2 символа",
    tooLong: "Фамилия не длиннее 100 символов",
  },
} as const;

/** First or last name of a person; the messages differ in grammatical gender. */
export function personNameField(field: keyof typeof PERSON_NAME_MESSAGES) {
  const messages = PERSON_NAME_MESSAGES[field];
  return requiredText(messages.required)
    .min(2, { error: messages.tooShort })
    .max(100, { error: messages.tooLong });
}

const PHONE_SEPARATORS = /[\s()-]/g;
const PHONE = /^\+?[1-9]\d{1,14}$/;

/** A phone in international form; the output drops spaces, dashes and parentheses. */
export const phoneField = requiredText("Телефон обязателен")
  .transform((phone) => phone.replace(PHONE_SEPARATORS, ""))
  .refine((phone) => PHONE.test(phone), { error: "Введите корректный номер телефона" });

/** A phone that may be left out (an invited colleague's): blank passes as "". */
export const optionalPhoneField = z
  .string()
  .trim()
  .optional()
  .transform((phone) => (phone ?? "").replace(PHONE_SEPARATORS, ""))
  .refine(
    blankOr((phone) => PHONE.test(phone)),
    { error: "Введите корректный номер телефона" },
  );

export const companyNameField = requiredText("Название компании обязательно")
  .min(3, { error: "Название компании должно содержать минимум 3 символа" })
  .max(300, { error: "Название компании не длиннее 300 символов" });

/** ИНН: optional; when given, 10 digits (organisation) or 12 (individual) with valid check digits. */
export const innField = z
  .string({ error: "ИНН должен содержать 10 или 12 цифр" })
  .trim()
  .refine(
    blankOr((inn) => /^(\d{10}|\d{12})$/.test(inn)),
    {
      error: "ИНН должен содержать 10 или 12 цифр",
      abort: true,
    },
  )
  .refine(blankOr(isValidInn), { error: "Неверная контрольная сумма ИНН" })
  .optional();

/** КПП: optional; when given, 9 characters in the FNS format (letters only in the reason code). */
export const kppField = z
  .string({ error: "КПП должен содержать 9 символов" })
  .trim()
  .toUpperCase()
  .refine(
    blankOr((kpp) => kpp.length === 9),
    { error: "КПП должен содержать 9 символов", abort: true },
  )
  .refine(blankOr(isValidKpp), { error: "Неверный формат КПП" })
  .optional();

/** ОГРН (13 digits) or ОГРНИП (15 digits): optional; when given, with a valid check digit. */
export const ogrnField = z
  .string({ error: "ОГРН должен содержать 13 или 15 цифр" })
  .trim()
  .refine(
    blankOr((ogrn) => /^(\d{13}|\d{15})$/.test(ogrn)),
    {
      error: "ОГРН должен содержать 13 или 15 цифр",
      abort: true,
    },
  )
  .refine(
    blankOr((ogrn) => ogrn.length !== 13 || isValidOgrn(ogrn)),
    { error: "Неверная контрольная сумма ОГРН" },
  )
  .refine(
    blankOr((ogrn) => ogrn.length !== 15 || isValidOgrnip(ogrn)),
    {
      error: "Неверная контрольная сумма ОГРНИП",
    },
  )
  .optional();
