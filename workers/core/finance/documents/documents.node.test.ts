// The three documents of a quick payment, read back as their reader would: pdf.js extracts each
// PDF's text (real text in an embedded font with a Unicode map, not shapes), and it must name the
// parties by INN, the order, the amounts in figures and words, and the law. Node reads DejaVu
// from node_modules here; tests/workers/quick-payment-documents.test.ts runs the bundled font in workerd.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../../tests/support/pdf-text";
import { documentsInput } from "../../../../tests/support/quick-payment-documents";
import { documentMaker } from "./documents";
import { factorOf, type FactorVars } from "./factor";
import type { QuickPaymentDocumentsInput } from "./types";

const require = createRequire(import.meta.url);
const font = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
const documents = documentMaker({
  regular: font("DejaVuSerifCondensed.ttf"),
  bold: font("DejaVuSerifCondensed-Bold.ttf"),
});

/** The text of a one-page PDF, its spaces (no-break ones too) made plain. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const pages = await pdfText(bytes);
  expect(pages).toHaveLength(1);
  return pages[0].replace(/\s+/g, " ");
}

const input = documentsInput();
const { carrier, factor, order } = input;
/** The same from a Рейс that is not a VAT payer. */
const withoutVat: QuickPaymentDocumentsInput = { ...input, factor: { ...factor, vatRatePercent: null } };

describe("the assignment notice (ГК РФ ст. 830)", () => {
  it("tells the debtor which claim went to Рейс, for how much, and where to pay from now on", async () => {
    const text = await textOf(await documents.assignmentNotice(input));
    for (const words of [
      "Уведомление об уступке денежного требования",
      "№ 000042 от 06.03.2026",
      "ст. 830 ГК РФ",
      `${order.customerName} (ИНН 7801543210)`,
      "ООО «Вектор Транс» (ИНН 5027123457), первоначальный кредитор",
      "уступлено ООО «Рейс» (ИНН 7705814322)",
      "85 000,00 ₽ (восемьдесят пять тысяч рублей 00 копеек)",
      "№ MGN-2026-0311",
      "4500123987",
      "№ ТН-000311 от 03.03.2026",
      "Т4 (ON_TRNACLPVYN)",
      "04.03.2026",
    ])
      expect(text).toContain(words);
    // Where to pay: Рейс's account, not the carrier's.
    for (const requisite of [
      "7705814322 / 770501001",
      factor.account.settlementAccount,
      factor.account.bic,
      factor.account.correspondentAccount,
    ])
      expect(text).toContain(requisite);
    expect(text).not.toContain(carrier.account!.settlementAccount);
  });

  it("leaves out what the order does not have", async () => {
    const bare: QuickPaymentDocumentsInput = {
      ...input,
      order: { ...order, customerInn: null, deliveryDate: null, edoChain: null },
    };
    const text = await textOf(await documents.assignmentNotice(bare));
    expect(text).not.toContain("транспортная накладная");
    expect(text).not.toContain("Дата доставки");
    expect(text).toContain(`уведомляет ${order.customerName}, что`);
  });
});

describe("the act for the commission", () => {
  it("names Рейс as the contractor, the carrier as the customer, the commission with its VAT, and the net paid", async () => {
    const text = await textOf(await documents.commissionAct(input));
    for (const words of [
      "Акт № 000042 от 06.03.2026",
      "Исполнитель (финансовый агент) ООО «Рейс», ИНН 7705814322, КПП 770501001, ОГРН 1257705814321",
      "Заказчик (клиент) ООО «Вектор Транс», ИНН 5027123457, КПП 502701001",
      "2 % суммы требования",
      "1 700,00",
      "Итого: 1 700,00 ₽",
      // 1 700,00 × 22/122 = 306,557… → 306,56.
      "В том числе НДС 22 %: 306,56 ₽",
      "Одна тысяча семьсот рублей 00 копеек",
      "перечисляется 83 300,00 ₽ (восемьдесят три тысячи триста рублей 00 копеек)",
    ])
      expect(text).toContain(words);
  });

  it("says «Без налога (НДС)» when Рейс is not a VAT payer", async () => {
    const text = await textOf(await documents.commissionAct(withoutVat));
    expect(text).toContain("Без налога (НДС)");
    expect(text).not.toContain("НДС 22");
  });
});

describe("the счёт-фактура for the commission", () => {
  it("fills the lines of the form and splits the commission into its price and VAT", async () => {
    const text = await textOf(await documents.commissionInvoice(input));
    for (const words of [
      "Счёт-фактура № 000042 от 06.03.2026 (1)",
      "Продавец ООО «Рейс» (2)",
      "ИНН/КПП продавца 7705814322/770501001 (2б)",
      "Покупатель ООО «Вектор Транс» (6)",
      "ИНН/КПП покупателя 5027123457/502701001 (6б)",
      "акт № 000042 от 06.03.2026 (5а)",
      "Российский рубль, 643 (7)",
    ])
      expect(text).toContain(words);
    // Columns 5, 7, 8, 9: without VAT, rate, VAT, with VAT.
    expect(text).toMatch(/1 393,44 без акциза 22% 306,56 1 700,00/);
    expect(text).toContain("Всего к оплате (9)");
  });

  it("writes «без НДС» in columns 7 and 8 for a factor that charges none", async () => {
    const text = await textOf(await documents.commissionInvoice(withoutVat));
    expect(text).toMatch(/1 700,00 без акциза без НДС без НДС 1 700,00/);
  });
});

describe("quickPaymentDocumentsFor", () => {
  it("makes the notice, the act and the счёт-фактура, each a titled PDF with a Russian file name", async () => {
    const made = await documents.quickPaymentDocumentsFor({
      ...input,
      order: { ...order, number: "12/345" },
      quickPayment: { ...input.quickPayment, approvedAt: Date.parse("2026-03-06T22:00:00Z") },
    });
    expect(made.map(({ kind, fileName }) => [kind, fileName])).toEqual([
      ["assignment_notice", "Уведомление об уступке — заказ 12-345.pdf"],
      ["commission_act", "Акт — комиссия по заказу 12-345.pdf"],
      ["commission_invoice", "Счёт-фактура — комиссия по заказу 12-345.pdf"],
    ]);
    const titles = await Promise.all(
      made.map(async ({ bytes }) => {
        const pdf = await PDFDocument.load(bytes);
        expect(pdf.getPageCount()).toBe(1);
        return pdf.getTitle();
      }),
    );
    // Dated by the approval, in Moscow: 01:00 on the 7th.
    expect(titles).toEqual([
      "Уведомление об уступке денежного требования № 000042 от 07.03.2026",
      "Акт № 000042 от 07.03.2026",
      "Счёт-фактура № 000042 от 07.03.2026",
    ]);
  });
});

describe("factorOf", () => {
  const vars: FactorVars = {
    BANK_PAYER_NAME: "ООО «Рейс»",
    BANK_PAYER_INN: "7705814322",
    BANK_PAYER_KPP: "",
    BANK_PAYER_ACCOUNT: "40702810800000047291",
    BANK_BIC: "044525801",
    BANK_NAME: 'АО "БАНК МАГИСТРАЛЬ"',
    BANK_CORRESPONDENT_ACCOUNT: "30101810645250000801",
    REYS_ADDRESS: "г. Москва",
  };

  it("reads Рейс's requisites from the bank's vars and its own, 22 % VAT unless told otherwise", () => {
    expect(factorOf(vars)).toEqual({
      name: "ООО «Рейс»",
      inn: "7705814322",
      kpp: null,
      ogrn: null,
      address: "г. Москва",
      account: {
        settlementAccount: "40702810800000047291",
        bic: "044525801",
        bankName: 'АО "БАНК МАГИСТРАЛЬ"',
        correspondentAccount: "30101810645250000801",
      },
      vatRatePercent: 22,
    });
    expect(factorOf({ ...vars, REYS_VAT_RATE: "без НДС" }).vatRatePercent).toBeNull();
    expect(factorOf({ ...vars, REYS_VAT_RATE: "10" }).vatRatePercent).toBe(10);
  });

  it("refuses a missing address or a VAT rate it cannot read", () => {
    expect(() => factorOf({ ...vars, REYS_ADDRESS: " " })).toThrow(/REYS_ADDRESS/);
    for (const rate of ["0", "22%", "abc", "120"])
      expect(() => factorOf({ ...vars, REYS_VAT_RATE: rate })).toThrow(/REYS_VAT_RATE/);
  });
});
