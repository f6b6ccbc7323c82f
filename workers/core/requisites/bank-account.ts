// Russian bank requisites as the Bank of Russia defines them: the БИК (bank identification code)
// and the control key of a 20-digit account number (Порядок расчета контрольного ключа в номере
// лицевого счета, ЦБ РФ 08.09.1997 № 515). Pure functions: a string in, a verdict out.

/** The weights of the control-key sum, repeated over the 23 digits checked. */
const KEY_WEIGHTS = [7, 1, 3] as const;
/** Where the key digit sits in a 20-digit account number (the 9th digit). */
const KEY_POSITION = 8;

const BIC = /^\d{9}$/;
const ACCOUNT = /^\d{20}$/;
/** A credit institution's correspondent account at the Bank of Russia: balance account 30101. */
export const CORRESPONDENT_ACCOUNT_PREFIX = "30101";
/** The currency code in the 6th to 8th digits of a rouble account. */
export const ROUBLE_CURRENCY_CODE = "810";

/**
 * Σ of the lower digits of (digit × weight) over the 3-digit conditional number and the
 * account, the weights 7, 1, 3 repeated; the account is right when the sum ends in 0.
 */
function keySum(conditionalNumber: string, account: string): number {
  let sum = 0;
  const digits = conditionalNumber + account;
  for (let i = 0; i < digits.length; i++) sum += (Number(digits[i]) * KEY_WEIGHTS[i % 3]) % 10;
  return sum;
}

/**
 * The conditional number the key of an account in a credit institution is computed with: the
 * 7th to 9th digits of the institution's БИК.
 */
const creditInstitutionNumber = (bic: string) => bic.slice(6, 9);

/**
 * The conditional number for a correspondent account, which is opened at the Bank of Russia:
 * the 5th and 6th digits of the БИК (the Bank of Russia's division) with a 0 in front.
 */
const bankOfRussiaNumber = (bic: string) => `0${bic.slice(4, 6)}`;

const keyHolds = (conditionalNumber: string, account: string) =>
  keySum(conditionalNumber, account) % 10 === 0;

/** The account with its control key computed: the 9th digit of `account` is replaced. */
function withKey(conditionalNumber: string, account: string): string {
  const zeroed = `${account.slice(0, KEY_POSITION)}0${account.slice(KEY_POSITION + 1)}`;
  const key = ((keySum(conditionalNumber, zeroed) % 10) * 3) % 10;
  return `${zeroed.slice(0, KEY_POSITION)}${key}${zeroed.slice(KEY_POSITION + 1)}`;
}

/** A БИК of a Russian bank: 9 digits, the first two 04 (the Russian Federation). */
export const isBic = (bic: string) => BIC.test(bic) && bic.startsWith("04");

/** Whether the control key of `account`, opened in the bank with `bic`, is right. */
export function isSettlementAccountKeyValid(account: string, bic: string): boolean {
  return ACCOUNT.test(account) && isBic(bic) && keyHolds(creditInstitutionNumber(bic), account);
}

/** Whether the control key of the correspondent account of the bank with `bic` is right. */
export function isCorrespondentAccountKeyValid(account: string, bic: string): boolean {
  return ACCOUNT.test(account) && isBic(bic) && keyHolds(bankOfRussiaNumber(bic), account);
}

/** A settlement account in the bank with `bic`: the 20 digits given, the key digit computed. */
export const settlementAccountWithKey = (account: string, bic: string) =>
  withKey(creditInstitutionNumber(bic), account);

/** The correspondent account of the bank with `bic`: the 20 digits given, the key digit computed. */
export const correspondentAccountWithKey = (account: string, bic: string) =>
  withKey(bankOfRussiaNumber(bic), account);

// ---------------------------------------------------------------------------------------------
// What is wrong with each field, in the words a Russian accountant expects

export const BANK_ACCOUNT_MESSAGES = {
  bicRequired: "Укажите БИК банка",
  bicFormat: "БИК должен содержать 9 цифр",
  bicCountry: "БИК российского банка начинается с 04",
  settlementRequired: "Укажите расчетный счет",
  settlementFormat: "Расчетный счет должен содержать 20 цифр",
  settlementIsCorrespondent: "Это корреспондентский счет банка, а нужен расчетный счет вашей компании",
  settlementCurrency: "Выплаты возможны только на рублевый счет: в 6–8 разрядах номера должно быть 810",
  settlementKey: "Неверный контрольный ключ расчетного счета: проверьте номер счета и БИК банка",
  correspondentRequired: "Укажите корреспондентский счет банка",
  correspondentFormat: "Корреспондентский счет должен содержать 20 цифр",
  correspondentPrefix: "Корреспондентский счет банка начинается с 30101",
  correspondentBic:
    "Корреспондентский счет не соответствует БИК: последние три цифры счета и БИК должны совпадать",
  correspondentKey: "Неверный контрольный ключ корреспондентского счета: проверьте счет и БИК банка",
} as const;

export type BankAccountProblem = keyof typeof BANK_ACCOUNT_MESSAGES;

/** What is wrong with a БИК, or null when it is a Russian bank's БИК. */
export function bicProblem(bic: string): BankAccountProblem | null {
  if (bic === "") return "bicRequired";
  if (!BIC.test(bic)) return "bicFormat";
  if (!bic.startsWith("04")) return "bicCountry";
  return null;
}

/**
 * What is wrong with a settlement account on its own, or null. The key needs the БИК: see
 * settlementAccountProblem.
 */
export function settlementAccountFormatProblem(account: string): BankAccountProblem | null {
  if (account === "") return "settlementRequired";
  if (!ACCOUNT.test(account)) return "settlementFormat";
  if (account.startsWith(CORRESPONDENT_ACCOUNT_PREFIX)) return "settlementIsCorrespondent";
  if (account.slice(5, 8) !== ROUBLE_CURRENCY_CODE) return "settlementCurrency";
  return null;
}

/** What is wrong with a correspondent account on its own, or null. */
export function correspondentAccountFormatProblem(account: string): BankAccountProblem | null {
  if (account === "") return "correspondentRequired";
  if (!ACCOUNT.test(account)) return "correspondentFormat";
  if (!account.startsWith(CORRESPONDENT_ACCOUNT_PREFIX)) return "correspondentPrefix";
  return null;
}

/**
 * What is wrong with a settlement account in the bank with `bic`, or null. The key is checked
 * only when the БИК itself is right: a wrong БИК is reported on the БИК, not twice.
 */
export function settlementAccountProblem(account: string, bic: string): BankAccountProblem | null {
  const format = settlementAccountFormatProblem(account);
  if (format || bicProblem(bic)) return format;
  return isSettlementAccountKeyValid(account, bic) ? null : "settlementKey";
}

/** What is wrong with the correspondent account of the bank with `bic`, or null. */
export function correspondentAccountProblem(account: string, bic: string): BankAccountProblem | null {
  const format = correspondentAccountFormatProblem(account);
  if (format || bicProblem(bic)) return format;
  if (account.slice(17) !== bic.slice(6)) return "correspondentBic";
  return isCorrespondentAccountKeyValid(account, bic) ? null : "correspondentKey";
}
