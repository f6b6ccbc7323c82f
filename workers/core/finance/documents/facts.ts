// What the three documents of a quick payment say alike: their number and date, the claim and
// the commission's VAT.
import { calendarDate, moscowDate, percentOf, rubles } from "./format";
import { Sheet, type SheetMeta, type Typeface } from "./layout";
import type { DocumentCarrier, DocumentFactor, QuickPaymentDocumentsInput } from "./types";
import { amountInWords } from "./amount-in-words";

/** The documents are dated by the approval, else by the request (epoch ms). */
export const documentTime = ({ quickPayment }: QuickPaymentDocumentsInput) =>
  quickPayment.approvedAt ?? quickPayment.requestedAt;

export const documentDate = (input: QuickPaymentDocumentsInput) => moscowDate(documentTime(input));

/** «заявка на быструю оплату № 42 от 05.03.2026». */
export const requestReference = ({ quickPayment }: QuickPaymentDocumentsInput) =>
  `заявка на быструю оплату №\u00a0${quickPayment.number} от ${moscowDate(quickPayment.requestedAt)}`;

/** «ООО «Вектор», ИНН 7701234567, КПП 770101001, ОГРН 1027700000001, адрес: …». */
export function partyText(party: DocumentCarrier | DocumentFactor): string {
  return [
    party.name,
    `ИНН ${party.inn}`,
    party.kpp && `КПП ${party.kpp}`,
    party.ogrn && `ОГРН ${party.ogrn}`,
    party.address && `адрес: ${party.address}`,
  ]
    .filter(Boolean)
    .join(", ");
}

/** «ООО «Магнит-Логистик» (ИНН 2310031475)». */
export const debtorText = ({ order }: QuickPaymentDocumentsInput) =>
  order.customerInn ? `${order.customerName} (ИНН ${order.customerInn})` : order.customerName;

/** «85 000,00 ₽ (восемьдесят пять тысяч рублей 00 копеек)». */
export const amountText = (kopecks: number) => `${rubles(kopecks)} (${amountInWords(kopecks)})`;

/** The ЭТрН titles Т1–Т4 by their codes, so the debtor's accountant finds them in the chain. */
const TITLE_NUMBERS: Record<string, number> = {
  ON_TRNACLGROT: 1,
  ON_TRNACLPPRIN: 2,
  ON_TRNACLGRPO: 3,
  ON_TRNACLPVYN: 4,
};
const titleText = (title: string) => (TITLE_NUMBERS[title] ? `Т${TITLE_NUMBERS[title]} (${title})` : title);

/** The claim's source: the order, its route and delivery, and its ЭТрН when it has one. */
export function claimFields(input: QuickPaymentDocumentsInput): [string, string | null][] {
  const { order } = input;
  const chain = order.edoChain;
  return [
    ["Заказ", `№\u00a0${order.number}`],
    [`Номер заказа у заказчика (${order.platformName})`, order.externalOrderId],
    ["Маршрут", `${order.route.from} — ${order.route.to}`],
    ["Дата доставки", order.deliveryDate === null ? null : moscowDate(order.deliveryDate)],
    [
      "Электронная транспортная накладная",
      chain &&
        `№\u00a0${chain.docNum} от ${calendarDate(chain.date)}; подписаны титулы ${chain.titles.map(titleText).join(", ")}`,
    ],
    ["Сумма требования", amountText(input.quickPayment.amountKopecks)],
  ];
}

/**
 * The commission and the VAT in it, half a kopeck up (22 % → 22/122 of it); `vat` is null and
 * `withoutVat` the whole commission when Рейс charges no VAT.
 */
export function commissionOf({ quickPayment, factor }: QuickPaymentDocumentsInput) {
  const fee = quickPayment.feeKopecks;
  const rate = factor.vatRatePercent;
  if (rate === null) return { fee, vat: null, withoutVat: fee };
  const vat = Math.floor((2 * fee * rate + 100 + rate) / (2 * (100 + rate)));
  return { fee, vat, withoutVat: fee - vat };
}

/** «Вознаграждение финансового агента (2 % суммы требования) …»: the service, as the act and the счёт-фактура name it. */
export function serviceName(input: QuickPaymentDocumentsInput): string {
  const { quickPayment, order } = input;
  return (
    `Вознаграждение финансового агента (${percentOf(quickPayment.feeRateBp)} % суммы требования) ` +
    `за финансирование под уступку денежного требования к ${debtorText(input)} ` +
    `по заказу №\u00a0${order.number} на сумму ${rubles(quickPayment.amountKopecks)}; ${requestReference(input)}`
  );
}

/**
 * A new sheet for one of the documents: written by Рейс, dated by the documents' date, footed with
 * «{kind} № N · заявка …»; `subject` defaults to the commission's.
 */
export function documentSheet(
  input: QuickPaymentDocumentsInput,
  typeface: Typeface,
  spec: Pick<SheetMeta, "title" | "keywords" | "orientation"> & { kind: string; subject?: string },
): Promise<Sheet> {
  return Sheet.open(typeface, {
    title: spec.title,
    subject: spec.subject ?? `Вознаграждение финансового агента по заказу №\u00a0${input.order.number}`,
    author: input.factor.name,
    keywords: [...spec.keywords, `заказ ${input.order.number}`],
    date: new Date(documentTime(input)),
    footer: `${spec.kind} №\u00a0${input.quickPayment.number} · ${requestReference(input)}`,
    orientation: spec.orientation,
  });
}
