// The «1CClientBankExchange» file, version 1.03: the text format 1C and every Russian client-bank
// program exchange payment orders in, for a bank that has no API. Lines «Key=Value» in
// windows-1251 with CRLF; a header, then one СекцияДокумент … КонецДокумента per order, then
// КонецФайла. A pure function from the day's orders to the file's bytes.
import iconv from "iconv-lite";
import { kopecksToAmount } from "./decimal-amount";
import type { AccountHolder, PayoutOrder } from "./payout-bank";

export const EXCHANGE_FORMAT_VERSION = "1.03";
const DOCUMENT_KIND = "Платежное поручение";
/** Moscow: the file's creation date and time are the payer's local ones. */
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

export type ExchangeFile = {
  /** Рейс: the payer of every order, with its account and bank. */
  payer: AccountHolder;
  /** The day the orders are for, YYYY-MM-DD (ДатаНачала and ДатаКонца). */
  day: string;
  orders: readonly PayoutOrder[];
  /** When the file is made (ms since the epoch). */
  createdAt: number;
  /** The program that made it (Отправитель). */
  sender?: string;
};

/** DD.MM.YYYY from YYYY-MM-DD. */
const russianDate = (date: string) => date.split("-").reverse().join(".");

/** A value on one line: the format has no escapes, so line breaks become spaces. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

/** The lines of a party's fields, as 1C writes them («Плательщик=ИНН … name», «ПлательщикБанк1=…»). */
function partyLines(role: "Плательщик" | "Получатель", party: AccountHolder): [string, string][] {
  return [
    [`${role}Счет`, party.account],
    [role, `ИНН ${party.inn} ${party.name}`],
    [`${role}ИНН`, party.inn],
    [`${role}КПП`, party.kpp ?? ""],
    [`${role}1`, party.name],
    [`${role}РасчСчет`, party.account],
    [`${role}Банк1`, party.bank.name],
    [`${role}Банк2`, party.bank.city ?? ""],
    [`${role}БИК`, party.bank.bic],
    [`${role}Корсчет`, party.bank.correspondentAccount],
  ];
}

/** The file's text: the header, one section per order, the end. */
function clientBankExchangeText({ payer, day, orders, createdAt, sender = "Рейс" }: ExchangeFile): string {
  const created = new Date(createdAt + MOSCOW_OFFSET_MS).toISOString();
  const lines: [string, string][] = [
    ["ВерсияФормата", EXCHANGE_FORMAT_VERSION],
    ["Кодировка", "Windows"],
    ["Отправитель", sender],
    ["Получатель", ""],
    ["ДатаСоздания", russianDate(created.slice(0, 10))],
    ["ВремяСоздания", created.slice(11, 19)],
    ["ДатаНачала", russianDate(day)],
    ["ДатаКонца", russianDate(day)],
    ["РасчСчет", payer.account],
    ["Документ", DOCUMENT_KIND],
  ];
  const text = ["1CClientBankExchange", ...lines.map(([key, value]) => `${key}=${oneLine(value)}`)];
  for (const order of orders) {
    const fields: [string, string][] = [
      ["Номер", order.number],
      ["Дата", russianDate(order.date)],
      ["Сумма", kopecksToAmount(order.amountKopecks)],
      ...partyLines("Плательщик", payer),
      ...partyLines("Получатель", order.payee),
      ["ВидПлатежа", ""],
      ["ВидОплаты", "01"],
      ["Очередность", "5"],
      ["НазначениеПлатежа", order.purpose],
    ];
    text.push(
      `СекцияДокумент=${DOCUMENT_KIND}`,
      ...fields.map(([key, value]) => `${key}=${oneLine(value)}`),
      "КонецДокумента",
    );
  }
  text.push("КонецФайла");
  return `${text.join("\r\n")}\r\n`;
}

/**
 * The file as a bank's client-bank program imports it: windows-1251 bytes. A character the
 * code page lacks becomes «?», as 1C writes it.
 */
export function renderClientBankExchange(file: ExchangeFile): Uint8Array {
  // One «?» for a character beyond the Basic Multilingual Plane too, not one per UTF-16 half.
  const text = clientBankExchangeText(file).replace(/[\u{10000}-\u{10FFFF}]/gu, "?");
  return new Uint8Array(iconv.encode(text, "win1251"));
}
