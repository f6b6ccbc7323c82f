import { describe, expect, it } from "vitest";
import { correspondentAccountProblem } from "../../workers/core/requisites/bank-account";
import { isValidInn, isValidKpp } from "../../workers/core/validation/russian-ids";
import { createSandboxApp } from "../app";
import {
  DADATA_BANKS,
  LIQUIDATED_BANK_BIC,
  SANDBOX_DIRECTBANK_BIC,
  bankByBic,
  buildBankRegister,
  suggestBanks,
  type DadataBank,
} from "./banks";

const SUGGEST = "/suggestions/api/4_1/rs/suggest/bank";
const FIND = "/suggestions/api/4_1/rs/findById/bank";

async function post(path: string, body: unknown): Promise<DadataBank[]> {
  const response = await createSandboxApp().request(path, {
    method: "POST",
    headers: { authorization: "Token sandbox-key", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { suggestions: DadataBank[] }).suggestions;
}

const heads = DADATA_BANKS.filter((bank) => bank.data.opf.type !== "BANK_BRANCH");
const branches = DADATA_BANKS.filter((bank) => bank.data.opf.type === "BANK_BRANCH");

describe("the sandbox register of banks", () => {
  it("is as large and varied as the Bank of Russia's: banks, branches, NKOs, some liquidated", () => {
    expect(DADATA_BANKS.length).toBeGreaterThanOrEqual(300);
    const count = (type: string) => DADATA_BANKS.filter((bank) => bank.data.opf.type === type).length;
    expect(count("BANK")).toBeGreaterThan(200);
    expect(count("BANK_BRANCH")).toBeGreaterThan(40);
    expect(count("NKO")).toBeGreaterThan(5);
    const status = (wanted: string) => DADATA_BANKS.filter((bank) => bank.data.state.status === wanted);
    expect(status("LIQUIDATED").length).toBeGreaterThan(5);
    expect(status("LIQUIDATING").length).toBeGreaterThan(2);
    expect(status("LIQUIDATED").every((bank) => bank.data.state.liquidation_date !== null)).toBe(true);
    expect(new Set(DADATA_BANKS.map((bank) => bank.data.bic.slice(2, 6))).size).toBeGreaterThanOrEqual(15);
  });

  it("gives every bank its own БИК and a correspondent account that passes the control key", () => {
    expect(new Set(DADATA_BANKS.map((bank) => bank.data.bic)).size).toBe(DADATA_BANKS.length);
    const problems = DADATA_BANKS.flatMap(({ data }) => {
      const problem = correspondentAccountProblem(data.correspondent_account, data.bic);
      return problem ? [`${data.bic} ${data.correspondent_account}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it("gives head offices valid and unique ИНН and КПП, and branches their head office's ИНН", () => {
    expect(heads.every(({ data }) => isValidInn(data.inn) && isValidKpp(data.kpp))).toBe(true);
    expect(new Set(heads.map(({ data }) => data.inn)).size).toBe(heads.length);
    for (const branch of branches) {
      const head = heads.find((bank) => bank.data.inn === branch.data.inn);
      expect(head, branch.value).toBeDefined();
      expect(branch.value).toContain(head!.value);
      expect(branch.data.kpp.slice(4, 6)).toBe("43");
    }
  });

  it("is the same on every run", () => {
    expect(buildBankRegister()).toEqual(DADATA_BANKS);
  });

  it("has the sandbox DirectBank and a liquidated bank that tests can name", () => {
    expect(bankByBic(SANDBOX_DIRECTBANK_BIC)?.value).toBe("АО «Банк Магистраль»");
    expect(bankByBic(LIQUIDATED_BANK_BIC)?.data.state).toMatchObject({
      status: "LIQUIDATED",
      liquidation_date: Date.UTC(2023, 2, 15),
    });
  });
});

describe("the DaData sandbox's suggest/bank", () => {
  it("finds banks by the beginning of a name word, head offices first", async () => {
    const found = await post(SUGGEST, { query: "магистр" });
    expect(found[0].value).toBe("АО «Банк Магистраль»");
    expect(found.slice(1).every((bank) => bank.value.startsWith("Филиал"))).toBe(true);
  });

  it("finds by several words, of the name and of the city", async () => {
    const found = await post(SUGGEST, { query: "народный казань" });
    expect(found.map((bank) => bank.value)).toEqual([
      "Филиал «Приволжский» ПАО «Народный сберегательный банк»",
    ]);
  });

  it("finds by the beginning of a БИК, by an ИНН and by SWIFT", async () => {
    const byBic = await post(SUGGEST, { query: "04452", count: 20 });
    expect(byBic).toHaveLength(20);
    expect(byBic.every((bank) => bank.data.bic.startsWith("04452"))).toBe(true);
    const [head] = await post(SUGGEST, { query: "банк северная звезда" });
    const byInn = await post(SUGGEST, { query: head.data.inn, count: 20 });
    expect(byInn.length).toBeGreaterThan(1);
    expect(byInn.every((bank) => bank.data.inn === head.data.inn)).toBe(true);
    expect((await post(SUGGEST, { query: "szvz" })).map((bank) => bank.value)).toEqual([head.value]);
  });

  it("filters by status and type, as DaData's `status` and `type` parameters do", async () => {
    const all = suggestBanks("банк", 20);
    expect(all.some((bank) => bank.data.state.status !== "ACTIVE")).toBe(true);
    const active = await post(SUGGEST, { query: "банк", count: 20, status: ["ACTIVE"], type: ["BANK"] });
    expect(active).toHaveLength(20);
    expect(active.every((bank) => bank.data.state.status === "ACTIVE" && bank.data.opf.type === "BANK")).toBe(
      true,
    );
  });
});

describe("the DaData sandbox's findById/bank", () => {
  it("finds a bank by its exact БИК, liquidated ones too", async () => {
    expect(await post(FIND, { query: LIQUIDATED_BANK_BIC })).toEqual([bankByBic(LIQUIDATED_BANK_BIC)]);
    expect(await post(FIND, { query: LIQUIDATED_BANK_BIC.slice(0, 8) })).toEqual([]);
  });

  it("finds a head office and its branches by ИНН, one of them with the КПП", async () => {
    const head = bankByBic(SANDBOX_DIRECTBANK_BIC)!;
    const byInn = await post(FIND, { query: head.data.inn });
    expect(byInn.length).toBe(5);
    const branch = byInn[2];
    expect(await post(FIND, { query: head.data.inn, kpp: branch.data.kpp })).toEqual([branch]);
  });
});
