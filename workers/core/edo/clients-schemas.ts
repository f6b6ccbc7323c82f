// The EDO clients' filters and words (spec 2 §2.11, §3 «Client summary»; spec 3 §2, §3 «Client
// data», §9 «Client activity»), shared by GET /api/edo/clients, its card and the /edo-clients page
// (in the browser too): kept apart from the queries so no database code reaches the browser.
// Decision 0061 says what each filter and figure means over the mirror.
import { z } from "zod";
import { ANALYTICS_LIMITS, DEFAULT_ANALYTICS_LIMIT, edoAnalyticsFiltersSchema } from "./analytics-schemas";
import { edoLoginQuerySchema } from "./schemas";

/** A client's role: the party of the documents it is named as (shipper, consignee, carrier). */
export const CLIENT_ROLES = ["GO", "GP", "TK"] as const;
export type ClientRole = (typeof CLIENT_ROLES)[number];

/** Spec 3 §9: the activity bands by the days since a client's last document. */
export const CLIENT_ACTIVITIES = ["active", "moderate", "inactive"] as const;
export type ClientActivity = (typeof CLIENT_ACTIVITIES)[number];
export const ACTIVITY_LABELS: Record<ClientActivity, string> = {
  active: "Активный",
  moderate: "Умеренно активный",
  inactive: "Неактивный",
};
/** Active: the last document at most this many days ago; moderately active: at most MODERATE. */
export const ACTIVE_DAYS = 7;
export const MODERATE_DAYS = 30;
/** Spec 3 §9: the «active clients» card counts clients with a document in the last 30 days. */
export const ACTIVE_CARD_DAYS = 30;

/** The table's page: 50 clients; the API may ask up to 500. */
export const CLIENTS_PAGE_SIZE = 50;
export const CLIENTS_MAX_PAGE_SIZE = 500;

const { period, status } = edoAnalyticsFiltersSchema.shape;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z
    .union([z.literal(""), z.enum(values, { error })], { error })
    .transform((value) => (value === "" ? undefined : value))
    .optional();

/** Which documents the clients are counted from: the analytics' period, status and "how many". */
export const edoClientsDocumentFiltersSchema = z.object({
  period: period.describe("0 — все документы зеркала или квартал ГГГГК по Москве, например 20243"),
  status,
  limit: z.coerce
    .number({ error: "limit: 0, 500, 1000, 2000 или 5000" })
    .refine((value) => value === 0 || (ANALYTICS_LIMITS as readonly number[]).includes(value), {
      error: "limit: 0, 500, 1000, 2000 или 5000",
    })
    // Spec 3 §9's default for the loading functions: grouping every document of a large mirror
    // takes a sort of all of them (decision 0061), the most recent 1000 a few milliseconds.
    .default(DEFAULT_ANALYTICS_LIMIT)
    .describe(`Сколько последних документов учитывать (по умолчанию ${DEFAULT_ANALYTICS_LIMIT}); 0 — все`),
});

/** The list's filters: the documents', then search, role, activity and the page. */
export const edoClientsFiltersSchema = edoClientsDocumentFiltersSchema.extend({
  search: z
    .string()
    .trim()
    .max(200, { error: "search: не длиннее 200 символов" })
    .transform((value) => value || undefined)
    .optional()
    .describe("Часть названия или ИНН, без учёта регистра (ё = е)"),
  role: optionalEnum(CLIENT_ROLES, "role: GO, GP или TK").describe(
    "Роль клиента в документах: GO — грузоотправитель, GP — грузополучатель, TK — перевозчик",
  ),
  activity: optionalEnum(CLIENT_ACTIVITIES, "activity: active, moderate или inactive").describe(
    `Активность: active — последний документ не старше ${ACTIVE_DAYS} дней, moderate — не старше ${MODERATE_DAYS}, inactive — старше`,
  ),
  page: z.coerce
    .number({ error: "page должен быть числом" })
    .int({ error: "page должен быть целым числом" })
    .min(1, { error: "page не меньше 1" })
    .max(100_000, { error: "page не больше 100000" })
    .default(1),
  pageSize: z.coerce
    .number({ error: "pageSize должен быть числом" })
    .int({ error: "pageSize должен быть целым числом" })
    .min(1, { error: `pageSize от 1 до ${CLIENTS_MAX_PAGE_SIZE}` })
    .max(CLIENTS_MAX_PAGE_SIZE, { error: `pageSize от 1 до ${CLIENTS_MAX_PAGE_SIZE}` })
    .default(CLIENTS_PAGE_SIZE),
});
export type EdoClientsFilters = z.output<typeof edoClientsFiltersSchema>;
export type EdoClientsDocumentFilters = z.output<typeof edoClientsDocumentFiltersSchema>;

/** GET /api/edo/clients: the company's login and the filters. */
export const edoClientsRequestSchema = edoClientsFiltersSchema.extend(edoLoginQuerySchema.shape);
/** GET /api/edo/clients/:inn: the company's login and the documents' filters. */
export const edoClientRequestSchema = edoClientsDocumentFiltersSchema.extend(edoLoginQuerySchema.shape);

export const clientInnSchema = z.object({
  inn: z
    .string()
    .regex(/^(\d{10}|\d{12})$/, { error: "ИНН — 10 или 12 цифр" })
    .describe("ИНН клиента"),
});

export const CLIENT_MESSAGES = {
  notFound: "Клиент ЭДО не найден",
} as const;

/** The band of a client whose last document was at `last`, seen at `now` (both ms). */
export function activityOf(last: number, now: number): ClientActivity {
  const days = (now - last) / 86_400_000;
  return days <= ACTIVE_DAYS ? "active" : days <= MODERATE_DAYS ? "moderate" : "inactive";
}

export { foldSearch } from "../text/fold-search";
