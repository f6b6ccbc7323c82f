// Рейс as the financial agent in its documents: the payer of the payouts (the bank account the
// debtors now pay into) with the requisites the bank's settings do not hold (decision 0056).
import { payerOf, type PayerEnv } from "../../../providers/bank-config";
import type { DocumentFactor } from "./types";

export type FactorVars = PayerEnv & {
  /** Рейс's ОГРН; printed when set. */
  REYS_OGRN?: string;
  /** Рейс's legal address: line 2а of the счёт-фактура, so it must be set. */
  REYS_ADDRESS?: string;
  /** НДС on the commission, percent: «22» (the default), or «без НДС» when Рейс is not a VAT payer. */
  REYS_VAT_RATE?: string;
};

/** The default rate of НК РФ ст. 164 п. 3 from 2026. */
export const DEFAULT_VAT_RATE_PERCENT = 22;

function vatRateOf(value: string | undefined): number | null {
  const text = value?.trim() ?? "";
  if (text === "") return DEFAULT_VAT_RATE_PERCENT;
  if (/^без\s+ндс$/i.test(text)) return null;
  const rate = Number(text);
  if (!/^\d{1,2}$/.test(text) || rate === 0)
    throw new Error(`REYS_VAT_RATE must be a whole percent from 1 to 99 or «без НДС», got «${value}»`);
  return rate;
}

/** Рейс's requisites from the server's vars; an unset address or a VAT rate it cannot read is refused at once. */
export function factorOf(vars: FactorVars): DocumentFactor {
  const address = vars.REYS_ADDRESS?.trim();
  if (!address)
    throw new Error("REYS_ADDRESS is not set: the documents of a quick payment need Рейс's legal address");
  const payer = payerOf(vars);
  return {
    name: payer.name,
    inn: payer.inn,
    kpp: payer.kpp,
    ogrn: vars.REYS_OGRN?.trim() || null,
    address,
    account: {
      settlementAccount: payer.account,
      bic: payer.bank.bic,
      bankName: payer.bank.name,
      correspondentAccount: payer.bank.correspondentAccount,
    },
    vatRatePercent: vatRateOf(vars.REYS_VAT_RATE),
  };
}
