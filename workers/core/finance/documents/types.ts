import type { QuickPaymentDocumentKind } from "../../../../db/schema/finance";

/** A settlement account at a Russian bank, as a payment order names it. */
export type BankAccount = {
  /** Расчётный счёт, 20 digits. */
  settlementAccount: string;
  bic: string;
  bankName: string;
  /** Корреспондентский счёт of the bank, 20 digits. */
  correspondentAccount: string;
};

/** The carrier: the client of the factoring and the first creditor of the customer. */
export type DocumentCarrier = {
  name: string;
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  address: string | null;
  account: BankAccount | null;
};

/** Рейс: the financial agent (factor) and new creditor; from the server's vars (factorOf). */
export type DocumentFactor = {
  name: string;
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  /** Required: the seller's address is a mandatory line of the счёт-фактура (НК РФ ст. 169 п. 5). */
  address: string;
  account: BankAccount;
  /** НДС on the commission, percent (22 from 2026); null when Рейс is not a VAT payer. */
  vatRatePercent: number | null;
};

/** What the three documents of one quick payment are written from. */
export type QuickPaymentDocumentsInput = {
  quickPayment: {
    id: string;
    /** The short number people use; it numbers the notice, the act and the счёт-фактура. */
    number: string;
    /** The claim: the order's amount, kopecks. */
    amountKopecks: number;
    /** Рейс's commission, kopecks (VAT included when Рейс charges it). */
    feeKopecks: number;
    /** What the carrier receives: amount − commission. */
    netKopecks: number;
    /** The commission's rate, basis points (200 = 2 %). */
    feeRateBp: number;
    /** Epoch ms. */
    requestedAt: number;
    /** Epoch ms, once approved; the documents are dated by it, else by the request. */
    approvedAt: number | null;
  };
  order: {
    id: string;
    /** The order's number as the carrier knows it. */
    number: string;
    /** The customer platform's own id of the order. */
    externalOrderId: string;
    platformName: string;
    /** The debtor: the customer who owes the freight charge. */
    customerName: string;
    customerInn: string | null;
    route: { from: string; to: string };
    /** Epoch ms. */
    deliveryDate: number | null;
    /** The order's ЭТрН: its number, its date (YYYY-MM-DD) and the titles signed in its chain. */
    edoChain: { docNum: string; date: string; titles: string[] } | null;
  };
  carrier: DocumentCarrier;
  factor: DocumentFactor;
};

/** The TrueType fonts a document is set in (regular and bold), as bytes. */
export type DocumentFonts = { regular: ArrayBuffer | Uint8Array; bold: ArrayBuffer | Uint8Array };

export type QuickPaymentDocument = {
  kind: QuickPaymentDocumentKind;
  /** Russian, for Content-Disposition: «Уведомление об уступке — заказ 12345.pdf». */
  fileName: string;
  bytes: Uint8Array;
};
