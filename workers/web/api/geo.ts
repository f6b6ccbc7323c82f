import { ROLES } from "../../core/members/roles";
import type { Context } from "hono";
import { z } from "zod";
import { calculateRoute, geocodeAddresses } from "../../core/geo/geo";
import { GEO_MESSAGES, geocodeRequestSchema, routeRequestSchema } from "../../core/geo/schemas";
import { GEOCODING_LIMITS, takeGeocoding } from "../../core/provider-throttle";
import type { AppBindings } from "../bindings";
import { callerOf, operation } from "./operation";

const GROUP = "ЭДО";

/** One found address (GeocodeResult). */
export const geocodeResultSchema = z.strictObject({
  address: z.string(),
  coordinates: z.tuple([z.number(), z.number()]).describe("[широта, долгота]"),
  region: z.string().nullable(),
  formatted: z.string(),
  kind: z.enum(["house", "street", "district", "locality", "area", "province", "country", "other"]),
  precision: z.enum(["exact", "street", "district", "city", "area", "region", "country", "other"]),
  source: z.enum(["geocoder", "gazetteer", "gazetteer-fallback"]),
});

const routeSchema = z.strictObject({
  distance: z.number().describe("Километры, с точностью до десятой"),
  time: z.number().describe("Часы в пути, с точностью до десятой"),
  estimated: z.boolean(),
  source: z.enum(["router", "estimate"]),
  note: z.string().optional(),
  from: geocodeResultSchema,
  to: geocodeResultSchema,
});

const geocodeAnswerSchema = z.strictObject({
  results: z.array(geocodeResultSchema),
  notFound: z.array(z.string()),
});

const exampleGeocode = {
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
} satisfies z.input<typeof geocodeAnswerSchema>;

const exampleRoute = {
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
} satisfies z.input<typeof routeSchema>;

/**
 * Charges the caller's company one geocoding request; the refusal (with Retry-After set) when
 * the company is over its limit, so the geocoder and router are not asked.
 */
async function overGeocodingLimit(c: Context<AppBindings>): Promise<string | null> {
  const throttled = await takeGeocoding(c.get("db"), callerOf(c).user.company.id, Date.now());
  if (!throttled) return null;
  c.header("Retry-After", String(throttled.retryAfterSeconds));
  return throttled.message;
}

/**
 * Geocoding and routes for the EDO map and trip figures (spec 2 §7), beside the EDO calls under
 * /edo. They read no EDO data, so they need a signed-in user but no EDO login.
 */
export const geoOperations = [
  operation(
    {
      method: "POST",
      path: "/edo/geocode",
      group: GROUP,
      summary: "Координаты адресов (1–100 за запрос)",
      description: `Один ответ на каждый разный адрес, в порядке запроса: coordinates — [широта, долгота]; kind и precision — дом, улица, город (locality, city) или регион (province, region). source: geocoder — геокодер, gazetteer — встроенный справочник городов и регионов России (геокодер не настроен или не знает адреса), gazetteer-fallback — справочник, потому что геокодер не ответил. Адреса, которые не удалось найти, перечислены в notFound: точка для них не выдумывается. Вход ЭДО не нужен. ${GEOCODING_LIMITS}`,
      access: "signed-in",
      roles: ROLES.office,
      body: geocodeRequestSchema,
      success: {
        status: 200,
        data: geocodeAnswerSchema,
        example: exampleGeocode,
      },
      errors: [429],
    },
    async (c, { body }, reply) => {
      const refused = await overGeocodingLimit(c);
      if (refused) return reply.fail(429, refused);
      return reply.ok(await geocodeAddresses(c.get("deps").geo(), body.addresses));
    },
  ),
  operation(
    {
      method: "POST",
      path: "/edo/calculate-route",
      group: GROUP,
      summary: "Расстояние (км) и время в пути (ч) между двумя адресами",
      description: `По дорогам, если ответил маршрутизатор (source: router). Если маршрутизатор не настроен, не ответил или дороги между точками нет, — оценка: расстояние по прямой × 1,25 при средней скорости 60 км/ч (estimated: true, source: estimate, note), одна и та же при каждом запросе. Адрес, который не удалось найти, — 422 («${GEO_MESSAGES.addressNotFound}»). Вход ЭДО не нужен. ${GEOCODING_LIMITS}`,
      access: "signed-in",
      roles: ROLES.office,
      body: routeRequestSchema,
      success: {
        status: 200,
        data: routeSchema,
        example: exampleRoute,
      },
      errors: [422, 429],
    },
    async (c, { body }, reply) => {
      const refused = await overGeocodingLimit(c);
      if (refused) return reply.fail(429, refused);
      const route = await calculateRoute(c.get("deps").geo(), body.fromAddress, body.toAddress);
      return route.ok ? reply.ok(route.data) : reply.fail(422, route.error, route.message);
    },
  ),
];
