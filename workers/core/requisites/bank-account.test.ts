import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import {
  bicProblem,
  correspondentAccountProblem,
  correspondentAccountWithKey,
  isCorrespondentAccountKeyValid,
  isSettlementAccountKeyValid,
  settlementAccountProblem,
  settlementAccountWithKey,
} from "./bank-account";

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""));

/** A Russian БИК: 04, the region and the Bank of Russia division (4 digits), the bank (3 digits). */
const bic = digits(7).map((rest) => `04${rest}`);

/** Any 20 digits that could be an account before its key is computed. */
const accountDigits = digits(20);

/** `account` with its `position`-th digit replaced by another one (`shift` 1…9 up, mod 10). */
const changeDigit = (account: string, position: number, shift: number) =>
  `${account.slice(0, position)}${(Number(account[position]) + shift) % 10}${account.slice(position + 1)}`;

describe("the Bank of Russia's worked examples (№ 515, 08.09.1997)", () => {
  it("computes the key of a correspondent account opened at a cash settlement centre", () => {
    // 30101810К00000000746 at the centre with БИК 049805000: К = 8.
    expect(correspondentAccountWithKey("30101810000000000746", "049805746")).toBe("30101810800000000746");
    expect(isCorrespondentAccountKeyValid("30101810800000000746", "049805746")).toBe(true);
  });

  it("computes the key of a client's account in a credit institution", () => {
    // 40602810К00000000025 in the institution with БИК 049805746: К = 7.
    expect(settlementAccountWithKey("40602810000000000025", "049805746")).toBe("40602810700000000025");
    expect(isSettlementAccountKeyValid("40602810700000000025", "049805746")).toBe(true);
  });

  it("accepts published correspondent accounts of both numbering styles", () => {
    expect(isCorrespondentAccountKeyValid("30101810400000000225", "044525225")).toBe(true);
    expect(isCorrespondentAccountKeyValid("30101810145250000974", "044525974")).toBe(true);
  });
});

describe("the control key, over any account and БИК", () => {
  test.prop([accountDigits, bic])("an account given its key passes", (account, code) => {
    expect(isSettlementAccountKeyValid(settlementAccountWithKey(account, code), code)).toBe(true);
    expect(isCorrespondentAccountKeyValid(correspondentAccountWithKey(account, code), code)).toBe(true);
  });

  test.prop([accountDigits, bic, fc.integer({ min: 0, max: 19 }), fc.integer({ min: 1, max: 9 })])(
    "any single mistyped digit fails it",
    (account, code, position, shift) => {
      const settlement = settlementAccountWithKey(account, code);
      expect(isSettlementAccountKeyValid(changeDigit(settlement, position, shift), code)).toBe(false);
      const correspondent = correspondentAccountWithKey(account, code);
      expect(isCorrespondentAccountKeyValid(changeDigit(correspondent, position, shift), code)).toBe(false);
    },
  );

  test.prop([accountDigits, bic, fc.integer({ min: 6, max: 8 }), fc.integer({ min: 1, max: 9 })])(
    "a settlement account checked against another bank's number fails",
    (account, code, position, shift) => {
      const settlement = settlementAccountWithKey(account, code);
      expect(isSettlementAccountKeyValid(settlement, changeDigit(code, position, shift))).toBe(false);
    },
  );
});

describe("settlementAccountProblem", () => {
  const BIC = "044525974";
  const good = settlementAccountWithKey("40702810000000012345", BIC);

  it("passes a rouble account with its key", () => {
    expect(settlementAccountProblem(good, BIC)).toBeNull();
  });

  it.each([
    ["", "settlementRequired"],
    ["4070281000000001234", "settlementFormat"],
    ["407028100000000123456", "settlementFormat"],
    ["40702810a00000012345", "settlementFormat"],
    ["30101810145250000974", "settlementIsCorrespondent"],
    [settlementAccountWithKey("40702840000000012345", BIC), "settlementCurrency"],
    [changeDigit(good, 19, 1), "settlementKey"],
  ])("names what is wrong with %s", (account, problem) => {
    expect(settlementAccountProblem(account, BIC)).toBe(problem);
  });

  it("leaves the key unchecked while the БИК is wrong (the БИК field says so)", () => {
    expect(settlementAccountProblem(changeDigit(good, 19, 1), "04452597")).toBeNull();
  });
});

describe("correspondentAccountProblem", () => {
  it.each([
    ["", "044525974", "correspondentRequired"],
    ["3010181014525000097", "044525974", "correspondentFormat"],
    ["40702810145250000974", "044525974", "correspondentPrefix"],
    ["30101810145250000974", "044525975", "correspondentBic"],
    ["30101810245250000974", "044525974", "correspondentKey"],
    ["30101810145250000974", "044525974", null],
  ])("%s for БИК %s: %s", (account, code, problem) => {
    expect(correspondentAccountProblem(account, code)).toBe(problem);
  });
});

describe("bicProblem", () => {
  it.each([
    ["", "bicRequired"],
    ["04452597", "bicFormat"],
    ["0445259741", "bicFormat"],
    ["04452597a", "bicFormat"],
    ["104525974", "bicCountry"],
    ["044525974", null],
  ])("%s: %s", (code, problem) => {
    expect(bicProblem(code)).toBe(problem);
  });
});
