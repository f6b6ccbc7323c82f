import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import { EDO_MESSAGES } from "../../core/edo/connection";
import { edoAnalyticsRequestSchema } from "../../core/edo/analytics-schemas";
import {
  filterVehicles,
  LISTS,
  ROUTE_BANDS,
  ROUTE_MIN_TRIPS,
  SEASONS,
  transportFor,
  TRIP_HOURS,
  UTILISATION_BANDS,
  UTILISATION_DAYS,
  VEHICLE_STATUSES,
  VEHICLE_TRIPS,
  vehicleTrips,
  type TransportAnalytics,
  type VehicleTrip,
} from "../../core/edo/transport";
import { alive } from "./edo";
import { callerOf, operation, timestamp } from "./operation";

const GROUP = "ЭДО";
const band = z.enum(["good", "fair", "poor"]);
const status = z.enum(VEHICLE_STATUSES);
const stat = {
  count: z.number().int(),
  average: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
};
const point = <K extends string>(key: K) =>
  z.strictObject({ [key]: z.string(), documents: z.number().int(), vehicles: z.number().int() } as Record<
    K,
    z.ZodString
  > & { documents: z.ZodNumber; vehicles: z.ZodNumber });

const vehicleSchema = z.strictObject({
  id: z
    .string()
    .describe("Номер ТС в нижнем регистре без пробелов: идентификатор для /edo/transport/vehicles/{id}"),
  number: z.string(),
  driver: z.string().nullable(),
  status,
  location: z.string().nullable(),
  route: z.strictObject({ from: z.string().nullable(), to: z.string().nullable() }),
  lastUpdate: timestamp,
  documents: z.number().int(),
  completedTrips: z.number().int(),
});

export const transportSchema = z.strictObject({
  range: z.strictObject({ from: timestamp, to: timestamp.nullable() }),
  totals: z.strictObject({
    documents: z.number().int(),
    vehicles: z.number().int(),
    drivers: z.number().int(),
    onTheRoad: z.number().int(),
    completedTrips: z.number().int(),
  }),
  kpis: z.strictObject({
    utilisation: z.number().nullable(),
    utilisationBand: band.nullable(),
    completionRate: z.number().nullable(),
    tripsPerVehicle: z.number().nullable(),
  }),
  statusDistribution: z.array(z.strictObject({ status, count: z.number().int() })),
  peakHours: z.array(z.strictObject({ hour: z.number().int(), count: z.number().int() })),
  seasonality: z.array(
    z.strictObject({ season: z.enum(SEASONS.map((s) => s.key)), label: z.string(), count: z.number().int() }),
  ),
  regionalDensity: z.array(z.strictObject({ region: z.string(), count: z.number().int() })),
  distance: z.strictObject({ ...stat, total: z.number(), estimated: z.literal(true), note: z.string() }),
  tripTime: z.strictObject({ ...stat, clamped: z.number().int() }),
  topDrivers: z.array(
    z.strictObject({
      name: z.string(),
      trips: z.number().int(),
      completedTrips: z.number().int(),
      vehicles: z.number().int(),
    }),
  ),
  routes: z.array(
    z.strictObject({
      from: z.string(),
      to: z.string(),
      trips: z.number().int(),
      completed: z.number().int(),
      share: z.number(),
      band: band.nullable(),
    }),
  ),
  trends: z.strictObject({
    daily: z.array(point("date")),
    weekly: z.array(point("weekStart")),
    monthly: z.array(point("month")),
  }),
  vehicles: z.array(vehicleSchema),
  notMeasured: z.array(z.string()),
});

const exampleVehicle = {
  id: "а123вс77",
  number: "А123ВС77",
  driver: "Иванов Пётр Сергеевич",
  status: "Завершено",
  location: "Подольск",
  route: { from: "Москва", to: "Подольск" },
  lastUpdate: "2025-12-30T16:12:00.000Z",
  documents: 14,
  completedTrips: 11,
} satisfies TransportAnalytics["vehicles"][number];

const exampleTransport = {
  range: { from: "2022-12-31T21:00:00.000Z", to: "2025-12-31T21:00:00.000Z" },
  totals: { documents: 1000, vehicles: 64, drivers: 70, onTheRoad: 12, completedTrips: 702 },
  kpis: { utilisation: 71.9, utilisationBand: "fair", completionRate: 70.2, tripsPerVehicle: 15.6 },
  statusDistribution: [
    { status: "В пути", count: 5 },
    { status: "Груз выдан", count: 7 },
    { status: "Груз принят", count: 3 },
    { status: "Завершено", count: 49 },
  ],
  peakHours: [{ hour: 9, count: 88 }],
  seasonality: [
    { season: "winter", label: "Зима", count: 240 },
    { season: "spring", label: "Весна", count: 260 },
    { season: "summer", label: "Лето", count: 250 },
    { season: "autumn", label: "Осень", count: 250 },
  ],
  regionalDensity: [{ region: "Московская область", count: 610 }],
  distance: {
    count: 930,
    average: 61.4,
    min: 18.2,
    max: 131,
    total: 57102,
    estimated: true,
    note: "Оценка: расстояние по прямой × 1,25, средняя скорость 60 км/ч",
  },
  tripTime: { count: 702, average: 5.2, min: 0.5, max: 48, clamped: 4 },
  topDrivers: [{ name: "Иванов Пётр Сергеевич", trips: 31, completedTrips: 24, vehicles: 2 }],
  routes: [{ from: "Москва", to: "Подольск", trips: 41, completed: 38, share: 92.7, band: "good" }],
  trends: {
    daily: [{ date: "2025-12-30", documents: 6, vehicles: 5 }],
    weekly: [{ weekStart: "2025-12-29", documents: 21, vehicles: 15 }],
    monthly: [{ month: "2025-12", documents: 97, vehicles: 40 }],
  },
  vehicles: [exampleVehicle],
  notMeasured: ["Типы ТС: в списке документов оператора их нет (они в содержимом титулов)"],
} satisfies TransportAnalytics;

export const transportQuerySchema = edoAnalyticsRequestSchema.extend({
  search: z
    .string()
    .trim()
    .max(50, { error: "Поиск не длиннее 50 символов" })
    .optional()
    .describe("Номер ТС или водитель (часть), для списка vehicles"),
  vehicleStatus: z
    .enum(VEHICLE_STATUSES, { error: `vehicleStatus: ${VEHICLE_STATUSES.join(", ")}` })
    .optional()
    .describe("Статус ТС для списка vehicles"),
});

const tripSchema = z.strictObject({
  documentId: z.string(),
  number: z.string(),
  createdAt: timestamp,
  status,
  statusCode: z.string(),
  driver: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  loadingAddress: z.string().nullable(),
  unloadingAddress: z.string().nullable(),
});

/** GET /api/edo/transport and a vehicle's trips (issue 23 item 3; decision 0063). */
export const edoTransportOperations = [
  operation(
    {
      method: "GET",
      path: "/edo/transport",
      group: GROUP,
      summary: "Транспорт: ТС, водители и рейсы из документов ЭДО",
      description: `Те же документы, что и в /edo/analytics (фильтры period, status, limit, allQuarters). Статус ТС — по последнему его документу (спецификация 3 §4): «Завершено» — есть и отгрузка (ON_TRNACLGROT), и приёмка (ON_TRNACLGRPO), «Груз выдан» — только отгрузка, «Груз принят» — только приёмка, иначе «В пути». utilisation — доля ТС с документом за последние ${UTILISATION_DAYS} дней окна (полосы ${UTILISATION_BANDS.good}/${UTILISATION_BANDS.fair}). Время рейса — от отгрузки до приёмки, ограничено ${TRIP_HOURS.min}–${TRIP_HOURS.max} ч. Расстояния — оценка между городами. routes (${LISTS.routes}) — доля закрытых цепочек (полосы ${ROUTE_BANDS.good}/${ROUTE_BANDS.fair} при ${ROUTE_MIN_TRIPS}+ рейсах). search и vehicleStatus фильтруют только vehicles. login — логин ЭДО компании; другой — 404 «${EDO_MESSAGES.loginNotFound}».`,
      access: "signed-in",
      roles: ROLES.office,
      query: transportQuerySchema,
      success: { status: 200, data: transportSchema, example: exampleTransport },
      errors: [404, 409],
    },
    async (c, { query }, reply) => {
      const read = await transportFor(c.get("db"), callerOf(c).user.company.id, query, Date.now());
      const found = alive(read.connection?.login === query.login ? read.connection : undefined);
      if (!found.ok) return reply.fail(found.status, found.error);
      return reply.ok({
        ...read.transport,
        vehicles: filterVehicles(read.transport.vehicles, query.search, query.vehicleStatus),
      });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/edo/transport/vehicles/:vehicleId",
      group: GROUP,
      summary: "Рейсы одного ТС",
      description: `Последние ${VEHICLE_TRIPS} транспортных накладных ТС во всём зеркале, новые сверху, и их общее число. ТС без документов компании — 404.`,
      access: "signed-in",
      roles: ROLES.office,
      owns: { param: "vehicleId", resource: "vehicle" },
      params: z.object({
        vehicleId: z.string().max(30).describe("id из vehicles[] ответа /edo/transport"),
      }),
      success: {
        status: 200,
        data: z.strictObject({ number: z.string(), total: z.number().int(), trips: z.array(tripSchema) }),
        example: {
          number: "А123ВС77",
          total: 14,
          trips: [
            {
              documentId: "3f1c0e52-8a8b-4f0e-9d4c-2c1f6f3b9a10",
              number: "ТН-000412",
              createdAt: "2025-12-30T13:12:00.000Z",
              status: "Завершено",
              statusCode: "ON_TRNACLPVYN",
              driver: "Иванов Пётр Сергеевич",
              from: "Москва",
              to: "Подольск",
              loadingAddress: "г Москва, ул Складочная, д 1",
              unloadingAddress: "Московская обл, г Подольск, ул Лобачёва, д 13",
            },
          ] satisfies VehicleTrip[],
        },
      },
      errors: [],
    },
    async (c, { params }, reply) => {
      const vehicle = await vehicleTrips(c.get("db"), callerOf(c).user.company.id, params.vehicleId);
      if (!vehicle) return reply.fail(404, "ТС не найдено в документах компании");
      return reply.ok(vehicle);
    },
  ),
];
