import { describe, expect, it, vi } from "vitest";
import {
  isValidInn,
  isValidKpp,
  isValidOgrn,
  isValidOgrnip,
} from "../../workers/core/validation/russian-ids";
import { DADATA_PARTIES, findParties, type DadataParty } from "./companies";

const legal = DADATA_PARTIES.filter((p) => p.data.type === "LEGAL");
const soleTraders = DADATA_PARTIES.filter((p) => p.data.type === "INDIVIDUAL");

/** What is wrong with a party's registration numbers, by the product's own validators. */
function idProblems({ data: { inn, kpp, ogrn, type } }: DadataParty): string[] {
  const problems: string[] = [];
  if (!isValidInn(inn)) problems.push(`INN ${inn}`);
  if (type === "LEGAL") {
    if (inn.length !== 10) problems.push(`INN ${inn} is not 10 digits`);
    if (kpp === null || !isValidKpp(kpp)) problems.push(`KPP ${kpp}`);
    else if (!kpp.startsWith(inn.slice(0, 4))) problems.push(`KPP ${kpp} of another tax office`);
    if (!isValidOgrn(ogrn) || !ogrn.startsWith("1")) problems.push(`OGRN ${ogrn}`);
  } else {
    if (inn.length !== 12) problems.push(`INN ${inn} is not 12 digits`);
    if (kpp !== null) problems.push(`KPP ${kpp} of a sole trader`);
    if (!isValidOgrnip(ogrn) || !ogrn.startsWith("3")) problems.push(`OGRNIP ${ogrn}`);
  }
  // The region code sits in the OGRN(IP) after the sign and the year, as in the INN.
  if (ogrn.slice(3, 5) !== inn.slice(0, 2)) problems.push(`OGRN ${ogrn} of another region than INN ${inn}`);
  return problems;
}

describe("the sandbox register of companies", () => {
  it("is as large as a real register looks: over 500 companies of all four legal forms", () => {
    expect(DADATA_PARTIES.length).toBeGreaterThanOrEqual(500);
    const forms = new Set(DADATA_PARTIES.map((p) => p.data.opf.short));
    expect([...forms].sort()).toEqual(["АО", "ИП", "ООО", "ПАО"]);
    expect(soleTraders.length).toBeGreaterThan(100);
  });

  it("spreads over at least 40 regions", () => {
    expect(new Set(DADATA_PARTIES.map((p) => p.data.inn.slice(0, 2))).size).toBeGreaterThanOrEqual(40);
    expect(
      new Set(DADATA_PARTIES.map((p) => p.data.address.value.split(",")[0])).size,
    ).toBeGreaterThanOrEqual(40);
  });

  it("gives every company a valid INN, KPP and OGRN(IP)", () => {
    const problems = DADATA_PARTIES.flatMap((p) => idProblems(p).map((problem) => `${p.value}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it("never repeats an INN, an OGRN or a name", () => {
    expect(new Set(DADATA_PARTIES.map((p) => p.data.inn)).size).toBe(DADATA_PARTIES.length);
    expect(new Set(DADATA_PARTIES.map((p) => p.data.ogrn)).size).toBe(DADATA_PARTIES.length);
    expect(new Set(DADATA_PARTIES.map((p) => p.value)).size).toBe(DADATA_PARTIES.length);
  });

  it("names sole traders by full name and organisations' directors the same way", () => {
    const fullName = /^[А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+(вич|вна|ич|на)$/;
    for (const trader of soleTraders) {
      expect(trader.data.name.full).toMatch(fullName);
      expect(trader.value).toBe(`ИП ${trader.data.name.full}`);
      expect(trader.data.management).toBeNull();
    }
    for (const organisation of legal) expect(organisation.data.management?.name).toMatch(fullName);
  });

  it("has addresses with 6-digit postal codes, OKVED codes and some liquidated companies", () => {
    for (const { data } of DADATA_PARTIES) {
      expect(data.address.data.postal_code).toMatch(/^\d{6}$/);
      expect(data.address.unrestricted_value).toBe(`${data.address.data.postal_code}, ${data.address.value}`);
      expect(data.okved).toMatch(/^\d{2}\.\d{2}(\.\d)?$/);
    }
    const liquidated = DADATA_PARTIES.filter((p) => p.data.state.status === "LIQUIDATED").length;
    expect(liquidated).toBeGreaterThan(10);
    expect(liquidated).toBeLessThan(DADATA_PARTIES.length / 5);
  });

  it("is the same on every load", async () => {
    vi.resetModules();
    const reloaded = await import("./companies");
    expect(reloaded.DADATA_PARTIES).not.toBe(DADATA_PARTIES);
    expect(reloaded.DADATA_PARTIES).toEqual(DADATA_PARTIES);
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

  it("puts names with a word starting with the query before names that only contain it", () => {
    const found = findParties("лог", 20);
    const startsWord = (p: DadataParty) => /(^|[\s-])лог/.test(p.data.name.full.toLowerCase());
    const firstInside = found.findIndex((p) => !startsWord(p));
    expect(found.length).toBe(20);
    expect(firstInside === -1 || found.slice(firstInside).every((p) => !startsWord(p))).toBe(true);
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
