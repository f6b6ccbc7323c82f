import { driverScopeOf, ROLES } from "../../core/members/roles";
import type { Context } from "hono";
import { z } from "zod";
import {
  connectEdo,
  disconnectEdo,
  EDO_MESSAGES,
  edoConnectionFor,
  edoConnectionView,
  edoDocumentsFor,
  findEdoConnection,
  startEdoSync,
  tokenAlive,
  type EdoConnectionRow,
} from "../../core/edo/connection";
import { chainArchive, documentContent, documentPrint } from "../../core/edo/content";
import { edoOrdersSyncView, startEdoOrdersSync } from "../../core/edo/orders";
import { EDO_ORDERS_MESSAGES } from "../../core/edo/orders-sync-view";
import {
  edoAuthSchema,
  edoContentQuerySchema,
  edoDocumentsRequestSchema,
  edoLoginQuerySchema,
} from "../../core/edo/schemas";
import { PROXY_SIGN_IN_LIMITS } from "../../core/provider-throttle";
import { ARCHIVE_LIMITS, formatSize, UNKNOWN_DOCUMENT_TYPE } from "../../core/edo/title-content";
import { EDO_CATEGORIES, EDO_ROLES } from "../../providers/edo-operator";
import type { AppBindings } from "../bindings";
import { clientIp } from "../lib/auth";
import { download, safeName } from "./download";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "ЭДО";

/** The company's EDO connection and its mirror's refresh (EdoConnectionView). */
export const edoConnectionSchema = z.strictObject({
  connected: z.boolean(),
  login: z.string(),
  expiresAt: timestamp,
  userName: z.string(),
  shortName: z.string(),
  companyName: z.string(),
  sync: z.strictObject({
    status: z.enum(["none", "syncing", "success", "error"]),
    done: z.number().int(),
    error: z.string().nullable(),
    lastSyncedAt: timestamp.nullable(),
  }),
});

const wireParty = z.strictObject({ accName: z.string(), inn: z.string(), kpp: z.string().nullable() });

/** One title of a docflow's chain (WireTitle). */
const wireTitleSchema = z.strictObject({
  id: z.string(),
  type: z.string(),
  dateTime: timestamp,
  contentSize: z.number().int(),
});

/**
 * A docflow as the mirror keeps it (WireDocument): the operator's JSON as the adapter read it,
 * so every key is present and the parts a docflow may lack are null.
 */
export const edoDocumentSchema = z.strictObject({
  id: z.string(),
  docflowType: z.enum(EDO_CATEGORIES),
  createDate: timestamp,
  updateDate: timestamp,
  read: z.boolean(),
  statusCode: z.string(),
  roleCode: z.enum(EDO_ROLES),
  expired: z.boolean(),
  deleted: z.boolean(),
  info: z.strictObject({
    doc: z.strictObject({
      num: z.string(),
      date: z.string().describe("ГГГГ-ММ-ДД"),
      trns: z.string(),
      driver: z.string().nullable(),
      chainId: z.string(),
      trip: z.string().nullable(),
    }),
    go: wireParty.nullable(),
    gp: wireParty.nullable(),
    tk: wireParty.nullable(),
    driver: z.strictObject({ accName: z.string() }).nullable(),
    ts: z.strictObject({ num: z.string() }).nullable(),
    loading: z.strictObject({ addr: z.string() }).nullable(),
    unloading: z.strictObject({ addr: z.string() }).nullable(),
    cargo: z
      .strictObject({ name: z.string(), weightKg: z.number(), pallets: z.number().nullable() })
      .nullable(),
    documents: z.array(wireTitleSchema),
    lastdoc: z.strictObject({ type: z.string(), dateTime: timestamp }).nullable(),
  }),
});

const TITLE_CODES = ["ON_TRNACLGROT", "ON_TRNACLPPRIN", "ON_TRNACLGRPO", "ON_TRNACLPVYN"] as const;

// A title's parsed fields, keyed by Russian labels as the viewer shows them; null where the
// XML does not say. Lists of labelled values carry whatever attributes the title has.
const said = z.string().nullable();
const labelledValues = z.array(z.strictObject({ Поле: z.string(), Значение: z.string() }));
const signatureSchema = z.strictObject({ preview: z.string(), totalLength: z.number().int() });

const partyFields = {
  Организация: z.strictObject({ Наименование: said, ИНН: said, КПП: said }),
  Адрес: said,
  Контакты: z.strictObject({ Телефон: said, "Электронная почта": said }),
};

const signerSchema = z.strictObject({
  ФИО: said,
  Фамилия: said,
  Имя: said,
  Отчество: said,
  Статус: said,
  Должность: said,
  Доверенность: z
    .strictObject({ Дата: said, Номер: said, Идентификатор: said, "Ссылка для проверки": said })
    .nullable(),
  "Простая электронная подпись": z
    .strictObject({ ФИО: said, Фамилия: said, Имя: said, Отчество: said, "Другие сведения": labelledValues })
    .nullable()
    .describe(
      "Блок ПЭП подписанта (ФамилияПЭП, ИмяПЭП, ОтчествоПЭП и остальные его атрибуты); null — его нет",
    ),
});

/** Who composed the title's file: НаимЭконСубСост and the INN beside it. */
const composerSchema = z.strictObject({ Наименование: said, ИНН: said });

/** Title 1 (TransportWaybillFields). */
const waybillFieldsSchema = z.strictObject({
  "Основная информация": z.strictObject({
    "Номер накладной": said,
    "Дата накладной": said,
    "Номер заказа": said,
    "Дата заказа": said,
    "Версия программы": said,
    "Версия формата": said,
    "Идентификатор файла": said,
    "УИД ТрН": said,
  }),
  Составитель: composerSchema,
  Грузоотправитель: z.strictObject({ ...partyFields, Экспедитор: z.boolean().nullable() }),
  Грузополучатель: z.strictObject({ ...partyFields, "Адрес доставки": said }),
  Перевозчик: z.strictObject(partyFields),
  "Транспортное средство": z.strictObject({
    "Регистрационный номер": said,
    "Номер СТС": said,
    "Тип владения": z.enum(["Собственность", "Аренда"]).nullable(),
    Тип: said,
    Марка: said,
    "Грузоподъёмность, т": z.number().nullable(),
    "Объём, м³": z.number().nullable(),
  }),
  Прицепы: z.array(z.string()),
  Водитель: z.strictObject({
    Фамилия: said,
    Имя: said,
    Отчество: said,
    "Серия ВУ": said,
    "Номер ВУ": said,
    "Дата выдачи ВУ": said,
    Телефон: said,
  }),
  Груз: z.strictObject({
    Наименование: said,
    Состояние: said,
    "Способ упаковки": said,
    "Вид тары": said,
    "Количество мест": z.number().nullable(),
    Маркировка: said,
    "Масса брутто, кг": z.number().nullable(),
    Паллеты: z.number().nullable(),
  }),
  Погрузка: labelledValues,
  Подписант: signerSchema,
});

/** Titles 2–4 (CargoAcceptanceFields). */
const acceptanceFieldsSchema = z.strictObject({
  "Основная информация": z.strictObject({
    Титул: z.string(),
    "Идентификатор файла": said,
    "Версия формата": said,
    "Версия программы": said,
    Дата: said,
    Время: said,
    "УИД ТрН": said,
    "Содержание операции": said,
  }),
  Составитель: composerSchema,
  "Ответ на титул": z
    .strictObject({
      "Идентификатор файла": said,
      Дата: said,
      Время: said,
      Подпись: signatureSchema.nullable(),
    })
    .nullable(),
  "Приём груза": labelledValues,
  Замечания: labelledValues,
  Отметки: labelledValues,
  Подписант: signerSchema,
});

/** What the content viewer shows of one title (DocumentContent). */
export const documentContentSchema = z.strictObject({
  documentId: z.string(),
  docflowId: z.string(),
  documentNumber: z.string(),
  sourceDocumentType: z.string(),
  chainInfo: z.strictObject({
    totalDocuments: z.number().int(),
    availableTypes: z.array(z.string()),
    documents: z.array(wireTitleSchema),
  }),
  contentSize: z.number().int(),
  contentSizeFormatted: z.string(),
  hasXML: z.boolean(),
  hasSignatures: z.boolean(),
  fileList: z.array(z.strictObject({ name: z.string(), size: z.number().int() })),
  signatures: z.array(z.strictObject({ name: z.string(), ...signatureSchema.shape })),
  extractedData: z.strictObject({
    metadata: z.strictObject({ totalFiles: z.number().int(), documentType: z.string() }),
    extracted: z.discriminatedUnion("type", [
      z.strictObject({
        type: z.literal("waybill"),
        title: z.enum(TITLE_CODES),
        documentType: z.string(),
        extractedFields: waybillFieldsSchema,
      }),
      z.strictObject({
        type: z.literal("acceptance"),
        title: z.enum(TITLE_CODES),
        documentType: z.string(),
        extractedFields: acceptanceFieldsSchema,
      }),
      z.strictObject({
        type: z.literal("unknown"),
        documentType: z.literal(UNKNOWN_DOCUMENT_TYPE),
        rawData: z.string(),
      }),
    ]),
  }),
  content: z.string().nullable(),
});

/** The company's latest EDO → orders sync (EdoOrdersSyncView). */
export const edoOrdersSyncSchema = z.strictObject({
  status: z.enum(["none", "running", "succeeded", "failed"]),
  processed: z.number().int(),
  total: z.number().int().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.number().int(),
  removed: z.number().int(),
  details: z.string().nullable(),
  error: z.string().nullable(),
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
});

const exampleEdoConnection = {
  connected: true,
  login: "demo-carrier",
  expiresAt: "2026-11-24T09:30:00.000Z",
  userName: "Смирнов Алексей Петрович",
  shortName: "Смирнов А. П.",
  companyName: "ООО «Рейс Демо Транс»",
  sync: { status: "success", done: 3000, error: null, lastSyncedAt: "2026-11-23T09:35:00.000Z" },
} satisfies z.input<typeof edoConnectionSchema>;

const exampleEdoDocument = {
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
} satisfies z.input<typeof edoDocumentSchema>;

const EDO_LOGIN_RULE =
  "login — логин ЭДО компании вызывающего; любой другой логин — 404 «Логин ЭДО не найден».";

const exampleEdoOrdersSync = {
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
} satisfies z.input<typeof edoOrdersSyncSchema>;

const EDO_DOCUMENT_RULE =
  "id — документ ЭДО из GET /edo/documents (id), только из зеркала своей компании: чужой или неизвестный — 404.";

const exampleDocumentContent = {
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
        Составитель: { Наименование: "ООО «ТрансЛайн»", ИНН: "7708123450" },
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
          "Простая электронная подпись": {
            ФИО: "Кузнецов Сергей Иванович",
            Фамилия: "Кузнецов",
            Имя: "Сергей",
            Отчество: "Иванович",
            "Другие сведения": [],
          },
        },
      },
    },
  },
  content: '<?xml version="1.0" encoding="windows-1251"?><Файл ИдФайл="…" ВерсФорм="5.01">…</Файл>',
} satisfies z.input<typeof documentContentSchema>;

/**
 * The caller's company's connection if `login` is its login; any other login is not found
 * (spec 2 §6): no carrier reads another's documents by guessing a login.
 */
function ownConnection(c: Context<AppBindings>, login: string): Promise<EdoConnectionRow | undefined> {
  return edoConnectionFor(c.get("db"), callerOf(c).user.company.id, login);
}

type Alive = { ok: true; connection: EdoConnectionRow } | { ok: false; status: 404 | 409; error: string };

/**
 * The connection, if there is one and its token is alive: a token the operator no longer
 * accepts answers 409 with the text the page resets the connection on.
 */
export function alive(connection: EdoConnectionRow | undefined): Alive {
  if (!connection) return { ok: false, status: 404, error: EDO_MESSAGES.loginNotFound };
  if (!tokenAlive(connection, Date.now()))
    return { ok: false, status: 409, error: EDO_MESSAGES.tokenExpired };
  return { ok: true, connection };
}

/** A driver's own documents only (decision 0077); null for the office. */
const driverOf = (c: Context<AppBindings>) => {
  const { companyRole, user } = callerOf(c);
  return driverScopeOf(companyRole, user);
};

const documentParam = z.object({
  id: z.string().describe("Идентификатор документа ЭДО (id из GET /edo/documents)"),
});

/**
 * A print form's failure from the core: print forms are never parsed, so they never answer 422
 * (ContentFailure's type allows it for title archives).
 */
const printFailure = (status: 404 | 409 | 422 | 503) => status as 404 | 409 | 503;

/** The EDO calls of spec 2 §7: connection, status, user info, the mirror's documents and refresh. */
export const edoOperations = [
  operation(
    {
      method: "POST",
      path: "/edo/auth",
      group: GROUP,
      summary: "Подключиться к ЭДО логином и паролем кабинета оператора",
      description: `Пароль не хранится: хранится только токен оператора, зашифрованный для компании. Сразу запускается загрузка документов в зеркало. Логин или пароль отклонены — 422, оператор не отвечает — 503. ${PROXY_SIGN_IN_LIMITS}`,
      access: "signed-in",
      roles: ROLES.office,
      body: edoAuthSchema,
      success: {
        status: 200,
        data: edoConnectionSchema,
        message: EDO_MESSAGES.connected,
        example: exampleEdoConnection,
      },
      errors: [422, 429, 503],
    },
    async (c, { body }, reply) => {
      const result = await connectEdo(c.get("deps").edo(), callerOf(c).user.company.id, body, clientIp(c));
      if (!result.ok) return reply.refuse(result);
      return reply.ok(result.data);
    },
  ),
  operation(
    {
      method: "DELETE",
      path: "/edo/auth",
      group: GROUP,
      summary: "Отключиться от ЭДО: забыть токен и документы",
      description: EDO_LOGIN_RULE,
      access: "signed-in",
      roles: ROLES.office,
      body: edoLoginQuerySchema,
      success: { status: 200, data: z.null(), message: EDO_MESSAGES.disconnected, example: null },
      errors: [404],
    },
    async (c, { body }, reply) => {
      const removed = await disconnectEdo(c.get("db"), callerOf(c).user.company.id, body.login);
      return removed ? reply.ok(null) : reply.fail(404, EDO_MESSAGES.loginNotFound);
    },
  ),
  operation(
    {
      method: "GET",
      path: "/edo/status",
      group: GROUP,
      summary: "Состояние подключения к ЭДО и загрузки документов",
      description: `connected — токен оператора действует; sync — последняя загрузка документов. ${EDO_LOGIN_RULE}`,
      access: "signed-in",
      roles: ROLES.all,
      query: edoLoginQuerySchema,
      success: { status: 200, data: edoConnectionSchema, example: exampleEdoConnection },
      errors: [404],
    },
    async (c, { query }, reply) => {
      const connection = await ownConnection(c, query.login);
      if (!connection) return reply.fail(404, EDO_MESSAGES.loginNotFound);
      return reply.ok(await edoConnectionView(c.get("db"), connection, Date.now()));
    },
  ),
  operation(
    {
      method: "GET",
      path: "/edo/user",
      group: GROUP,
      summary: "Пользователь кабинета ЭДО",
      description: `${EDO_LOGIN_RULE} Токен истёк — 409.`,
      access: "signed-in",
      roles: ROLES.office,
      query: edoLoginQuerySchema,
      success: {
        status: 200,
        data: z.strictObject({ userName: z.string(), shortName: z.string() }),
        example: { userName: "Смирнов Алексей Петрович", shortName: "Смирнов А. П." },
      },
      errors: [404, 409],
    },
    async (c, { query }, reply) => {
      const found = alive(await ownConnection(c, query.login));
      if (!found.ok) return reply.fail(found.status, found.error);
      const { userName, shortName } = found.connection;
      return reply.ok({ userName, shortName });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/edo/documents",
      group: GROUP,
      summary: "Документы ЭДО с фильтрами (из зеркала)",
      description: `Читается из зеркала документов компании, новые сверху. period 0 — все периоды; category по умолчанию ETRN; expired и deleted: true — только просроченные или удалённые, false — без них; поиск и текстовые фильтры без учёта регистра; dateFrom и dateTo — дни по Москве включительно. ${EDO_LOGIN_RULE} Токен истёк — 409.`,
      access: "signed-in",
      roles: ROLES.all,
      query: edoDocumentsRequestSchema,
      success: {
        status: 200,
        data: z.strictObject({ docs: z.array(edoDocumentSchema), total: z.number().int() }),
        example: { docs: [exampleEdoDocument], total: 1 },
      },
      errors: [404, 409],
    },
    async (c, { query }, reply) => {
      // The connection and the page in one round trip; the page is answered only if the
      // connection is the caller's and alive.
      const read = await edoDocumentsFor(c.get("db"), callerOf(c).user.company.id, query, driverOf(c));
      const found = alive(read.connection);
      return found.ok ? reply.ok(read.documents) : reply.fail(found.status, found.error);
    },
  ),
  operation(
    {
      method: "GET",
      path: "/edo/documents/:id/content/processed",
      group: GROUP,
      summary: "Содержимое документа цепочки: файлы, подпись и разобранные поля ЭТрН",
      description: `Без title открывается первый документ цепочки с содержимым в порядке ON_TRNACLPPRIN, ON_TRNACLGROT, ON_TRNAPERAK, ON_TRNAPERAK_GIS_COMPLETE, ON_TRNAPERAK_GIS_LOAD, затем остальные; title — конкретный документ цепочки. extractedData.extracted: type waybill (титул 1), acceptance (титулы 2–4) или unknown с rawData до 3000 символов. Документ без содержимого — contentSize 0 и пустой список файлов. Файлы берутся у оператора один раз и хранятся. ${EDO_DOCUMENT_RULE} ${EDO_LOGIN_RULE} Токен истёк — 409; оператор не отвечает — 503; архив не читается или распаковывается больше чем в ${formatSize(ARCHIVE_LIMITS.entryBytes)} на файл или ${formatSize(ARCHIVE_LIMITS.totalBytes)} на архив — 422 (такой архив не сохраняется).`,
      access: "signed-in",
      roles: ROLES.all,
      owns: { param: "id", resource: "edo-document" },
      requires: "edo-login",
      params: documentParam,
      query: edoContentQuerySchema,
      success: { status: 200, data: documentContentSchema, example: exampleDocumentContent },
      errors: [409, 422, 503],
    },
    async (c, { params, query }, reply) => {
      const found = alive(await ownConnection(c, query.login));
      if (!found.ok) return reply.fail(found.status, found.error);
      const deps = c.get("deps").edo();
      const result = await documentContent(deps, found.connection, driverOf(c), params.id, query.title);
      return result.ok ? reply.ok(result.data) : reply.fail(result.status, result.message);
    },
  ),
  operation(
    {
      method: "GET",
      path: "/edo/documents/:id/print",
      group: GROUP,
      summary: "Печатная форма (PDF) документа или одного документа цепочки",
      description: `Без title — печатная форма всей цепочки, с title — одного её документа. Ответ — файл PDF (Content-Disposition: attachment), ошибки — JSON. ${EDO_DOCUMENT_RULE} ${EDO_LOGIN_RULE} Токен истёк — 409; оператор не отвечает — 503.`,
      access: "signed-in",
      roles: ROLES.all,
      owns: { param: "id", resource: "edo-document" },
      requires: "edo-login",
      params: documentParam,
      query: edoContentQuerySchema,
      success: { status: 200, file: { type: "application/pdf", name: "document-{id}.pdf" } },
      errors: [409, 503],
    },
    async (c, { params, query }, reply) => {
      const found = alive(await ownConnection(c, query.login));
      if (!found.ok) return reply.fail(found.status, found.error);
      const result = await documentPrint(
        c.get("deps").edo(),
        found.connection,
        driverOf(c),
        params.id,
        query.title,
      );
      if (!result.ok) return reply.fail(printFailure(result.status), result.message);
      return download(result.data, "application/pdf", `document-${safeName(query.title ?? params.id)}.pdf`);
    },
  ),
  operation(
    {
      method: "GET",
      path: "/edo/documents/:id/archive",
      group: GROUP,
      summary: "Вся цепочка одним архивом: архивы документов с подписями и их PDF",
      description: `ZIP: печатная форма цепочки и для каждого документа с содержимым — его архив от оператора без изменений (подпись остаётся проверяемой) и PDF, по порядку цепочки. Имя файла — номер документа; имена файлов внутри — номер по порядку и тип документа, без разделителей пути. ${EDO_DOCUMENT_RULE} ${EDO_LOGIN_RULE} Токен истёк — 409; оператор не отвечает — 503; архив документа от оператора распаковывается больше чем в ${formatSize(ARCHIVE_LIMITS.entryBytes)} на файл или ${formatSize(ARCHIVE_LIMITS.totalBytes)} на архив — 422, он не сохраняется.`,
      access: "signed-in",
      roles: ROLES.all,
      owns: { param: "id", resource: "edo-document" },
      requires: "edo-login",
      params: documentParam,
      query: edoLoginQuerySchema,
      success: { status: 200, file: { type: "application/zip", name: "chain-{id}.zip" } },
      errors: [409, 422, 503],
    },
    async (c, { params, query }, reply) => {
      const found = alive(await ownConnection(c, query.login));
      if (!found.ok) return reply.fail(found.status, found.error);
      const result = await chainArchive(c.get("deps").edo(), found.connection, driverOf(c), params.id);
      if (!result.ok) return reply.fail(result.status, result.message);
      const { bytes, stem } = result.data;
      return download(bytes, "application/zip", `chain-${safeName(params.id)}.zip`, `${stem}.zip`);
    },
  ),
  operation(
    {
      method: "POST",
      path: "/edo/sync",
      group: GROUP,
      summary: "Обновить документы ЭДО",
      description: `Запускает задачу: зеркало получает у оператора только изменившиеся документы; ход виден в GET /edo/status. Повторный вызов во время загрузки ничего не запускает. ${EDO_LOGIN_RULE}`,
      access: "signed-in",
      roles: ROLES.office,
      body: edoLoginQuerySchema,
      success: {
        status: 202,
        data: edoConnectionSchema,
        message: EDO_MESSAGES.syncStarted,
        example: exampleEdoConnection,
      },
      errors: [404, 409],
    },
    async (c, { body }, reply) => {
      const found = alive(await ownConnection(c, body.login));
      if (!found.ok) return reply.fail(found.status, found.error);
      const deps = c.get("deps").edo();
      await startEdoSync(deps, found.connection.companyId);
      return reply.ok(await edoConnectionView(deps.db, found.connection, deps.now()));
    },
  ),
  operation(
    {
      method: "POST",
      path: "/edo/sync-to-orders",
      group: GROUP,
      summary: "Синхронизировать документы ЭДО с заказами",
      description: `Запускает задачу: каждая транспортная накладная (ETRN) из зеркала документов, кроме удалённых и отклонённых, становится заказом платформы edo или обновляет его (ключ — id документооборота, повтор не создаёт дублей). Маршрут — адреса погрузки и выгрузки, заказчик — грузоотправитель, получатель — грузополучатель; статус по подписанным титулам: ON_TRNACLPVYN — свободен, ON_TRNACLGRPO — delivered, ON_TRNACLPPRIN — in_transit, только ON_TRNACLGROT — accepted; цена неизвестна (оплата по факту). Документ без адреса погрузки или выгрузки считается ошибкой (errors, номера в details). Ответ 202 — ход задачи, как в GET /edo/sync-to-orders; повторный вызов во время синхронизации ничего не запускает. Без сохранённого логина ЭДО — 404 с details «${EDO_ORDERS_MESSAGES.loginFirst}». ${EDO_LOGIN_RULE} Токен истёк — 409.`,
      access: "signed-in",
      roles: ROLES.office,
      body: edoLoginQuerySchema,
      success: {
        status: 202,
        data: edoOrdersSyncSchema,
        message: EDO_ORDERS_MESSAGES.started,
        example: exampleEdoOrdersSync,
      },
      errors: [404, 409, 503],
    },
    async (c, { body }, reply) => {
      const found = alive(await ownConnection(c, body.login));
      if (!found.ok) {
        // No saved EDO login at all: spec 2 §5's advice goes in the sync error's details (§7).
        const companyId = callerOf(c).user.company.id;
        if (found.status === 404 && !(await findEdoConnection(c.get("db"), companyId))) {
          return reply.fail(404, EDO_MESSAGES.loginNotFound, undefined, {
            details: EDO_ORDERS_MESSAGES.loginFirst,
          });
        }
        return reply.fail(found.status, found.error);
      }
      const started = await startEdoOrdersSync(c.get("deps").edo(), found.connection);
      if (!started.ok) return reply.fail(503, started.message);
      return reply.ok(started.view);
    },
  ),
  operation(
    {
      method: "GET",
      path: "/edo/sync-to-orders",
      group: GROUP,
      summary: "Ход синхронизации документов ЭДО с заказами",
      description: `status: none (не запускалась), running, succeeded или failed (причина в error). processed из total — обработано документов; created, updated — созданные и изменившиеся заказы; errors — документы, не ставшие заказами (номера в details); removed — заказы удалённых или отклонённых документов (заказы с запрошенной оплатой остаются). ${EDO_LOGIN_RULE}`,
      access: "signed-in",
      roles: ROLES.office,
      requires: "edo-login",
      query: edoLoginQuerySchema,
      success: {
        status: 200,
        data: edoOrdersSyncSchema,
        example: {
          ...exampleEdoOrdersSync,
          status: "succeeded",
          processed: 2830,
          created: 2540,
          updated: 260,
          finishedAt: "2026-11-23T09:41:10.000Z",
        },
      },
      errors: [404],
    },
    async (c, { query }, reply) => {
      const connection = await ownConnection(c, query.login);
      if (!connection) return reply.fail(404, EDO_MESSAGES.loginNotFound);
      return reply.ok(await edoOrdersSyncView(c.get("db"), connection.id, Date.now()));
    },
  ),
];
