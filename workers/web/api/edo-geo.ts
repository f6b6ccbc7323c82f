import { ROLES } from "../../core/members/roles";
import { z } from "zod";
import { UNKNOWN_REGION } from "../../core/edo/analytics";
import { edoAnalyticsRequestSchema } from "../../core/edo/analytics-schemas";
import { EDO_MESSAGES } from "../../core/edo/connection";
import { edoGeoFor, geoMapOf, type EdoGeo, type EdoGeoMap } from "../../core/edo/geo-read";
import { HEAT_RADIUS_KM, MAP_REGIONS, MAP_TOP } from "../../core/edo/geo-rules";
import { ESTIMATE_NOTE } from "../../core/geo/estimate";
import { alive } from "./edo";
import { callerOf, operation, timestamp } from "./operation";

const coordinate = z.number().nullable();

const addressSchema = z.strictObject({
  address: z.string(),
  formatted: z.string().nullable(),
  lat: coordinate,
  lng: coordinate,
  type: z.enum(["loading", "unloading"]),
  count: z.number().int(),
  region: z.string().nullable(),
  kind: z.string().nullable().describe("Вид места по ответу геокодера: house, street, locality, province…"),
  precision: z.string().nullable().describe("Точность: exact, street, city, region…"),
  approximate: z.boolean().describe("Точка — центр города или региона, а не сам адрес"),
  state: z.enum(["placed", "pending", "not-found"]),
});

const routeSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  fromFormatted: z.string().nullable(),
  toFormatted: z.string().nullable(),
  fromLat: coordinate,
  fromLng: coordinate,
  toLat: coordinate,
  toLng: coordinate,
  count: z.number().int(),
  colour: z.enum(["red", "orange", "blue", "green"]),
  width: z.number().int().describe("Толщина линии на упрощённой карте: count × 2 в пределах 2–10"),
  distance: z.number().nullable().describe("Километры"),
  time: z.number().nullable().describe("Часы в пути"),
  estimated: z.boolean(),
  approximate: z.boolean(),
});

const regionSchema = z.strictObject({
  name: z.string(),
  addresses: z.number().int(),
  count: z.number().int(),
});

/** Spec 2 §3 and spec 3 §3 «Geo data», with what the map needs to draw and what is estimated. */
export const edoGeoSchema = z.strictObject({
  lastSyncedAt: timestamp.nullable().describe("Когда зеркало документов обновлялось последний раз"),
  range: z.strictObject({ from: timestamp, to: timestamp.nullable() }),
  totalDocuments: z.number().int(),
  totalChains: z.number().int(),
  completedChains: z.number().int(),
  successRate: z.number(),
  successBand: z.strictObject({ tone: z.enum(["green", "yellow", "red"]), label: z.string() }),
  uniqueAddresses: z.number().int(),
  uniqueRoutes: z.number().int(),
  topAddresses: z.array(addressSchema),
  addresses: z.array(addressSchema),
  topRoutes: z.array(routeSchema),
  routes: z.array(routeSchema),
  loadingRegions: z.array(regionSchema),
  unloadingRegions: z.array(regionSchema),
  heat: z.strictObject({
    radiusKm: z.number(),
    thresholds: z.array(z.number()),
    points: z.array(
      z.strictObject({
        lat: z.number(),
        lng: z.number(),
        count: z.number().int(),
        intensity: z.number(),
        level: z.number().int(),
      }),
    ),
  }),
  pending: z.strictObject({ addresses: z.number().int(), routes: z.number().int() }),
  notFound: z.number().int(),
  estimates: z.strictObject({
    approximateAddresses: z.number().int(),
    approximateRoutes: z.number().int(),
    estimatedRoutes: z.number().int(),
    note: z.string(),
  }),
});

const podolsk = {
  address: "142100, Московская обл, г Подольск, ул Комсомольская, д 1",
  formatted: "1, улица Комсомольская, Подольск, Московская область, 142100, Россия",
  lat: 55.4318,
  lng: 37.5463,
  type: "loading" as const,
  count: 12,
  region: "Московская область",
  kind: "house",
  precision: "exact",
  approximate: false,
  state: "placed" as const,
};
const kazan = {
  address: "г Казань, ул Баумана, д 7",
  formatted: "Казань, Республика Татарстан, Россия",
  lat: 55.7963,
  lng: 49.1088,
  type: "unloading" as const,
  count: 5,
  region: "Республика Татарстан",
  kind: "locality",
  precision: "city",
  approximate: true,
  state: "placed" as const,
};
const route = {
  from: podolsk.address,
  to: kazan.address,
  fromFormatted: podolsk.formatted,
  toFormatted: kazan.formatted,
  fromLat: podolsk.lat,
  fromLng: podolsk.lng,
  toLat: kazan.lat,
  toLng: kazan.lng,
  count: 5,
  colour: "orange" as const,
  width: 10,
  distance: 812.4,
  time: 11.6,
  estimated: false,
  approximate: true,
};
const exampleGeo = {
  lastSyncedAt: "2026-11-23T09:35:00.000Z",
  range: { from: "2022-12-31T21:00:00.000Z", to: "2025-12-31T21:00:00.000Z" },
  totalDocuments: 17,
  totalChains: 17,
  completedChains: 14,
  successRate: 82.4,
  successBand: { tone: "green" as const, label: "Отлично" },
  uniqueAddresses: 3,
  uniqueRoutes: 2,
  topAddresses: [
    podolsk,
    kazan,
    {
      ...kazan,
      address: "ул Ленина, д 1",
      count: 1,
      lat: null,
      lng: null,
      formatted: null,
      region: null,
      kind: null,
      precision: null,
      approximate: false,
      state: "pending" as const,
    },
  ],
  addresses: [podolsk, kazan],
  topRoutes: [route],
  routes: [route],
  loadingRegions: [{ name: "Московская область", addresses: 1, count: 12 }],
  unloadingRegions: [
    { name: "Республика Татарстан", addresses: 1, count: 5 },
    { name: UNKNOWN_REGION, addresses: 1, count: 1 },
  ],
  heat: {
    radiusKm: HEAT_RADIUS_KM,
    thresholds: [0.2, 0.4, 0.6, 0.8],
    points: [
      { lat: podolsk.lat, lng: podolsk.lng, count: 12, intensity: 1, level: 4 },
      { lat: kazan.lat, lng: kazan.lng, count: 5, intensity: 0.5, level: 2 },
    ],
  },
  pending: { addresses: 1, routes: 0 },
  notFound: 0,
  estimates: { approximateAddresses: 1, approximateRoutes: 1, estimatedRoutes: 0, note: ESTIMATE_NOTE },
} satisfies z.input<typeof edoGeoSchema> & Omit<EdoGeo, "range">;

/** The map's drawn items, compact: each place once, addresses and routes by the place's number. */
export const edoGeoMapSchema = z.strictObject({
  places: z.array(
    z.strictObject({
      address: z.string(),
      formatted: z.string().nullable(),
      lat: z.number(),
      lng: z.number(),
    }),
  ),
  addresses: z.array(
    z.strictObject({
      place: z.number().int().describe("Номер места в places, с 0"),
      type: z.enum(["loading", "unloading"]),
      count: z.number().int(),
    }),
  ),
  routes: z.array(
    z.strictObject({
      from: z.number().int().describe("Номер места погрузки в places"),
      to: z.number().int().describe("Номер места выгрузки в places"),
      count: z.number().int(),
    }),
  ),
});

const exampleMap = geoMapOf(exampleGeo) satisfies z.input<typeof edoGeoMapSchema> & EdoGeoMap;

/** GET /api/edo/geo (issue 23): the transport map's data from the mirror and the places the edo.geo job found. */
export const edoGeoOperations = [
  operation(
    {
      method: "GET",
      path: "/edo/geo",
      group: "ЭДО",
      summary: "Карта перевозок: адреса, маршруты и регионы (из зеркала)",
      description: `Те же документы, что у GET /edo/analytics (period, status, limit, allQuarters). Адреса погрузки и выгрузки размещает на карте фоновая задача после каждого обновления зеркала, один раз на адрес; маршрут считается один раз на пару адресов. pending — адреса и маршруты, которые ещё не обработаны; notFound — адреса, которые не нашёл ни геокодер, ни справочник. Цепочка завершена, если в ней есть ON_TRNACLGROT и ON_TRNACLGRPO; successRate = завершённые / все × 100 (≥ 80 «Отлично», ≥ 60 «Хорошо», иначе «Требует внимания»). topAddresses и topRoutes — по ${MAP_TOP}; addresses и routes — всё, что можно нарисовать (без координат 0, у маршрута все четыре координаты); регионы — по ${MAP_REGIONS} («${UNKNOWN_REGION}» — адрес не размещён); тепловая карта — радиус ${HEAT_RADIUS_KM} км, интенсивность min(count/10, 1). approximate — точка стоит в центре города или региона; estimated — расстояние и время оценены («${ESTIMATE_NOTE}»). login — логин ЭДО компании вызывающего; любой другой — 404 «${EDO_MESSAGES.loginNotFound}». Токен истёк — 409.`,
      access: "signed-in",
      roles: ROLES.office,
      query: edoAnalyticsRequestSchema,
      success: { status: 200, data: edoGeoSchema, example: exampleGeo },
      errors: [404, 409],
    },
    async (c, { query }, reply) => {
      const read = await edoGeoFor(c.get("db"), callerOf(c).user.company.id, query, Date.now());
      const found = alive(read.connection);
      if (!found.ok) return reply.fail(found.status, found.error);
      return reply.ok({ lastSyncedAt: found.connection.lastSyncedAt?.toISOString() ?? null, ...read.geo });
    },
  ),
  operation(
    {
      method: "GET",
      path: "/edo/geo/map",
      group: "ЭДО",
      summary: "Карта перевозок: точки и маршруты для отрисовки (компактно)",
      description: `То же, что addresses и routes у GET /edo/geo, с теми же фильтрами, но каждое место один раз: places — адрес, его текст от геокодера и точка; addresses и routes называют места по номеру в places (с 0). Цвет и толщина маршрута следуют из count (≥ 10 красный, ≥ 5 оранжевый, ≥ 2 синий, иначе зелёный; толщина count × 2 в пределах 2–10), тепловая карта — из addresses (радиус ${HEAT_RADIUS_KM} км, интенсивность min(count/10, 1)). Страница карты читает их после открытия, цифры страницы — отдельно. login — логин ЭДО компании вызывающего; любой другой — 404 «${EDO_MESSAGES.loginNotFound}». Токен истёк — 409.`,
      access: "signed-in",
      roles: ROLES.office,
      query: edoAnalyticsRequestSchema,
      success: { status: 200, data: edoGeoMapSchema, example: exampleMap },
      errors: [404, 409],
    },
    async (c, { query }, reply) => {
      const read = await edoGeoFor(c.get("db"), callerOf(c).user.company.id, query, Date.now());
      const found = alive(read.connection);
      if (!found.ok) return reply.fail(found.status, found.error);
      return reply.ok(geoMapOf(read.geo));
    },
  ),
];
