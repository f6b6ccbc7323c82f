// The OSRM twin: its protocol's shape, the roads it knows.
import { describe, expect, it } from "vitest";
import { createSandboxApp } from "../app";
import { CITIES } from "../platforms/data/cities";
import { roadKm } from "../platforms/orders";

const app = createSandboxApp();

const route = async (path: string) => {
  const response = await app.request(`/osrm/route/v1/driving/${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("the OSRM twin", () => {
  it("answers a route in OSRM's shape, its distance from the sandbox's road model", async () => {
    const { moscow, kazan } = CITIES;
    const { status, body } = await route(
      `${moscow.longitude},${moscow.latitude};${kazan.longitude},${kazan.latitude}`,
    );
    expect(status).toBe(200);
    const meters = roadKm(moscow, kazan) * 1000;
    expect(body).toEqual({
      code: "Ok",
      routes: [
        {
          geometry: expect.any(String),
          legs: [
            {
              steps: [],
              summary: "",
              weight: expect.any(Number),
              duration: expect.any(Number),
              distance: meters,
            },
          ],
          weight_name: "routability",
          weight: expect.any(Number),
          duration: Math.round((meters / 1000 / 70) * 36_000) / 10,
          distance: meters,
        },
      ],
      waypoints: [
        { hint: "", distance: 0, name: "", location: [moscow.longitude, moscow.latitude] },
        { hint: "", distance: 0, name: "", location: [kazan.longitude, kazan.latitude] },
      ],
    });
    const plain = await route(
      `${moscow.longitude},${moscow.latitude};${kazan.longitude},${kazan.latitude}?overview=false`,
    );
    expect(plain.body.routes).toEqual([expect.not.objectContaining({ geometry: expect.anything() })]);
  });

  it("answers NoRoute where no road goes, and the ordinary route to Kaliningrad", async () => {
    expect(await route("37.6173,55.7558;158.6433,53.0241")).toEqual({
      status: 400,
      body: { code: "NoRoute", message: "Impossible route between points" },
    });
    expect((await route("158.6433,53.0241;158.3833,53.1833")).body.code).toBe("Ok");
    expect((await route("37.6173,55.7558;20.4522,54.7104")).body.code).toBe("Ok");
  });

  it("refuses malformed and impossible coordinates as OSRM does", async () => {
    expect(await route("abc;49.1,55.7")).toMatchObject({ status: 400, body: { code: "InvalidQuery" } });
    expect(await route("37.6,55.7")).toMatchObject({ status: 400, body: { code: "InvalidQuery" } });
    expect(await route("37.6,95.7;49.1,55.7")).toMatchObject({ status: 400, body: { code: "InvalidValue" } });
  });

  it("fails on the sandbox's switch", async () => {
    const local = createSandboxApp();
    const set = await local.request("/__sandbox/failures", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "router", mode: "error500" }),
    });
    expect(set.status).toBe(200);
    expect((await local.request("/osrm/route/v1/driving/37.6,55.7;49.1,55.7")).status).toBe(500);
  });
});
