// Check digits of Russian registration numbers, as the Federal Tax Service (ФНС) defines them.
// Pure functions: a string in, a verdict out; no trimming, the caller decides what to accept.

const digitsOf = (s: string) => Array.from(s, Number);

/** Σ(digit × weight) mod 11 mod 10: the check digit of an INN over the weighted digits. */
function innCheckDigit(digits: number[], weights: number[]): number {
  const sum = weights.reduce((acc, weight, i) => acc + weight * digits[i], 0);
  return (sum % 11) % 10;
}

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** INN (ИНН): 10 digits for a legal entity, 12 for an individual, with valid check digits. */
export function isValidInn(s: string): boolean {
  if (/^\d{10}$/.test(s)) {
    const d = digitsOf(s);
    return innCheckDigit(d, INN10_WEIGHTS) === d[9];
  }
  if (/^\d{12}$/.test(s)) {
    const d = digitsOf(s);
    return innCheckDigit(d, INN12_WEIGHTS_11) === d[10] && innCheckDigit(d, INN12_WEIGHTS_12) === d[11];
  }
  return false;
}

/** A legal entity's INN: its first 9 digits followed by their check digit. */
export function legalEntityInn(nineDigits: string): string {
  return nineDigits + innCheckDigit(digitsOf(nineDigits), INN10_WEIGHTS);
}

/** A sole trader's INN: its first 10 digits followed by their two check digits. */
export function soleTraderInn(tenDigits: string): string {
  const eleven = tenDigits + innCheckDigit(digitsOf(tenDigits), INN12_WEIGHTS_11);
  return eleven + innCheckDigit(digitsOf(eleven), INN12_WEIGHTS_12);
}

/** The decimal number `digits` modulo `divisor`, digit by digit (no precision limits). */
function remainder(digits: string, divisor: number): number {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % divisor;
  return rest;
}

/** OGRN (ОГРН) of a legal entity: 13 digits; the last is (first 12 mod 11) mod 10. */
export function isValidOgrn(s: string): boolean {
  return /^\d{13}$/.test(s) && remainder(s.slice(0, 12), 11) % 10 === Number(s[12]);
}

/** OGRNIP (ОГРНИП) of a sole trader: 15 digits; the last is (first 14 mod 13) mod 10. */
export function isValidOgrnip(s: string): boolean {
  return /^\d{15}$/.test(s) && remainder(s.slice(0, 14), 13) % 10 === Number(s[14]);
}

/**
 * KPP (КПП): tax office (4 digits), reason code (2 digits or capital Latin letters,
 * e.g. 01 or 4A), serial (3 digits). It has no check digit.
 */
export function isValidKpp(s: string): boolean {
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(s);
}
