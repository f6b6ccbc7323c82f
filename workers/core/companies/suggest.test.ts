import { afterEach, describe, expect, it, vi } from "vitest";
import type { CompanyLookup, CompanySuggestion } from "../../providers/company-lookup";
import { suggestCompanies, suggestQuerySchema } from "./suggest";

function company(n: number): CompanySuggestion {
  return {
    value: `ООО «Перевозчик ${n}»`,
    data: {
      name: { short_with_opf: `ООО «Перевозчик ${n}»`, full_with_opf: null },
      inn: "7707083893",
      kpp: "773601001",
      ogrn: "1027700132195",
      address: { value: "г Москва" },
    },
  };
}

/** A look-up that records its calls and answers with `answer`. */
function fakeLookup(answer: () => Promise<CompanySuggestion[]>) {
  const calls: { query: string; count: number }[] = [];
  const lookup: CompanyLookup = {
    suggest(query, count) {
      calls.push({ query, count });
      return answer();
    },
  };
  return { lookup, calls };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("suggestCompanies", () => {
  it("asks the look-up for 10 companies by the trimmed query", async () => {
    const { lookup, calls } = fakeLookup(async () => [company(1), company(2)]);
    expect(await suggestCompanies(lookup, "  Транс ")).toEqual([company(1), company(2)]);
    expect(calls).toEqual([{ query: "Транс", count: 10 }]);
  });

  it("never shows more than 10, whatever the service returns", async () => {
    const { lookup } = fakeLookup(async () => Array.from({ length: 15 }, (_, i) => company(i)));
    expect(await suggestCompanies(lookup, "Перевозчик")).toHaveLength(10);
  });

  it("does not call the service for fewer than 2 characters", async () => {
    const { lookup, calls } = fakeLookup(async () => [company(1)]);
    for (const query of ["", " ", "Т", "  Т  "]) expect(await suggestCompanies(lookup, query)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("answers an empty list and logs when the service fails", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("dadata: HTTP 500");
    const { lookup } = fakeLookup(() => Promise.reject(failure));
    expect(await suggestCompanies(lookup, "Транс")).toEqual([]);
    expect(logged).toHaveBeenCalledWith("companies: company look-up failed", failure);
  });
});

describe("suggestQuerySchema", () => {
  it("defaults a missing query to empty and refuses one over 300 characters in Russian", () => {
    expect(suggestQuerySchema.parse({})).toEqual({ query: "" });
    expect(suggestQuerySchema.parse({ query: "x".repeat(300) }).query).toHaveLength(300);
    const tooLong = suggestQuerySchema.safeParse({ query: "x".repeat(301) });
    expect(tooLong.error?.issues[0].message).toBe("Строка поиска не длиннее 300 символов");
  });
});
