// A sum of money in Russian words, as payment documents write it out beside the figures:
// «восемьдесят пять тысяч рублей 00 копеек». Rubles in words, kopecks in two digits.
import { plural } from "../../text/plural";

type Gender = "masculine" | "feminine";

const UNITS = ["", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять"];
const FEMININE_UNITS: Record<number, string> = { 1: "одна", 2: "две" };
const TEENS = [
  "десять",
  "одиннадцать",
  "двенадцать",
  "тринадцать",
  "четырнадцать",
  "пятнадцать",
  "шестнадцать",
  "семнадцать",
  "восемнадцать",
  "девятнадцать",
];
const TENS = [
  "",
  "",
  "двадцать",
  "тридцать",
  "сорок",
  "пятьдесят",
  "шестьдесят",
  "семьдесят",
  "восемьдесят",
  "девяносто",
];
const HUNDREDS = [
  "",
  "сто",
  "двести",
  "триста",
  "четыреста",
  "пятьсот",
  "шестьсот",
  "семьсот",
  "восемьсот",
  "девятьсот",
];

/** Groups of three digits above the units, with the noun's gender and its three forms (1, 2–4, 5–20). */
const SCALES: { gender: Gender; forms: [string, string, string] }[] = [
  { gender: "feminine", forms: ["тысяча", "тысячи", "тысяч"] },
  { gender: "masculine", forms: ["миллион", "миллиона", "миллионов"] },
  { gender: "masculine", forms: ["миллиард", "миллиарда", "миллиардов"] },
  { gender: "masculine", forms: ["триллион", "триллиона", "триллионов"] },
];

/** 1–999 in words, the last word agreeing with a noun of `gender` («одна тысяча», «два рубля»). */
function hundredsInWords(n: number, gender: Gender): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)]];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]);
  else {
    const unit = rest % 10;
    words.push(TENS[Math.floor(rest / 10)]);
    words.push((gender === "feminine" && FEMININE_UNITS[unit]) || UNITS[unit]);
  }
  return words.filter(Boolean);
}

/** A whole number of rubles in words, without the noun: «двадцать одна тысяча сто два». */
export function numberInWords(n: number, gender: Gender = "masculine"): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`a whole number from 0 up, got ${n}`);
  if (n === 0) return "ноль";
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  if (groups.length > SCALES.length + 1) throw new RangeError(`${n} is beyond the trillions`);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i];
    if (group === 0) continue;
    if (i === 0) {
      words.push(...hundredsInWords(group, gender));
      continue;
    }
    const scale = SCALES[i - 1];
    words.push(...hundredsInWords(group, scale.gender), plural(group, scale.forms));
  }
  return words.join(" ");
}

/** «восемьдесят пять тысяч рублей 00 копеек» for 8 500 000 kopecks. */
export function amountInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0)
    throw new RangeError(`an amount is a whole number of kopecks from 0 up, got ${kopecks}`);
  const rubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  return [
    numberInWords(rubles),
    plural(rubles, ["рубль", "рубля", "рублей"]),
    String(cents).padStart(2, "0"),
    plural(cents, ["копейка", "копейки", "копеек"]),
  ].join(" ");
}

/** The same with a capital first letter, where it starts a line: «Восемьдесят пять тысяч рублей 00 копеек». */
export const amountInWordsCapitalised = (kopecks: number) => {
  const words = amountInWords(kopecks);
  return words[0].toUpperCase() + words.slice(1);
};
