import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import { ORDER_PLATFORM_IDS } from "../../../db/vocabulary";
import {
  ACTIVE_PLATFORM_DAYS,
  AGEING_BUCKETS,
  crmAnalytics,
  crmDashboard,
  crmQuickStats,
  receivableOrders,
  TARGET_WEEKS,
  TOP_PLATFORMS,
  TREND_WEEKS,
  URGENT_WITHIN_MS,
  type CrmAnalytics,
  type CrmDashboard,
  type CrmQuickStats,
} from "../../core/crm/crm";
import { receivablesCsv, RECEIVABLES_CSV_TYPE, receivablesCsvName } from "../../core/crm/receivables-csv";
import { download } from "./download";
import { callerOf, operation } from "./operation";

const GROUP = "CRM";
const rubles = z.number().describe("Рубли");
const percent = z.number().nullable().describe("Изменение, %; null — сравнивать не с чем");

export const crmQuickStatsSchema = z.strictObject({
  todayOrders: z.strictObject({ count: z.number().int(), change: percent, amount: rubles }),
  activeOrders: z.strictObject({ count: z.number().int(), urgent: z.number().int(), amount: rubles }),
  weeklyRevenue: z.strictObject({ amount: rubles, change: percent, target: rubles.nullable() }),
  platformsActive: z.strictObject({
    count: z.number().int(),
    total: z.number().int(),
    newThisWeek: z.number().int(),
  }),
});

const weekPoint = z.strictObject({
  weekStart: z.iso.date().describe("Понедельник недели (по Москве)"),
  orders: z.number().int(),
  amount: rubles,
});

const platformAnalyticsSchema = z.strictObject({
  platform: z.enum(ORDER_PLATFORM_IDS),
  name: z.string(),
  totalOrders: z.number().int(),
  totalAmount: rubles,
  avgOrderAmount: rubles,
  unpricedOrders: z.number().int(),
  completionRate: z.number().describe("Выполненные заказы, % от всех"),
  activeOrders: z.number().int(),
  trend: z.strictObject({ amount: percent, orders: percent }),
  weekly: z.array(weekPoint),
});

const buckets = z.strictObject(
  Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket.key, rubles.describe(bucket.label)])) as Record<
    (typeof AGEING_BUCKETS)[number]["key"],
    z.ZodNumber
  >,
);
const receivablesSchema = z.strictObject({
  asOf: z.iso.date(),
  platforms: z.array(
    z.strictObject({
      platform: z.enum(ORDER_PLATFORM_IDS),
      name: z.string(),
      orders: z.number().int(),
      buckets,
      total: rubles,
      unpricedOrders: z.number().int(),
    }),
  ),
  totals: z.strictObject({
    orders: z.number().int(),
    buckets,
    total: rubles,
    unpricedOrders: z.number().int(),
  }),
});

const weeks = (amount: number) =>
  Array.from({ length: TREND_WEEKS }, (_, index) => ({
    weekStart: new Date(Date.UTC(2026, 8, 7 + index * 7)).toISOString().slice(0, 10),
    orders: index + 1,
    amount: amount * (index + 1),
  }));
const exampleQuickStats = {
  todayOrders: { count: 4, change: 33.3, amount: 412000 },
  activeOrders: { count: 38, urgent: 5, amount: 3920500 },
  weeklyRevenue: { amount: 1875000, change: -4.2, target: 1950250 },
  platformsActive: { count: 2, total: 3, newThisWeek: 1 },
} satisfies CrmQuickStats;
const examplePlatform = {
  platform: "x5",
  name: "X5 Group",
  totalOrders: 412,
  totalAmount: 41230500,
  avgOrderAmount: 100074.03,
  unpricedOrders: 0,
  completionRate: 81.3,
  activeOrders: 77,
  trend: { amount: 12.5, orders: 8 },
  weekly: weeks(98500),
} satisfies CrmAnalytics["platforms"][number];
const bucketsExample = { current: 820000, days31to60: 310500, days61to90: 0, over90: 95000 };

const urgentHours = URGENT_WITHIN_MS / 3_600_000;
const definitions = `Заказы компании вызывающего по платформам (decision 0060). Время — московское. todayOrders: созданные сегодня; change — к вчерашним на тот же час. activeOrders: в статусах new…in_transit; urgent — из них те, чей ближайший срок (погрузка до начала рейса, доставка в пути) наступит в ближайшие ${urgentHours} ч или прошёл. weeklyRevenue: сумма выполненных заказов (delivered, invoiced, paid, «свободен») с датой доставки за последние 7 дней; change — к 7 дням до них; target — средняя за ${TARGET_WEEKS} недели до них (null, пока истории меньше). platformsActive: count — платформы с заказами за ${ACTIVE_PLATFORM_DAYS} дней, total — подключённые, newThisWeek — подключённые за 7 дней. Суммы — в рублях; заказ без цены (ЭДО) суммы не добавляет.`;

/** The CRM's reads (spec 3 §7): quick stats, the dashboard and the per-platform analytics. */
export const crmOperations = [
  operation(
    {
      method: "GET",
      path: "/crm/quick-stats",
      group: GROUP,
      summary: "Быстрая статистика CRM",
      description: definitions,
      access: "signed-in",
      roles: ROLES.office,
      success: { status: 200, data: crmQuickStatsSchema, example: exampleQuickStats },
      errors: [],
    },
    async (c, _input, reply) =>
      reply.ok(await crmQuickStats(c.get("db"), callerOf(c).user.company.id, Date.now())),
  ),
  operation(
    {
      method: "GET",
      path: "/crm/dashboard",
      group: GROUP,
      summary: "Дашборд CRM: статистика, лучшие платформы, эффективность",
      description: `quickStats — как в /crm/quick-stats. topPlatforms — ${TOP_PLATFORMS} платформ с наибольшей суммой заказов (затем — числом заказов); efficiency — все платформы с заказами по доле выполненных.`,
      access: "signed-in",
      roles: ROLES.office,
      success: {
        status: 200,
        data: z.strictObject({
          quickStats: crmQuickStatsSchema,
          topPlatforms: z.array(platformAnalyticsSchema),
          efficiency: z.array(platformAnalyticsSchema),
        }),
        example: {
          quickStats: exampleQuickStats,
          topPlatforms: [examplePlatform],
          efficiency: [examplePlatform],
        } satisfies CrmDashboard,
      },
      errors: [],
    },
    async (c, _input, reply) =>
      reply.ok(await crmDashboard(c.get("db"), callerOf(c).user.company.id, Date.now())),
  ),
  operation(
    {
      method: "GET",
      path: "/crm/analytics/platforms",
      group: GROUP,
      summary: "Аналитика по платформам и дебиторская задолженность",
      description: `platforms: по каждой платформе с заказами — всего заказов и сумма, средний заказ (по заказам с ценой), доля выполненных, trend — изменение суммы и числа заказов за последние 4 недели к 4 неделям до них, weekly — ${TREND_WEEKS} календарных недель (по дате создания заказа), последняя — текущая. weekly — то же по всем платформам. receivables — выполненные, но не оплаченные заказчиком заказы (delivered, invoiced, «свободен»), кроме проданных через быструю оплату, по давности от даты доставки: ${AGEING_BUCKETS.map((bucket) => bucket.label).join(", ")}.`,
      access: "signed-in",
      roles: ROLES.office,
      success: {
        status: 200,
        data: z.strictObject({
          platforms: z.array(platformAnalyticsSchema),
          weekly: z.array(weekPoint),
          receivables: receivablesSchema,
        }),
        example: {
          platforms: [examplePlatform],
          weekly: weeks(98500),
          receivables: {
            asOf: "2026-11-25",
            platforms: [
              {
                platform: "x5",
                name: "X5 Group",
                orders: 14,
                buckets: bucketsExample,
                total: 1225500,
                unpricedOrders: 0,
              },
            ],
            totals: { orders: 14, buckets: bucketsExample, total: 1225500, unpricedOrders: 0 },
          },
        } satisfies CrmAnalytics,
      },
      errors: [],
    },
    async (c, _input, reply) =>
      reply.ok(await crmAnalytics(c.get("db"), callerOf(c).user.company.id, Date.now())),
  ),
  operation(
    {
      method: "GET",
      path: "/crm/receivables/export",
      group: GROUP,
      summary: "Дебиторская задолженность файлом CSV для 1С",
      description:
        "Каждый неоплаченный заказчиком выполненный заказ строкой: платформа, заказ, грузоотправитель, статус, дата доставки, дней, срок, сумма. CSV в windows-1251, разделитель «;», десятичная запятая, CRLF — так его открывают Excel и «Загрузка данных из табличного документа» 1С.",
      access: "signed-in",
      roles: ROLES.office,
      success: { status: 200, file: { type: RECEIVABLES_CSV_TYPE, name: "receivables-{date}.csv" } },
      errors: [],
    },
    async (c) => {
      const now = Date.now();
      const rows = await receivableOrders(c.get("db"), callerOf(c).user.company.id, now);
      const name = receivablesCsvName(now);
      return download(receivablesCsv(rows), RECEIVABLES_CSV_TYPE, name.ascii, name.russian);
    },
  ),
];
