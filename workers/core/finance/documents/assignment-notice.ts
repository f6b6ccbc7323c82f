// The notice to the debtor (the customer) that the carrier's claim for the freight charge now
// belongs to Рейс, and where to pay it (ГК РФ ст. 830; decision 0056).
import { amountText, claimFields, debtorText, documentDate, documentSheet, partyText } from "./facts";
import { accountRows, innKpp, moscowDate } from "./format";
import type { Field, Typeface } from "./layout";
import type { QuickPaymentDocumentsInput } from "./types";

export const assignmentNoticeTitle = (input: QuickPaymentDocumentsInput) =>
  `Уведомление об уступке денежного требования № ${input.quickPayment.number} от ${documentDate(input)}`;

export async function renderAssignmentNotice(
  input: QuickPaymentDocumentsInput,
  typeface: Typeface,
): Promise<Uint8Array> {
  const { quickPayment, order, carrier, factor } = input;
  const title = assignmentNoticeTitle(input);
  const sheet = await documentSheet(input, typeface, {
    title,
    kind: "Уведомление",
    subject: `Уступка требования по заказу №\u00a0${order.number} к ${order.customerName}`,
    keywords: ["уведомление об уступке", "ст. 830 ГК РФ"],
    orientation: "portrait",
  });

  sheet.fields(
    [
      ["Кому (должник)", debtorText(input)],
      ["От (первоначальный кредитор)", partyText(carrier)],
      ["Новый кредитор (финансовый агент)", partyText(factor)],
    ],
    { labelWidth: 170 },
  );
  sheet.gap(14);
  sheet.text("Уведомление об уступке денежного требования", { size: 14, bold: true, align: "center" });
  sheet.text(`№\u00a0${quickPayment.number} от ${documentDate(input)}`, { size: 10.5, align: "center" });
  sheet.text("(ст. 830 Гражданского кодекса Российской Федерации)", {
    size: 9,
    align: "center",
    muted: true,
  });
  sheet.gap(12);

  sheet.text(
    `${carrier.name} (ИНН ${carrier.inn}), первоначальный кредитор, уведомляет ${debtorText(input)}, ` +
      `что денежное требование к нему об оплате перевозки по заказу №\u00a0${order.number} в сумме ` +
      `${amountText(quickPayment.amountKopecks)} уступлено ${factor.name} (ИНН ${factor.inn}) — ` +
      `финансовому агенту (фактору) по договору финансирования под уступку денежного требования ` +
      `(глава 43 ГК РФ), заключённому по заявке на быструю оплату №\u00a0${quickPayment.number} от ` +
      `${moscowDate(quickPayment.requestedAt)}.`,
  );
  sheet.gap(8);
  sheet.text("Уступленное требование", { bold: true, size: 10.5 });
  sheet.gap(3);
  sheet.fields(claimFields(input));
  sheet.gap(8);

  sheet.text(
    `В соответствии со ст. 830 ГК РФ с момента получения настоящего уведомления платёж по этому ` +
      `требованию производится только новому кредитору, ${factor.name}, по следующим реквизитам:`,
  );
  sheet.gap(4);
  const payee: Field[] = [
    ["Получатель", factor.name],
    ["ИНН / КПП", innKpp(factor)],
    ...accountRows(factor.account),
    ["Сумма", amountText(quickPayment.amountKopecks)],
    [
      "Назначение платежа",
      `Оплата перевозки по заказу №\u00a0${order.number} (${order.externalOrderId}) по уведомлению об уступке ` +
        `№\u00a0${quickPayment.number} от ${documentDate(input)}`,
    ],
  ];
  sheet.fields(payee);
  sheet.gap(8);
  sheet.text(
    "Исполнение первоначальному кредитору признаётся исполнением надлежащему кредитору только до " +
      "получения должником уведомления об уступке (п. 3 ст. 382 ГК РФ). По требованию должника новый " +
      "кредитор в разумный срок представит доказательство уступки (п. 1 ст. 830 ГК РФ). Уступка " +
      "действительна и при запрете или ограничении уступки в договоре перевозки (п. 1 ст. 828 ГК РФ).",
    { size: 9 },
  );
  sheet.gap(22);
  sheet.signatures([
    { role: "Первоначальный кредитор (клиент)", name: carrier.name },
    { role: "Новый кредитор (финансовый агент)", name: factor.name },
  ]);
  return sheet.save();
}
