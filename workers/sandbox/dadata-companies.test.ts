import { describe, expect, it } from "vitest";
import { isValidInn, isValidKpp, isValidOgrn, isValidOgrnip } from "../core/validation/russian-ids";
import { DADATA_PARTIES, findParties } from "./dadata-companies";

describe("the sandbox register of companies", () => {
  it("holds about 25 organisations and sole traders", () => {
    expect(DADATA_PARTIES.length).toBeGreaterThanOrEqual(20);
    expect(DADATA_PARTIES.some((p) => p.data.type === "INDIVIDUAL")).toBe(true);
    expect(DADATA_PARTIES.some((p) => p.data.type === "LEGAL")).toBe(true);
  });

  it.each(DADATA_PARTIES.map((p) => [p.value, p] as const))("%s has valid INN, KPP and OGRN", (_, party) => {
    const { inn, kpp, ogrn, type } = party.data;
    expect(isValidInn(inn), `INN ${inn}`).toBe(true);
    if (type === "LEGAL") {
      expect(inn).toHaveLength(10);
      expect(kpp !== null && isValidKpp(kpp), `KPP ${kpp}`).toBe(true);
      expect(isValidOgrn(ogrn), `OGRN ${ogrn}`).toBe(true);
    } else {
      expect(inn).toHaveLength(12);
      expect(kpp).toBeNull();
      expect(isValidOgrnip(ogrn), `OGRNIP ${ogrn}`).toBe(true);
    }
  });

  it("never repeats an INN or OGRN", () => {
    expect(new Set(DADATA_PARTIES.map((p) => p.data.inn)).size).toBe(DADATA_PARTIES.length);
    expect(new Set(DADATA_PARTIES.map((p) => p.data.ogrn)).size).toBe(DADATA_PARTIES.length);
  });
});

describe("findParties", () => {
  it("finds by a part of the name regardless of case, quotes and ё", () => {
    expect(findParties("транслогистик", 10).map((p) => p.value)).toEqual([
      "ООО «ТрансЛогистик»",
      "ООО «ТрансЛогистик Казань»",
    ]);
    expect(findParties('ООО "ТрансЛогистик Казань"', 10).map((p) => p.value)).toEqual([
      "ООО «ТрансЛогистик Казань»",
    ]);
    expect(findParties("семенов", 10).map((p) => p.value)).toEqual(["ИП Семёнов Алексей Петрович"]);
    expect(findParties("общество с ограниченной", 10).length).toBeGreaterThan(5);
  });

  it("finds by the beginning of the INN", () => {
    const [first] = DADATA_PARTIES;
    expect(findParties(first.data.inn.slice(0, 6), 10)).toContain(first);
    expect(findParties(first.data.inn, 10)).toEqual([first]);
  });

  it("returns at most `count` and nothing for a blank query", () => {
    expect(findParties("ООО", 3)).toHaveLength(3);
    expect(findParties("  ", 10)).toEqual([]);
  });
});
