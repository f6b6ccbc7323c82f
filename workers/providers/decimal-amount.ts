// Money as banks and payment services write it: a decimal string of roubles with at most two
// decimals («2990.00», «15», «-1200.5»), and as the product keeps it: whole kopecks. Converted by
// digits, never through floating point.

/** An amount to pay: roubles, at most two decimals, no sign. */
export const AMOUNT = /^(\d{1,15})(?:\.(\d{1,2}))?$/;
/** A balance: may be below zero (an overdraft). */
const BALANCE = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;

const format = (kopecks: number) => {
  const sign = kopecks < 0 ? "-" : "";
  const abs = Math.abs(kopecks);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

const toKopecks = (roubles: string, fraction: string | undefined) =>
  Number(roubles) * 100 + Number((fraction ?? "").padEnd(2, "0"));

/** «2990.00» from 299000 kopecks; an amount to pay is a whole number of kopecks above zero. */
export function kopecksToAmount(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks <= 0) {
    throw new RangeError(`the amount must be a positive whole number of kopecks, got ${kopecks}`);
  }
  return format(kopecks);
}

/** «0.00», «2990.00», «-15.50»: a balance in kopecks, any whole number. */
export function kopecksToBalance(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks))
    throw new RangeError(`a balance is a whole number of kopecks, got ${kopecks}`);
  return format(kopecks);
}

/** 299000 kopecks from «2990.00», «2990.5» or «2990». */
export function amountToKopecks(value: string): number {
  const match = AMOUNT.exec(value);
  if (!match) throw new RangeError(`not an amount: ${value}`);
  return toKopecks(match[1], match[2]);
}

/** Kopecks from a balance, «-15.5» included. */
export function balanceToKopecks(value: string): number {
  const match = BALANCE.exec(value);
  if (!match) throw new RangeError(`not a balance: ${value}`);
  const kopecks = toKopecks(match[2], match[3]);
  return match[1] && kopecks !== 0 ? -kopecks : kopecks;
}
