import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import {
  CARD_LIST,
  edoClientCardFor,
  edoClientsFor,
  type EdoClientCard,
  type EdoClients,
} from "../../core/edo/clients";
import {
  ACTIVE_CARD_DAYS,
  ACTIVE_DAYS,
  CLIENT_ACTIVITIES,
  CLIENT_MESSAGES,
  CLIENT_ROLES,
  clientInnSchema,
  edoClientRequestSchema,
  edoClientsRequestSchema,
  MODERATE_DAYS,
} from "../../core/edo/clients-schemas";
import { EDO_MESSAGES } from "../../core/edo/connection";
import { alive } from "./edo";
import { callerOf, operation, timestamp } from "./operation";

const role = z.enum(CLIENT_ROLES);
const activity = z.enum(CLIENT_ACTIVITIES);
const count = z.number().int();

/** Spec 2 §3 «Client summary», spec 3 §3 «Client data», with the activity band (spec 3 §9). */
const clientSchema = z.strictObject({
  name: z.string(),
  inn: z.string(),
  kpp: z.string().nullable(),
  role,
  documentsCount: count,
  lastDocumentDate: timestamp,
  activity,
});

export const edoClientsSchema = z.strictObject({
  lastSyncedAt: timestamp.nullable().describe("Когда зеркало документов обновлялось последний раз"),
  totalClients: count,
  totalDocuments: count,
  activeClients: count,
  roleDistribution: z.array(z.strictObject({ role, count })),
  activityDistribution: z.array(z.strictObject({ activity, count })),
  matched: count,
  page: count,
  pageSize: count,
  pageCount: count,
  clients: z.array(clientSchema),
});

export const edoClientCardSchema = z.strictObject({
  inn: z.string(),
  name: z.string(),
  kpp: z.string().nullable(),
  documentsCount: count,
  lastDocumentDate: timestamp,
  activity,
  roles: z.array(clientSchema.omit({ inn: true, activity: true })),
  documents: z.array(
    z.strictObject({
      id: z.string(),
      number: z.string(),
      createdAt: timestamp,
      statusCode: z.string(),
      roles: z.array(role),
      loading: z.string().nullable(),
      unloading: z.string().nullable(),
    }),
  ),
  routes: z.array(z.strictObject({ from: z.string(), to: z.string(), count })),
  ordersCount: count,
  orders: z.array(
    z.strictObject({
      id: z.string(),
      number: z.string(),
      status: z.string(),
      createdAt: timestamp,
      priceKopecks: count.nullable(),
    }),
  ),
});

const tander = {
  name: "АО «Тандер»",
  inn: "2310031475",
  kpp: "231001001",
  role: "GP" as const,
  documentsCount: 57,
  lastDocumentDate: "2025-12-30T16:12:00.000Z",
};

const exampleClients = {
  lastSyncedAt: "2026-11-23T09:35:00.000Z",
  totalClients: 168,
  totalDocuments: 24_310,
  activeClients: 0,
  roleDistribution: [
    { role: "GO" as const, count: 92 },
    { role: "GP" as const, count: 71 },
    { role: "TK" as const, count: 5 },
  ],
  activityDistribution: [
    { activity: "active" as const, count: 0 },
    { activity: "moderate" as const, count: 0 },
    { activity: "inactive" as const, count: 168 },
  ],
  matched: 1,
  page: 1,
  pageSize: 50,
  pageCount: 1,
  clients: [{ ...tander, activity: "inactive" as const }],
} satisfies EdoClients & { lastSyncedAt: string };

const exampleCard = {
  inn: tander.inn,
  name: tander.name,
  kpp: tander.kpp,
  documentsCount: 57,
  lastDocumentDate: tander.lastDocumentDate,
  activity: "inactive" as const,
  roles: [
    {
      name: tander.name,
      kpp: tander.kpp,
      role: tander.role,
      documentsCount: 57,
      lastDocumentDate: tander.lastDocumentDate,
    },
  ],
  documents: [
    {
      id: "3f1c2a4e-0b7d-4c1e-9a52-6d8e0f3b1a27",
      number: "ЭТрН-004512",
      createdAt: tander.lastDocumentDate,
      statusCode: "ON_TRNACLPVYN",
      roles: ["GP" as const],
      loading: "г Москва, ул Складочная, д 1",
      unloading: "Московская обл, г Подольск, ул Южная, д 5",
    },
  ],
  routes: [{ from: "Москва", to: "Подольск", count: 12 }],
  ordersCount: 1,
  orders: [
    {
      id: "8d6a1f0e-52c4-4b3a-a1d2-7e9f0c3b4a51",
      number: "ЭТрН-004512",
      status: "delivered",
      createdAt: tander.lastDocumentDate,
      priceKopecks: null,
    },
  ],
} satisfies EdoClientCard;

const DOCUMENTS_RULE =
  "Считается по транспортным накладным (ETRN) зеркала компании без удалённых и просроченных: period — квартал по Москве (0 — все), status — один код статуса, limit — последние N документов (по умолчанию 1000; 0 — все).";
const CLIENT_RULE = `Клиент — контрагент документа в одной роли (GO грузоотправитель, GP грузополучатель, TK перевозчик) с одним ИНН, кроме самой компании (сторона её собственной роли roleCode и любая сторона с тем же ИНН); название и КПП — из его последнего документа. Активность: active — последний документ не старше ${ACTIVE_DAYS} дней, moderate — не старше ${MODERATE_DAYS}, inactive — старше; activeClients — с документом за последние ${ACTIVE_CARD_DAYS} дней.`;
const LOGIN_RULE = `login — логин ЭДО компании вызывающего; любой другой — 404 «${EDO_MESSAGES.loginNotFound}». Токен истёк — 409.`;

/** GET /api/edo/clients and /api/edo/clients/:inn (issue 23): the /edo-clients page's reads. */
export const edoClientsOperations = [
  operation(
    {
      method: "GET",
      path: "/edo/clients",
      group: "ЭДО",
      summary: "Клиенты ЭДО: контрагенты документов (из зеркала)",
      description: `${DOCUMENTS_RULE} ${CLIENT_RULE} totalClients, totalDocuments, activeClients, roleDistribution и activityDistribution — до поиска и фильтров role и activity; matched — клиентов после них, clients — их страница page по pageSize, сначала с самым свежим документом. search — часть названия или ИНН без учёта регистра. ${LOGIN_RULE}`,
      access: "signed-in",
      roles: ROLES.office,
      query: edoClientsRequestSchema,
      success: { status: 200, data: edoClientsSchema, example: exampleClients },
      errors: [404, 409],
    },
    async (c, { query }, reply) => {
      const read = await edoClientsFor(c.get("db"), callerOf(c).user.company.id, query, Date.now());
      const found = alive(read.connection);
      if (!found.ok) return reply.fail(found.status, found.error);
      return reply.ok({
        lastSyncedAt: found.connection.lastSyncedAt?.toISOString() ?? null,
        ...read.clients,
      });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/edo/clients/:inn",
      group: "ЭДО",
      summary: "Карточка клиента ЭДО: роли, документы, маршруты и заказы",
      description: `${DOCUMENTS_RULE} ${CLIENT_RULE} Карточка — все роли клиента с этим ИНН; documents — последние ${CARD_LIST} документов с ним; routes — маршруты его документов город → город; orders — заказы, созданные из его документов (последние ${CARD_LIST}, ordersCount — все). Нет документа с таким клиентом — 404 «${CLIENT_MESSAGES.notFound}». ${LOGIN_RULE}`,
      access: "signed-in",
      roles: ROLES.office,
      owns: { param: "inn", resource: "edo-client" },
      requires: "edo-login",
      params: clientInnSchema,
      query: edoClientRequestSchema,
      success: { status: 200, data: edoClientCardSchema, example: exampleCard },
      errors: [404, 409],
    },
    async (c, { params, query }, reply) => {
      const companyId = callerOf(c).user.company.id;
      const read = await edoClientCardFor(c.get("db"), companyId, params.inn, query, Date.now());
      const found = alive(read.connection);
      if (!found.ok) return reply.fail(found.status, found.error);
      return read.card ? reply.ok(read.card) : reply.fail(404, CLIENT_MESSAGES.notFound);
    },
  ),
];
