// How the documents write money, dates and requisites: ru-RU, whatever the runtime's ICU does.
import type { BankAccount } from "./types";

/** Between digit groups and before «₽»: a line is never broken there. */
const NBSP = "\u00a0";

/** «85 000,00» of 8 500 000 kopecks (a table cell: the currency is named by the column). */
export function money(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks)) throw new RangeError(`kopecks must be whole, got ${kopecks}`);
  const sign = kopecks < 0 ? "−" : "";
  const abs = Math.abs(kopecks);
  const rubles = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, NBSP);
  return `${sign}${rubles},${String(abs % 100).padStart(2, "0")}`;
}

/** «85 000,00 ₽». */
export const rubles = (kopecks: number) => `${money(kopecks)}${NBSP}₽`;

/** «2», «1,5», «0,75»: a rate in basis points as percent, without «%». */
export const percentOf = (bp: number) => String(bp / 100).replace(".", ",");

const moscowDay = new Intl.DateTimeFormat("ru-RU", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Moscow",
});

/** «05.03.2026»: the day in Moscow of an epoch-ms moment. */
export const moscowDate = (ms: number) => moscowDay.format(new Date(ms));

/** «05.03.2026» of a calendar date «2026-03-05» (or the date part of an ISO moment). */
export function calendarDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}

/** «7705814322 / 770501001», or the INN alone. */
export const innKpp = (party: { inn: string; kpp: string | null }) =>
  party.kpp ? `${party.inn} / ${party.kpp}` : party.inn;

/** The rows a payment needs to reach `account`. */
export function accountRows(account: BankAccount): [string, string][] {
  return [
    ["Расчётный счёт", account.settlementAccount],
    ["Банк", account.bankName],
    ["БИК", account.bic],
    ["Корреспондентский счёт", account.correspondentAccount],
  ];
}

/** «12/345» is no file name: what is not a letter, digit, space, dot or dash becomes a dash. */
export const fileSafe = (text: string) => text.replace(/[^\p{L}\p{N} .\-№]+/gu, "-");
