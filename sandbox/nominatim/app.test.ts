// The Nominatim twin: its protocol's shape, the places it knows.
import { describe, expect, it } from "vitest";
import { createSandboxApp } from "../app";
import { DADATA_PARTIES } from "../dadata/companies";
import { platformOrder } from "../platforms/orders";

type NominatimPlace = {
  lat: string;
  lon: string;
  category?: string;
  class?: string;
  addresstype: string;
  display_name: string;
  address?: Record<string, string>;
};

const app = createSandboxApp();

async function search(q: string, extra: Record<string, string> = {}, headers = { "user-agent": "test" }) {
  const query = new URLSearchParams({
    q,
    format: "jsonv2",
    addressdetails: "1",
    countrycodes: "ru",
    ...extra,
  });
  const response = await app.request(`/nominatim/search?${query}`, { headers });
  return { status: response.status, body: (await response.json()) as NominatimPlace[] & { error?: unknown } };
}

describe("the Nominatim twin", () => {
  it("finds the addresses of the platforms' orders house by house, in jsonv2's shape", async () => {
    for (let index = 0; index < 20; index++) {
      const order = platformOrder("x5", index, 0);
      for (const address of [order.pickup_address, order.delivery_address]) {
        const { status, body } = await search(address);
        expect(status, address).toBe(200);
        expect(body, address).toHaveLength(1);
        expect(body[0], address).toMatchObject({
          lat: expect.stringMatching(/^\d+\.\d{7}$/),
          lon: expect.stringMatching(/^\d+\.\d{7}$/),
          category: "building",
          addresstype: "building",
          address: { country_code: "ru", house_number: expect.any(String), road: expect.any(String) },
        });
      }
    }
  });

  it("finds every address of the company register", async () => {
    for (const party of DADATA_PARTIES) {
      const { body } = await search(party.data.address.value);
      expect(body, party.data.address.value).toHaveLength(1);
    }
  });

  it("answers the same point for the same address, near its city's centre", async () => {
    const address = "420000, Респ Татарстан, г Казань, ул Мира, д 7";
    const [a] = (await search(address)).body;
    const [b] = (await search(address)).body;
    expect(a).toEqual(b);
    expect(Math.abs(Number(a.lat) - 55.7963)).toBeLessThan(0.06);
    expect(a.display_name).toBe("7, улица Мира, Казань, Республика Татарстан, 420000, Россия");
    expect(a.address).toMatchObject({ state: "Республика Татарстан", city: "Казань", postcode: "420000" });
  });

  it("answers a street, a city and a region at their own levels", async () => {
    expect((await search("г Казань, ул Мира")).body[0]).toMatchObject({ addresstype: "road" });
    expect((await search("г Казань")).body[0]).toMatchObject({
      addresstype: "city",
      lat: "55.7963000",
      lon: "49.1088000",
      display_name: "Казань, Республика Татарстан, Россия",
    });
    expect((await search("Республика Татарстан")).body[0]).toMatchObject({
      addresstype: "state",
      category: "boundary",
      address: { state: "Республика Татарстан" },
    });
  });

  it("finds nothing for streets it never writes, unknown places and other countries", async () => {
    expect((await search("г Казань, ул Несуществующая, д 1")).body).toEqual([]);
    expect((await search("Республика Татарстан, с Столбище")).body).toEqual([]);
    expect((await search("Нью-Йорк")).body).toEqual([]);
    expect((await search("г Казань", { countrycodes: "kz" })).body).toEqual([]);
  });

  it("speaks format=json with `class`, and refuses what Nominatim refuses", async () => {
    expect((await search("г Казань", { format: "json" })).body[0]).toMatchObject({ class: "place" });
    expect((await search("г Казань", { format: "xml" })).status).toBe(400);
    expect((await search("")).status).toBe(400);
    expect((await search("г Казань", {}, { "user-agent": "" })).status).toBe(403);
  });

  it("fails on the sandbox's switch", async () => {
    const local = createSandboxApp();
    const set = await local.request("/__sandbox/failures", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ provider: "geocoder", mode: "error500" }),
    });
    expect(set.status).toBe(200);
    const headers = { "user-agent": "test" };
    expect((await local.request("/nominatim/search?q=Казань", { headers })).status).toBe(500);
  });
});
