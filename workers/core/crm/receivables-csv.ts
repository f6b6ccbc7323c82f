// The receivables ageing as a file 1С and Excel open as they are (decision 0060): CSV in
// windows-1251 (the code page of 1С's and Russian Excel's CSV import), «;» between fields, a
// decimal comma, dates ДД.ММ.ГГГГ, CRLF line ends, one header row.
import iconv from "iconv-lite";
import { ORDER_STATUS_LABELS } from "../orders/vocabulary";
import { AGEING_BUCKETS, type ReceivableOrder } from "./crm";

export const RECEIVABLES_CSV_TYPE = "text/csv; charset=windows-1251";

export const RECEIVABLES_CSV_HEADER = [
  "Платформа",
  "Номер заказа",
  "Грузоотправитель",
  "Статус",
  "Дата доставки",
  "Дней с доставки",
  "Срок",
  "Сумма, руб.",
] as const;

/**
 * One field: quoted when it holds the separator, a quote or a line break; a leading = + - @ or
 * tab gets an apostrophe, so a spreadsheet never runs a shipper's name as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const russianDate = (day: string) => day.split("-").reverse().join(".");
const amountText = (rubles: number | null) => (rubles === null ? "" : rubles.toFixed(2).replace(".", ","));
const bucketLabel = (key: ReceivableOrder["bucket"]) =>
  AGEING_BUCKETS.find((bucket) => bucket.key === key)!.label;

/** The file's text, before encoding. */
export function receivablesCsvText(rows: readonly ReceivableOrder[]): string {
  const lines = [RECEIVABLES_CSV_HEADER.join(";")];
  for (const row of rows) {
    lines.push(
      [
        row.platformName,
        row.orderNumber,
        row.customerName ?? "",
        ORDER_STATUS_LABELS[row.status],
        russianDate(row.deliveredOn),
        String(row.ageDays),
        bucketLabel(row.bucket),
        amountText(row.amount),
      ]
        .map(csvField)
        .join(";"),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The file's bytes: windows-1251, a character the code page lacks written «?». */
export function receivablesCsv(rows: readonly ReceivableOrder[]): Uint8Array {
  const text = receivablesCsvText(rows).replace(/[\u{10000}-\u{10FFFF}]/gu, "?");
  return new Uint8Array(iconv.encode(text, "win1251"));
}

/** The names the file is saved under: ASCII, and Russian for browsers that take UTF-8 names. */
export function receivablesCsvName(now: number): { ascii: string; russian: string } {
  const day = new Date(now + 3 * 3_600_000).toISOString().slice(0, 10);
  return { ascii: `receivables-${day}.csv`, russian: `Дебиторская задолженность ${russianDate(day)}.csv` };
}
