// The text of a PDF, page by page, as a reader would copy it: proves a print form's Cyrillic
// text is real text (an embedded font with a Unicode map), not shapes.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** `bytes` is copied (pdf.js takes over its buffer, and refuses a Node Buffer). */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await pdf.destroy();
  return pages;
}
