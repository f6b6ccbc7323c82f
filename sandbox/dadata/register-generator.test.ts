import { describe, expect, it } from "vitest";
import { isValidInn, isValidOgrn, isValidOgrnip } from "../../workers/core/validation/russian-ids";
import { organisationIds, type Entry } from "./register-entry";
import { generateEntries } from "./register-generator";
import { agree, surname } from "./data/names";
import { REGIONS } from "./data/regions";

describe("generateEntries", () => {
  it("draws the same companies from the same seed and others from another", () => {
    expect(generateEntries(200, 42)).toEqual(generateEntries(200, 42));
    expect(generateEntries(20, 43)).not.toEqual(generateEntries(20, 42));
  });

  it("draws exactly `count` companies with valid, unique numbers", () => {
    const entries = generateEntries(700, 1);
    expect(entries).toHaveLength(700);
    for (const { ids, opf } of entries) {
      expect(isValidInn(ids.inn), ids.inn).toBe(true);
      expect(opf === "ИП" ? isValidOgrnip(ids.ogrn) : isValidOgrn(ids.ogrn), ids.ogrn).toBe(true);
    }
    expect(new Set(entries.flatMap(({ ids }) => [ids.inn, ids.ogrn])).size).toBe(1400);
  });

  it("keeps clear of the numbers and names it is given as taken", () => {
    const taken: Entry = {
      opf: "ООО",
      name: "Авто",
      ids: organisationIds("7701", "00001", "10"),
      postalCode: "101000",
      address: "г Москва",
      okved: "49.41",
    };
    const entries = generateEntries(300, 5, [taken]);
    expect(entries.some(({ name }) => name.toLowerCase().includes("авто"))).toBe(false);
    expect(entries.some(({ ids }) => ids.inn === taken.ids.inn || ids.ogrn === taken.ids.ogrn)).toBe(false);
  });
});

describe("the register's word parts", () => {
  it("make adjectives agree with their noun", () => {
    expect((["m", "f", "n", "pl"] as const).map((g) => agree("Северный", g))).toEqual([
      "Северный",
      "Северная",
      "Северное",
      "Северные",
    ]);
    expect(agree("Донской", "pl")).toBe("Донские");
    expect(agree("Деловой", "pl")).toBe("Деловые");
    expect(agree("Уральский", "n")).toBe("Уральское");
    expect(agree("Верхний", "f")).toBe("Верхняя");
    expect(agree("Северо-Западный", "f")).toBe("Северо-Западная");
  });

  it("give women the feminine surname", () => {
    expect(surname("Иванов", true)).toBe("Иванова");
    expect(surname("Островский", true)).toBe("Островская");
    expect(surname("Ткаченко", true)).toBe("Ткаченко");
    expect(surname("Иванов", false)).toBe("Иванов");
  });

  it("hold regions with real-looking codes", () => {
    expect(new Set(REGIONS.map((r) => r.code)).size).toBe(REGIONS.length);
    for (const region of REGIONS) {
      expect(region.code).toMatch(/^\d{2}$/);
      for (const city of region.cities) {
        for (const office of city.taxOffices) expect(office).toMatch(new RegExp(`^${region.code}\\d{2}$`));
        for (const postal of city.postal) expect(postal).toMatch(/^\d{3,4}$/);
      }
    }
  });
});
