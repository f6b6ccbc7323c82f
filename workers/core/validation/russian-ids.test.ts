import { describe, expect, it } from "vitest";
import {
  isValidInn,
  isValidKpp,
  isValidOgrn,
  isValidOgrnip,
  legalEntityInn,
  soleTraderInn,
} from "./russian-ids";

describe("isValidInn", () => {
  it("accepts real 10-digit legal-entity INNs", () => {
    // Сбербанк, Яндекс, Газпром
    for (const inn of ["7707083893", "7736207543", "7736050003"]) expect(isValidInn(inn), inn).toBe(true);
  });

  it("accepts a real 12-digit individual INN", () => {
    expect(isValidInn("500100732259")).toBe(true);
  });

  it("rejects a wrong check digit", () => {
    expect(isValidInn("7707083894")).toBe(false);
    expect(isValidInn("500100732258")).toBe(false);
    expect(isValidInn("500100732269")).toBe(false);
  });

  it("rejects wrong lengths and non-digits", () => {
    for (const inn of ["", "770708389", "77070838933", "7707O83893", " 7707083893", "5001007322590"]) {
      expect(isValidInn(inn), inn).toBe(false);
    }
  });
});

describe("isValidOgrn", () => {
  it("accepts real OGRNs", () => {
    for (const ogrn of ["1027700132195", "1027700229193", "1027700070518"])
      expect(isValidOgrn(ogrn), ogrn).toBe(true);
  });

  it("rejects a wrong check digit, length or characters", () => {
    for (const ogrn of [
      "1027700132194",
      "102770013219",
      "10277001321950",
      "102770013219X",
      "304500116000157",
    ]) {
      expect(isValidOgrn(ogrn), ogrn).toBe(false);
    }
  });
});

describe("isValidOgrnip", () => {
  it("accepts a real OGRNIP", () => {
    expect(isValidOgrnip("304500116000157")).toBe(true);
  });

  it("rejects a wrong check digit, length or a legal entity's OGRN", () => {
    for (const ogrnip of ["304500116000158", "30450011600015", "1027700132195"]) {
      expect(isValidOgrnip(ogrnip), ogrnip).toBe(false);
    }
  });
});

describe("isValidKpp", () => {
  it("accepts 9 characters with digits or capital Latin letters in the reason code", () => {
    for (const kpp of ["773601001", "770401001", "77364A001", "7736AB001"])
      expect(isValidKpp(kpp), kpp).toBe(true);
  });

  it("rejects wrong lengths, lowercase or Cyrillic letters and letters outside the reason code", () => {
    for (const kpp of ["", "77360100", "7736010011", "7736ab001", "7736АБ001", "A73601001", "7736010A1"]) {
      expect(isValidKpp(kpp), kpp).toBe(false);
    }
  });
});

describe("legalEntityInn and soleTraderInn", () => {
  it("complete real INNs with their check digits", () => {
    expect(legalEntityInn("770708389")).toBe("7707083893");
    expect(legalEntityInn("773620754")).toBe("7736207543");
    expect(soleTraderInn("5001007322")).toBe("500100732259");
  });
});
