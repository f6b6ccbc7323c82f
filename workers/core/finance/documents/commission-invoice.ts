// The счёт-фактура for Рейс's commission (НК РФ ст. 169; the form of постановление Правительства
// РФ № 1137, Приложение № 1): what lets the carrier deduct the VAT it paid in the commission. Not a
// счёт на оплату: the commission is withheld from the financing, so nothing is left to ask the
// carrier to pay (decision 0056).
import { commissionOf, documentDate, documentSheet, serviceName } from "./facts";
import { money } from "./format";
import type { Typeface } from "./layout";
import type { QuickPaymentDocumentsInput } from "./types";

export const commissionInvoiceTitle = (input: QuickPaymentDocumentsInput) =>
  `Счёт-фактура № ${input.quickPayment.number} от ${documentDate(input)}`;

const DASH = "—";

export async function renderCommissionInvoice(
  input: QuickPaymentDocumentsInput,
  typeface: Typeface,
): Promise<Uint8Array> {
  const { quickPayment, carrier, factor } = input;
  const { fee, vat, withoutVat } = commissionOf(input);
  const rate = factor.vatRatePercent === null ? "без НДС" : `${factor.vatRatePercent}%`;
  const sheet = await documentSheet(input, typeface, {
    title: commissionInvoiceTitle(input),
    kind: "Счёт-фактура",
    keywords: ["счёт-фактура", "вознаграждение финансового агента"],
    orientation: "landscape",
  });

  sheet.text(
    "Приложение № 1 к постановлению Правительства Российской Федерации от 26 декабря 2011 г. № 1137",
    { size: 7, align: "right", muted: true },
  );
  sheet.gap(6);
  sheet.fields(
    [
      ["Счёт-фактура", `№\u00a0${quickPayment.number} от ${documentDate(input)}`, "(1)"],
      ["Исправление", `№\u00a0${DASH} от ${DASH}`, "(1а)"],
    ],
    { labelWidth: 230, size: 10 },
  );
  sheet.fields(
    [
      ["Продавец", factor.name, "(2)"],
      ["Адрес", factor.address, "(2а)"],
      ["ИНН/КПП продавца", `${factor.inn}/${factor.kpp ?? ""}`, "(2б)"],
      ["Грузоотправитель и его адрес", DASH, "(3)"],
      ["Грузополучатель и его адрес", DASH, "(4)"],
      ["К платёжно-расчётному документу", `№\u00a0${DASH} от ${DASH}`, "(5)"],
      [
        "Документ об отгрузке",
        `№ п/п 1; акт №\u00a0${quickPayment.number} от ${documentDate(input)}`,
        "(5а)",
      ],
      ["Покупатель", carrier.name, "(6)"],
      ["Адрес", carrier.address ?? DASH, "(6а)"],
      ["ИНН/КПП покупателя", `${carrier.inn}/${carrier.kpp ?? ""}`, "(6б)"],
      ["Валюта: наименование, код", "Российский рубль, 643", "(7)"],
      ["Идентификатор государственного контракта, договора (соглашения) (при наличии)", DASH, "(8)"],
    ],
    { labelWidth: 230, size: 8 },
  );
  sheet.gap(6);
  sheet.table(
    [
      { header: "№ п/п\n1", width: 3.2, align: "center" },
      {
        header: "Наименование товара (описание выполненных работ, оказанных услуг), имущественного права\n1а",
        width: 22,
      },
      { header: "Код вида товара\n1б", width: 4 },
      { header: "Единица измерения\nкод\n2", width: 4.2, align: "center" },
      { header: "условное обозначение (национальное)\n2а", width: 5.6, align: "center" },
      { header: "Количество (объём)\n3", width: 4.6, align: "right" },
      { header: "Цена (тариф) за единицу измерения\n4", width: 6.2, align: "right" },
      {
        header: "Стоимость товаров (работ, услуг), имущественных прав без налога — всего\n5",
        width: 7.4,
        align: "right",
      },
      { header: "В том числе сумма акциза\n6", width: 5.6, align: "center" },
      { header: "Налоговая ставка\n7", width: 5, align: "center" },
      { header: "Сумма налога, предъявляемая покупателю\n8", width: 6.4, align: "right" },
      {
        header: "Стоимость товаров (работ, услуг), имущественных прав с налогом — всего\n9",
        width: 7.4,
        align: "right",
      },
      { header: "Страна происхождения товара\nцифровой код\n10", width: 4.6, align: "center" },
      { header: "краткое наименование\n10а", width: 4.6, align: "center" },
      {
        header:
          "Регистрационный номер декларации на товары или регистрационный номер партии товара, подлежащего прослеживаемости\n11",
        width: 9.5,
        align: "center",
      },
      {
        header:
          "Количественная единица измерения товара, используемая в целях осуществления прослеживаемости\nкод\n12",
        width: 7,
        align: "center",
      },
      { header: "условное обозначение\n12а", width: 4.8, align: "center" },
      {
        header:
          "Количество товара, подлежащего прослеживаемости, в количественной единице измерения товара, используемой в целях осуществления прослеживаемости\n13",
        width: 10,
        align: "center",
      },
    ],
    [
      [
        "1",
        serviceName(input),
        DASH,
        DASH,
        DASH,
        DASH,
        DASH,
        money(withoutVat),
        "без акциза",
        rate,
        vat === null ? "без НДС" : money(vat),
        money(fee),
        DASH,
        DASH,
        DASH,
        DASH,
        DASH,
        DASH,
      ],
      [
        "",
        { text: "Всего к оплате (9)", bold: true },
        "",
        "",
        "",
        "",
        "",
        { text: money(withoutVat), bold: true },
        "X",
        "",
        { text: vat === null ? "без НДС" : money(vat), bold: true },
        { text: money(fee), bold: true },
        "",
        "",
        "",
        "",
        "",
        "",
      ],
    ],
    { size: 7, headerSize: 5.6 },
  );
  sheet.gap(10);
  sheet.signatures([
    { role: "Руководитель организации или иное уполномоченное лицо" },
    { role: "Главный бухгалтер или иное уполномоченное лицо" },
  ]);
  return sheet.save();
}
