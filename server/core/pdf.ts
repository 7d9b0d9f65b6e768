import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Lang } from '../../src/contract/messages.ts';

/**
 * The server's PDF documents (the evidence pack; the customer's audit-log export next): pdfkit,
 * with Noto Sans SC (OFL, `@expo-google-fonts/noto-sans-sc`) for Chinese and Latin text alike and
 * the built-in Courier for hashes. pdfkit embeds only the glyphs a document uses, so a document
 * stays small although each font file is 10 MB. Every page gets a header line and "page X of Y"
 * in its footer when the document is finished (pages are buffered until then).
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

interface Fonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

let fonts: Promise<Fonts> | undefined;

/**
 * The two font files, read once per process, on the first document (a server that makes none
 * never holds their 21 MB). A failed read is tried again by the next document.
 */
export function pdfFonts(): Promise<Fonts> {
  fonts ??= Promise.all([
    readFile(require.resolve(FONT_FILES.regular)),
    readFile(require.resolve(FONT_FILES.bold)),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fonts = undefined;
      throw error;
    },
  );
  return fonts;
}

const SANS = 'sans';
const BOLD = 'sans-bold';
/** Hashes and other hex: fixed-width, so two of them compare column by column. */
const MONO = 'Courier';

const INK = '#1f2328';
const MUTED = '#59636e';
const RULE = '#d1d9e0';
const SHADE = '#f3f4f6';

const MARGIN = 48;
/** Room above and below the content for the header and footer lines. */
const BAND = 22;

export interface PdfInfo {
  title: string;
  subject: string;
  lang: Lang;
  /** The moment the document is made (its creation date). */
  now: Date;
  /** The header line of every page (left), and what stands on its right. */
  header: string;
  headerRight: string;
  /** The footer's text beside the page number, and how the page number reads. */
  footer: string;
  pageOf: (page: number, pages: number) => string;
}

/** A column of a table: its heading, its share of the width, and how its cells are set. */
export interface Column {
  title: string;
  /** Relative width (the columns share the content width in proportion). */
  width: number;
  mono?: boolean;
  align?: 'left' | 'right';
}

/** One document being written, top to bottom. */
export class Pdf {
  readonly doc: PDFKit.PDFDocument;
  readonly #info: PdfInfo;
  readonly #chunks: Uint8Array[] = [];
  readonly #ended: Promise<void>;

  constructor(fonts: Fonts, info: PdfInfo) {
    this.#info = info;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN + BAND, bottom: MARGIN + BAND, left: MARGIN, right: MARGIN },
      bufferPages: true,
      lang: info.lang,
      displayTitle: true,
      info: { Title: info.title, Subject: info.subject, Author: 'LP', CreationDate: info.now },
    });
    this.doc.on('data', (chunk: Uint8Array) => this.#chunks.push(chunk));
    this.#ended = new Promise((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
    this.doc.registerFont(SANS, fonts.regular as Buffer);
    this.doc.registerFont(BOLD, fonts.bold as Buffer);
    this.doc.font(SANS).fontSize(9).fillColor(INK);
  }

  /** The width between the margins. */
  get width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  /** Starts a new page when less than `height` points are left on this one. */
  room(height: number): void {
    if (this.doc.y + height > this.doc.page.maxY()) this.doc.addPage();
  }

  title(text: string): void {
    this.doc.font(BOLD).fontSize(16).fillColor(INK).text(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
  }

  heading(text: string): void {
    this.room(60);
    this.doc.moveDown(0.6);
    this.doc.font(BOLD).fontSize(12).fillColor(INK).text(text, MARGIN, this.doc.y, { width: this.width });
    const y = this.doc.y + 2;
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    this.doc.y = y + 5;
  }

  subheading(text: string): void {
    this.room(40);
    this.doc.moveDown(0.3);
    this.doc.font(BOLD).fontSize(10).fillColor(INK).text(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.2);
  }

  paragraph(text: string, options: { muted?: boolean; mono?: boolean; size?: number } = {}): void {
    this.doc
      .font(options.mono ? MONO : SANS)
      .fontSize(options.size ?? 9)
      .fillColor(options.muted ? MUTED : INK)
      .text(text, MARGIN, this.doc.y, { width: this.width });
    this.doc.fillColor(INK);
  }

  /** Label and value pairs, two columns. */
  fields(rows: ReadonlyArray<readonly [string, string]>): void {
    this.table(
      [
        { title: '', width: 1 },
        { title: '', width: 3 },
      ],
      rows.map(([label, value]) => [label, value]),
      { header: false },
    );
  }

  /**
   * A table: each row as tall as its tallest cell, text wrapped in its column; a row that does not
   * fit on the page starts the next one, which repeats the heading row.
   */
  table(
    columns: readonly Column[],
    rows: ReadonlyArray<readonly string[]>,
    options: {
      header?: boolean;
      size?: number;
      /** Every cell one line that fits its column (long lists of short values: a row is a line, nothing is measured or wrapped). */
      fixed?: boolean;
    } = {},
  ): void {
    const doc = this.doc;
    const size = options.size ?? 8;
    const pad = 2.5;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.width);
    const fontOf = (column: Column, head: boolean) => (head ? BOLD : column.mono ? MONO : SANS);
    const line = size * 1.25 + pad * 2;
    const heightOf = (cells: readonly string[], head: boolean) =>
      options.fixed
        ? line
        : Math.max(
            ...cells.map((text, i) => {
              const column = columns[i] as Column;
              doc.font(fontOf(column, head)).fontSize(size);
              return doc.heightOfString(text || ' ', { width: (widths[i] as number) - pad * 2 });
            }),
          ) +
          pad * 2;
    const draw = (cells: readonly string[], head: boolean, shade: boolean) => {
      // no row taller than a page: a longer cell is cut (the JSON pack holds it whole)
      const height = Math.min(heightOf(cells, head), doc.page.maxY() - doc.page.margins.top);
      if (doc.y + height > doc.page.maxY()) {
        doc.addPage();
        if (!head && options.header !== false) draw(heading, true, true);
      }
      const y = doc.y;
      if (shade) doc.rect(MARGIN, y, this.width, height).fill(SHADE);
      let x = MARGIN;
      cells.forEach((text, i) => {
        const column = columns[i] as Column;
        const width = widths[i] as number;
        doc
          .font(fontOf(column, head))
          .fontSize(size)
          .fillColor(head ? MUTED : INK);
        if (options.fixed) {
          // one line, set without the line wrapper (most of a long list's cost), right-aligned by hand
          const shift = column.align === 'right' ? width - pad * 2 - doc.widthOfString(text) : 0;
          doc.text(text, x + pad + Math.max(0, shift), y + pad, { lineBreak: false });
        } else
          doc.text(text, x + pad, y + pad, {
            width: width - pad * 2,
            height: height - pad * 2,
            align: column.align ?? 'left',
            ellipsis: true,
          });
        x += width;
      });
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + this.width, y + height)
        .lineWidth(0.3)
        .strokeColor(RULE)
        .stroke();
      doc.x = MARGIN;
      doc.y = y + height;
    };
    const heading = columns.map((c) => c.title);
    if (options.header !== false) {
      this.room(heightOf(heading, true) + heightOf(rows[0] ?? heading, false));
      draw(heading, true, true);
    }
    for (const row of rows) draw(row, false, false);
    doc.fillColor(INK);
    doc.moveDown(0.4);
  }

  /** Writes each page's header and footer and ends the document: its bytes. */
  async finish(): Promise<Uint8Array> {
    const doc = this.doc;
    const info = this.#info;
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      // header and footer sit in the margins: writing there must not start a page
      const { top, bottom } = doc.page.margins;
      doc.page.margins.top = 0;
      doc.page.margins.bottom = 0;
      const right = MARGIN + this.width;
      doc.font(SANS).fontSize(7.5).fillColor(MUTED);
      doc.text(info.header, MARGIN, MARGIN, { width: this.width * 0.7, lineBreak: false });
      doc.text(info.headerRight, MARGIN, MARGIN, { width: this.width, align: 'right', lineBreak: false });
      doc
        .moveTo(MARGIN, MARGIN + 12)
        .lineTo(right, MARGIN + 12)
        .lineWidth(0.3)
        .strokeColor(RULE)
        .stroke();
      const footerY = doc.page.height - MARGIN - 8;
      doc.text(info.footer, MARGIN, footerY, { width: this.width * 0.8, lineBreak: false });
      doc.text(info.pageOf(i + 1, count), MARGIN, footerY, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.top = top;
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    await this.#ended;
    return Buffer.concat(this.#chunks);
  }
}

/** A new document with the fonts registered (read once per process). */
export async function pdfDocument(info: PdfInfo): Promise<Pdf> {
  return new Pdf(await pdfFonts(), info);
}
