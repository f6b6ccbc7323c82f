// The three documents of a quick payment (issue 21 item 3, decision 0056), set in the fonts given.
import { renderAssignmentNotice } from "./assignment-notice";
import { renderCommissionAct } from "./commission-act";
import { renderCommissionInvoice } from "./commission-invoice";
import { fileSafe } from "./format";
import { typefaceOf, type Typeface } from "./layout";
import type { DocumentFonts, QuickPaymentDocument, QuickPaymentDocumentsInput } from "./types";

/** What makes each document: its kind, its file name, and its PDF. */
const KINDS = [
  {
    kind: "assignment_notice",
    fileName: (orderNumber: string) => `Уведомление об уступке — заказ ${orderNumber}.pdf`,
    render: renderAssignmentNotice,
  },
  {
    kind: "commission_act",
    fileName: (orderNumber: string) => `Акт — комиссия по заказу ${orderNumber}.pdf`,
    render: renderCommissionAct,
  },
  {
    kind: "commission_invoice",
    fileName: (orderNumber: string) => `Счёт-фактура — комиссия по заказу ${orderNumber}.pdf`,
    render: renderCommissionInvoice,
  },
] as const satisfies {
  kind: QuickPaymentDocument["kind"];
  fileName: (orderNumber: string) => string;
  render: (input: QuickPaymentDocumentsInput, typeface: Typeface) => Promise<Uint8Array>;
}[];

/** The documents' makers, set in `fonts` (the Worker's bundled DejaVu, or the files a Node test reads), each file parsed once. */
export function documentMaker(fonts: DocumentFonts) {
  const typeface = typefaceOf(fonts);
  return {
    assignmentNotice: (input: QuickPaymentDocumentsInput) => renderAssignmentNotice(input, typeface),
    commissionAct: (input: QuickPaymentDocumentsInput) => renderCommissionAct(input, typeface),
    commissionInvoice: (input: QuickPaymentDocumentsInput) => renderCommissionInvoice(input, typeface),
    /** The notice to the customer, the act and the счёт-фактура for the commission, in that order. */
    quickPaymentDocumentsFor: (input: QuickPaymentDocumentsInput): Promise<QuickPaymentDocument[]> =>
      Promise.all(
        KINDS.map(async ({ kind, fileName, render }) => ({
          kind,
          fileName: fileName(fileSafe(input.order.number)),
          bytes: await render(input, typeface),
        })),
      ),
  };
}
