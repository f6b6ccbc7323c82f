// The partner quick-registration payload (spec 1 §3, rules §5): one schema for the /partner/:hash
// form (conform) and POST /api/registration/partner-register. Pure: whether the link is live is
// the service's question, not the schema's.
import { z } from "zod";
import { companyNameField, emailField, newPasswordField, personNameField } from "../validation/fields";
import { isValidInn } from "../validation/russian-ids";

export const QUICK_REGISTRATION_MESSAGES = {
  phone: "Телефон должен быть в формате +7XXXXXXXXXX",
  phoneRequired: "Телефон обязателен",
  innRequired: "ИНН обязателен",
  innFormat: "ИНН должен содержать 10 или 12 цифр",
  innChecksum: "Неверная контрольная сумма ИНН",
  addressRequired: "Адрес компании обязателен",
  addressTooLong: "Адрес не длиннее 500 символов",
  terms: "Необходимо согласие с условиями",
  tokenMissing: "Партнерская ссылка недействительна",
} as const;

/** Answers of the registration itself (spec 1 §8), shared by the page and the API. */
export const PARTNER_REGISTRATION_MESSAGES = {
  invalidLink: "Ссылка недействительна",
  alreadyRegistered: "Уже зарегистрированы",
  alreadyRegisteredDetail: "По этой ссылке компания уже зарегистрирована. Войдите в систему.",
  // What the page says when the server failed without a message of its own.
  unexpected: "Произошла ошибка при регистрации",
  registered: "Регистрация успешна!",
} as const;

/** Longest link token or partner code a request may carry; anything longer is no link of ours. */
export const MAX_TOKEN_LENGTH = 200;

const PHONE_SEPARATORS = /[\s()-]/g;

/** A Russian mobile or landline number written +7 and 10 digits; spaces, dashes and brackets are dropped. */
export const russianPhoneField = z
  .string({ error: QUICK_REGISTRATION_MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: QUICK_REGISTRATION_MESSAGES.phoneRequired, abort: true })
  .max(30, { error: QUICK_REGISTRATION_MESSAGES.phone, abort: true })
  .transform((phone) => phone.replace(PHONE_SEPARATORS, ""))
  .refine((phone) => /^\+7\d{10}$/.test(phone), { error: QUICK_REGISTRATION_MESSAGES.phone });

/** ИНН that must be given: 10 digits (organisation) or 12 (individual) with valid check digits. */
export const requiredInnField = z
  .string({ error: QUICK_REGISTRATION_MESSAGES.innRequired })
  .trim()
  .min(1, { error: QUICK_REGISTRATION_MESSAGES.innRequired, abort: true })
  .refine((inn) => /^(\d{10}|\d{12})$/.test(inn), {
    error: QUICK_REGISTRATION_MESSAGES.innFormat,
    abort: true,
  })
  .refine(isValidInn, { error: QUICK_REGISTRATION_MESSAGES.innChecksum });

export const companyAddressField = z
  .string({ error: QUICK_REGISTRATION_MESSAGES.addressRequired })
  .trim()
  .min(1, { error: QUICK_REGISTRATION_MESSAGES.addressRequired, abort: true })
  .max(500, { error: QUICK_REGISTRATION_MESSAGES.addressTooLong });

export const linkTokenField = z
  .string({ error: QUICK_REGISTRATION_MESSAGES.tokenMissing })
  .trim()
  .min(1, { error: QUICK_REGISTRATION_MESSAGES.tokenMissing, abort: true })
  .max(MAX_TOKEN_LENGTH, { error: QUICK_REGISTRATION_MESSAGES.tokenMissing });

/**
 * Partner quick registration: the registration's name, e-mail and password rules, a +7 phone,
 * a required company with INN and address, and consent to the terms. A checked checkbox arrives
 * from the form as "on", which conform turns into `true`; API clients send `true`.
 */
export const partnerRegistrationSchema = z.object({
  token: linkTokenField,
  firstName: personNameField("firstName"),
  lastName: personNameField("lastName"),
  email: emailField,
  phone: russianPhoneField,
  password: newPasswordField,
  companyName: companyNameField,
  companyInn: requiredInnField,
  companyAddress: companyAddressField,
  agreedToTerms: z.literal(true, { error: QUICK_REGISTRATION_MESSAGES.terms }),
});

export type PartnerRegistrationInput = z.output<typeof partnerRegistrationSchema>;

const utmField = z.string().trim().max(200, { error: "Метка UTM не длиннее 200 символов" }).optional();

/** The UTM labels a partner link carries to its landing page (kept for the funnel's analytics). */
export const utmSchema = z.object({ utm_source: utmField, utm_medium: utmField, utm_campaign: utmField });

export type Utm = z.output<typeof utmSchema>;

/** GET /api/landing/landing: the link's token and its UTM labels. */
export const landingQuerySchema = utmSchema.extend({ token: linkTokenField });
