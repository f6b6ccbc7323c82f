import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../../db/client";
import { geoGeocodes, geoRoutes } from "../../../db/schema";
import { createTestDb } from "../../../tests/support/test-db";
import { GeoUnavailableError, type GeocodedPlace, type Geocoder, type Router } from "../../providers/geo";
import { ESTIMATE_NOTE, estimateRoute } from "./estimate";
import { calculateRoute, geocodeAddresses, type GeoDeps } from "./geo";

const NOW = Date.parse("2026-11-23T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

const BAUMANA: GeocodedPlace = {
  lat: 55.7887,
  lng: 49.1221,
  region: "Республика Татарстан",
  formatted: "5, улица Баумана, Казань, Республика Татарстан, Россия",
  kind: "house",
  precision: "exact",
};

/** A geocoder that knows the addresses given, fails when told to, and counts its calls. */
function fakeGeocoder(known: Record<string, GeocodedPlace>) {
  const asked: string[] = [];
  let failing = false;
  const geocoder: Geocoder = {
    async geocode(address) {
      asked.push(address);
      if (failing) throw new GeoUnavailableError("fake: down");
      return known[address] ?? null;
    },
  };
  return { geocoder, asked, fail: (on: boolean) => (failing = on) };
}

function fakeRouter(answer: () => Promise<{ distanceMeters: number; durationSeconds: number } | null>) {
  const calls: unknown[] = [];
  const router: Router = {
    async route(from, to) {
      calls.push([from, to]);
      return answer();
    },
  };
  return { router, calls };
}

let handle: Awaited<ReturnType<typeof createTestDb>>;
let db: Db;
let now = NOW;

beforeAll(async () => {
  handle = await createTestDb();
  db = handle.db;
});
afterAll(() => handle.close());
beforeEach(async () => {
  now = NOW;
  await db.delete(geoGeocodes);
  await db.delete(geoRoutes);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const deps = (parts: Partial<GeoDeps>): GeoDeps => ({
  db,
  geocoder: null,
  router: null,
  now: () => now,
  ...parts,
});

describe("geocodeAddresses", () => {
  it("answers from the gazetteer alone when no geocoder is configured, and stores nothing", async () => {
    const answer = await geocodeAddresses(deps({}), [
      "г Казань, ул Баумана, д 5",
      "Республика Татарстан, с Столбище",
      "ул Ленина, д 1",
    ]);
    expect(answer).toEqual({
      results: [
        {
          address: "г Казань, ул Баумана, д 5",
          coordinates: [55.7963, 49.1088],
          region: "Республика Татарстан",
          formatted: "Россия, Республика Татарстан, Казань",
          kind: "locality",
          precision: "city",
          source: "gazetteer",
        },
        {
          address: "Республика Татарстан, с Столбище",
          coordinates: [55.7963, 49.1088],
          region: "Республика Татарстан",
          formatted: "Россия, Республика Татарстан",
          kind: "province",
          precision: "region",
          source: "gazetteer",
        },
      ],
      notFound: ["ул Ленина, д 1"],
    });
    expect(await db.select().from(geoGeocodes)).toEqual([]);
  });

  it("asks the geocoder once per address, and the cache afterwards", async () => {
    const fake = fakeGeocoder({ "г Казань, ул Баумана, д 5": BAUMANA });
    const first = await geocodeAddresses(deps({ geocoder: fake.geocoder }), [
      "г Казань, ул Баумана, д 5",
      "г Казань, ул Баумана, д 5",
      "Г. КАЗАНЬ, УЛ. БАУМАНА, Д. 5",
    ]);
    expect(fake.asked).toEqual(["г Казань, ул Баумана, д 5"]);
    expect(first.results.map((r) => [r.address, r.coordinates, r.source])).toEqual([
      ["г Казань, ул Баумана, д 5", [55.7887, 49.1221], "geocoder"],
      ["Г. КАЗАНЬ, УЛ. БАУМАНА, Д. 5", [55.7887, 49.1221], "geocoder"],
    ]);

    fake.fail(true);
    const again = await geocodeAddresses(deps({ geocoder: fake.geocoder }), ["г  Казань ул Баумана д 5"]);
    expect(fake.asked).toHaveLength(1);
    expect(again.results[0]).toMatchObject({
      coordinates: [55.7887, 49.1221],
      kind: "house",
      source: "geocoder",
    });
  });

  it("lets the gazetteer place what the geocoder does not know, and remembers «not found» for a week", async () => {
    const fake = fakeGeocoder({});
    const ask = () =>
      geocodeAddresses(deps({ geocoder: fake.geocoder }), ["г Казань, ул Новая", "ул Новая, д 1"]);
    expect(await ask()).toMatchObject({
      results: [{ address: "г Казань, ул Новая", precision: "city", source: "gazetteer" }],
      notFound: ["ул Новая, д 1"],
    });
    expect(await db.select().from(geoGeocodes)).toHaveLength(2);

    now += 6 * DAY;
    await ask();
    expect(fake.asked).toHaveLength(2);
    now += 2 * DAY;
    await ask();
    expect(fake.asked).toHaveLength(4);
    expect(await db.select().from(geoGeocodes)).toHaveLength(2);
  });

  it("keeps the geocoder's own finds for 90 days", async () => {
    const fake = fakeGeocoder({ "г Казань, ул Баумана, д 5": BAUMANA });
    const ask = () => geocodeAddresses(deps({ geocoder: fake.geocoder }), ["г Казань, ул Баумана, д 5"]);
    await ask();
    now += 89 * DAY;
    await ask();
    expect(fake.asked).toHaveLength(1);
    now += 2 * DAY;
    await ask();
    expect(fake.asked).toHaveLength(2);
  });

  it("falls back to the gazetteer for the whole request once the geocoder fails, and caches none of it", async () => {
    const fake = fakeGeocoder({});
    fake.fail(true);
    const addresses = Array.from({ length: 20 }, (_, i) => `г Казань, ул Баумана, д ${i + 1}`);
    const answer = await geocodeAddresses(deps({ geocoder: fake.geocoder }), addresses);
    expect(answer.results).toHaveLength(20);
    expect(new Set(answer.results.map((r) => r.source))).toEqual(new Set(["gazetteer-fallback"]));
    expect(fake.asked.length).toBeLessThanOrEqual(4);
    expect(await db.select().from(geoGeocodes)).toEqual([]);
    expect(console.warn).toHaveBeenCalledOnce();
  });
});

describe("calculateRoute", () => {
  const FROM = "г Москва, ул Тверская, д 1";
  const TO = "г Казань, ул Баумана, д 5";
  const moscow = { lat: 55.7558, lng: 37.6173 };
  const kazan = { lat: 55.7963, lng: 49.1088 };

  it("answers the router's distance and time, and the cache afterwards", async () => {
    const fake = fakeRouter(async () => ({ distanceMeters: 815_432.4, durationSeconds: 36_123.9 }));
    const first = await calculateRoute(deps({ router: fake.router }), FROM, TO);
    expect(first).toEqual({
      ok: true,
      data: {
        distance: 815.4,
        time: 10,
        estimated: false,
        source: "router",
        from: expect.objectContaining({ address: FROM, coordinates: [moscow.lat, moscow.lng] }),
        to: expect.objectContaining({ address: TO, coordinates: [kazan.lat, kazan.lng] }),
      },
    });
    expect(fake.calls).toEqual([[expect.objectContaining(moscow), expect.objectContaining(kazan)]]);
    expect(await calculateRoute(deps({ router: fake.router }), FROM, TO)).toEqual(first);
    expect(fake.calls).toHaveLength(1);
  });

  it("does not keep a route between the gazetteer's stand-ins for a failed geocoder's points", async () => {
    const geocoder = fakeGeocoder({});
    geocoder.fail(true);
    const fake = fakeRouter(async () => ({ distanceMeters: 815_000, durationSeconds: 36_000 }));
    const answer = await calculateRoute(deps({ geocoder: geocoder.geocoder, router: fake.router }), FROM, TO);
    expect(answer).toMatchObject({
      ok: true,
      data: { source: "router", from: { source: "gazetteer-fallback" } },
    });
    expect(await db.select().from(geoRoutes)).toEqual([]);
  });

  it("estimates when no router is configured, when it fails and when no road joins the points", async () => {
    const expected = {
      ok: true,
      data: expect.objectContaining({
        ...estimateRoute(moscow, kazan),
        estimated: true,
        source: "estimate",
        note: ESTIMATE_NOTE,
      }),
    };
    expect(await calculateRoute(deps({}), FROM, TO)).toEqual(expected);
    const failing = fakeRouter(() => Promise.reject(new GeoUnavailableError("fake: down")));
    expect(await calculateRoute(deps({ router: failing.router }), FROM, TO)).toEqual(expected);
    expect(await calculateRoute(deps({ router: failing.router }), FROM, TO)).toEqual(expected);
    expect(failing.calls).toHaveLength(2);
    const roadless = fakeRouter(async () => null);
    expect(await calculateRoute(deps({ router: roadless.router }), FROM, TO)).toEqual(expected);
    expect(await db.select().from(geoRoutes)).toEqual([]);
  });

  it("refuses addresses no service can place, naming which", async () => {
    const router = fakeRouter(async () => ({ distanceMeters: 1, durationSeconds: 1 }));
    const refused = (message: string) => ({ ok: false, error: "Адрес не найден", message });
    expect(await calculateRoute(deps({ router: router.router }), "ул Ленина, д 1", TO)).toEqual(
      refused("Не удалось найти на карте адрес отправления"),
    );
    expect(await calculateRoute(deps({ router: router.router }), FROM, "Нью-Йорк")).toEqual(
      refused("Не удалось найти на карте адрес назначения"),
    );
    expect(await calculateRoute(deps({ router: router.router }), "ул Ленина", "Нью-Йорк")).toEqual(
      refused("Не удалось найти на карте адреса отправления и назначения"),
    );
    expect(router.calls).toEqual([]);
  });
});
