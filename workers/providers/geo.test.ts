// The Nominatim and OSRM adapters against the sandbox twins over real HTTP: the same protocols
// both ways, and typed failures when the services misbehave.
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSandboxApp } from "../../sandbox/app";
import { GeoUnavailableError } from "./geo";
import { createNominatimGeocoder, NOMINATIM_USER_AGENT } from "./nominatim";
import { createOsrmRouter } from "./osrm";

let server: ReturnType<typeof serve>;
let sandbox: string;

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: createSandboxApp().fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(started),
    );
  });
  sandbox = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const switchFailure = (provider: "geocoder" | "router", mode: "none" | "error500" | "timeout") =>
  fetch(`${sandbox}/__sandbox/failures`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ provider, mode }),
  });

afterEach(async () => {
  await switchFailure("geocoder", "none");
  await switchFailure("router", "none");
  vi.restoreAllMocks();
});

const MOSCOW = { lat: 55.7558, lng: 37.6173 };
const KAZAN = { lat: 55.7963, lng: 49.1088 };

describe("Nominatim adapter", () => {
  it("reads a house, a city and a region into the spec's kind and precision", async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: `${sandbox}/nominatim/` });
    expect(await geocoder.geocode("420000, Респ Татарстан, г Казань, ул Мира, д 7")).toEqual({
      lat: expect.closeTo(55.8, 0),
      lng: expect.closeTo(49.1, 0),
      region: "Республика Татарстан",
      formatted: "7, улица Мира, Казань, Республика Татарстан, 420000, Россия",
      kind: "house",
      precision: "exact",
    });
    expect(await geocoder.geocode("г Казань, ул Мира")).toMatchObject({
      kind: "street",
      precision: "street",
    });
    expect(await geocoder.geocode("г Казань")).toEqual({
      ...KAZAN,
      region: "Республика Татарстан",
      formatted: "Казань, Республика Татарстан, Россия",
      kind: "locality",
      precision: "city",
    });
    expect(await geocoder.geocode("Республика Татарстан")).toMatchObject({
      kind: "province",
      precision: "region",
    });
    expect(await geocoder.geocode("г Казань, ул Несуществующая, д 1")).toBeNull();
  });

  it("asks Nominatim's search with its parameters and names itself", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await createNominatimGeocoder({ baseUrl: `${sandbox}/nominatim` }).geocode("г Казань");
    const [url, init] = spy.mock.calls[0];
    const sent = new URL(String(url));
    expect(sent.pathname).toBe("/nominatim/search");
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      q: "г Казань",
      format: "jsonv2",
      addressdetails: "1",
      countrycodes: "ru",
      limit: "1",
      "accept-language": "ru",
    });
    expect(init?.headers).toEqual({ Accept: "application/json", "User-Agent": NOMINATIM_USER_AGENT });
  });

  it("fails with GeoUnavailableError on a 500, a hang past its timeout and a refused connection", async () => {
    const geocoder = createNominatimGeocoder({ baseUrl: `${sandbox}/nominatim`, timeoutMs: 300 });
    await switchFailure("geocoder", "error500");
    await expect(geocoder.geocode("г Казань")).rejects.toThrow(
      new GeoUnavailableError("nominatim: HTTP 500"),
    );
    await switchFailure("geocoder", "timeout");
    await expect(geocoder.geocode("г Казань")).rejects.toThrow("nominatim: no answer in 300 ms");
    await expect(
      createNominatimGeocoder({ baseUrl: "http://127.0.0.1:1" }).geocode("г Казань"),
    ).rejects.toThrow(GeoUnavailableError);
  });
});

describe("OSRM adapter", () => {
  it("reads the route's metres and seconds", async () => {
    const router = createOsrmRouter({ baseUrl: `${sandbox}/osrm` });
    const direct = await fetch(
      `${sandbox}/osrm/route/v1/driving/37.6173,55.7558;49.1088,55.7963?overview=false`,
    );
    const { routes } = (await direct.json()) as { routes: { distance: number; duration: number }[] };
    expect(await router.route(MOSCOW, KAZAN)).toEqual({
      distanceMeters: routes[0].distance,
      durationSeconds: routes[0].duration,
    });
  });

  it("asks for lng,lat pairs without the geometry", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await createOsrmRouter({ baseUrl: `${sandbox}/osrm/` }).route(MOSCOW, KAZAN);
    expect(spy.mock.calls[0][0]).toBe(
      `${sandbox}/osrm/route/v1/driving/37.617300,55.755800;49.108800,55.796300?overview=false`,
    );
  });

  it("answers null where no road goes", async () => {
    const kamchatka = { lat: 53.0241, lng: 158.6433 };
    expect(await createOsrmRouter({ baseUrl: `${sandbox}/osrm` }).route(MOSCOW, kamchatka)).toBeNull();
  });

  it("fails with GeoUnavailableError on a 500, a hang, a refused connection and a refused query", async () => {
    const router = createOsrmRouter({ baseUrl: `${sandbox}/osrm`, timeoutMs: 300 });
    await switchFailure("router", "error500");
    await expect(router.route(MOSCOW, KAZAN)).rejects.toThrow(GeoUnavailableError);
    await switchFailure("router", "timeout");
    await expect(router.route(MOSCOW, KAZAN)).rejects.toThrow("osrm: no answer in 300 ms");
    await expect(createOsrmRouter({ baseUrl: "http://127.0.0.1:1" }).route(MOSCOW, KAZAN)).rejects.toThrow(
      GeoUnavailableError,
    );
    await switchFailure("router", "none");
    await expect(router.route({ lat: 95, lng: 0 }, KAZAN)).rejects.toThrow("osrm: HTTP 400 InvalidValue");
  });
});
