import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { renderClientBankExchange, type ExchangeFile } from "./client-bank-exchange";
import type { PayoutOrder } from "./payout-bank";
import { BANK_SANDBOX_BANK, BANK_SANDBOX_PAYER } from "../../sandbox/vars";

/** A 1CClientBankExchange file read back as a client-bank program reads it: header, then sections. */
function parseExchange(bytes: Uint8Array) {
  const text = iconv.decode(Buffer.from(bytes), "win1251");
  const lines = text.split("\r\n");
  expect(lines[0]).toBe("1CClientBankExchange");
  expect(lines.at(-1)).toBe("");
  expect(lines.at(-2)).toBe("КонецФайла");
  const header: Record<string, string> = {};
  const documents: { kind: string; fields: Record<string, string> }[] = [];
  let current: (typeof documents)[number] | null = null;
  for (const line of lines.slice(1, -2)) {
    if (line === "КонецДокумента") {
      expect(current).not.toBeNull();
      documents.push(current!);
      current = null;
      continue;
    }
    const at = line.indexOf("=");
    expect(at, line).toBeGreaterThan(0);
    const [key, value] = [line.slice(0, at), line.slice(at + 1)];
    if (key === "СекцияДокумент") current = { kind: value, fields: {} };
    else if (current) current.fields[key] = value;
    else header[key] = value;
  }
  expect(current).toBeNull();
  return { header, documents };
}

/** Рейс at the sandbox bank. */
const PAYER = { ...BANK_SANDBOX_PAYER, bank: { ...BANK_SANDBOX_BANK, city: "г. Москва" } };

const order = (number: string, amountKopecks: number, purpose: string): PayoutOrder => ({
  id: `payout-${number}`,
  number,
  date: "2025-06-02",
  amountKopecks,
  payee: {
    name: "ИП Сидоров Петр Ильич",
    inn: "500100732259",
    kpp: null,
    account: "40802810000000000001",
    bank: {
      bic: "040813255",
      name: 'ПАО "ДАЛЬНЕВОСТОЧНЫЙ БАНК"',
      correspondentAccount: "30101810608130000255",
    },
  },
  purpose,
});

const FILE: ExchangeFile = {
  payer: PAYER,
  day: "2025-06-02",
  // 21:30 UTC on the 1st is 00:30 on the 2nd in Moscow.
  createdAt: Date.parse("2025-06-01T21:30:05Z"),
  orders: [
    order("17", 4_900_050, "Оплата по договору уступки № 12, рейс №7 «Москва — Казань». НДС не облагается"),
    order("18", 100, "Оплата\r\nпо счету № 5"),
  ],
};

describe("the 1CClientBankExchange file", () => {
  it("is windows-1251 with CRLF lines: Cyrillic, «», № and — in one byte each", () => {
    const bytes = renderClientBankExchange(FILE);
    const ascii = new TextDecoder().decode(bytes.slice(0, 20));
    expect(ascii).toBe("1CClientBankExchange");
    expect([...bytes.slice(20, 22)]).toEqual([0x0d, 0x0a]);
    const text = iconv.decode(Buffer.from(bytes), "win1251");
    expect(bytes.length).toBe(text.length);
    expect(iconv.encode(text, "win1251")).toEqual(Buffer.from(bytes));
    expect(text).toContain("рейс №7 «Москва — Казань»");
  });

  it("reads back: the header for the day and Рейс's account, one section per order with both parties", () => {
    const { header, documents } = parseExchange(renderClientBankExchange(FILE));
    expect(header).toEqual({
      ВерсияФормата: "1.03",
      Кодировка: "Windows",
      Отправитель: "Рейс",
      Получатель: "",
      ДатаСоздания: "02.06.2025",
      ВремяСоздания: "00:30:05",
      ДатаНачала: "02.06.2025",
      ДатаКонца: "02.06.2025",
      РасчСчет: PAYER.account,
      Документ: "Платежное поручение",
    });
    expect(documents.map((document) => document.kind)).toEqual([
      "Платежное поручение",
      "Платежное поручение",
    ]);
    expect(documents[0].fields).toEqual({
      Номер: "17",
      Дата: "02.06.2025",
      Сумма: "49000.50",
      ПлательщикСчет: PAYER.account,
      Плательщик: "ИНН 7705814322 ООО «Рейс»",
      ПлательщикИНН: "7705814322",
      ПлательщикКПП: "770501001",
      Плательщик1: "ООО «Рейс»",
      ПлательщикРасчСчет: PAYER.account,
      ПлательщикБанк1: 'АО "БАНК МАГИСТРАЛЬ"',
      ПлательщикБанк2: "г. Москва",
      ПлательщикБИК: "044525801",
      ПлательщикКорсчет: "30101810645250000801",
      ПолучательСчет: "40802810000000000001",
      Получатель: "ИНН 500100732259 ИП Сидоров Петр Ильич",
      ПолучательИНН: "500100732259",
      ПолучательКПП: "",
      Получатель1: "ИП Сидоров Петр Ильич",
      ПолучательРасчСчет: "40802810000000000001",
      ПолучательБанк1: 'ПАО "ДАЛЬНЕВОСТОЧНЫЙ БАНК"',
      ПолучательБанк2: "",
      ПолучательБИК: "040813255",
      ПолучательКорсчет: "30101810608130000255",
      ВидПлатежа: "",
      ВидОплаты: "01",
      Очередность: "5",
      НазначениеПлатежа: "Оплата по договору уступки № 12, рейс №7 «Москва — Казань». НДС не облагается",
    });
    // A line break in a purpose cannot split the section.
    expect(documents[1].fields).toMatchObject({ Сумма: "1.00", НазначениеПлатежа: "Оплата по счету № 5" });
  });

  it("adds up to the day's orders to the kopeck", () => {
    const amounts = [1, 99, 100, 12_345_678, 4_900_050];
    const { documents } = parseExchange(
      renderClientBankExchange({ ...FILE, orders: amounts.map((a, i) => order(String(i + 1), a, "Оплата")) }),
    );
    const kopecks = documents.map(({ fields }) => Math.round(Number(fields.Сумма) * 100));
    expect(kopecks).toEqual(amounts);
  });

  it("writes a header and no sections for a day without orders", () => {
    const { header, documents } = parseExchange(renderClientBankExchange({ ...FILE, orders: [] }));
    expect(header.РасчСчет).toBe(PAYER.account);
    expect(documents).toEqual([]);
  });

  it("writes «?» for a character windows-1251 lacks", () => {
    const { documents } = parseExchange(
      renderClientBankExchange({ ...FILE, orders: [order("1", 100, "Оплата 🚚 рейса")] }),
    );
    expect(documents[0].fields.НазначениеПлатежа).toBe("Оплата ? рейса");
  });
});
