import { describe, expect, it } from "vitest";
import { settlementAccountWithKey } from "./bank-account";
import { bankRequisitesSchema } from "./schemas";

const BIC = "044525974";
const ACCOUNT = settlementAccountWithKey("40702810000000012345", BIC);
const FORM = {
  settlementAccount: ACCOUNT,
  bic: BIC,
  bankName: "АО «Банк Магистраль»",
  correspondentAccount: "30101810145250000974",
};

/** Each field's messages for `input`; {} when the form passes. */
function problems(input: unknown): Record<string, string[]> {
  const result = bankRequisitesSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join(".")] ??= []).push(issue.message);
  return byField;
}

describe("the company requisites form", () => {
  it("passes good requisites and drops the spaces people paste", () => {
    expect(
      bankRequisitesSchema.parse({
        ...FORM,
        settlementAccount: ` ${ACCOUNT.replace(/(\d{4})/g, "$1 ")}`,
        bic: "044 525 974",
        bankName: "  АО «Банк Магистраль» ",
      }),
    ).toEqual(FORM);
  });

  it("says which field is missing, in Russian", () => {
    expect(problems({})).toEqual({
      settlementAccount: ["Укажите расчетный счет"],
      bic: ["Укажите БИК банка"],
      bankName: ["Укажите наименование банка"],
      correspondentAccount: ["Укажите корреспондентский счет банка"],
    });
    expect(problems({ ...FORM, settlementAccount: "", bic: "  " })).toEqual({
      settlementAccount: ["Укажите расчетный счет"],
      bic: ["Укажите БИК банка"],
    });
  });

  it("reports a mistyped account on the account, by its control key", () => {
    const mistyped = `${ACCOUNT.slice(0, 19)}${(Number(ACCOUNT[19]) + 1) % 10}`;
    expect(problems({ ...FORM, settlementAccount: mistyped })).toEqual({
      settlementAccount: ["Неверный контрольный ключ расчетного счета: проверьте номер счета и БИК банка"],
    });
    expect(problems({ ...FORM, correspondentAccount: "30101810245250000974" })).toEqual({
      correspondentAccount: [
        "Неверный контрольный ключ корреспондентского счета: проверьте счет и БИК банка",
      ],
    });
  });

  it("reports an account of another bank against the БИК", () => {
    // The account's key was computed for another bank; the correspondent account ends otherwise.
    expect(problems({ ...FORM, bic: "044525593" })).toEqual({
      settlementAccount: ["Неверный контрольный ключ расчетного счета: проверьте номер счета и БИК банка"],
      correspondentAccount: [
        "Корреспондентский счет не соответствует БИК: последние три цифры счета и БИК должны совпадать",
      ],
    });
  });

  it("reports a wrong БИК once, on the БИК, and not again on the accounts", () => {
    expect(problems({ ...FORM, bic: "04452597" })).toEqual({ bic: ["БИК должен содержать 9 цифр"] });
    expect(problems({ ...FORM, bic: "104525974" })).toEqual({
      bic: ["БИК российского банка начинается с 04"],
    });
  });

  it("reports every field's problem at once", () => {
    expect(
      problems({
        settlementAccount: "30101810145250000974",
        bic: BIC,
        bankName: "Б".repeat(161),
        correspondentAccount: ACCOUNT,
      }),
    ).toEqual({
      settlementAccount: ["Это корреспондентский счет банка, а нужен расчетный счет вашей компании"],
      bankName: ["Наименование банка не длиннее 160 символов"],
      correspondentAccount: ["Корреспондентский счет банка начинается с 30101"],
    });
  });
});
