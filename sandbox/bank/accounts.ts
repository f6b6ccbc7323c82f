// Who and what the sandbox bank knows: Рейс as its DirectBank customer with its payer account,
// the accounts of other banks' clients it says are closed, and open accounts of carriers that
// demos and tests pay out to. Every account passes the Bank of Russia's control-key check.
import { settlementAccountWithKey } from "../../workers/core/requisites/bank-account";
import { legalEntityInn } from "../../workers/core/validation/russian-ids";
import { bankByBic, DADATA_BANKS, type DadataBank } from "../dadata/banks";
import { drawer } from "../dadata/register-generator";
import {
  BANK_SANDBOX_BANK,
  BANK_SANDBOX_CUSTOMER_ID,
  BANK_SANDBOX_LOGIN,
  BANK_SANDBOX_PASSWORD,
  BANK_SANDBOX_PAYER,
} from "../vars";

export type SandboxCustomer = {
  id: string;
  login: string;
  password: string;
  name: string;
  inn: string;
  kpp: string;
  /** The customer's settlement account at the sandbox bank. */
  account: string;
  /** What the account holds when the sandbox starts with no journal: 100 million roubles. */
  openingBalanceKopecks: number;
};

export const SANDBOX_CUSTOMERS: readonly SandboxCustomer[] = [
  {
    id: BANK_SANDBOX_CUSTOMER_ID,
    login: BANK_SANDBOX_LOGIN,
    password: BANK_SANDBOX_PASSWORD,
    ...BANK_SANDBOX_PAYER,
    openingBalanceKopecks: 100_000_000_00,
  },
];

/** The sandbox bank, as payment orders and statements name it. */
export const SANDBOX_BANK = {
  ...BANK_SANDBOX_BANK,
  city: bankByBic(BANK_SANDBOX_BANK.bic)?.data.payment_city ?? "г. Москва",
};

export type KnownAccount = {
  bic: string;
  account: string;
  bankName: string;
  correspondentAccount: string;
  holder: { name: string; inn: string; kpp: string | null };
};

/** Any fixed number: changing it draws other accounts. */
const ACCOUNTS_SEED = 20_250_603;

/** Organisations' accounts at active banks (head offices and branches), the same on every run. */
function drawAccounts(count: number, seed: number): KnownAccount[] {
  const draw = drawer(seed);
  const banks = DADATA_BANKS.filter(
    (bank: DadataBank) => bank.data.state.status === "ACTIVE" && bank.data.opf.type !== "NKO",
  );
  return Array.from({ length: count }, (_, i) => {
    const bank = draw.pick(banks);
    const inn = legalEntityInn(`${bank.data.inn.slice(0, 4)}${draw.padded(10_000, 99_999, 5)}`);
    return {
      bic: bank.data.bic,
      account: settlementAccountWithKey(`40702810${draw.padded(0, 999_999_999_999, 12)}`, bank.data.bic),
      bankName: bank.data.name.payment,
      correspondentAccount: bank.data.correspondent_account,
      holder: { name: `ООО «Перевозчик ${i + 1}»`, inn, kpp: `${inn.slice(0, 4)}01001` },
    };
  });
}

/** Accounts the sandbox bank says are closed: a payout to one is rejected when it is executed. */
export const CLOSED_ACCOUNTS: readonly KnownAccount[] = drawAccounts(6, ACCOUNTS_SEED);

/** Open accounts of carriers (organisations) at banks across the country. */
export const CARRIER_ACCOUNTS: readonly KnownAccount[] = drawAccounts(12, ACCOUNTS_SEED + 1);

const CLOSED = new Set(CLOSED_ACCOUNTS.map(({ bic, account }) => `${bic}:${account}`));
export const isClosedAccount = (bic: string, account: string) => CLOSED.has(`${bic}:${account}`);

/** Who pays Рейс when the sandbox is told of an incoming payment without a payer. */
export const DEFAULT_INCOMING_PAYER = (() => {
  const [account] = drawAccounts(1, ACCOUNTS_SEED + 2);
  return { ...account, holder: { ...account.holder, name: "ООО «Северная торговая сеть»" } };
})();
