import { describe, expect, it } from "vitest";
import { createSandboxApp } from "../app";
import { DADATA_PARTIES, type DadataParty } from "./companies";

const PARTY_PATH = "/suggestions/api/4_1/rs/suggest/party";

async function suggest(query: string, count?: number): Promise<DadataParty[]> {
  const response = await createSandboxApp().request(PARTY_PATH, {
    method: "POST",
    headers: { authorization: "Token sandbox-key", "content-type": "application/json" },
    body: JSON.stringify({ query, count }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { suggestions: DadataParty[] }).suggestions;
}

/** Two letters people commonly start typing a company's name with. */
const COMMON_PREFIXES = [
  "Де",
  "Ав",
  "Тр",
  "Ст",
  "Се",
  "Ло",
  "Ка",
  "Ма",
  "Пр",
  "Ре",
  "Ро",
  "Те",
  "Ин",
  "Ал",
  "Бе",
];

describe("the DaData sandbox's suggest/party", () => {
  it.each(COMMON_PREFIXES)("suggests companies with a name word starting with «%s»", async (prefix) => {
    const suggestions = await suggest(prefix);
    expect(suggestions.length).toBe(10);
    const wordStart = new RegExp(`(^|[\\s-])${prefix.toLowerCase()}`);
    expect(wordStart.test(suggestions[0].data.name.full.toLowerCase()), suggestions[0].value).toBe(true);
  });

  it("answers at most 20 suggestions", async () => {
    expect(await suggest("Тр", 50)).toHaveLength(20);
  });

  it("finds by the beginning of an INN, a sole trader's included", async () => {
    const trader = DADATA_PARTIES.find((p) => p.data.type === "INDIVIDUAL" && p.data.inn.startsWith("16"));
    expect(trader).toBeDefined();
    expect(await suggest(trader!.data.inn)).toEqual([trader]);
    const byOffice = await suggest("7715");
    expect(byOffice.length).toBeGreaterThan(0);
    expect(byOffice.every((p) => p.data.inn.startsWith("7715"))).toBe(true);
  });
});
