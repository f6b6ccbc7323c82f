import { correspondentAccountProblem, settlementAccountProblem } from "../core/requisites/bank-account";
import { createDirectBank, type DirectBankOptions } from "./directbank";
import type { AccountHolder, PayoutBank } from "./payout-bank";

/**
 * The payout bank's settings of the Workers (decision 0051): the bank's 1C:DirectBank service
 * and Рейс's account there. The sandbox's values come from sandboxProviderVars (sandbox/vars.ts).
 */
export type BankEnv = {
  /** The bank's BankServerAddress from its DirectBank settings; `<sandbox>/directbank` locally. */
  BANK_DIRECTBANK_URL: string;
  BANK_LOGIN: string;
  BANK_PASSWORD: string;
  /** Рейс's CustomerID at the bank (from the bank's settings file; «0» before they are known). */
  BANK_CUSTOMER_ID: string;
  BANK_BIC: string;
  /** The bank's name for payments, as the БИК directory has it. */
  BANK_NAME: string;
  BANK_CORRESPONDENT_ACCOUNT: string;
  /** Рейс, the payer of every payout. */
  BANK_PAYER_NAME: string;
  BANK_PAYER_INN: string;
  BANK_PAYER_KPP: string;
  BANK_PAYER_ACCOUNT: string;
};

export type PayerEnv = Pick<
  BankEnv,
  | "BANK_PAYER_NAME"
  | "BANK_PAYER_INN"
  | "BANK_PAYER_KPP"
  | "BANK_PAYER_ACCOUNT"
  | "BANK_BIC"
  | "BANK_NAME"
  | "BANK_CORRESPONDENT_ACCOUNT"
>;

/**
 * Рейс as the payer of its payment orders, with its account and bank; a payer account or
 * correspondent account that fails its key against BANK_BIC is refused at once.
 */
export function payerOf(env: PayerEnv): AccountHolder {
  const payerProblem = settlementAccountProblem(env.BANK_PAYER_ACCOUNT, env.BANK_BIC);
  if (payerProblem)
    throw new Error(`BANK_PAYER_ACCOUNT does not fit BANK_BIC ${env.BANK_BIC}: ${payerProblem}`);
  const bankProblem = correspondentAccountProblem(env.BANK_CORRESPONDENT_ACCOUNT, env.BANK_BIC);
  if (bankProblem)
    throw new Error(`BANK_CORRESPONDENT_ACCOUNT does not fit BANK_BIC ${env.BANK_BIC}: ${bankProblem}`);
  return {
    name: env.BANK_PAYER_NAME,
    inn: env.BANK_PAYER_INN,
    kpp: env.BANK_PAYER_KPP || null,
    account: env.BANK_PAYER_ACCOUNT,
    bank: { bic: env.BANK_BIC, name: env.BANK_NAME, correspondentAccount: env.BANK_CORRESPONDENT_ACCOUNT },
  };
}

/** The adapter's options from the env (the payer checked as payerOf checks it). */
export function directBankOptions(env: BankEnv): DirectBankOptions {
  const { bank, ...payer } = payerOf(env);
  return {
    url: env.BANK_DIRECTBANK_URL,
    login: env.BANK_LOGIN,
    password: env.BANK_PASSWORD,
    customerId: env.BANK_CUSTOMER_ID,
    payer,
    bank,
  };
}

export const payoutBankFor = (env: BankEnv): PayoutBank => createDirectBank(directBankOptions(env));
