// The act for Рейс's commission: the primary document (402-ФЗ ст. 9) by which the carrier
// accounts for the factoring service it paid for (decision 0056).
import { amountInWordsCapitalised } from "./amount-in-words";
import {
  amountText,
  commissionOf,
  documentDate,
  documentSheet,
  partyText,
  requestReference,
  serviceName,
} from "./facts";
import { accountRows, money, rubles } from "./format";
import type { Field, Typeface } from "./layout";
import type { BankAccount, QuickPaymentDocumentsInput } from "./types";

export const commissionActTitle = (input: QuickPaymentDocumentsInput) =>
  `Акт № ${input.quickPayment.number} от ${documentDate(input)}`;

const accountFields = (account: BankAccount | null): Field[] => (account ? accountRows(account) : []);

export async function renderCommissionAct(
  input: QuickPaymentDocumentsInput,
  typeface: Typeface,
): Promise<Uint8Array> {
  const { quickPayment, carrier, factor } = input;
  const { fee, vat } = commissionOf(input);
  const sheet = await documentSheet(input, typeface, {
    title: commissionActTitle(input),
    kind: "Акт",
    keywords: ["акт оказанных услуг", "вознаграждение финансового агента"],
    orientation: "portrait",
  });

  sheet.text(commissionActTitle(input), { size: 14, bold: true, align: "center" });
  sheet.text("об оказании услуги финансирования под уступку денежного требования", {
    size: 10.5,
    align: "center",
  });
  sheet.gap(14);
  sheet.fields([["Исполнитель (финансовый агент)", partyText(factor)], ...accountFields(factor.account)]);
  sheet.gap(6);
  sheet.fields([["Заказчик (клиент)", partyText(carrier)], ...accountFields(carrier.account)]);
  sheet.gap(6);
  sheet.fields([
    [
      "Основание",
      `${requestReference(input)[0].toUpperCase()}${requestReference(input).slice(1)}: договор финансирования ` +
        `под уступку денежного требования (глава 43 ГК РФ)`,
    ],
  ]);
  sheet.gap(10);

  sheet.table(
    [
      { header: "№", width: 4, align: "center" },
      { header: "Наименование услуги", width: 51 },
      { header: "Кол-во", width: 8, align: "right" },
      { header: "Ед.", width: 6, align: "center" },
      { header: "Цена, ₽", width: 13, align: "right" },
      { header: "Сумма, ₽", width: 13, align: "right" },
    ],
    [["1", serviceName(input), "1", "усл.", money(fee), money(fee)]],
  );
  sheet.gap(6);
  sheet.text(`Итого: ${rubles(fee)}`, { bold: true, align: "right" });
  sheet.text(
    vat === null ? "Без налога (НДС)" : `В том числе НДС ${factor.vatRatePercent} %: ${rubles(vat)}`,
    { align: "right" },
  );
  sheet.gap(8);
  sheet.text(`Всего оказано услуг 1, на сумму ${rubles(fee)}.`);
  sheet.text(amountInWordsCapitalised(fee), { bold: true });
  sheet.gap(6);
  sheet.text(
    `Вознаграждение удерживается из суммы финансирования: из суммы уступленного требования ` +
      `${rubles(quickPayment.amountKopecks)} заказчику перечисляется ${amountText(quickPayment.netKopecks)}.`,
  );
  sheet.text(
    "Услуга оказана полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуги не имеет.",
  );
  sheet.gap(24);
  sheet.signatures([
    { role: "Исполнитель", name: factor.name },
    { role: "Заказчик", name: carrier.name },
  ]);
  return sheet.save();
}
