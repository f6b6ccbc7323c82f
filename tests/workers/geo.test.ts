import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ESTIMATE_NOTE, estimateRoute } from "../../workers/core/geo/estimate";
import type { GeocodeAnswer, RouteAnswer } from "../../workers/core/geo/geo";
import { callWeb, createCompanyUser, postJson, sessionFor } from "./support";

// This file alone switches the sandbox's `geocoder` and `router` failures. The geo cache is
// shared by every company and lives as long as the test database: addresses that must not
// have been cached yet carry this run's own house number.
const sandbox = env.GEOCODER_URL.replace(/\/nominatim$/, "");
const RUN = String(10_000 + Math.floor(Math.random() * 89_999));

let bearer: string;
beforeAll(async () => {
  const { userId } = await createCompanyUser();
  bearer = (await sessionFor(userId)).bearer;
});

async function switchFailure(provider: "geocoder" | "router", mode: "none" | "error500") {
  const response = await fetch(`${sandbox}/__sandbox/failures`, postJson({ provider, mode }));
  expect(response.status).toBe(200);
}

afterEach(async () => {
  await switchFailure("geocoder", "none");
  await switchFailure("router", "none");
});

type Envelope<T> = { success: boolean; data: T; error?: string; message?: string };

async function post<T>(path: string, body: unknown, overrides: Partial<Env> = {}, headers = {}) {
  const { response } = await callWeb(
    `/api/edo/${path}`,
    postJson(body, { authorization: `Bearer ${bearer}`, ...headers }),
    overrides,
  );
  return { status: response.status, body: await response.json<Envelope<T>>() };
}

const geocode = (addresses: unknown, overrides: Partial<Env> = {}) =>
  post<GeocodeAnswer>("geocode", { addresses }, overrides);
const route = (fromAddress: unknown, toAddress: unknown, overrides: Partial<Env> = {}) =>
  post<RouteAnswer>("calculate-route", { fromAddress, toAddress }, overrides);

/** The sandbox OSRM's own figures between two answered points (km and hours, one decimal). */
async function osrmBetween(data: RouteAnswer) {
  const [fromLat, fromLng] = data.from.coordinates;
  const [toLat, toLng] = data.to.coordinates;
  const path = `${fromLng.toFixed(6)},${fromLat.toFixed(6)};${toLng.toFixed(6)},${toLat.toFixed(6)}`;
  const response = await fetch(`${sandbox}/osrm/route/v1/driving/${path}?overview=false`);
  const { routes } = await response.json<{ routes: { distance: number; duration: number }[] }>();
  return {
    distance: Math.round(routes[0].distance / 100) / 10,
    time: Math.round(routes[0].duration / 360) / 10,
  };
}

describe("POST /api/edo/geocode", () => {
  it("places known addresses and lists unknown ones, the same way every time", async () => {
    const addresses = [
      "420000, Респ Татарстан, г Казань, ул Мира, д 7",
      "г Казань",
      "Республика Татарстан, Лаишевский р-н, с Столбище",
      "ул Ленина, д 1",
      "г Казань",
    ];
    const first = await geocode(addresses);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      data: {
        results: [
          {
            address: addresses[0],
            coordinates: [expect.closeTo(55.8, 0), expect.closeTo(49.1, 0)],
            region: "Республика Татарстан",
            formatted: "7, улица Мира, Казань, Республика Татарстан, 420000, Россия",
            kind: "house",
            precision: "exact",
            source: "geocoder",
          },
          {
            address: "г Казань",
            coordinates: [55.7963, 49.1088],
            region: "Республика Татарстан",
            formatted: "Казань, Республика Татарстан, Россия",
            kind: "locality",
            precision: "city",
            source: "geocoder",
          },
          {
            // The geocoder does not know the village: the gazetteer gives the region.
            address: addresses[2],
            coordinates: [55.7963, 49.1088],
            region: "Республика Татарстан",
            formatted: "Россия, Республика Татарстан",
            kind: "province",
            precision: "region",
            source: "gazetteer",
          },
        ],
        notFound: ["ул Ленина, д 1"],
      },
    });
    expect((await geocode(addresses)).body).toEqual(first.body);
  });

  it("answers a cached address from the cache while the geocoder is down, and the rest from the gazetteer", async () => {
    const cachedAddress = `Московская обл, г Подольск, ул Комсомольская, д ${RUN}`;
    const first = await geocode([cachedAddress]);
    expect(first.body.data.results[0]).toMatchObject({ kind: "house", source: "geocoder" });

    await switchFailure("geocoder", "error500");
    const newAddress = `Московская обл, г Подольск, ул Комсомольская, д ${RUN}1`;
    const second = await geocode([cachedAddress, newAddress]);
    expect(second.status).toBe(200);
    expect(second.body.data.results).toEqual([
      first.body.data.results[0],
      {
        address: newAddress,
        coordinates: [55.4311, 37.5447],
        region: "Московская область",
        formatted: "Россия, Московская область, Подольск",
        kind: "locality",
        precision: "city",
        source: "gazetteer-fallback",
      },
    ]);

    // The gazetteer's stand-in was not cached: the geocoder is asked again once it is back.
    await switchFailure("geocoder", "none");
    expect((await geocode([newAddress])).body.data.results[0]).toMatchObject({
      kind: "house",
      source: "geocoder",
    });
  });

  it("uses the gazetteer alone when no geocoder is configured", async () => {
    const { body } = await geocode([`г Казань, ул Мира, д ${RUN}`], { GEOCODER_URL: "" });
    expect(body.data.results).toEqual([expect.objectContaining({ precision: "city", source: "gazetteer" })]);
  });

  it("refuses bad payloads in Russian", async () => {
    const refused = async (addresses: unknown, message: string) => {
      expect(await geocode(addresses)).toEqual({
        status: 400,
        body: { success: false, error: "Некорректные данные", message },
      });
    };
    await refused([], "Укажите хотя бы один адрес (addresses)");
    await refused(
      Array.from({ length: 101 }, () => "г Казань"),
      "Не больше 100 адресов за один запрос (addresses)",
    );
    await refused(["г Казань", "  "], "Адрес не может быть пустым (addresses.1)");
    await refused(["г Казань", 5], "Адрес не может быть пустым (addresses.1)");
    await refused(["я".repeat(501)], "Адрес не длиннее 500 символов (addresses.0)");
    await refused("г Казань", "addresses: нужен список адресов (addresses)");
    const { status, body } = await post("geocode", "г Казань", {}, { "content-type": "text/xml" });
    expect(status).toBe(415);
    expect(body.error).toMatch(/[А-Яа-я]/);
  });

  it("needs a signed-in user", async () => {
    const { response } = await callWeb("/api/edo/geocode", postJson({ addresses: ["г Казань"] }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, error: expect.stringMatching(/[А-Яа-я]/) });
  });
});

describe("POST /api/edo/calculate-route", () => {
  it("answers the router's road distance and time", async () => {
    const { status, body } = await route("г Москва, ул Тверская, д 1", "г Казань, ул Мира, д 7");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ estimated: false, source: "router" });
    expect(body.data.note).toBeUndefined();
    expect({ distance: body.data.distance, time: body.data.time }).toEqual(await osrmBetween(body.data));
    expect(body.data.distance).not.toBe(
      estimateRoute(pointOf(body.data.from), pointOf(body.data.to)).distance,
    );
  });

  it("estimates, the same every time, while the router is down", async () => {
    await switchFailure("router", "error500");
    const from = `г Москва, ул Тверская, д ${RUN}`;
    const to = `г Казань, ул Мира, д ${RUN}`;
    const first = await route(from, to);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      ...estimateRoute(pointOf(first.body.data.from), pointOf(first.body.data.to)),
      estimated: true,
      source: "estimate",
      note: "Оценка: расстояние по прямой × 1,25, средняя скорость 60 км/ч",
    });
    expect((await route(from, to)).body).toEqual(first.body);

    // Estimates are not cached: the router answers as soon as it is back.
    await switchFailure("router", "none");
    expect((await route(from, to)).body.data).toMatchObject({ estimated: false, source: "router" });
  });

  it("estimates when the router is unreachable or not configured, and where no road goes", async () => {
    const pair = [`г Тверь, ул Советская, д ${RUN}`, `г Тула, ул Советская, д ${RUN}`] as const;
    const unreachable = await route(...pair, { ROUTER_URL: "http://127.0.0.1:1" });
    expect(unreachable.body.data).toMatchObject({ estimated: true, source: "estimate", note: ESTIMATE_NOTE });
    expect((await route(...pair, { ROUTER_URL: "" })).body).toEqual(unreachable.body);
    const kamchatka = await route("г Москва", "г Петропавловск-Камчатский");
    expect(kamchatka.body.data).toMatchObject({ estimated: true, source: "estimate" });
  });

  it("refuses addresses it cannot place, in Russian", async () => {
    expect(await route("ул Ленина, д 1", "г Казань")).toEqual({
      status: 422,
      body: {
        success: false,
        error: "Адрес не найден",
        message: "Не удалось найти на карте адрес отправления",
      },
    });
    expect((await route("г Казань", "Нью-Йорк")).body.message).toBe(
      "Не удалось найти на карте адрес назначения",
    );
  });

  it("refuses bad payloads in Russian", async () => {
    expect(await route("", "г Казань")).toEqual({
      status: 400,
      body: {
        success: false,
        error: "Некорректные данные",
        message: "Укажите адрес отправления (fromAddress)",
      },
    });
    expect((await post("calculate-route", { fromAddress: "г Москва" })).body.message).toBe(
      "Укажите адрес назначения (toAddress)",
    );
  });

  it("needs a signed-in user", async () => {
    const { response } = await callWeb(
      "/api/edo/calculate-route",
      postJson({ fromAddress: "г Москва", toAddress: "г Казань" }),
    );
    expect(response.status).toBe(401);
  });
});

function pointOf(end: { coordinates: [number, number] }) {
  return { lat: end.coordinates[0], lng: end.coordinates[1] };
}
