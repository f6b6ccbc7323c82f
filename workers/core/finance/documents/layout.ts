// The page layout the quick-payment documents share (decision 0056): A4, DejaVu Serif Condensed subset into each
// file, text laid top to bottom with wrapping and page breaks, field rows, ruled tables and
// signature blocks. Pure: fonts come in as bytes, a PDF goes out as bytes.
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { DocumentFonts } from "./types";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const LEADING = 1.3;
const TEXT = rgb(0, 0, 0);
const MUTED = rgb(0.38, 0.4, 0.44);
const LINE = rgb(0, 0, 0);

export type Align = "left" | "center" | "right";
export type TextStyle = { size?: number; bold?: boolean; align?: Align; muted?: boolean; indent?: number };
/** A label, its value (a row without one is left out) and, at the far right, a small note (a form's line code). */
export type Field = [label: string, value: string | null, note?: string];
export type Column = { header: string; width: number; align?: Align };
export type Cell = string | { text: string; bold?: boolean };

export type SheetMeta = {
  title: string;
  subject: string;
  author: string;
  keywords: string[];
  /** The document's date: also its creation date in the file. */
  date: Date;
  /** At the foot of each page, before «стр. N из M». */
  footer: string;
  orientation: "portrait" | "landscape";
};

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];

/**
 * The fonts as bytes pdf-lib keeps as they are, with a fontkit that parses each file once: parsing
 * was most of a document's time, and every document a maker makes embeds the same two files.
 */
export type Typeface = { regular: Uint8Array; bold: Uint8Array; fontkit: Fontkit };

export function typefaceOf(fonts: DocumentFonts): Typeface {
  const parsed = new Map<Uint8Array, ReturnType<Fontkit["create"]>>();
  const bytes = (data: ArrayBuffer | Uint8Array) =>
    data instanceof Uint8Array ? data : new Uint8Array(data);
  return {
    regular: bytes(fonts.regular),
    bold: bytes(fonts.bold),
    fontkit: {
      create(data, postscriptName) {
        let font = parsed.get(data);
        if (!font) {
          font = fontkit.create(data, postscriptName);
          parsed.set(data, font);
        }
        return font;
      },
    },
  };
}

/** How wide `text` is at `size`, in points. */
type Measure = (text: string, size: number) => number;

/**
 * A font's measure from its characters' advances, each asked of the font once: pdf-lib measures a
 * string by laying it out with fontkit (≈1 ms a line), and wrapping asks for every word. Kerning
 * is left out, a fraction of a point on a line.
 */
function measureOf(font: PDFFont): Measure {
  const advances = new Map<string, number>();
  return (text, size) => {
    let width = 0;
    for (const char of text) {
      let advance = advances.get(char);
      if (advance === undefined) {
        advance = font.widthOfTextAtSize(char, 1000) / 1000;
        advances.set(char, advance);
      }
      width += advance;
    }
    return width * size;
  };
}

/** Lines of `text` no wider than `width`: explicit line breaks kept, words longer than a line cut. */
function wrap(text: string, measure: Measure, size: number, width: number): string[] {
  const fits = (candidate: string) => measure(candidate, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(" ").filter(Boolean)) {
      const joined = line ? `${line} ${word}` : word;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (!fits(rest) && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export class Sheet {
  private page!: PDFPage;
  private y = 0;
  private readonly size: [number, number];
  private readonly measures: { regular: Measure; bold: Measure };
  /** The width text may take between the margins. */
  readonly width: number;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly meta: SheetMeta,
  ) {
    this.size = meta.orientation === "portrait" ? A4 : [A4[1], A4[0]];
    this.width = this.size[0] - 2 * MARGIN;
    this.measures = { regular: measureOf(regular), bold: measureOf(bold) };
    this.newPage();
  }

  static async open(typeface: Typeface, meta: SheetMeta): Promise<Sheet> {
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(typeface.fontkit);
    const regular = await pdf.embedFont(typeface.regular, { subset: true });
    const bold = await pdf.embedFont(typeface.bold, { subset: true });
    pdf.setTitle(meta.title, { showInWindowTitleBar: true });
    pdf.setSubject(meta.subject);
    pdf.setAuthor(meta.author);
    pdf.setKeywords(meta.keywords);
    pdf.setLanguage("ru-RU");
    pdf.setCreator("Рейс");
    pdf.setProducer("Рейс");
    pdf.setCreationDate(meta.date);
    pdf.setModificationDate(meta.date);
    return new Sheet(pdf, regular, bold, meta);
  }

  private newPage() {
    this.page = this.pdf.addPage(this.size);
    this.y = this.size[1] - MARGIN;
  }

  /** A new page unless `height` more points fit on this one. */
  private room(height: number) {
    if (this.y - height < MARGIN + 14) this.newPage();
  }

  private font(bold?: boolean) {
    return bold ? this.bold : this.regular;
  }

  private measure(bold?: boolean) {
    return bold ? this.measures.bold : this.measures.regular;
  }

  private line(text: string, x: number, width: number, style: TextStyle) {
    const size = style.size ?? 10;
    const font = this.font(style.bold);
    const textWidth = this.measure(style.bold)(text, size);
    const dx =
      style.align === "right" ? width - textWidth : style.align === "center" ? (width - textWidth) / 2 : 0;
    this.page.drawText(text, {
      x: x + dx,
      y: this.y - size,
      size,
      font,
      color: style.muted ? MUTED : TEXT,
    });
  }

  /** A paragraph, wrapped to the text width. */
  text(text: string, style: TextStyle = {}) {
    const size = style.size ?? 10;
    const indent = style.indent ?? 0;
    for (const line of wrap(text, this.measure(style.bold), size, this.width - indent)) {
      this.room(size * LEADING);
      this.line(line, MARGIN + indent, this.width - indent, style);
      this.y -= size * LEADING;
    }
  }

  gap(points: number) {
    this.y -= points;
  }

  /** Label and value side by side, the value wrapped in its own column. */
  fields(rows: Field[], options: { labelWidth?: number; size?: number } = {}) {
    const size = options.size ?? 9.5;
    const labelWidth = options.labelWidth ?? 150;
    const noteWidth = rows.some(([, , note]) => note) ? 30 : 0;
    const valueWidth = this.width - labelWidth - noteWidth;
    for (const [label, value, note] of rows) {
      if (value === null) continue;
      const labels = wrap(label, this.measures.regular, size, labelWidth - 8);
      const values = wrap(value, this.measures.regular, size, valueWidth - 4);
      const height = Math.max(labels.length, values.length) * size * LEADING;
      this.room(height);
      const top = this.y;
      labels.forEach((line, i) => {
        this.y = top - i * size * LEADING;
        this.line(line, MARGIN, labelWidth, { size, muted: true });
      });
      values.forEach((line, i) => {
        this.y = top - i * size * LEADING;
        this.line(line, MARGIN + labelWidth, valueWidth, { size });
      });
      if (note) {
        this.y = top;
        this.line(note, MARGIN + labelWidth + valueWidth, noteWidth, {
          size: size - 1.5,
          align: "right",
          muted: true,
        });
      }
      this.y = top - height - 1.5;
    }
  }

  /** A ruled table; `widths` are shares of the text width. */
  table(columns: Column[], rows: Cell[][], options: { size?: number; headerSize?: number } = {}) {
    const size = options.size ?? 9;
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / total) * this.width);
    const pad = 3;
    const drawRow = (cells: Cell[], cellSize: number, header: boolean) => {
      const texts = cells.map((cell) => (typeof cell === "string" ? { text: cell, bold: header } : cell));
      const lines = texts.map((cell, i) =>
        wrap(cell.text, this.measure(cell.bold), cellSize, widths[i] - 2 * pad),
      );
      const height = Math.max(...lines.map((l) => l.length)) * cellSize * LEADING + 2 * pad;
      this.room(height);
      const top = this.y;
      let x = MARGIN;
      lines.forEach((cellLines, i) => {
        this.page.drawRectangle({
          x,
          y: top - height,
          width: widths[i],
          height,
          borderColor: LINE,
          borderWidth: 0.5,
        });
        cellLines.forEach((line, n) => {
          this.y = top - pad - n * cellSize * LEADING;
          const align = header ? "center" : (columns[i].align ?? "left");
          this.line(line, x + pad, widths[i] - 2 * pad, { size: cellSize, bold: texts[i].bold, align });
        });
        x += widths[i];
      });
      this.y = top - height;
    };
    drawRow(
      columns.map((column) => column.header),
      options.headerSize ?? size,
      true,
    );
    for (const row of rows) drawRow(row, size, false);
  }

  /** Side by side: each signer's role, its organisation if named, a line to sign on and what goes under it. */
  signatures(blocks: { role: string; name?: string }[]) {
    const gutter = 24;
    const width = (this.width - gutter * (blocks.length - 1)) / blocks.length;
    const size = 9.5;
    const step = size * LEADING;
    const texts = blocks.map((block) => [
      ...wrap(block.role, this.measures.bold, size, width).map((text) => ({ text, bold: true })),
      ...(block.name ? wrap(block.name, this.measures.regular, size, width) : []).map((text) => ({
        text,
        bold: false,
      })),
    ]);
    const lines = Math.max(...texts.map((t) => t.length));
    const height = (lines + 3) * step;
    this.room(height);
    const top = this.y;
    texts.forEach((blockLines, i) => {
      const x = MARGIN + i * (width + gutter);
      blockLines.forEach((line, n) => {
        this.y = top - n * step;
        this.line(line.text, x, width, { size, bold: line.bold });
      });
      this.y = top - (lines + 1.5) * step;
      this.line("______________________ / ______________________", x, width, { size });
      this.y -= step;
      this.line("подпись / расшифровка подписи", x, width, { size: 7, muted: true });
    });
    this.y = top - height;
  }

  /** The file, with «стр. N из M» and the footer on every page. */
  async save(): Promise<Uint8Array> {
    const pages = this.pdf.getPages();
    pages.forEach((page, i) => {
      page.drawText(`${this.meta.footer} · стр. ${i + 1} из ${pages.length}`, {
        x: MARGIN,
        y: MARGIN / 2,
        size: 7,
        font: this.regular,
        color: MUTED,
      });
    });
    return this.pdf.save();
  }
}
