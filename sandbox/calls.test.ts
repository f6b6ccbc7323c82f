// What the sandbox's geocoder and router were asked, counted for bench:geo.
import { describe, expect, it } from "vitest";
import { createSandboxApp } from "./app";

type Calls = { provider: string; calls: number; distinct: number; keys: Record<string, number> };

describe("the sandbox's call counts", () => {
  it("counts each geocoder query and route as asked, and forgets them on DELETE", async () => {
    const app = createSandboxApp();
    const headers = { "user-agent": "test" };
    const search = (q: string) =>
      app.request(`/nominatim/search?${new URLSearchParams({ q, format: "jsonv2" })}`, { headers });
    await search("г Казань, ул Баумана, д 5");
    await search("г Казань, ул Баумана, д 5");
    await search("г Тула");
    await app.request("/osrm/route/v1/driving/37.6,55.7;49.1,55.8?overview=false");
    const calls = async (provider: string) =>
      (await (await app.request(`/__sandbox/calls/${provider}`)).json()) as Calls;

    expect(await calls("geocoder")).toEqual({
      provider: "geocoder",
      calls: 3,
      distinct: 2,
      keys: { "г Казань, ул Баумана, д 5": 2, "г Тула": 1 },
    });
    expect(await calls("router")).toMatchObject({ calls: 1, distinct: 1 });
    expect((await app.request("/__sandbox/calls/bank")).status).toBe(404);

    await app.request("/__sandbox/calls", { method: "DELETE" });
    expect(await calls("geocoder")).toEqual({ provider: "geocoder", calls: 0, distinct: 0, keys: {} });
  });
});
