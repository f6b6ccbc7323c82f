// The quick-payment documents as a Worker makes them: DejaVu Serif Condensed comes in the bundle (fonts.ts).
import { documentMaker } from "./documents";
import { bundledFonts } from "./fonts";

export const { assignmentNotice, commissionAct, commissionInvoice, quickPaymentDocumentsFor } =
  documentMaker(bundledFonts);

export { factorOf, type FactorVars } from "./factor";
export { amountInWords } from "./amount-in-words";
export type * from "./types";
