import mammoth from 'mammoth';
import PDFDocument from 'pdfkit';
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { AppError } from '../../lib/errors.ts';
import { findUnicodeFont, WIN_ANSI } from '../../lib/pdf-fonts.ts';
import { checkZipEntries, ZipRefusedError, type ZipLimits } from '../../platform/files/zip-guard.ts';

/**
 * A Word document as a PDF without an office suite (ADR 84): mammoth reads the document's structure
 * (as it does for previews) and pdfkit sets it on A4 — headings, paragraphs, bold, italic and
 * underline, lists, simple tables and page breaks, with the firm's name and the page number at the
 * foot of each page. Fonts, colours, images, columns and exact spacing are Word's own and are not
 * kept: a firm that needs the letter exactly as Word lays it out sets SOFFICE_PATH (word-pdf-office.ts).
 */

const MARGIN = 64;
const FOOTER_GAP = 28;
const BODY_SIZE = 10.5;
const HEADING_SIZES: Readonly<Record<string, number>> = { h1: 18, h2: 15, h3: 13, h4: 12, h5: 11, h6: 11 };

type Run = { text: string; isBold: boolean; isItalic: boolean; isUnderlined: boolean };
type Style = Omit<Run, 'text'>;

const isElement = (node: ChildNode): node is Element => node.type === 'tag';

/** The document's words as runs of one style each; a page break (mammoth's hr) splits them. */
function runsOf(nodes: ChildNode[], style: Style, into: (Run | 'pageBreak')[] = []): (Run | 'pageBreak')[] {
  for (const node of nodes) {
    if (node.type === 'text') {
      const text = (node as unknown as { data: string }).data.replace(/\s+/g, ' ');
      if (text) into.push({ text, ...style });
    } else if (isElement(node)) {
      if (node.name === 'hr') into.push('pageBreak');
      else if (node.name === 'br') into.push({ text: '\n', ...style });
      else
        runsOf(
          node.children,
          {
            isBold: style.isBold || node.name === 'strong' || node.name === 'b' || node.name === 'th',
            isItalic: style.isItalic || node.name === 'em' || node.name === 'i',
            isUnderlined: style.isUnderlined || node.name === 'u',
          },
          into,
        );
    }
  }
  return into;
}

const textOf = (nodes: ChildNode[]): string =>
  nodes
    .map((node) => (node.type === 'text' ? (node as unknown as { data: string }).data : isElement(node) ? textOf(node.children) : ''))
    .join('');

const PLAIN: Style = { isBold: false, isItalic: false, isUnderlined: false };

class WordPdfWriter {
  readonly doc = new PDFDocument({ size: 'A4', margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN }, bufferPages: true });
  private readonly unicode: { regular: string; bold: string } | null;
  private readonly width = this.doc.page.width - 2 * MARGIN;

  /** `needsUnicode`: some of the document's text is beyond WinAnsi, so all of it is set in one embedded font. */
  constructor(needsUnicode: boolean) {
    this.unicode = needsUnicode ? findUnicodeFont() : null;
    if (this.unicode) {
      this.doc.registerFont('Body', this.unicode.regular);
      this.doc.registerFont('Body-Bold', this.unicode.bold);
    }
  }

  /** Helvetica while the text is WinAnsi; else an embedded Unicode font (no italic of its own) for the whole document. */
  private fontOf(run: Style, _text: string): string {
    if (this.unicode) return run.isBold ? 'Body-Bold' : 'Body';
    if (run.isBold) return run.isItalic ? 'Helvetica-BoldOblique' : 'Helvetica-Bold';
    return run.isItalic ? 'Helvetica-Oblique' : 'Helvetica';
  }

  private clean(text: string) {
    return this.unicode ? text : [...text].map((character) => (WIN_ANSI.test(character) ? character : '?')).join('');
  }

  /** One paragraph of runs at the left edge `x`, wrapped to `width`, continued run by run. */
  paragraph(runs: (Run | 'pageBreak')[], options: { size?: number; x?: number; width?: number; prefix?: string; gapAfter?: number }) {
    const { size = BODY_SIZE, x = MARGIN, width = this.width, gapAfter = 6 } = options;
    const pieces: Run[] = [];
    for (const run of runs) {
      if (run === 'pageBreak') {
        this.flush(pieces, { size, x, width, prefix: options.prefix });
        pieces.length = 0;
        this.doc.addPage();
      } else pieces.push(run);
    }
    this.flush(pieces, { size, x, width, prefix: options.prefix });
    this.doc.y += gapAfter;
  }

  private flush(pieces: Run[], options: { size: number; x: number; width: number; prefix?: string }) {
    const trimmed = pieces.filter((piece, index) => index < pieces.length - 1 || piece.text.trim() !== '' || piece.text === '\n');
    if (trimmed.length === 0 && !options.prefix) {
      this.doc.y += options.size * 0.6;
      return;
    }
    const all: Run[] = options.prefix ? [{ text: options.prefix, ...PLAIN }, ...trimmed] : trimmed;
    this.doc.x = options.x;
    all.forEach((run, index) => {
      const text = this.clean(run.text);
      const continued = index < all.length - 1;
      this.doc.font(this.fontOf(run, text)).fontSize(options.size);
      // A continued run is given no position (even an undefined one): pdfkit would start a new line for it.
      if (index === 0)
        this.doc.text(text, options.x, this.doc.y, { width: options.width, lineGap: 2, continued, underline: run.isUnderlined });
      else this.doc.text(text, { continued, underline: run.isUnderlined });
    });
  }

  heading(element: Element) {
    this.doc.y += 4;
    this.paragraph(runsOf(element.children, { ...PLAIN, isBold: true }), { size: HEADING_SIZES[element.name] ?? BODY_SIZE, gapAfter: 8 });
  }

  list(element: Element, depth: number) {
    let number = 0;
    for (const item of element.children.filter(isElement)) {
      if (item.name !== 'li') continue;
      number += 1;
      const nested = item.children.filter((child): child is Element => isElement(child) && (child.name === 'ul' || child.name === 'ol'));
      const own = item.children.filter((child) => !nested.includes(child as Element));
      const indent = MARGIN + 16 * (depth + 1);
      this.paragraph(runsOf(own, PLAIN), {
        x: indent,
        width: this.width - 16 * (depth + 1),
        prefix: element.name === 'ol' ? `${number}. ` : '• ',
        gapAfter: 2,
      });
      for (const child of nested) this.list(child, depth + 1);
    }
    this.doc.y += 4;
  }

  /** A table as a grid of equal columns, each cell's text wrapped; a row that does not fit starts a new page. */
  table(element: Element) {
    const rows = element.children
      .filter(isElement)
      .flatMap((part) => (part.name === 'tr' ? [part] : part.children.filter(isElement).filter((row) => row.name === 'tr')));
    const cellsOf = (row: Element) => row.children.filter(isElement).filter((cell) => cell.name === 'td' || cell.name === 'th');
    const columns = Math.max(1, ...rows.map((row) => cellsOf(row).length));
    const columnWidth = this.width / columns;
    const padding = 4;
    for (const row of rows) {
      const cells = cellsOf(row).map((cell) => ({
        text: this.clean(
          runsOf(cell.children, PLAIN)
            .map((run) => (run === 'pageBreak' ? ' ' : run.text))
            .join('')
            .trim(),
        ),
        isHeader: cell.name === 'th',
      }));
      const heightOf = (cell: { text: string; isHeader: boolean }) =>
        this.doc
          .font(cell.isHeader ? this.fontOf({ ...PLAIN, isBold: true }, cell.text) : this.fontOf(PLAIN, cell.text))
          .fontSize(BODY_SIZE)
          .heightOfString(cell.text || ' ', { width: columnWidth - 2 * padding });
      const height = Math.max(...cells.map(heightOf), BODY_SIZE) + 2 * padding;
      if (this.doc.y + height > this.doc.page.height - MARGIN) this.doc.addPage();
      const top = this.doc.y;
      cells.forEach((cell, index) => {
        const left = MARGIN + index * columnWidth;
        this.doc.lineWidth(0.5).rect(left, top, columnWidth, height).stroke('#999999');
        this.doc
          .fillColor('black')
          .font(cell.isHeader ? this.fontOf({ ...PLAIN, isBold: true }, cell.text) : this.fontOf(PLAIN, cell.text))
          .fontSize(BODY_SIZE)
          .text(cell.text, left + padding, top + padding, { width: columnWidth - 2 * padding });
      });
      this.doc.x = MARGIN;
      this.doc.y = top + height;
    }
    this.doc.y += 8;
  }

  block(node: ChildNode) {
    if (!isElement(node)) {
      if (node.type === 'text' && (node as unknown as { data: string }).data.trim()) this.paragraph(runsOf([node], PLAIN), {});
      return;
    }
    if (node.name in HEADING_SIZES) this.heading(node);
    else if (node.name === 'ul' || node.name === 'ol') this.list(node, 0);
    else if (node.name === 'table') this.table(node);
    else if (node.name === 'hr') this.doc.addPage();
    else this.paragraph(runsOf(node.children, PLAIN), {});
  }

  /** The firm's name and "Page n of N" at the foot of every page, in the bottom margin; N counts the pages the caller appends after. */
  footer(firmName: string, pagesAfter = 0) {
    const range = this.doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      this.doc.switchToPage(index);
      this.doc.page.margins.bottom = 0;
      const text = this.clean(`${firmName} · Page ${index - range.start + 1} of ${range.count + pagesAfter}`);
      this.doc
        .font(this.fontOf(PLAIN, text))
        .fontSize(8)
        .fillColor('#555555')
        .text(text, MARGIN, this.doc.page.height - FOOTER_GAP - 8, { width: this.width, align: 'center', lineBreak: false });
    }
  }

  async finish(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => this.doc.on('end', resolve));
    this.doc.end();
    await ended;
    return Buffer.concat(chunks);
  }
}

/** The footer's firm name, and how many pages the caller will append (an acceptance page), so "Page n of N" counts every page. */
export type WordPdfFooter = { firmName: string; pagesAfter?: number };

/** The Word document as a PDF (best effort, see above); 422 for a file mammoth cannot read or a zip past the limits. */
export async function wordPdfOf(content: Buffer, footer: WordPdfFooter, zipLimits: ZipLimits): Promise<Buffer> {
  const unreadable = () => new AppError(422, DOCUMENT_MESSAGES.previewUnreadable);
  try {
    await checkZipEntries(content, zipLimits);
  } catch (error) {
    if (error instanceof ZipRefusedError) throw unreadable();
    throw error;
  }
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: content }, { externalFileAccess: false, styleMap: ["br[type='page'] => hr"] })).value;
  } catch {
    throw unreadable();
  }
  const parsed = parseDocument(html);
  const writer = new WordPdfWriter(!WIN_ANSI.test(textOf(parsed.children)));
  for (const node of parsed.children) writer.block(node);
  writer.footer(footer.firmName, footer.pagesAfter);
  return writer.finish();
}
