// The EDO forms' and queries' schemas and texts, shared by the /edo page (in the browser too),
// its actions and the API: kept apart from the services so no database code reaches the browser.
import { z } from "zod";
import {
  DEFAULT_EDO_CATEGORY,
  EDO_CATEGORIES,
  EDO_MAX_PAGE,
  EDO_PERIODS,
} from "../../providers/edo-operator";

/** Spec 2 §8's EDO texts, and the server's own where the spec leaves the wording to it. */
export const EDO_MESSAGES = {
  connected: "Подключение к ЭДО выполнено успешно!",
  disconnected: "Отключение от ЭДО выполнено успешно",
  refused: "Неверный логин или пароль ЭДО",
  unavailable: "Сервер ЭДО не отвечает. Попробуйте позже.",
  loginNotFound: "Логин ЭДО не найден",
  notConnected: "ЭДО не подключено",
  /** The page knows this one: it resets the connection and opens the login modal. */
  tokenExpired: "Токен ЭДО не найден или истек. Войдите в ЭДО снова.",
  syncStarted: "Обновление документов запущено",
  syncFailed: "ЭДО не ответило. Уже загруженные документы сохранены; попробуйте обновить позже.",
  syncQueueFailed: "Не удалось поставить обновление в очередь. Попробуйте ещё раз.",
  syncCancelled: "Обновление отменено: подключение к ЭДО изменилось.",
  syncLost: "Обновление документов прервалось. Запустите его снова.",
  documentNotFound: "Документ ЭДО не найден",
  chainNotFound: "Не удалось найти цепочку документов",
  titleNotFound: "Такого документа нет в цепочке",
  operatorLostDocument: "Оператор ЭДО не нашёл этот документ",
  fileUnavailable: "Оператор ЭДО не отдал файл документа. Попробуйте позже.",
  noContent: (id: string) => `Нет контента в документе ${id}`,
  noPrint: "У документа нет печатной формы",
} as const;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `Не длиннее ${max} символов` });

/** The login modal (spec 2 §5): both fields required. */
export const edoAuthSchema = z.object({
  login: requiredText("Введите логин ЭДО", 200),
  // Passwords are taken as typed: spaces may be part of them.
  password: z
    .string({ error: "Введите пароль ЭДО" })
    .min(1, { error: "Введите пароль ЭДО" })
    .max(200, { error: "Не длиннее 200 символов" }),
});

/** Calls about the company's own EDO login: any other login is «not found» (404). */
export const edoLoginQuerySchema = z.object({ login: requiredText("Укажите логин ЭДО", 200) });

/** A docflow's content or print: optionally one title of its chain (`title`, its id). */
export const edoContentQuerySchema = edoLoginQuerySchema.extend({
  title: z
    .string()
    .trim()
    .max(200, { error: "title: не длиннее 200 символов" })
    .transform((value) => value || undefined)
    .optional()
    .describe("Идентификатор документа цепочки (info.documents[].id); без него — по приоритету просмотра"),
});

/** A query flag written as true or false. */
export const flag = (name: string) =>
  z.enum(["true", "false"], { error: `${name}: true или false` }).transform((value) => value === "true");

const text = (name: string) =>
  z
    .string()
    .trim()
    .max(200, { error: `${name}: не длиннее 200 символов` })
    .transform((value) => value || undefined)
    .optional();

const inn = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{10}|\d{12})?$/, { error: `${name}: ИНН — 10 или 12 цифр` })
    .transform((value) => value || undefined)
    .optional();

const day = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || isDay(value), { error: `${name}: дата в формате ГГГГ-ММ-ДД` })
    .transform((value) => value || undefined)
    .optional();

function isDay(value: string): boolean {
  if (!/^\d{4}-\d\d-\d\d$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The filter panel's fields and the page (spec 2 §2.5, §7). */
const documentsFilters = z.object({
  limit: z.coerce
    .number({ error: "limit должен быть числом" })
    .int({ error: "limit должен быть целым числом" })
    .min(1, { error: `limit от 1 до ${EDO_MAX_PAGE}` })
    .max(EDO_MAX_PAGE, { error: `limit от 1 до ${EDO_MAX_PAGE}` })
    .default(20),
  offset: z.coerce
    .number({ error: "offset должен быть числом" })
    .int({ error: "offset должен быть целым числом" })
    .min(0, { error: "offset не меньше 0" })
    .max(10_000_000, { error: "offset не больше 10000000" })
    .default(0),
  period: z.coerce
    .number({ error: "period: 0 или код квартала, например 20243" })
    .refine((value) => value === 0 || (EDO_PERIODS as readonly number[]).includes(value), {
      error: "period: 0 или код квартала с 20231 по 20254",
    })
    .default(0),
  status: z
    .string()
    .trim()
    .regex(/^([A-Z0-9_]{1,60})?$/, { error: "status: код статуса, например ON_TRNACLGROT" })
    .transform((value) => (value === "" || value === "0" ? undefined : value))
    .optional(),
  category: z
    .enum(EDO_CATEGORIES, { error: "category: неизвестная категория" })
    .default(DEFAULT_EDO_CATEGORY),
  expired: flag("expired").default(false),
  deleted: flag("deleted").default(false),
  search: text("search"),
  dateFrom: day("dateFrom"),
  dateTo: day("dateTo"),
  goInn: inn("goInn"),
  gpInn: inn("gpInn"),
  tkInn: inn("tkInn"),
  transport: text("transport"),
  driver: text("driver"),
  trip: text("trip"),
  docNum: text("docNum"),
  docType: z
    .string()
    .trim()
    .regex(/^([A-Z0-9_]{1,60})?$/, { error: "docType: тип документа, например ON_TRNACLGROT" })
    .transform((value) => value || undefined)
    .optional(),
  hasRoute: flag("hasRoute").optional(),
  hasCargo: flag("hasCargo").optional(),
});

const datesInOrder = <T extends { dateFrom?: string; dateTo?: string }>(query: T) =>
  !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo;
const DATES_OUT_OF_ORDER = { error: "Дата «с» не может быть позже даты «по»", path: ["dateFrom"] };

/** The documents list's filters as the /edo page reads them from its URL. */
export const edoDocumentsQuerySchema = documentsFilters.refine(datesInOrder, DATES_OUT_OF_ORDER);
export type EdoDocumentsQuery = z.output<typeof edoDocumentsQuerySchema>;

/** GET /api/edo/documents (spec 2 §7): the company's login, the filters and the page. */
export const edoDocumentsRequestSchema = documentsFilters
  .extend(edoLoginQuerySchema.shape)
  .refine(datesInOrder, DATES_OUT_OF_ORDER);
