// The partner link create payload (spec 1 §3, dialog rules §5): one schema for the /partners
// dialog (conform) and POST /api/partner/generate. Pure, so the browser bundle can carry it.
import { z } from "zod";
import { plural } from "../text/plural";
import { isValidInn } from "../validation/russian-ids";

export const PARTNER_LINK_MESSAGES = {
  companyNameRequired: "Название компании обязательно",
  companyNameTooLong: "Название компании не длиннее 300 символов",
  innRequired: "ИНН обязателен",
  innFormat: "ИНН должен содержать 10 или 12 цифр",
  innChecksum: "Неверная контрольная сумма ИНН",
  addressRequired: "Адрес компании обязателен",
  addressTooLong: "Адрес не длиннее 500 символов",
  contactFirstNameRequired: "Имя контактного лица обязательно",
  contactLastNameRequired: "Фамилия контактного лица обязательна",
  nameTooLong: "Имя и фамилия не длиннее 100 символов",
  contactEmailRequired: "Email контактного лица обязателен",
  email: "Некорректный email",
  companyEmail: "Некорректный email компании",
  phoneTooLong: "Телефон не длиннее 30 символов",
  source: "Источник ссылки: латинские буквы, цифры и _ (до 40 символов)",
  // Spec 1 §8, partner links.
  loadFailed: "Ошибка при загрузке партнерских ссылок",
  createFailed: "Ошибка создания ссылки",
  createError: "Ошибка при создании партнерской ссылки",
  fixForm: "Пожалуйста, исправьте ошибки в форме",
  created: "Партнерская ссылка успешно создана!",
  autofilled: "Данные компании автоматически заполнены!",
  copied: "Ссылка скопирована в буфер обмена!",
  copyFailed: "Не удалось скопировать ссылку",
  tooMany: "Слишком много новых ссылок. Подождите немного и попробуйте снова.",
} as const;

/** Where a link made on the /partners page comes from (spec 1 §3: «source label web_dashboard»). */
export const DEFAULT_LINK_SOURCE = "web_dashboard";

/** The INN input keeps digits only, and no more than this (spec 1 §5). */
export const MAX_INN_LENGTH = 12;

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, { error: tooLong });

const EMAIL = z.email();
const isEmail = (value: string) => EMAIL.safeParse(value).success;

/** An optional text: missing or blank becomes undefined. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .optional()
    .transform((value) => value || undefined);

const optionalEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, { error: message, abort: true })
    .refine((value) => value === "" || isEmail(value), { error: message })
    .optional()
    .transform((value) => value || undefined);

/** INN of the invited company: 10 or 12 digits once spaces are removed, with valid check digits. */
const leadInnField = z
  .string({ error: PARTNER_LINK_MESSAGES.innRequired })
  .max(40, { error: PARTNER_LINK_MESSAGES.innFormat, abort: true })
  .transform((inn) => inn.replace(/\s+/g, ""))
  .refine((inn) => inn.length > 0, { error: PARTNER_LINK_MESSAGES.innRequired, abort: true })
  .refine((inn) => /^(\d{10}|\d{12})$/.test(inn), { error: PARTNER_LINK_MESSAGES.innFormat, abort: true })
  .refine(isValidInn, { error: PARTNER_LINK_MESSAGES.innChecksum });

/** The lead a partner link invites: its company and contact person. */
export const partnerLinkSchema = z.object({
  companyName: requiredText(
    PARTNER_LINK_MESSAGES.companyNameRequired,
    300,
    PARTNER_LINK_MESSAGES.companyNameTooLong,
  ),
  companyInn: leadInnField,
  companyAddress: requiredText(
    PARTNER_LINK_MESSAGES.addressRequired,
    500,
    PARTNER_LINK_MESSAGES.addressTooLong,
  ),
  companyPhone: optionalText(30, PARTNER_LINK_MESSAGES.phoneTooLong),
  companyEmail: optionalEmail(PARTNER_LINK_MESSAGES.companyEmail),
  contactFirstName: requiredText(
    PARTNER_LINK_MESSAGES.contactFirstNameRequired,
    100,
    PARTNER_LINK_MESSAGES.nameTooLong,
  ),
  contactLastName: requiredText(
    PARTNER_LINK_MESSAGES.contactLastNameRequired,
    100,
    PARTNER_LINK_MESSAGES.nameTooLong,
  ),
  contactPhone: optionalText(30, PARTNER_LINK_MESSAGES.phoneTooLong),
  contactEmail: requiredText(
    PARTNER_LINK_MESSAGES.contactEmailRequired,
    254,
    PARTNER_LINK_MESSAGES.email,
  ).refine(isEmail, { error: PARTNER_LINK_MESSAGES.email }),
});

export type PartnerLinkInput = z.output<typeof partnerLinkSchema>;

const linkSource = z
  .string({ error: PARTNER_LINK_MESSAGES.source })
  .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: PARTNER_LINK_MESSAGES.source });

/**
 * POST /api/partner/generate: the lead and where the link is made, or the source alone (spec 2
 * §7, the API test page sends `{source}`): an open invitation whose landing prefills nothing.
 */
export const generateLinkSchema = z.union([
  partnerLinkSchema.extend({ source: linkSource.default(DEFAULT_LINK_SOURCE) }),
  z
    .looseObject({ source: linkSource })
    // Any other field makes the body a lead: the refusal is marked as one of unknown fields (and
    // aborts), so the reply names the lead's missing field rather than this shape's extra ones.
    .refine((body) => Object.keys(body).every((key) => key === "source"), {
      error: "Без данных компании передайте только source",
      abort: true,
      params: { unknownFields: true },
    })
    .transform(({ source }) => ({ source })),
]);

export type GenerateLinkInput = z.output<typeof generateLinkSchema>;

/** «Загружено N партнерских ссылок» (spec 1 §8), in the number's grammatical form. */
export function loadedLinksMessage(count: number): string {
  const verb = plural(count, ["Загружена", "Загружено", "Загружено"]);
  return `${verb} ${count} ${plural(count, ["партнерская ссылка", "партнерские ссылки", "партнерских ссылок"])}`;
}
