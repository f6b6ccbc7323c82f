// One quick payment's documents input, shared by the Node test (text read back with pdf.js) and
// the workerd test (the bundled font): a carrier, a made-up customer and Рейс from the sandbox's vars.
import { settlementAccountWithKey } from "../../workers/core/requisites/bank-account";
import { factorOf } from "../../workers/core/finance/documents/factor";
import type { QuickPaymentDocumentsInput } from "../../workers/core/finance/documents/types";
import { sandboxProviderVars } from "../../sandbox/vars";

export const CARRIER_BANK = {
  bic: "044525225",
  bankName: "ПАО Сбербанк",
  correspondentAccount: "30101810400000000225",
};

export const documentsInput = (): QuickPaymentDocumentsInput => ({
  quickPayment: {
    id: "0195f0c2-5b1e-7c4a-9d2e-3f4a5b6c7d8e",
    number: "000042",
    amountKopecks: 85_000_00,
    feeKopecks: 1_700_00,
    netKopecks: 83_300_00,
    feeRateBp: 200,
    // 23:30 on the 5th in UTC is already the 6th in Moscow.
    requestedAt: Date.parse("2026-03-05T21:30:00Z"),
    approvedAt: null,
  },
  order: {
    id: "ord-7f3c",
    number: "MGN-2026-0311",
    externalOrderId: "4500123987",
    platformName: "Магнит",
    customerName: "ООО «Северная торговая сеть»",
    customerInn: "7801543210",
    route: { from: "г. Краснодар, ул. Солнечная, д. 15/5", to: "г. Ростов-на-Дону, пр-кт Шолохова, д. 31" },
    deliveryDate: Date.parse("2026-03-04T14:10:00Z"),
    edoChain: {
      docNum: "ТН-000311",
      date: "2026-03-03",
      titles: ["ON_TRNACLGROT", "ON_TRNACLPPRIN", "ON_TRNACLGRPO", "ON_TRNACLPVYN"],
    },
  },
  carrier: {
    name: "ООО «Вектор Транс»",
    inn: "5027123457",
    kpp: "502701001",
    ogrn: "1185027123456",
    address: "140000, Московская обл., г. Люберцы, ул. Транспортная, д. 8",
    account: {
      settlementAccount: settlementAccountWithKey("40702810000000012345", CARRIER_BANK.bic),
      ...CARRIER_BANK,
    },
  },
  factor: factorOf(sandboxProviderVars("http://sandbox.invalid")),
});
