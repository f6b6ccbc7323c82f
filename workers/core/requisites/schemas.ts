// The company requisites form: where a carrier's payouts go. One schema for the browser form
// (conform), the page action and the API operation alike. Pure: the БИК look-up (DaData) fills
// the bank's name and correspondent account in the browser; nothing here calls out.
import { z } from "zod";
import {
  BANK_ACCOUNT_MESSAGES,
  bicProblem,
  correspondentAccountFormatProblem,
  correspondentAccountProblem,
  settlementAccountFormatProblem,
  settlementAccountProblem,
  type BankAccountProblem,
} from "./bank-account";

/** The longest bank name a payment order carries (1C:DirectBank's BankType/Name). */
export const MAX_BANK_NAME = 160;

/** People paste «4070 2810 …» or «044 525 974»: spaces, dashes and dots go, the digits stay. */
const digitsOnly = (value: string) => value.replace(/[\s.-]/g, "");

/** A digits field whose problems (without the БИК) `problemOf` names. */
const digitsField = (required: string, problemOf: (value: string) => BankAccountProblem | null) =>
  z
    .string({ error: required })
    .transform(digitsOnly)
    .superRefine((value, ctx) => {
      const problem = problemOf(value);
      if (problem) ctx.addIssue({ code: "custom", message: BANK_ACCOUNT_MESSAGES[problem] });
    });

export const bicField = digitsField(BANK_ACCOUNT_MESSAGES.bicRequired, bicProblem);

export const settlementAccountField = digitsField(
  BANK_ACCOUNT_MESSAGES.settlementRequired,
  settlementAccountFormatProblem,
);

export const correspondentAccountField = digitsField(
  BANK_ACCOUNT_MESSAGES.correspondentRequired,
  correspondentAccountFormatProblem,
);

export const bankNameField = z
  .string({ error: "Укажите наименование банка" })
  .trim()
  .min(1, { error: "Укажите наименование банка" })
  .max(MAX_BANK_NAME, { error: `Наименование банка не длиннее ${MAX_BANK_NAME} символов` });

/** The problems that need two fields: an account's control key is computed with the БИК. */
const KEY_PROBLEMS: readonly BankAccountProblem[] = ["settlementKey", "correspondentBic", "correspondentKey"];

/**
 * Р/с, БИК, bank and к/с of the company's account. Each field reports its own format; the
 * control keys of both accounts, which need the БИК, are reported on the account fields once
 * the БИК and the account are each well formed.
 */
export const bankRequisitesSchema = z
  .object({
    settlementAccount: settlementAccountField,
    bic: bicField,
    bankName: bankNameField,
    correspondentAccount: correspondentAccountField,
  })
  .superRefine((value, ctx) => {
    const text = (field: unknown) => (typeof field === "string" ? field : "");
    const bic = text(value.bic);
    const checks = [
      ["settlementAccount", settlementAccountProblem(text(value.settlementAccount), bic)],
      ["correspondentAccount", correspondentAccountProblem(text(value.correspondentAccount), bic)],
    ] as const;
    for (const [path, problem] of checks) {
      if (problem && KEY_PROBLEMS.includes(problem)) {
        ctx.addIssue({ code: "custom", path: [path], message: BANK_ACCOUNT_MESSAGES[problem] });
      }
    }
  });

export type BankRequisites = z.output<typeof bankRequisitesSchema>;
