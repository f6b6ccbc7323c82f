import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import {
  BUSY_STATUSES,
  DAYS,
  edoAnalyticsFor,
  TOP,
  UNKNOWN_REGION,
  WORKING_HOURS,
  type EdoAnalytics,
} from "../../core/edo/analytics";
import { edoAnalyticsRequestSchema } from "../../core/edo/analytics-schemas";
import { EDO_MESSAGES } from "../../core/edo/connection";
import { alive } from "./edo";
import { callerOf, operation, timestamp } from "./operation";

const counted = <K extends string>(key: K) =>
  z.array(
    z.strictObject({ [key]: z.string(), count: z.number().int() } as Record<K, z.ZodString> & {
      count: z.ZodNumber;
    }),
  );

/** Spec 2 §3 «Analytics» and spec 3 §3 «Analytics result», with the mirror's last refresh. */
export const edoAnalyticsSchema = z.strictObject({
  lastSyncedAt: timestamp.nullable().describe("Когда зеркало документов обновлялось последний раз"),
  range: z.strictObject({ from: timestamp, to: timestamp.nullable() }),
  totalDocuments: z.number().int(),
  activeTransports: z.number().int(),
  companiesCount: z.number().int(),
  documentsToday: z.number().int(),
  vehicles: z.number().int(),
  routes: z.number().int(),
  newestDocumentAt: timestamp.nullable(),
  statusDistribution: counted("status"),
  byStatus: z.record(z.string(), z.number().int()),
  roleDistribution: counted("role"),
  byParticipant: z.record(z.string(), z.number().int()),
  topCompanies: z.array(z.strictObject({ name: z.string(), inn: z.string(), count: z.number().int() })),
  popularRoutes: z.array(z.strictObject({ from: z.string(), to: z.string(), count: z.number().int() })),
  hourlyActivity: z.array(z.strictObject({ hour: z.number().int(), count: z.number().int() })),
  dailyActivity: z.array(z.strictObject({ date: z.string(), count: z.number().int() })),
  regionActivity: counted("region"),
  loadingRegions: counted("region"),
  unloadingRegions: counted("region"),
  timeAnalysis: z.strictObject({
    peakHour: z.number().int().nullable(),
    quietHour: z.number().int().nullable(),
    avgDocumentsPerHour: z.number(),
    workingHours: z.strictObject({
      from: z.number().int(),
      to: z.number().int(),
      documents: z.number().int(),
    }),
  }),
});

const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour >= 8 && hour < 19 ? 80 : 10 }));
const exampleAnalytics = {
  lastSyncedAt: "2026-11-23T09:35:00.000Z",
  range: { from: "2022-12-31T21:00:00.000Z", to: "2025-12-31T21:00:00.000Z" },
  totalDocuments: 1000,
  activeTransports: 41,
  companiesCount: 168,
  documentsToday: 0,
  vehicles: 212,
  routes: 734,
  newestDocumentAt: "2025-12-30T16:12:00.000Z",
  statusDistribution: [
    { status: "ON_TRNACLPVYN", count: 412 },
    { status: "ON_TRNACLZAKR", count: 268 },
  ],
  byStatus: { ON_TRNACLPVYN: 412, ON_TRNACLZAKR: 268 },
  roleDistribution: [{ role: "TK", count: 1000 }],
  byParticipant: { TK: 1000 },
  topCompanies: [{ name: "АО «Тандер»", inn: "2310031475", count: 57 }],
  popularRoutes: [{ from: "Москва", to: "Подольск", count: 12 }],
  hourlyActivity: hours,
  dailyActivity: [{ date: "2025-12-30", count: 6 }],
  regionActivity: [{ region: "Московская область", count: 402 }],
  loadingRegions: [{ region: "Москва", count: 180 }],
  unloadingRegions: [{ region: "Московская область", count: 230 }],
  timeAnalysis: {
    peakHour: 8,
    quietHour: 0,
    avgDocumentsPerHour: 41.67,
    workingHours: { from: 8, to: 18, documents: 800 },
  },
} satisfies z.input<typeof edoAnalyticsSchema> & Omit<EdoAnalytics, "range" | "newestDocumentAt">;

/** GET /api/edo/analytics (issue 22): every figure of /dashboard/analytics from the mirror. */
export const edoAnalyticsOperations = [
  operation(
    {
      method: "GET",
      path: "/edo/analytics",
      group: "ЭДО",
      summary: "Аналитика документов ЭДО (из зеркала)",
      description: `Считается по последним limit транспортным накладным (ETRN) зеркала компании, без удалённых и просроченных, новые сверху. period — квартал по Москве; period 0 с allQuarters=true — все кварталы 2023–2025, с allQuarters=false — последние 3 месяца. status — один код статуса. activeTransports — разные ТС документов в статусах ${BUSY_STATUSES.join(", ")}; companiesCount и topCompanies (${TOP}) — контрагенты по ИНН (стороны документа, кроме роли самой компании roleCode), count — документы с ними; popularRoutes (${TOP}) — рейсы город → город; регионы и города — по адресам погрузки и выгрузки («${UNKNOWN_REGION}» — адрес не распознан); regionActivity — документы с погрузкой или выгрузкой в регионе. Часы — по Москве; рабочие часы ${WORKING_HOURS.from}–${WORKING_HOURS.to}; avgDocumentsPerHour = totalDocuments / 24; dailyActivity — ${DAYS} дней по последний день анализируемых документов. login — логин ЭДО компании вызывающего; любой другой — 404 «${EDO_MESSAGES.loginNotFound}». Токен истёк — 409.`,
      access: "signed-in",
      roles: ROLES.office,
      query: edoAnalyticsRequestSchema,
      success: { status: 200, data: edoAnalyticsSchema, example: exampleAnalytics },
      errors: [404, 409],
    },
    async (c, { query }, reply) => {
      const now = Date.now();
      const read = await edoAnalyticsFor(c.get("db"), callerOf(c).user.company.id, query, now);
      const found = alive(read.connection);
      if (!found.ok) return reply.fail(found.status, found.error);
      return reply.ok({
        lastSyncedAt: found.connection.lastSyncedAt?.toISOString() ?? null,
        ...read.analytics,
      });
    },
  ),
];
