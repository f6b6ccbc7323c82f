import { describe, expect, it } from "vitest";
import { CITIES } from "../../../sandbox/platforms/data/cities";
import { REGIONS } from "../../../sandbox/dadata/data/regions";
import { greatCircleKm } from "./estimate";
import { addressKey, GAZETTEER_CITIES, GAZETTEER_REGIONS, gazetteerPlace, matchAddress } from "./gazetteer";

/** «city Казань», «region Республика Татарстан» or null: what an address matched. */
function matched(address: string): string | null {
  const match = matchAddress(address);
  if (!match) return null;
  return match.level === "city" ? `city ${match.city.name}` : `region ${match.region.name}`;
}

describe("the gazetteer's data", () => {
  it("holds all 89 federal subjects, each once, with its capital among the cities", () => {
    expect(GAZETTEER_REGIONS).toHaveLength(89);
    expect(new Set(GAZETTEER_REGIONS.map((r) => r.code)).size).toBe(89);
    expect(new Set(GAZETTEER_REGIONS.map((r) => r.name)).size).toBe(89);
    for (const region of GAZETTEER_REGIONS) {
      const capital = GAZETTEER_CITIES.find((c) => c.name === region.capital && c.region === region.code);
      expect(capital, region.name).toBeDefined();
      expect([region.lat, region.lng]).toEqual([capital!.lat, capital!.lng]);
    }
  });

  it("holds over 150 cities, all inside Russia's extent and none twice in one region", () => {
    expect(GAZETTEER_CITIES.length).toBeGreaterThanOrEqual(150);
    for (const city of GAZETTEER_CITIES) {
      expect(city.lat, city.name).toBeGreaterThan(41);
      expect(city.lat, city.name).toBeLessThan(70);
      expect(city.lng, city.name).toBeGreaterThan(19);
      expect(city.lng, city.name).toBeLessThan(180);
    }
    const keys = GAZETTEER_CITIES.map((c) => `${c.region}:${c.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("places every city the sandbox's orders and documents use within 3 km of the sandbox's point", () => {
    for (const place of Object.values(CITIES)) {
      const address = [place.region, place.city, "ул Ленина, д 1"].filter(Boolean).join(", ");
      const match = matchAddress(address);
      expect(match?.level, address).toBe("city");
      const found = gazetteerPlace(address)!;
      const km = greatCircleKm(found, { lat: place.latitude, lng: place.longitude });
      expect(km, address).toBeLessThan(3);
    }
  });

  it("finds every city of the sandbox's company register in the region its addresses name", () => {
    for (const region of REGIONS) {
      for (const city of region.cities) {
        const address = [region.name, city.name, "ул Мира, д 7"].filter(Boolean).join(", ");
        const match = matchAddress(address);
        expect(match?.level, address).toBe("city");
        if (match?.level === "city") expect(match.region.code, address).toBe(region.code);
      }
    }
  });
});

describe("matching an address", () => {
  it.each([
    ["Московская обл, г Подольск, ул Комсомольская, д 1", "city Подольск"],
    ["142000, Московская обл, г Подольск, ул Поливановская, д 9 стр 1", "city Подольск"],
    ["г Казань, ул Баумана, д 5", "city Казань"],
    ["Г. КАЗАНЬ, УЛ. БАУМАНА, Д. 5", "city Казань"],
    ["Казань", "city Казань"],
    ["Казань г", "city Казань"],
    ["город Казань", "city Казань"],
    ["Москва ул Тверская 1", "city Москва"],
    ["Респ Татарстан г Казань ул Баумана 5", "city Казань"],
    ["Россия, Татарстан, Казань, Баумана 5", "city Казань"],
    ["196000, г Санкт-Петербург, п Шушары, Московское ш, д 70 к 4", "city Санкт-Петербург"],
    ["СПб, Невский пр-кт, д 1", "city Санкт-Петербург"],
    ["Н.Новгород, ул Ленина", "city Нижний Новгород"],
    ["Нижегородская обл., г.Дзержинск", "city Дзержинск"],
    ["г Орел", "city Орёл"],
    ["Московская обл, г Щелково", "city Щёлково"],
    ["Ростов-на-Дону", "city Ростов-на-Дону"],
    ["г.о. Подольск, ул Ленина", "city Подольск"],
    ["Респ Саха /Якутия/, г Якутск, ул Ленина", "city Якутск"],
    ["Ханты-Мансийский Автономный округ - Югра, г Сургут", "city Сургут"],
    ["ХМАО-Югра, Сургут", "city Сургут"],
    ["Кемеровская область - Кузбасс, г Новокузнецк", "city Новокузнецк"],
    ["Еврейская Аобл, г Биробиджан", "city Биробиджан"],
  ])("%s → %s", (address, expected) => {
    expect(matched(address)).toBe(expected);
  });

  it.each([
    ["Республика Татарстан", "region Республика Татарстан"],
    ["Республика Татарстан, Лаишевский р-н, с Столбище", "region Республика Татарстан"],
    ["Респ Татарстан, Лаишевский р-н", "region Республика Татарстан"],
    ["Татарстан", "region Республика Татарстан"],
    ["Краснодарский край", "region Краснодарский край"],
    ["Московская область", "region Московская область"],
    ["обл Московская, п Развилка", "region Московская область"],
    ["Чувашия", "region Чувашская Республика"],
    ["Алтай", "region Республика Алтай"],
    ["Алтайский край", "region Алтайский край"],
  ])("%s → %s", (address, expected) => {
    expect(matched(address)).toBe(expected);
  });

  it("takes the city in the region the address names, and the region when the city lies elsewhere", () => {
    expect(matchAddress("Железногорск")).toMatchObject({ level: "city", region: { code: "46" } });
    expect(matchAddress("Красноярский край, г Железногорск")).toMatchObject({
      level: "city",
      region: { code: "24" },
    });
    // Кировск of the Leningrad region is not in the gazetteer: no other region's town answers.
    expect(matched("Ленинградская обл, г Троицк")).toBe("region Ленинградская область");
    expect(matched("г Москва, г Троицк")).toBe("city Москва");
  });

  it("does not take a street named like a town for the town", () => {
    expect(matched("г Киров, Октябрьский пр-кт, д 5")).toBe("city Киров");
    expect(matched("Октябрьский пр-кт, д 5")).toBeNull();
    expect(matched("ул Казанская, д 1")).toBeNull();
    expect(matched("Московское ш, д 1")).toBeNull();
  });

  it("recognises nothing in an address of no known city or region: no point is made up", () => {
    for (const address of ["ул Ленина, д 1", "Нью-Йорк, 5th Avenue", "Tatarstan", "!!!", "", "д Иваново"]) {
      expect(matchAddress(address), address).toBeNull();
      expect(gazetteerPlace(address), address).toBeNull();
    }
  });
});

describe("the gazetteer's answers", () => {
  it("gives a city's centre at city precision", () => {
    expect(gazetteerPlace("Московская обл, г Подольск, ул Комсомольская, д 1")).toEqual({
      lat: 55.4311,
      lng: 37.5447,
      region: "Московская область",
      formatted: "Россия, Московская область, Подольск",
      kind: "locality",
      precision: "city",
    });
    expect(gazetteerPlace("г Москва, ул Тверская")).toMatchObject({
      region: "Москва",
      formatted: "Россия, Москва",
      kind: "locality",
    });
  });

  it("gives a region's capital at region precision", () => {
    expect(gazetteerPlace("Республика Татарстан, Лаишевский р-н")).toEqual({
      lat: 55.7963,
      lng: 49.1088,
      region: "Республика Татарстан",
      formatted: "Россия, Республика Татарстан",
      kind: "province",
      precision: "region",
    });
  });
});

describe("addressKey", () => {
  it("is one key for one address whatever its case, ё, punctuation and spacing", () => {
    const key = addressKey("г Казань, ул Баумана, д 5");
    expect(key).toBe("г казань ул баумана д 5");
    expect(addressKey("Г. Казань,  ул. Баумана, д.5")).toBe(key);
    expect(addressKey("  г Казань ул Баумана д 5 ")).toBe(key);
    expect(addressKey("г Орёл")).toBe(addressKey("г Орел"));
  });

  it("keeps the words and their order, so different addresses keep different keys", () => {
    expect(addressKey("г Казань, ул Баумана, д 5")).not.toBe(addressKey("г Казань, ул Баумана, д 51"));
    expect(addressKey("д 12/1")).not.toBe(addressKey("д 121"));
  });
});
