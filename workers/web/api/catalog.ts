// The API's own description: every route under /api with its access rule, input schema and an
// example answer. It feeds GET /api/openapi.json and the /docs/api page, and a test keeps it
// equal to the routes the Hono app really has.
import type { JSONParsed } from "hono/utils/types";
import { z } from "zod";
import { analyticsBatchSchema, analyticsEventSchema } from "../../core/analytics/event";
import { metricsQuerySchema, type AnalyticsMetrics } from "../../core/analytics/metrics";
import {
  userEventsQuerySchema,
  type readUserEvents,
  type readUserJourney,
} from "../../core/analytics/user-events";
import { AUTH_MESSAGES } from "../../core/auth/accounts";
import {
  createPaymentSchema,
  paymentNotificationSchema,
  type CreatedPayment,
  type PaymentView,
} from "../../core/billing/payments";
import { PLANS, planView, type PlanView } from "../../core/billing/plans";
import type { CodeOrHashValidation, PartnerLandingData } from "../../core/partners/landing";
import {
  landingQuerySchema,
  PARTNER_REGISTRATION_MESSAGES,
  partnerRegistrationSchema,
} from "../../core/partners/quick-registration-schema";
import { generateLinkSchema } from "../../core/partners/link-schema";
import type { PartnerLinkStats, PartnerLinkView } from "../../core/partners/links";
import type { SubscriptionView } from "../../core/billing/subscriptions";
import type { TokenPair } from "../../core/auth/refresh";
import { loginSchema, logoutSchema, refreshSchema, registrationSchema } from "../../core/auth/schemas";
import type { SessionSummary } from "../../core/auth/sessions";
import type { PublicUser } from "../../core/auth/users";
import { suggestQuerySchema } from "../../core/companies/suggest";
import {
  CONTACT_MESSAGES,
  contactMessageSchema,
  MAX_CONTACT_MESSAGES_PER_IP,
} from "../../core/feedback/contact";
import type { DatabaseHealth } from "../../core/health";
import {
  ORDER_MESSAGES,
  ordersByStatusQuerySchema,
  ordersQuerySchema,
  type OrderMetrics,
  type OrderView,
} from "../../core/orders/orders";
import type { Platform } from "../../core/platforms/catalogue";
import { EDO_MESSAGES, type EdoConnectionView } from "../../core/edo/connection";
import { EDO_ORDERS_MESSAGES, type EdoOrdersSyncView } from "../../core/edo/orders-sync-view";
import type { DocumentContent } from "../../core/edo/content";
import {
  edoAuthSchema,
  edoContentQuerySchema,
  edoDocumentsRequestSchema,
  edoLoginQuerySchema,
} from "../../core/edo/schemas";
import type { WireDocument } from "../../providers/edo-operator";
import type { GeocodeAnswer, RouteAnswer } from "../../core/geo/geo";
import { GEO_MESSAGES, geocodeRequestSchema, routeRequestSchema } from "../../core/geo/schemas";
import { X5_MESSAGES, x5AuthSchema, type X5Auth } from "../../core/x5/x5";
import type { CompanySuggestion } from "../../providers/company-lookup";
import {
  newConnectionSchema,
  PLATFORM_MESSAGES,
  type ConnectionView,
} from "../../core/platforms/connections";

export type ApiAccess = "public" | "signed-in" | "admin";

/** Kinds of rows a path parameter can name; each belongs to one user or company. */
export type OwnedResource = "session" | "platform-connection" | "order" | "edo-document" | "payment";

/** What the caller's company must have set up before an operation can succeed. */
export type CompanyPrerequisite = "x5-token" | "edo-login";

export type ApiOperation = {
  method: "GET" | "POST" | "DELETE";
  /** Under /api, in Hono's notation (`:id` for a path parameter). */
  path: string;
  group: string;
  summary: string;
  description?: string;
  access: ApiAccess;
  /** A path parameter naming a row of the caller's own; anyone else's id answers 404. */
  owns?: { param: string; resource: OwnedResource };
  /** Succeeds only once the company has this (otherwise it explains what is missing). */
  requires?: CompanyPrerequisite;
  body?: z.ZodType;
  /** The body may also come as a form (application/x-www-form-urlencoded or multipart). */
  formBody?: true;
  query?: z.ZodType;
  /**
   * The answer on success: its status and an example of the envelope's `data`; or, with `file`,
   * a file to save instead of an envelope (its media type and the name it is saved under).
   */
  success: { status: number; data: unknown; message?: string; file?: { type: string; name: string } };
  /** Statuses of the failures a client should expect besides 400/413/415 for bad input. */
  errors: number[];
};

/** An example of `data` exactly as a client receives it (dates as ISO strings). */
const example = <T>(data: JSONParsed<T>) => data;

export const ACCESS_LABELS: Record<ApiAccess, string> = {
  public: "Без входа",
  "signed-in": "Нужен вход",
  admin: "Только администратор",
};

const exampleUser = example<PublicUser>({
  id: "0b1c9a4e-5d2f-4e8a-9f61-3c7d2e1a0b9f",
  firstName: "Ольга",
  lastName: "Смирнова",
  email: "director@reys.demo",
  phone: "+79161234567",
  role: "user",
  company: {
    id: "5e2f8c1a-7b3d-4c9e-a1f0-6d4b2c8e9a7f",
    name: "ООО «Трасса»",
    inn: "7707083893",
    kpp: "773601001",
    ogrn: "1027700132195",
    address: "г Москва, ул Вавилова, д 19",
  },
});

const exampleTokens = example<TokenPair>({
  accessToken: "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9…",
  refreshToken: "k3m9x2q7w4e8r1t6y5u0i9o3p2a7s4d8",
  accessTokenExpiresAt: 1_795_000_000_000,
  expiresIn: 900,
});

const exampleHealth = (service: string) => ({
  status: "ok",
  service,
  database: example<DatabaseHealth>({ ok: true, latencyMs: 3 }),
  time: "2026-11-22T09:30:00.000Z",
});

const sessionIdParam = z.object({ id: z.string().describe("Идентификатор сеанса из GET /auth/sessions") });
const connectionIdParam = z.object({
  id: z.string().describe("Идентификатор подключения из GET /platforms/connections"),
});

const exampleOrder = example<OrderView>({
  id: "3b9f6a2c-1d4e-4f5a-8b7c-9d0e1f2a3b4c",
  platform_name: "magnit",
  platform_logo: "/platforms/magnit.svg",
  external_order_id: "MGN-2026-059874",
  customer_name: "АО «Тандер»",
  pickup_address: "Краснодарский край, г Краснодар, ул Солнечная, д 15/5",
  pickup_contact_name: "Ковалёв Игорь",
  pickup_contact_phone: "+7 (861) 210-45-17",
  delivery_address: "Ростовская обл, г Ростов-на-Дону, пр-кт Шолохова, д 31",
  delivery_contact_name: "Соколова Анна",
  delivery_contact_phone: null,
  pickup_longitude: 39.0334,
  pickup_latitude: 45.0355,
  delivery_longitude: 39.7015,
  delivery_latitude: 47.2357,
  cargo_type: "Продукты питания",
  cargo_description: "Молочная продукция, 18 паллет",
  cargo_weight: 12400,
  cargo_volume: 64,
  cargo_packages: 18,
  documents_required: ["ТТН", "ЭТрН"],
  price: 48250.5,
  currency: "RUB",
  payment_terms: "Отсрочка 30 дней",
  created_at: "2026-11-20T06:00:00.000Z",
  pickup_time_from: "2026-11-21T05:00:00.000Z",
  delivery_time_from: "2026-11-21T15:00:00.000Z",
  status: "delivered",
  vehicle_requirements: "Рефрижератор 20 т, +2…+6 °C",
  order_number: null,
  edo_info: null,
  distance_km: 250,
  payment_requested_at: null,
});

const examplePartnerLink = example<PartnerLinkView>({
  id: "8d3f1b2a-6c4e-4a7f-9b1d-2e5c7a9f0b3d",
  unique_token: "k7m2q9x4w8e1r6t3y5u0i2o7p4a9s6d1",
  link: "https://reys.example/partner/k7m2q9x4w8e1r6t3y5u0i2o7p4a9s6d1",
  short_code: "x7k2m9pq",
  short_link: "https://reys.example/s/x7k2m9pq",
  partner_source: { name: "ООО «Рейс Демо Транс»", code: null },
  source: "web_dashboard",
  clicks: 7,
  last_clicked_at: "2026-11-23T08:12:00.000Z",
  created_at: "2026-11-20T10:00:00.000Z",
  used_at: null,
});

const orderIdParam = z.object({ id: z.string().describe("Идентификатор заказа (id из списка заказов)") });

const exampleX5Auth = example<X5Auth>({
  token: "x5.eyJzdWIiOiJjYXJyaWVyQHg1LmRlbW8ifQ…",
  expires: "2026-11-23T10:15:00.000Z",
  user: { userName: "carrier@x5.demo" },
});

const exampleEdoConnection = example<EdoConnectionView>({
  connected: true,
  login: "demo-carrier",
  expiresAt: "2026-11-24T09:30:00.000Z",
  userName: "Смирнов Алексей Петрович",
  shortName: "Смирнов А. П.",
  companyName: "ООО «Рейс Демо Транс»",
  sync: { status: "success", done: 3000, error: null, lastSyncedAt: "2026-11-23T09:35:00.000Z" },
});

const exampleEdoDocument = example<WireDocument>({
  id: "edo-demo-carrier-000123",
  docflowType: "ETRN",
  createDate: "2025-03-14T09:12:00+03:00",
  updateDate: "2025-03-15T17:40:00+03:00",
  read: true,
  statusCode: "ON_TRNACLPVYN",
  roleCode: "TK",
  expired: false,
  deleted: false,
  info: {
    doc: {
      num: "ЭТрН-2025-000123",
      date: "2025-03-14",
      trns: "TRN-7704123450-000123",
      driver: "Кузнецов Сергей Иванович",
      chainId: "chain-demo-carrier-000123",
      trip: "Р-25-00123",
    },
    go: { accName: "ООО «Агроторг»", inn: "7825706086", kpp: "784101001" },
    gp: { accName: "АО «Тандер»", inn: "2310031475", kpp: "231001001" },
    tk: { accName: "ООО «Рейс Демо Транс»", inn: "7704123450", kpp: "770401001" },
    driver: { accName: "Кузнецов Сергей Иванович" },
    ts: { num: "А123ВС77" },
    loading: { addr: "г. Москва, ул. Складочная, д. 1" },
    unloading: { addr: "г. Краснодар, ул. Солнечная, д. 15/5" },
    cargo: { name: "Продукты питания", weightKg: 12400, pallets: 18 },
    documents: [
      { id: "t1-000123", type: "ON_TRNACLGROT", dateTime: "2025-03-14T09:12:00+03:00", contentSize: 24576 },
      { id: "t2-000123", type: "ON_TRNACLPPRIN", dateTime: "2025-03-14T10:05:00+03:00", contentSize: 18432 },
      { id: "t3-000123", type: "ON_TRNACLGRPO", dateTime: "2025-03-15T17:20:00+03:00", contentSize: 20480 },
      { id: "t4-000123", type: "ON_TRNACLPVYN", dateTime: "2025-03-15T17:40:00+03:00", contentSize: 19456 },
    ],
    lastdoc: { type: "ON_TRNACLPVYN", dateTime: "2025-03-15T17:40:00+03:00" },
  },
});

const EDO_LOGIN_RULE =
  "login — логин ЭДО компании вызывающего; любой другой логин — 404 «Логин ЭДО не найден».";

const exampleEdoOrdersSync = example<EdoOrdersSyncView>({
  status: "running",
  processed: 1500,
  total: 2830,
  created: 1210,
  updated: 260,
  errors: 30,
  removed: 0,
  details: `${EDO_ORDERS_MESSAGES.noRoute}: ЭТрН-2025-000417, ЭТрН-2025-001206 и ещё 28`,
  error: null,
  startedAt: "2026-11-23T09:40:00.000Z",
  finishedAt: null,
});

const EDO_DOCUMENT_RULE =
  "id — документ ЭДО из GET /edo/documents (id), только из зеркала своей компании: чужой или неизвестный — 404.";

const exampleDocumentContent = example<DocumentContent>({
  documentId: "t2-000123",
  docflowId: "edo-demo-carrier-000123",
  documentNumber: "ЭТрН-2025-000123",
  sourceDocumentType: "ON_TRNACLPPRIN",
  chainInfo: {
    totalDocuments: 2,
    availableTypes: ["ON_TRNACLGROT", "ON_TRNACLPPRIN"],
    documents: exampleEdoDocument.info.documents.slice(0, 2),
  },
  contentSize: 18432,
  contentSizeFormatted: "18 КБ",
  hasXML: true,
  hasSignatures: true,
  fileList: [
    { name: "ON_TRNACLPPRIN_2BM_2BM_20250314_t2-000123.xml", size: 5120 },
    { name: "ON_TRNACLPPRIN_2BM_2BM_20250314_t2-000123.sig", size: 3412 },
  ],
  signatures: [
    {
      name: "ON_TRNACLPPRIN_2BM_2BM_20250314_t2-000123.sig",
      preview: "MIIKLQYJKoZIhvcNAQcCoIIKHjCCChoCAQExDjAMBggqhQMHAQECAgUAMAsGCSqGSIb3DQEHAaCC…",
      totalLength: 4552,
    },
  ],
  extractedData: {
    metadata: { totalFiles: 2, documentType: "Приём груза перевозчиком (титул 2)" },
    extracted: {
      type: "acceptance",
      title: "ON_TRNACLPPRIN",
      documentType: "Приём груза перевозчиком (титул 2)",
      extractedFields: {
        "Основная информация": {
          Титул: "Приём груза перевозчиком (титул 2)",
          "Идентификатор файла": "ON_TRNACLPPRIN_2BM_2BM_20250314_t2-000123",
          "Версия формата": "5.01",
          "Версия программы": "Рейс ЭДО 1.0",
          Дата: "14.03.2025",
          Время: "10.05.00",
          "УИД ТрН": "chain-demo-carrier-000123",
          "Содержание операции": "Груз принят к перевозке",
        },
        "Ответ на титул": {
          "Идентификатор файла": "ON_TRNACLGROT_2BM_2BM_20250314_t1-000123",
          Дата: "14.03.2025",
          Время: "09.12.00",
          Подпись: { preview: "MIIKLQYJKoZIhvcNAQcCoIIKHjCCChoCAQEx…", totalLength: 4552 },
        },
        "Приём груза": [],
        Замечания: [{ Поле: "Замечание о погрузочных работах", Значение: "Упаковка двух паллет повреждена" }],
        Отметки: [],
        Подписант: {
          ФИО: "Кузнецов Сергей Иванович",
          Фамилия: "Кузнецов",
          Имя: "Сергей",
          Отчество: "Иванович",
          Статус: "Работник перевозчика",
          Должность: "Водитель-экспедитор",
          Доверенность: {
            Дата: "09.01.2025",
            Номер: "МЧД-2025-0042",
            Идентификатор: "1f0c2a9e-7b54-4d1e-9a3c-5e8d7f6b2a10",
            "Ссылка для проверки": "https://m4d.nalog.gov.ru/",
          },
        },
      },
    },
  },
  content: '<?xml version="1.0" encoding="windows-1251"?><Файл ИдФайл="…" ВерсФорм="5.01">…</Файл>',
});

const exampleConnection = example<ConnectionView>({
  id: "7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  platform_id: "magnit",
  platform_name: "Магнит",
  platform_logo: "/platforms/magnit.svg",
  connection_name: "Магнит — РЦ Краснодар",
  sync_status: "success",
  last_sync_at: "2026-11-23T08:30:00.000Z",
  sync_error: null,
  website_url: "https://www.magnit.ru",
  orders_count: 240,
  progress: null,
  created_at: "2026-11-20T09:00:00.000Z",
});

const paymentIdParam = z.object({
  paymentId: z.string().describe("Идентификатор платежа из POST /payments/create (id)"),
});

const examplePayment = example<PaymentView>({
  id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
  status: "succeeded",
  amount: { value: "2541.50", currency: "RUB" },
  description: "Тариф «Расширенный», 1 месяц, скидка партнёра 15%",
  planId: "extended",
  planName: "Расширенный",
  discountPercent: 15,
  cancellation: null,
  createdAt: "2026-11-23T09:15:00.000Z",
});

const examplePartnerLanding = example<PartnerLandingData>({
  isValid: true,
  alreadyRegistered: false,
  partner: {
    name: "Магнит",
    logo: "/platforms/magnit.svg",
    code: "magnit",
    description:
      "Магнит — партнёр Рейса. Перевозчики партнёра получают оплату за выполненный рейс за 24 часа с комиссией 2% и работают с ЭДО в одном кабинете.",
  },
  discount: {
    discountValue: 15,
    discountType: "percentage",
    description: "Скидка 15% на тарифы платформы для партнеров",
    validUntil: "2026-12-23T09:30:00.000Z",
  },
  lead: {
    companyName: "ООО «Вектор Логистик»",
    companyInn: "7707083893",
    companyAddress: "г Москва, ул Вавилова, д 19",
    companyEmail: "office@vector-log.ru",
    companyPhone: "+74951234567",
    contactName: "Андрей Волков",
    contactEmail: "volkov@vector-log.ru",
    contactPhone: "+79161234567",
  },
});

export const API_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/health",
    group: "Состояние",
    summary: "Проверка работы API",
    description: "Отвечает после настоящего запроса к базе данных; 503, если база недоступна.",
    access: "public",
    success: { status: 200, data: exampleHealth("api") },
    errors: [503],
  },
  {
    method: "GET",
    path: "/auth/health",
    group: "Состояние",
    summary: "Проверка работы сервиса входа",
    access: "public",
    success: { status: 200, data: exampleHealth("auth") },
    errors: [503],
  },
  {
    method: "POST",
    path: "/auth/login",
    group: "Вход и сеансы",
    summary: "Вход: пара токенов и пользователь",
    description:
      "Принимает JSON или форму (application/x-www-form-urlencoded). Токен доступа живёт 15 минут; обновляйте его, когда осталось меньше 300 секунд. После 5 неудачных попыток за 15 минут для одного email или 20 с одного IP отвечает 429 с заголовком Retry-After.",
    access: "public",
    // redirectTo belongs to the /login page's form, not to API clients.
    body: loginSchema.omit({ redirectTo: true }),
    formBody: true,
    success: {
      status: 200,
      data: { tokens: exampleTokens, user: exampleUser },
      message: AUTH_MESSAGES.welcome,
    },
    errors: [401, 429],
  },
  {
    method: "POST",
    path: "/auth/register",
    group: "Вход и сеансы",
    summary: "Регистрация пользователя и компании",
    description:
      "Не выполняет вход: после регистрации вызовите POST /auth/login. Занятый email или ИНН — 409. С одного IP — не больше 10 новых аккаунтов в час (429 с заголовком Retry-After).",
    access: "public",
    body: registrationSchema,
    success: { status: 201, data: { user: exampleUser }, message: AUTH_MESSAGES.registered },
    errors: [409, 429],
  },
  {
    method: "POST",
    path: "/auth/refresh",
    group: "Вход и сеансы",
    summary: "Новая пара токенов по токену обновления",
    description:
      "Каждый токен обновления действует один раз. Повторное предъявление уже использованного токена завершает весь сеанс.",
    access: "public",
    body: refreshSchema,
    success: { status: 200, data: { tokens: exampleTokens, user: exampleUser } },
    errors: [401],
  },
  {
    method: "POST",
    path: "/auth/logout",
    group: "Вход и сеансы",
    summary: "Выход: сеанс завершается на сервере",
    description:
      "Токен доступа перестаёт действовать сразу. Можно передать { refreshToken }, чтобы завершить сеанс с истёкшим токеном доступа.",
    access: "public",
    body: logoutSchema,
    success: { status: 200, data: null, message: AUTH_MESSAGES.loggedOut },
    errors: [],
  },
  {
    method: "GET",
    path: "/auth/me",
    group: "Вход и сеансы",
    summary: "Текущий пользователь",
    access: "signed-in",
    success: { status: 200, data: exampleUser },
    errors: [401],
  },
  {
    method: "GET",
    path: "/auth/sessions",
    group: "Вход и сеансы",
    summary: "Активные сеансы пользователя",
    access: "signed-in",
    success: {
      status: 200,
      data: example<SessionSummary[]>([
        {
          id: "3f9a1c7e5b2d8a4f",
          kind: "browser",
          current: true,
          userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0",
          ip: "203.0.113.7",
          createdAt: "2026-11-20T08:15:00.000Z",
          lastSeenAt: "2026-11-22T09:30:00.000Z",
        },
      ]),
    },
    errors: [401],
  },
  {
    method: "POST",
    path: "/auth/sessions/end-others",
    group: "Вход и сеансы",
    summary: "Завершить все сеансы, кроме текущего",
    access: "signed-in",
    success: { status: 200, data: { ended: 2 } },
    errors: [401],
  },
  {
    method: "DELETE",
    path: "/auth/sessions/:id",
    group: "Вход и сеансы",
    summary: "Завершить один сеанс",
    access: "signed-in",
    owns: { param: "id", resource: "session" },
    query: sessionIdParam,
    success: { status: 200, data: { ended: 1 } },
    errors: [401, 404],
  },
  {
    method: "GET",
    path: "/companies/suggest",
    group: "Компании",
    summary: "Подсказки компаний по названию или ИНН",
    description:
      "Поиск начинается с 2 символов и возвращает до 10 компаний. Не больше 60 запросов в минуту с одного IP (429). Если сервис подсказок недоступен, список пуст.",
    access: "public",
    query: suggestQuerySchema,
    success: {
      status: 200,
      data: example<CompanySuggestion[]>([
        {
          value: "ООО «Трасса»",
          data: {
            name: {
              short_with_opf: "ООО «Трасса»",
              full_with_opf: "Общество с ограниченной ответственностью «Трасса»",
            },
            inn: "7707083893",
            kpp: "773601001",
            ogrn: "1027700132195",
            address: { value: "г Москва, ул Вавилова, д 19" },
          },
        },
      ]),
    },
    errors: [429],
  },
  {
    method: "GET",
    path: "/platforms",
    group: "Платформы",
    summary: "Платформы заказчиков, которые можно подключить",
    access: "public",
    success: {
      status: 200,
      data: example<Platform[]>([
        {
          id: "x5",
          display_name: "X5 Group",
          description:
            "Пятёрочка, Перекрёсток, Чижик: перевозки между распределительными центрами и магазинами",
          logo_url: "/platforms/x5.svg",
          website_url: "https://www.x5.ru",
        },
      ]),
    },
    errors: [],
  },
  {
    method: "GET",
    path: "/platforms/connections",
    group: "Платформы",
    summary: "Подключения компании к платформам",
    description:
      "Логин и пароль платформы никогда не возвращаются. sync_status: success, error, syncing или none (ещё не синхронизировалось); во время синхронизации progress показывает, сколько заказов загружено из скольких.",
    access: "signed-in",
    success: { status: 200, data: [exampleConnection] },
    errors: [401],
  },
  {
    method: "POST",
    path: "/platforms/connections",
    group: "Платформы",
    summary: "Подключить платформу",
    description:
      "Сначала проверяет логин и пароль на платформе: отклонённые — 422, недоступная платформа — 503, и тогда ничего не сохраняется. Данные для входа хранятся зашифрованными. Сразу после подключения начинается синхронизация заказов.",
    access: "signed-in",
    body: newConnectionSchema,
    success: {
      status: 201,
      data: {
        ...exampleConnection,
        sync_status: "syncing",
        orders_count: 0,
        progress: { done: 0, total: null },
      },
      message: PLATFORM_MESSAGES.created,
    },
    errors: [401, 422, 503],
  },
  {
    method: "POST",
    path: "/platforms/connections/:id/test",
    group: "Платформы",
    summary: "Проверить подключение",
    description:
      "Входит на платформу с сохранёнными данными. connected: false с message, если платформа отказала или не ответила.",
    access: "signed-in",
    owns: { param: "id", resource: "platform-connection" },
    query: connectionIdParam,
    success: { status: 200, data: { connected: true } },
    errors: [401, 404],
  },
  {
    method: "POST",
    path: "/platforms/connections/:id/sync",
    group: "Платформы",
    summary: "Синхронизировать заказы",
    description:
      "Ставит синхронизацию в очередь (202) или возвращает уже идущую: повторное нажатие ничего не запускает. count — заказов этого подключения сейчас; ход синхронизации виден в GET /platforms/connections. Повторная синхронизация обновляет заказы, а не дублирует их.",
    access: "signed-in",
    owns: { param: "id", resource: "platform-connection" },
    query: connectionIdParam,
    success: {
      status: 202,
      data: {
        count: 240,
        connection: { ...exampleConnection, sync_status: "syncing", progress: { done: 0, total: null } },
      },
    },
    errors: [401, 404],
  },
  {
    method: "DELETE",
    path: "/platforms/connections/:id",
    group: "Платформы",
    summary: "Отключить платформу",
    description: "Удаляет подключение, его данные для входа и загруженные через него заказы.",
    access: "signed-in",
    owns: { param: "id", resource: "platform-connection" },
    query: connectionIdParam,
    success: { status: 200, data: { deleted: 1 } },
    errors: [401, 404],
  },
  {
    method: "GET",
    path: "/platforms/orders",
    group: "Заказы",
    summary: "Заказы с платформ: страница списка",
    description:
      "Фильтры platform (all, edo, x5, magnit, pepsi, mars, sber_logistics) и status (all или статус заказа), поиск search без учёта регистра по заказчику, получателю, описанию груза и номеру заказа. Новые сверху; pagination рядом с data: page, limit (до 200), total, totalPages. distance_km — расстояние по прямой между точками погрузки и выгрузки.",
    access: "signed-in",
    query: ordersQuerySchema,
    success: { status: 200, data: [exampleOrder] },
    errors: [401],
  },
  {
    method: "GET",
    path: "/orders",
    group: "Заказы",
    summary: "Заказы компании в статусе",
    description:
      "Без status — все; не больше 500 последних. Для экрана финансов: delivered, invoiced, paid или свободен.",
    access: "signed-in",
    query: ordersByStatusQuerySchema,
    success: { status: 200, data: [exampleOrder] },
    errors: [401],
  },
  {
    method: "GET",
    path: "/orders/metrics",
    group: "Заказы",
    summary: "Сводка по заказам",
    description:
      "Активные: new, reviewed, accepted, confirmed, in_transit. Выполненные: delivered, invoiced, paid. Выручка — сумма выполненных заказов в рублях; средний чек — выручка на выполненный заказ; profitMargin всегда 0.15.",
    access: "signed-in",
    success: {
      status: 200,
      data: example<OrderMetrics>({
        totalOrders: 480,
        activeOrders: 270,
        completedOrders: 160,
        totalRevenue: 7_420_350.5,
        averageOrderValue: 46_377.19,
        profitMargin: 0.15,
        platformBreakdown: [
          { platform: "magnit", orders: 240, revenue: 3_910_200 },
          { platform: "x5", orders: 240, revenue: 3_510_150.5 },
        ],
      }),
    },
    errors: [401],
  },
  {
    method: "POST",
    path: "/orders/:id/payment-request",
    group: "Заказы",
    summary: "Запросить оплату за выполненный заказ",
    description:
      "Только для заказов в статусе delivered, paid или свободен (иначе 409). Повторный запрос возвращает уже созданный (200, created: false), второй не создаётся.",
    access: "signed-in",
    owns: { param: "id", resource: "order" },
    query: orderIdParam,
    success: {
      status: 201,
      data: { requestedAt: "2026-11-23T09:15:00.000Z", created: true },
      message: ORDER_MESSAGES.paymentRequested,
    },
    errors: [401, 404, 409],
  },
  {
    method: "GET",
    path: "/x5/health",
    group: "Интеграция X5",
    summary: "Проверка работы интеграции X5",
    description: "Отвечает без обращения к X5: доступность самой X5 проверяет GET /x5/test.",
    access: "public",
    success: { status: 200, data: { status: "ok", service: "x5" } },
    errors: [],
  },
  {
    method: "POST",
    path: "/x5/auth",
    group: "Интеграция X5",
    summary: "Получить токен X5 по логину и паролю X5",
    description:
      "Токен хранится зашифрованным для компании и показывается только ей. Логин или пароль отклонены — 422, X5 не отвечает — 503.",
    access: "signed-in",
    body: x5AuthSchema,
    success: {
      status: 200,
      data: exampleX5Auth,
    },
    errors: [401, 422, 503],
  },
  {
    method: "GET",
    path: "/x5/auth",
    group: "Интеграция X5",
    summary: "Текущий токен X5 компании",
    access: "signed-in",
    requires: "x5-token",
    success: {
      status: 200,
      data: exampleX5Auth,
    },
    errors: [401, 404],
  },
  {
    method: "DELETE",
    path: "/x5/auth",
    group: "Интеграция X5",
    summary: "Отключить X5: забыть токен",
    access: "signed-in",
    success: { status: 200, data: null, message: X5_MESSAGES.disconnected },
    errors: [401],
  },
  {
    method: "GET",
    path: "/x5/test",
    group: "Интеграция X5",
    summary: "Проверить подключение к X5 сохранённым токеном",
    description: "Без токена или с истёкшим токеном — 409 с объяснением; X5 не отвечает — 503.",
    access: "signed-in",
    requires: "x5-token",
    success: { status: 200, data: { connected: true }, message: X5_MESSAGES.works },
    errors: [401, 409, 503],
  },
  {
    method: "POST",
    path: "/edo/auth",
    group: "ЭДО",
    summary: "Подключиться к ЭДО логином и паролем кабинета оператора",
    description:
      "Пароль не хранится: хранится только токен оператора, зашифрованный для компании. Сразу запускается загрузка документов в зеркало. Логин или пароль отклонены — 422, оператор не отвечает — 503.",
    access: "signed-in",
    body: edoAuthSchema,
    success: { status: 200, data: exampleEdoConnection, message: EDO_MESSAGES.connected },
    errors: [401, 422, 503],
  },
  {
    method: "DELETE",
    path: "/edo/auth",
    group: "ЭДО",
    summary: "Отключиться от ЭДО: забыть токен и документы",
    description: EDO_LOGIN_RULE,
    access: "signed-in",
    body: edoLoginQuerySchema,
    success: { status: 200, data: null, message: EDO_MESSAGES.disconnected },
    errors: [401, 404],
  },
  {
    method: "GET",
    path: "/edo/status",
    group: "ЭДО",
    summary: "Состояние подключения к ЭДО и загрузки документов",
    description: `connected — токен оператора действует; sync — последняя загрузка документов. ${EDO_LOGIN_RULE}`,
    access: "signed-in",
    query: edoLoginQuerySchema,
    success: { status: 200, data: exampleEdoConnection },
    errors: [401, 404],
  },
  {
    method: "GET",
    path: "/edo/user",
    group: "ЭДО",
    summary: "Пользователь кабинета ЭДО",
    description: `${EDO_LOGIN_RULE} Токен истёк — 409.`,
    access: "signed-in",
    query: edoLoginQuerySchema,
    success: { status: 200, data: { userName: "Смирнов Алексей Петрович", shortName: "Смирнов А. П." } },
    errors: [401, 404, 409],
  },
  {
    method: "GET",
    path: "/edo/documents",
    group: "ЭДО",
    summary: "Документы ЭДО с фильтрами (из зеркала)",
    description: `Читается из зеркала документов компании, новые сверху. period 0 — все периоды; category по умолчанию ETRN; expired и deleted: true — только просроченные или удалённые, false — без них; поиск и текстовые фильтры без учёта регистра; dateFrom и dateTo — дни по Москве включительно. ${EDO_LOGIN_RULE} Токен истёк — 409.`,
    access: "signed-in",
    query: edoDocumentsRequestSchema,
    success: { status: 200, data: { docs: [exampleEdoDocument], total: 1 } },
    errors: [401, 404, 409],
  },
  {
    method: "GET",
    path: "/edo/documents/:id/content/processed",
    group: "ЭДО",
    summary: "Содержимое документа цепочки: файлы, подпись и разобранные поля ЭТрН",
    description: `Без title открывается первый документ цепочки с содержимым в порядке ON_TRNACLPPRIN, ON_TRNACLGROT, ON_TRNAPERAK, ON_TRNAPERAK_GIS_COMPLETE, ON_TRNAPERAK_GIS_LOAD, затем остальные; title — конкретный документ цепочки. extractedData.extracted: type waybill (титул 1), acceptance (титулы 2–4) или unknown с rawData до 3000 символов. Документ без содержимого — contentSize 0 и пустой список файлов. Файлы берутся у оператора один раз и хранятся. ${EDO_DOCUMENT_RULE} ${EDO_LOGIN_RULE} Токен истёк — 409; оператор не отвечает — 503; архив не читается — 422.`,
    access: "signed-in",
    owns: { param: "id", resource: "edo-document" },
    requires: "edo-login",
    query: edoContentQuerySchema,
    success: { status: 200, data: exampleDocumentContent },
    errors: [401, 404, 409, 422, 503],
  },
  {
    method: "GET",
    path: "/edo/documents/:id/print",
    group: "ЭДО",
    summary: "Печатная форма (PDF) документа или одного документа цепочки",
    description: `Без title — печатная форма всей цепочки, с title — одного её документа. Ответ — файл PDF (Content-Disposition: attachment), ошибки — JSON. ${EDO_DOCUMENT_RULE} ${EDO_LOGIN_RULE} Токен истёк — 409; оператор не отвечает — 503.`,
    access: "signed-in",
    owns: { param: "id", resource: "edo-document" },
    requires: "edo-login",
    query: edoContentQuerySchema,
    success: { status: 200, data: null, file: { type: "application/pdf", name: "document-{id}.pdf" } },
    errors: [401, 404, 409, 503],
  },
  {
    method: "GET",
    path: "/edo/documents/:id/archive",
    group: "ЭДО",
    summary: "Вся цепочка одним архивом: архивы документов с подписями и их PDF",
    description: `ZIP: печатная форма цепочки и для каждого документа с содержимым — его архив от оператора без изменений (подпись остаётся проверяемой) и PDF, по порядку цепочки. Имя файла — номер документа. ${EDO_DOCUMENT_RULE} ${EDO_LOGIN_RULE} Токен истёк — 409; оператор не отвечает — 503.`,
    access: "signed-in",
    owns: { param: "id", resource: "edo-document" },
    requires: "edo-login",
    query: edoLoginQuerySchema,
    success: { status: 200, data: null, file: { type: "application/zip", name: "chain-{id}.zip" } },
    errors: [401, 404, 409, 503],
  },
  {
    method: "POST",
    path: "/edo/sync",
    group: "ЭДО",
    summary: "Обновить документы ЭДО",
    description: `Запускает задачу: зеркало получает у оператора только изменившиеся документы; ход виден в GET /edo/status. Повторный вызов во время загрузки ничего не запускает. ${EDO_LOGIN_RULE}`,
    access: "signed-in",
    body: edoLoginQuerySchema,
    success: { status: 202, data: exampleEdoConnection, message: EDO_MESSAGES.syncStarted },
    errors: [401, 404, 409],
  },
  {
    method: "POST",
    path: "/edo/geocode",
    group: "ЭДО",
    summary: "Координаты адресов (1–100 за запрос)",
    description:
      "Один ответ на каждый разный адрес, в порядке запроса: coordinates — [широта, долгота]; kind и precision — дом, улица, город (locality, city) или регион (province, region). source: geocoder — геокодер, gazetteer — встроенный справочник городов и регионов России (геокодер не настроен или не знает адреса), gazetteer-fallback — справочник, потому что геокодер не ответил. Адреса, которые не удалось найти, перечислены в notFound: точка для них не выдумывается. Вход ЭДО не нужен.",
    access: "signed-in",
    body: geocodeRequestSchema,
    success: {
      status: 200,
      data: example<GeocodeAnswer>({
        results: [
          {
            address: "142100, Московская обл, г Подольск, ул Комсомольская, д 1",
            coordinates: [55.4318, 37.5463],
            region: "Московская область",
            formatted: "1, улица Комсомольская, Подольск, Московская область, 142100, Россия",
            kind: "house",
            precision: "exact",
            source: "geocoder",
          },
          {
            address: "Республика Татарстан, Лаишевский р-н",
            coordinates: [55.7963, 49.1088],
            region: "Республика Татарстан",
            formatted: "Россия, Республика Татарстан",
            kind: "province",
            precision: "region",
            source: "gazetteer",
          },
        ],
        notFound: ["ул Ленина, д 1"],
      }),
    },
    errors: [401],
  },
  {
    method: "POST",
    path: "/edo/calculate-route",
    group: "ЭДО",
    summary: "Расстояние (км) и время в пути (ч) между двумя адресами",
    description: `По дорогам, если ответил маршрутизатор (source: router). Если маршрутизатор не настроен, не ответил или дороги между точками нет, — оценка: расстояние по прямой × 1,25 при средней скорости 60 км/ч (estimated: true, source: estimate, note), одна и та же при каждом запросе. Адрес, который не удалось найти, — 422 («${GEO_MESSAGES.addressNotFound}»). Вход ЭДО не нужен.`,
    access: "signed-in",
    body: routeRequestSchema,
    success: {
      status: 200,
      data: example<RouteAnswer>({
        distance: 884,
        time: 12.6,
        estimated: false,
        source: "router",
        from: {
          address: "г Москва",
          coordinates: [55.7558, 37.6173],
          region: "Москва",
          formatted: "Москва, Россия",
          kind: "locality",
          precision: "city",
          source: "geocoder",
        },
        to: {
          address: "г Казань",
          coordinates: [55.7963, 49.1088],
          region: "Республика Татарстан",
          formatted: "Казань, Республика Татарстан, Россия",
          kind: "locality",
          precision: "city",
          source: "geocoder",
        },
      }),
    },
    errors: [401, 422],
  },
  {
    method: "POST",
    path: "/edo/sync-to-orders",
    group: "ЭДО",
    summary: "Синхронизировать документы ЭДО с заказами",
    description: `Запускает задачу: каждая транспортная накладная (ETRN) из зеркала документов, кроме удалённых и отклонённых, становится заказом платформы edo или обновляет его (ключ — id документооборота, повтор не создаёт дублей). Маршрут — адреса погрузки и выгрузки, заказчик — грузоотправитель, получатель — грузополучатель; статус по подписанным титулам: ON_TRNACLPVYN — свободен, ON_TRNACLGRPO — delivered, ON_TRNACLPPRIN — in_transit, только ON_TRNACLGROT — accepted; цена неизвестна (оплата по факту). Документ без адреса погрузки или выгрузки считается ошибкой (errors, номера в details). Ответ 202 — ход задачи, как в GET /edo/sync-to-orders; повторный вызов во время синхронизации ничего не запускает. Без сохранённого логина ЭДО — 404 с details «${EDO_ORDERS_MESSAGES.loginFirst}». ${EDO_LOGIN_RULE} Токен истёк — 409.`,
    access: "signed-in",
    body: edoLoginQuerySchema,
    success: { status: 202, data: exampleEdoOrdersSync, message: EDO_ORDERS_MESSAGES.started },
    errors: [401, 404, 409, 503],
  },
  {
    method: "GET",
    path: "/edo/sync-to-orders",
    group: "ЭДО",
    summary: "Ход синхронизации документов ЭДО с заказами",
    description: `status: none (не запускалась), running, succeeded или failed (причина в error). processed из total — обработано документов; created, updated — созданные и изменившиеся заказы; errors — документы, не ставшие заказами (номера в details); removed — заказы удалённых или отклонённых документов (заказы с запрошенной оплатой остаются). ${EDO_LOGIN_RULE}`,
    access: "signed-in",
    requires: "edo-login",
    query: edoLoginQuerySchema,
    success: {
      status: 200,
      data: {
        ...exampleEdoOrdersSync,
        status: "succeeded",
        processed: 2830,
        created: 2540,
        updated: 260,
        finishedAt: "2026-11-23T09:41:10.000Z",
      },
    },
    errors: [401, 404],
  },
  {
    method: "POST",
    path: "/analytics/events",
    group: "Аналитика",
    summary: "Пакет событий аналитики (1–100)",
    description:
      "События принимаются в очередь (202) и записываются один раз по их id, даже если пакет отправлен повторно. События вошедшего пользователя получают его id.",
    access: "public",
    body: analyticsBatchSchema,
    success: { status: 202, data: { accepted: 25 } },
    errors: [503],
  },
  {
    method: "POST",
    path: "/analytics/event",
    group: "Аналитика",
    summary: "Одно событие аналитики",
    access: "public",
    body: analyticsEventSchema,
    success: { status: 202, data: { accepted: 1 } },
    errors: [503],
  },
  {
    method: "GET",
    path: "/analytics/metrics",
    group: "Аналитика",
    summary: "Сводка по дням за период",
    description:
      "Даты в формате ГГГГ-ММ-ДД (UTC). Без dateTo — по сегодня, без dateFrom — 30 дней до dateTo; период не длиннее 366 дней.",
    access: "admin",
    query: metricsQuerySchema,
    success: {
      status: 200,
      data: example<AnalyticsMetrics>({
        dateFrom: "2026-11-21",
        dateTo: "2026-11-22",
        totals: { events: 260, errors: 1, sessions: 40, users: 12 },
        byDay: [
          { date: "2026-11-21", events: 140, errors: 1, sessions: 22, users: 9 },
          { date: "2026-11-22", events: 120, errors: 0, sessions: 18, users: 7 },
        ],
        byType: [{ eventType: "page_view", eventCategory: "navigation", events: 180, sessions: 40 }],
      }),
    },
    errors: [401, 403],
  },
  {
    method: "GET",
    path: "/analytics/user/:userId/events",
    group: "Аналитика",
    summary: "События пользователя",
    access: "admin",
    query: userEventsQuerySchema,
    success: {
      status: 200,
      data: example<Awaited<ReturnType<typeof readUserEvents>>>({
        events: [
          {
            id: "9d4c2b1a-8e7f-4a6b-9c5d-3e2f1a0b9c8d",
            sessionId: "c1a2b3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
            eventType: "page_view",
            eventCategory: "navigation",
            eventAction: null,
            eventLabel: "/dashboard",
            metadata: null,
            pageUrl: "https://reys.example/dashboard",
            createdAt: "2026-11-22T09:30:00.000Z",
          },
        ],
        limit: 100,
        offset: 0,
      }),
    },
    errors: [401, 403],
  },
  {
    method: "GET",
    path: "/analytics/user/:userId/journey",
    group: "Аналитика",
    summary: "Путь пользователя по сеансам",
    access: "admin",
    success: {
      status: 200,
      data: example<Awaited<ReturnType<typeof readUserJourney>>>({
        userId: exampleUser.id,
        sessions: [
          {
            sessionId: "c1a2b3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
            startedAt: "2026-11-22T09:28:00.000Z",
            steps: [
              { path: "/dashboard", at: "2026-11-22T09:28:00.000Z" },
              { path: "/sessions", at: "2026-11-22T09:30:00.000Z" },
            ],
          },
        ],
      }),
    },
    errors: [401, 403],
  },
  {
    method: "GET",
    path: "/payments/plans",
    group: "Оплата",
    summary: "Тарифы",
    description:
      "Цена — рубли в месяц. maxShipments — рейсов в месяц, -1 — без ограничений. popular отмечает тариф, выбранный по умолчанию.",
    access: "signed-in",
    success: { status: 200, data: example<PlanView[]>(PLANS.map(planView)) },
    errors: [401],
  },
  {
    method: "GET",
    path: "/payments/subscription",
    group: "Оплата",
    summary: "Подписка компании",
    description:
      "status: trial (14 дней после регистрации, возможности тарифа «Корпоративный» без ограничений), active (оплачено до currentPeriodEnd) или expired. daysLeft — дней до конца пробного или оплаченного периода. maxShipments — сколько рейсов в месяц можно сейчас (0 — подписка закончилась, -1 — без ограничений); shipmentsUsed — заказов за текущий календарный месяц (по Москве).",
    access: "signed-in",
    success: {
      status: 200,
      data: example<SubscriptionView>({
        planId: "extended",
        planName: "Расширенный",
        status: "active",
        trialEndsAt: "2026-11-30T09:00:00.000Z",
        currentPeriodEnd: "2026-12-23T09:15:00.000Z",
        daysLeft: 30,
        maxShipments: 200,
        shipmentsUsed: 37,
      }),
    },
    errors: [401],
  },
  {
    method: "POST",
    path: "/payments/create",
    group: "Оплата",
    summary: "Создать платеж за тариф",
    description:
      "Цену и скидку партнера считает сервер: по тарифу и коду партнера partnerSource (magnit 15%, pyaterochka 12%, lenta 10%, metro 20%, auchan 8%, perekrestok 15%, okey 12%, karusel 10%; другой код — без скидки). Цена или скидка в запросе не принимаются. returnUrl — страница /payment/success этого сайта; к нему добавляется ?payment_id=. Отправьте пользователя на confirmationUrl. Если платежный сервис не ответил — 503, повторный запрос создаст тот же платеж, а не второй; отказ платежного сервиса — 502.",
    access: "signed-in",
    body: createPaymentSchema,
    success: {
      status: 201,
      data: example<CreatedPayment>({
        id: examplePayment.id,
        confirmationUrl:
          "https://yoomoney.ru/checkout/payments/v2/contract?orderId=2d1e7c1a-000f-5000-9000-1b3f2c4d5e6f",
        amount: examplePayment.amount,
        description: examplePayment.description,
        discountPercent: 15,
      }),
    },
    errors: [401, 502, 503],
  },
  {
    method: "POST",
    path: "/payments/webhook",
    group: "Оплата",
    summary: "Уведомление ЮKassa о платеже",
    description:
      "Для ЮKassa (HTTP-уведомления payment.succeeded и payment.canceled). Уведомлениям не верим: платеж перечитывается в ЮKassa, и только потом подписка продлевается; уведомление о чужом или неизвестном платеже ничего не меняет. Отвечает 200 сразу.",
    access: "public",
    body: paymentNotificationSchema,
    success: { status: 200, data: { received: true } },
    errors: [],
  },
  {
    method: "GET",
    path: "/payments/:paymentId",
    group: "Оплата",
    summary: "Платеж и его статус",
    description:
      "Пока платеж ожидает оплаты, статус уточняется в платежном сервисе. status: pending, succeeded (подписка продлена на месяц) или canceled (cancellation.text — причина по-русски, подписка не меняется). Платеж другой компании — 404.",
    access: "signed-in",
    owns: { param: "paymentId", resource: "payment" },
    query: paymentIdParam,
    success: { status: 200, data: examplePayment },
    errors: [401, 404],
  },
  {
    method: "GET",
    path: "/partner/leads",
    group: "Партнёры",
    summary: "Партнерские ссылки компании",
    description:
      "Ссылки, созданные вашей компанией, от новых к старым (до 500), и сводка по всем: total — всего, used — использовано (по ссылке зарегистрировались), active — активных, clicks — переходов по коротким ссылкам (без ботов), clicked — открытых ссылок, conversion — доля зарегистрировавшихся среди открытых, в процентах. Ссылки других компаний не видны.",
    access: "signed-in",
    success: {
      status: 200,
      data: example<{ leads: PartnerLinkView[]; stats: PartnerLinkStats }>({
        leads: [examplePartnerLink],
        stats: { total: 3, used: 1, active: 2, clicks: 14, clicked: 2, conversion: 50 },
      }),
    },
    errors: [401],
  },
  {
    method: "POST",
    path: "/partner/generate",
    group: "Партнёры",
    summary: "Создать партнерскую ссылку",
    description:
      "Приглашение компании-лида: её данные заполнят форму быстрой регистрации на странице link. Обязательны companyName, companyInn (10 или 12 цифр, пробелы убираются), companyAddress, contactFirstName, contactLastName, contactEmail; companyEmail — по желанию, но в формате email. source — откуда создана ссылка (по умолчанию web_dashboard). Ответ — ссылка: link ведёт на /partner/<unique_token>, short_link — короткая /s/<short_code>. Не больше 60 ссылок в час от одного пользователя (429 с заголовком Retry-After).",
    access: "signed-in",
    body: generateLinkSchema,
    success: { status: 201, data: examplePartnerLink },
    errors: [401, 429],
  },
  {
    method: "GET",
    path: "/partner/ping",
    group: "Партнёры",
    summary: "Проверка партнерского API",
    description: "Для разработчиков: отвечает, что партнерский API доступен, и время сервера.",
    access: "signed-in",
    success: {
      status: 200,
      data: { status: "ok", service: "partner", time: "2026-11-23T09:30:00.000Z" },
    },
    errors: [401],
  },
  {
    method: "GET",
    path: "/landing/landing",
    group: "Партнёры",
    summary: "Данные партнерской страницы по токену ссылки",
    description:
      "Для страницы /partner/<token>. isValid: false — ссылки с таким токеном нет (данных лида в ответе нет никогда). alreadyRegistered: true — по ссылке уже зарегистрировались: партнер виден, lead — null. Иначе — предложение партнера, скидка (discountValue — проценты для percentage, рубли для fixed; null, если скидки нет или она истекла) и данные лида для формы быстрой регистрации. Метки utm_source, utm_medium, utm_campaign попадают в аналитику просмотров.",
    access: "public",
    query: landingQuerySchema,
    success: { status: 200, data: examplePartnerLanding },
    errors: [],
  },
  {
    method: "GET",
    path: "/landing/validate/:codeOrHash",
    group: "Партнёры",
    summary: "Проверка кода партнера или токена ссылки",
    description:
      "Код партнера (magnit, pyaterochka, lenta, metro, auchan, perekrestok, okey, karusel; регистр не важен) — kind: partner со скидкой партнера по умолчанию. Токен партнерской ссылки — kind: link; valid — ссылка еще не использована. Что-то другое — valid: false, kind: null.",
    access: "public",
    success: {
      status: 200,
      data: example<CodeOrHashValidation>({
        valid: true,
        kind: "partner",
        code: "magnit",
        name: "Магнит",
        discountPercent: 15,
      }),
    },
    errors: [],
  },
  {
    method: "POST",
    path: "/registration/partner-register",
    group: "Партнёры",
    summary: "Быстрая регистрация по партнерской ссылке",
    description:
      "Создает компанию и пользователя, отмечает ссылку использованной и сразу выполняет вход: data.authToken — токен доступа (то же, что data.tokens.accessToken), data.tokens — пара токенов, как у POST /auth/login. Телефон — +7 и 10 цифр; ИНН компании (10 или 12 цифр) и адрес обязательны; agreedToTerms — true. Ссылки нет — 404 «Ссылка недействительна»; по ссылке уже зарегистрировались (в том числе одновременным запросом) — 409 «Уже зарегистрированы»; занятый email или ИНН — 409. С одного IP — не больше 10 новых аккаунтов в час вместе с обычной регистрацией (429 с заголовком Retry-After).",
    access: "public",
    body: partnerRegistrationSchema,
    success: {
      status: 201,
      data: {
        authToken: exampleTokens.accessToken,
        tokens: exampleTokens,
        user: exampleUser,
      },
      message: PARTNER_REGISTRATION_MESSAGES.registered,
    },
    errors: [404, 409, 429],
  },
  {
    method: "POST",
    path: "/feedback/contact",
    group: "Обратная связь",
    summary: "Сообщение с формы «Контакты»",
    description: `Имя, email, телефон (необязательно) и сообщение до 2000 символов. Поле website оставьте пустым: его заполняют только боты. Не больше ${MAX_CONTACT_MESSAGES_PER_IP} сообщений в час с одного IP (429 с заголовком Retry-After).`,
    access: "public",
    body: contactMessageSchema,
    success: { status: 201, data: { received: true }, message: CONTACT_MESSAGES.sent },
    errors: [429],
  },
];

const STATUS_TEXT: Record<number, string> = {
  400: "Неверные данные: error и message по-русски",
  401: "Нужен вход или токен недействителен",
  403: "Недостаточно прав",
  404: "Не найдено",
  422: "Данные отклонены: например, платформа не приняла логин или пароль",
  409: "Конфликт: такая запись уже есть",
  413: "Слишком большой запрос (больше 256 КБ)",
  415: "Неподдерживаемый тип содержимого",
  429: "Слишком много запросов",
  502: "Внешний сервис отклонил запрос",
  503: "Сервис временно недоступен",
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? "";
}

/** JSON Schema of what a client sends (zod's input side: before trimming and defaults). */
export function inputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

/** `/auth/sessions/:id` → `/auth/sessions/{id}` (OpenAPI's notation). */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, "{$1}");
}

function parameters(operation: ApiOperation) {
  const pathNames = [...operation.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const query = operation.query ? inputJsonSchema(operation.query) : null;
  const properties = (query?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  return [
    ...pathNames.map((name) => ({
      name,
      in: "path",
      required: true,
      schema: properties[name] ?? { type: "string" },
    })),
    ...Object.entries(properties)
      .filter(([name]) => !pathNames.includes(name))
      .map(([name, schema]) => ({ name, in: "query", required: required.has(name), schema })),
  ];
}

const envelopeError = {
  type: "object",
  required: ["success", "error"],
  properties: { success: { const: false }, error: { type: "string" }, message: { type: "string" } },
};

/** The OpenAPI 3.1 description served at GET /api/openapi.json. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of API_OPERATIONS) {
    const errors = [...new Set([...(operation.body || operation.query ? [400] : []), ...operation.errors])];
    paths[openApiPath(operation.path)] ??= {};
    paths[openApiPath(operation.path)][operation.method.toLowerCase()] = {
      tags: [operation.group],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      security: operation.access === "public" ? [] : [{ bearer: [] }, { cookie: [] }],
      parameters: parameters(operation),
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                (operation.formBody
                  ? ["application/json", "application/x-www-form-urlencoded"]
                  : ["application/json"]
                ).map((type) => [type, { schema: inputJsonSchema(operation.body!) }]),
              ),
            },
          }
        : {}),
      responses: {
        [operation.success.status]: operation.success.file
          ? {
              description: `Файл ${operation.success.file.name}`,
              content: { [operation.success.file.type]: { schema: { type: "string", format: "binary" } } },
            }
          : {
              description: "Успех",
              content: {
                "application/json": {
                  example: {
                    success: true,
                    data: operation.success.data,
                    ...(operation.success.message ? { message: operation.success.message } : {}),
                  },
                },
              },
            },
        ...Object.fromEntries(
          errors.map((status) => [
            status,
            { description: statusText(status), content: { "application/json": { schema: envelopeError } } },
          ]),
        ),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Рейс API",
      version: "1",
      description:
        "JSON API платформы Рейс. Каждый ответ — конверт { success, data } или { success: false, error, message? }. Таймаут клиента — 10 секунд; на 401 обновите токены один раз и повторите запрос.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        cookie: { type: "apiKey", in: "cookie", name: "__Host-reys_session" },
      },
    },
    paths,
  };
}
