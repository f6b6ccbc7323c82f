// The quick-payment documents made inside workerd as a Worker makes them (decision 0056): the
// DejaVu files come in the bundle as bytes (wrangler's Data rule for .ttf), Рейс's requisites from
// the Worker's vars. What the documents say is read back with pdf.js in
// workers/core/finance/documents/documents.node.test.ts.
import { env } from "cloudflare:test";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { factorOf, quickPaymentDocumentsFor } from "../../workers/core/finance/documents";
import { documentsInput } from "../support/quick-payment-documents";

/** The base names of the fonts a PDF embeds. */
function embeddedFonts(pdf: PDFDocument): string[] {
  return pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict)
    .filter((dict) => dict.get(PDFName.of("Type")) === PDFName.of("Font"))
    .map((dict) => String(dict.get(PDFName.of("BaseFont"))));
}

describe("quick-payment documents in a Worker", () => {
  it("sets the three PDFs in the bundled DejaVu, subset into each file, with Рейс from the Worker's vars", async () => {
    const factor = factorOf(env);
    expect(factor).toMatchObject({
      name: "ООО «Рейс»",
      inn: "7705814322",
      ogrn: "1257705814321",
      vatRatePercent: 22,
      account: { bic: "044525801" },
    });
    const made = await quickPaymentDocumentsFor({ ...documentsInput(), factor });
    expect(made.map((document) => document.kind)).toEqual([
      "assignment_notice",
      "commission_act",
      "commission_invoice",
    ]);
    for (const { bytes } of made) {
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getAuthor()).toBe("ООО «Рейс»");
      const fonts = embeddedFonts(pdf).filter((name) => name.includes("DejaVuSerifCondensed"));
      expect(fonts).toHaveLength(4); // regular and bold: each a Type0 font over its CID font
      // Subset: a whole DejaVu Serif Condensed file is 347 KB.
      expect(bytes.byteLength).toBeLessThan(40_000);
    }
    const titles = await Promise.all(
      made.map(async ({ bytes }) => (await PDFDocument.load(bytes)).getTitle()),
    );
    expect(titles).toEqual([
      "Уведомление об уступке денежного требования № 000042 от 06.03.2026",
      "Акт № 000042 от 06.03.2026",
      "Счёт-фактура № 000042 от 06.03.2026",
    ]);
  });
});
