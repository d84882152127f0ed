import PDFDocument from 'pdfkit';
import { findUnicodeFont, WIN_ANSI } from '../../../lib/pdf-fonts.ts';
import { numberPdfPages } from '../../../lib/pdf-pages.ts';
import { layoutPdfTable, PdfTable, type PdfTableColumn, type PdfTableRow } from '../../../lib/pdf-table.ts';
import {
  accentAsTextOnWhite,
  ACCENT_COLOUR_PATTERN,
  compareMoney,
  type DateFormat,
  formatMoney,
  type Invoice,
  type InvoiceLine,
  isoToDocumentDate,
  textColourOnAccent,
} from '@matterhorn/shared';
import { drawFooterText, FOOTER_TEXT_GAP, measureFooterText, type PdfFooterText } from './invoice-pdf-footer.ts';
import { pdfBytesOf } from '../../../lib/pdf-bytes.ts';

/** The firm as the bill shows it. */
export interface InvoicePdfFirm {
  name: string;
  address: string | null;
  phone?: string | null;
  email?: string | null;
  /** The firm's tax identification number, when it has one. */
  taxNumber?: string | null;
  /** The firm's logo as stored (a data: URL); PNG and JPEG are drawn, other formats are left out. */
  logo?: string | null;
  /** How the firm prints dates on what it sends (Settings › General); DD/MM/YYYY when left out. */
  dateFormat?: string;
  /** The bills' accent (#RRGGBB, invoice settings): the heading rule and table headings; none: the product's greys. */
  accentColour?: string | null;
  /** Printed small and grey at the foot of every page (invoice settings); none: only the page number. */
  invoiceFooter?: string | null;
}

export interface InvoicePdfInput {
  firm: InvoicePdfFirm;
  invoice: Invoice;
  /**
   * What the firm holds in trust for the client, one positive amount per currency, each printed on
   * its own line in its own currency (never added together); empty: not shown.
   */
  trustHeld?: { currencyCode: string; currencySymbol: string; amount: string }[];
}

/**
 * The invoice as a PDF (pdfkit): firm header, client and matters, number and dates, the lines grouped
 * as professional fees, flat fees and expenses (table headers repeated on every page), the totals,
 * payments and balance due, the client's trust balance, payment instructions, notes and the
 * bill-of-charges line, and on every page the firm's footer text and the page number. The firm's
 * accent colour, when set, draws the heading rule and the table headings' band. Every figure is the
 * invoice's own (the one shared computation), formatted with formatMoney (en-US, 2 decimals, the
 * firm's currency symbol).
 */
export function buildInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice, firm } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    // The first page waits for the footer's height to be measured (the writer sets the bottom margin).
    autoFirstPage: false,
    info: {
      Title: `Invoice ${invoice.invoiceNumber ?? 'draft'}`,
      Author: firm.name,
      Subject: `Invoice for ${invoice.clientName}`,
    },
  });
  const done = pdfBytesOf(doc);
  try {
    new InvoicePdfWriter(doc, input).write();
    doc.end();
  } catch (error) {
    doc.end();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return done;
}

const MARGIN = 40;
const FOOTER_HEIGHT = 20;
const PAGE_WIDTH = 595.28; // A4
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BODY_SIZE = 9;
const CELL_PADDING = 3;
/** A table of very long amounts is set smaller rather than let an amount wrap. */
const MINIMUM_TABLE_SIZE = 6.5;

type Column = PdfTableColumn & { value: (line: InvoiceLine) => string };

class InvoicePdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly input: InvoicePdfInput;
  private readonly symbol: string;
  private regular = 'Helvetica';
  private bold = 'Helvetica-Bold';
  /** Text the standard fonts cannot show is cleaned when no Unicode font is available. */
  private clean: (text: string) => string = (text) => text;
  /** An ISO date as the firm prints dates ('' when not a date, so callers fall back to the text). */
  private date = (iso: string) => isoToDocumentDate(iso, (this.input.firm.dateFormat ?? 'DD/MM/YYYY') as DateFormat);
  /** The firm's accent, when it is a #RRGGBB colour. */
  private readonly accent: string | null;
  private readonly footer: PdfFooterText | null;

  constructor(doc: PDFKit.PDFDocument, input: InvoicePdfInput) {
    this.doc = doc;
    this.input = input;
    this.symbol = input.invoice.currencySymbol;
    const accent = input.firm.accentColour?.trim();
    this.accent = accent && ACCENT_COLOUR_PATTERN.test(accent) ? accent : null;
    this.chooseFonts();
    this.footer = measureFooterText(doc, this.clean(input.firm.invoiceFooter ?? ''), this.regular, CONTENT_WIDTH);
  }

  private chooseFonts() {
    const { invoice, firm } = this.input;
    const lines = [...invoice.fees, ...invoice.expenses, ...invoice.flatFees];
    const texts = [
      invoice.currencySymbol,
      ...(this.input.trustHeld ?? []).map((amount) => amount.currencySymbol),
      invoice.clientName,
      invoice.clientAddress ?? '',
      invoice.notes ?? '',
      invoice.paymentInstructions ?? '',
      firm.name,
      firm.address ?? '',
      firm.invoiceFooter ?? '',
      invoice.taxName ?? '',
      ...invoice.matters.map((matter) => matter.name),
      ...lines.map((line) => `${line.description}${line.feeEarnerName ?? ''}`),
    ];
    if (texts.every((text) => WIN_ANSI.test(text))) return;
    const font = findUnicodeFont();
    if (font) {
      this.doc.registerFont('Body', font.regular);
      this.doc.registerFont('Body-Bold', font.bold);
      this.regular = 'Body';
      this.bold = 'Body-Bold';
      return;
    }
    // No Unicode font on this machine: the currency shows as its code, other characters as '?'.
    const code = invoice.currencyCode ? `${invoice.currencyCode} ` : '';
    this.clean = (text) =>
      [...text.split(invoice.currencySymbol).join(WIN_ANSI.test(invoice.currencySymbol) ? invoice.currencySymbol : code)]
        .map((char) => (WIN_ANSI.test(char) ? char : '?'))
        .join('');
  }

  private money(amount: string): string {
    return this.clean(formatMoney(amount, this.symbol));
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private text(text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { font?: string; size?: number } = {}) {
    const { font, size, ...rest } = options;
    this.doc
      .font(font ?? this.regular)
      .fontSize(size ?? BODY_SIZE)
      .text(this.clean(text), x, y, { lineBreak: true, ...rest });
  }

  private ensureSpace(height: number, onNewPage?: () => void) {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.y = this.doc.page.margins.top;
      onNewPage?.();
    }
  }

  write() {
    // The footer's band is kept free on every page: the body breaks to a new page above it.
    const bottom = MARGIN + FOOTER_HEIGHT + (this.footer ? this.footer.height + FOOTER_TEXT_GAP : 0);
    this.doc.options.margins = { top: MARGIN, bottom, left: MARGIN, right: MARGIN };
    this.doc.addPage();
    this.header();
    this.parties();
    this.lineTables();
    this.totals();
    this.closing();
    this.footers();
  }

  private header() {
    const { doc } = this;
    const { firm, invoice } = this.input;
    const top = MARGIN;
    let leftY = top;
    const logo = firm.logo && /^data:image\/(png|jpeg);base64,/.test(firm.logo) ? firm.logo : null;
    if (logo) {
      try {
        doc.image(logo, MARGIN, top, { fit: [140, 60] });
        leftY = top + 66;
      } catch {
        // A logo pdfkit cannot read is left out rather than failing the bill.
      }
    }
    this.text(firm.name, MARGIN, leftY, { font: this.bold, size: 13, width: 300 });
    const taxNumber = firm.taxNumber ? `Tax identification number: ${firm.taxNumber}` : null;
    const firmLines = [firm.address, firm.phone, firm.email, taxNumber].filter((line): line is string => Boolean(line && line.trim()));
    if (firmLines.length) this.text(firmLines.join('\n'), MARGIN, doc.y + 2, { width: 300 });
    const afterFirm = doc.y;

    const rightX = MARGIN + CONTENT_WIDTH - 200;
    // The title takes the accent only where it reads on white (4.5:1); the rule below shows it either way.
    const titleColour = accentAsTextOnWhite(this.accent);
    if (titleColour) doc.fillColor(titleColour);
    this.text(invoice.status === 'Void' ? 'INVOICE (VOID)' : 'INVOICE', rightX, top, {
      font: this.bold,
      size: 18,
      width: 200,
      align: 'right',
    });
    if (titleColour) doc.fillColor('black');
    const facts: [string, string][] = [
      ['Invoice number', invoice.invoiceNumber ?? 'Draft'],
      ['Issue date', this.date(invoice.issueDate) || invoice.issueDate],
      ['Due date', this.date(invoice.dueDate) || invoice.dueDate],
      ['Status', invoice.statusLabel],
    ];
    let y = doc.y + 4;
    for (const [label, value] of facts) {
      this.text(`${label}: ${value}`, rightX, y, { width: 200, align: 'right' });
      y = doc.y + 1;
    }
    doc.y = Math.max(afterFirm, y) + 16;
    if (this.accent) {
      const ruleY = doc.y - 8;
      doc
        .moveTo(MARGIN, ruleY)
        .lineTo(MARGIN + CONTENT_WIDTH, ruleY)
        .lineWidth(2)
        .strokeColor(this.accent)
        .stroke()
        .strokeColor('black');
    }
  }

  private parties() {
    const { doc } = this;
    const { invoice } = this.input;
    const y = doc.y;
    this.text('Bill to', MARGIN, y, { font: this.bold });
    this.text([invoice.clientName, invoice.clientAddress].filter(Boolean).join('\n'), MARGIN, doc.y + 2, { width: 250 });
    const afterClient = doc.y;
    const matterX = MARGIN + 270;
    this.text(invoice.matters.length > 1 ? 'Matters' : 'Matter', matterX, y, { font: this.bold });
    const matters = invoice.matters.map((matter) => (matter.matterNumber ? `${matter.matterNumber} — ${matter.name}` : matter.name));
    this.text(matters.join('\n') || '—', matterX, doc.y + 2, { width: CONTENT_WIDTH - 270 });
    doc.y = Math.max(afterClient, doc.y) + 14;
    if (invoice.status === 'Void') {
      this.text(`This invoice is void${invoice.voidReason ? `: ${invoice.voidReason}` : ''}.`, MARGIN, doc.y, {
        font: this.bold,
        width: CONTENT_WIDTH,
      });
      doc.y += 8;
    }
  }

  /**
   * The client sees that a line was adjusted and from what, never why: the reason is the firm's own
   * note for its realisation report (issue 64), so it is on no document a client reads.
   */
  private lineDescription(line: InvoiceLine): string {
    if (compareMoney(line.adjustment, '0') === 0) return line.description;
    return `${line.description}\nAdjusted from ${this.money(line.itemAmount)}`;
  }

  private lineTables() {
    const { invoice } = this.input;
    const date = (line: InvoiceLine) => this.date(line.lineDate.slice(0, 10)) || line.lineDate;
    const amount = (line: InvoiceLine) => this.money(line.amount);
    const number = (text: string | null) => (text ? trimDecimals(text) : '');
    const feeEarner = (line: InvoiceLine) => line.feeEarnerName ?? '';
    const description = (line: InvoiceLine) => this.lineDescription(line);
    const rate = (line: InvoiceLine) => (line.rate ? this.money(line.rate) : '');
    if (invoice.fees.length) {
      this.table('Professional fees', invoice.fees, invoice.totals.feesSubtotal, [
        { label: 'Date', value: date },
        { label: 'Fee earner', wrapWeight: 1, value: feeEarner },
        { label: 'Description', wrapWeight: 3, value: description },
        { label: 'Hours', align: 'right', value: (line) => number(line.hours) },
        { label: 'Rate', align: 'right', value: rate },
        { label: 'Amount', align: 'right', value: amount },
      ]);
    }
    if (invoice.flatFees.length) {
      this.table('Flat fees', invoice.flatFees, invoice.totals.flatFeesSubtotal, [
        { label: 'Date', value: date },
        { label: 'Fee earner', wrapWeight: 1, value: feeEarner },
        { label: 'Description', wrapWeight: 3, value: description },
        { label: 'Amount', align: 'right', value: amount },
      ]);
    }
    if (invoice.expenses.length) {
      this.table('Expenses', invoice.expenses, invoice.totals.expensesSubtotal, [
        { label: 'Date', value: date },
        { label: 'Description', wrapWeight: 1, value: description },
        { label: 'Quantity', align: 'right', value: (line) => number(line.quantity) },
        { label: 'Unit cost', align: 'right', value: rate },
        { label: 'Amount', align: 'right', value: amount },
      ]);
    }
  }

  private tableHeader(title: string, table: PdfTable, header: PdfTableRow, continued: boolean) {
    const { doc } = this;
    this.text(continued ? `${title} (continued)` : title, MARGIN, doc.y, { font: this.bold, size: 11 });
    const y = doc.y + 3;
    if (this.accent) {
      doc.rect(MARGIN, y, CONTENT_WIDTH, table.heightOf(header)).fill(this.accent).fillColor(textColourOnAccent(this.accent));
      table.draw(header, y);
      doc.fillColor('black');
    } else {
      doc.rect(MARGIN, y, CONTENT_WIDTH, table.heightOf(header)).fill('#eeeeee').fillColor('black');
      table.draw(header, y);
    }
    doc.y += 2;
  }

  /**
   * One group of lines: its columns measured from its own lines (headings never wrap or overprint,
   * amounts stay on one line, descriptions wrap), repeated headings on each new page, a subtotal.
   */
  private table(title: string, lines: InvoiceLine[], subtotal: string, columns: Column[]) {
    const { doc } = this;
    const header: PdfTableRow = { cells: columns.map((column) => column.label), isBold: true };
    const rows: PdfTableRow[] = lines.map((line) => ({ cells: columns.map((column) => this.clean(column.value(line))) }));
    const style = {
      regular: this.regular,
      bold: this.bold,
      fontSize: BODY_SIZE,
      minimumFontSize: MINIMUM_TABLE_SIZE,
      padding: CELL_PADDING,
    };
    const table = new PdfTable(doc, columns, layoutPdfTable(doc, columns, rows, CONTENT_WIDTH, style), MARGIN, style);
    this.ensureSpace(60);
    this.tableHeader(title, table, header, false);
    for (const row of rows) {
      this.ensureSpace(table.heightOf(row), () => this.tableHeader(title, table, header, true));
      const y = doc.y;
      const height = table.draw(row, y);
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(MARGIN + CONTENT_WIDTH, y + height)
        .lineWidth(0.5)
        .strokeColor('#cccccc')
        .stroke()
        .strokeColor('black');
      doc.y = y + height;
    }
    this.ensureSpace(20);
    const y = doc.y + 4;
    const amount = this.money(subtotal);
    const amountWidth = doc.font(this.bold).fontSize(BODY_SIZE).widthOfString(amount);
    this.text(`${title} subtotal`, MARGIN, y, {
      font: this.bold,
      width: CONTENT_WIDTH - Math.max(110, amountWidth + 2 * CELL_PADDING),
      align: 'right',
    });
    this.figure(amount, MARGIN + CONTENT_WIDTH - CELL_PADDING, y, this.bold, BODY_SIZE);
    doc.y = y + 24;
  }

  /** An amount drawn on one line, its right edge at `right`; answers its width. */
  private figure(text: string, right: number, y: number, font: string, size: number): number {
    const width = this.doc.font(font).fontSize(size).widthOfString(text);
    this.doc.text(text, right - width, y, { lineBreak: false });
    return width;
  }

  private totals() {
    const { doc } = this;
    const { invoice, trustHeld = [] } = this.input;
    const totals = invoice.totals;
    const rows: [string, string, boolean][] = [['Subtotal', this.money(totals.subtotal), false]];
    if (compareMoney(totals.discountAmount, '0') !== 0) {
      const label =
        invoice.discountType === 'percent' && invoice.discountValue ? `Discount (${trimDecimals(invoice.discountValue)}%)` : 'Discount';
      rows.push([label, this.money(`-${totals.discountAmount}`), false]);
    }
    if (compareMoney(totals.taxAmount, '0') !== 0 || compareMoney(invoice.taxPercent || '0', '0') !== 0) {
      rows.push([`${invoice.taxName?.trim() || 'Tax'} (${trimDecimals(invoice.taxPercent)}%)`, this.money(totals.taxAmount), false]);
    }
    rows.push(['Total', this.money(totals.total), true]);
    rows.push(['Payments', this.money(compareMoney(totals.paidAmount, '0') === 0 ? '0' : `-${totals.paidAmount}`), false]);
    if (compareMoney(totals.writtenOffAmount, '0') !== 0) rows.push(['Written off', this.money(`-${totals.writtenOffAmount}`), false]);
    rows.push(['Balance due', this.money(totals.balanceDue), true]);

    this.ensureSpace(rows.length * 15 + 30);
    const sizeOf = (strong: boolean) => (strong ? 10.5 : BODY_SIZE + 0.5);
    // The figures' column is as wide as the widest figure, so none wraps; the labels take what is left of 260 points or more.
    const figuresWidth = Math.max(
      120,
      ...rows.map(
        ([, value, strong]) =>
          doc
            .font(strong ? this.bold : this.regular)
            .fontSize(sizeOf(strong))
            .widthOfString(value) +
          2 * CELL_PADDING,
      ),
    );
    const right = MARGIN + CONTENT_WIDTH;
    const labelX = right - Math.max(260, figuresWidth + 140);
    let y = doc.y + 6;
    doc
      .moveTo(labelX, y - 3)
      .lineTo(right, y - 3)
      .lineWidth(0.75)
      .stroke();
    for (const [label, value, strong] of rows) {
      const font = strong ? this.bold : this.regular;
      this.text(label, labelX, y, { font, size: sizeOf(strong), width: right - figuresWidth - labelX });
      this.figure(value, right - CELL_PADDING, y, font, sizeOf(strong));
      y += strong ? 17 : 15;
    }
    doc.y = y + 6;
    const held = trustHeld.filter((amount) => compareMoney(amount.amount, '0') > 0);
    if (held.length) {
      for (const amount of held) {
        // Without a Unicode font a symbol such as ₦ cannot be drawn: its code stands in, as for the invoice's own currency.
        const isDrawable = WIN_ANSI.test(amount.currencySymbol) || this.regular === 'Body';
        const figure = formatMoney(amount.amount, isDrawable ? amount.currencySymbol : `${amount.currencyCode} `);
        this.text(`Funds held in trust for you: ${figure}`, labelX, doc.y, { width: right - labelX, align: 'right' });
      }
      doc.y += 6;
    }
    if (invoice.payments.length) {
      this.ensureSpace(30);
      this.text('Payments received', MARGIN, doc.y + 6, { font: this.bold });
      for (const payment of invoice.payments) {
        this.ensureSpace(14);
        const date = this.date(payment.paymentDate.slice(0, 10)) || payment.paymentDate;
        const what = payment.isReversal ? 'Reversal' : `Receipt ${payment.receiptNumber}`;
        this.text(
          `${date}  ${what} — ${payment.method}${payment.reference ? ` (${payment.reference})` : ''}: ${this.money(payment.amount)}`,
          MARGIN,
          doc.y + 2,
          {
            width: CONTENT_WIDTH,
          },
        );
      }
      doc.y += 6;
    }
  }

  private closing() {
    const { doc } = this;
    const { invoice } = this.input;
    const section = (title: string, body: string) => {
      this.ensureSpace(40);
      this.text(title, MARGIN, doc.y + 8, { font: this.bold });
      this.text(body, MARGIN, doc.y + 2, { width: CONTENT_WIDTH });
    };
    if (invoice.paymentInstructions?.trim()) section('Payment instructions', invoice.paymentInstructions.trim());
    if (invoice.notes?.trim()) section('Notes', invoice.notes.trim());
    if (invoice.billOfChargesClock && invoice.deliveredDate && invoice.recoverableFromDate) {
      section(
        'Bill of charges',
        `Delivered on ${this.date(invoice.deliveredDate.slice(0, 10)) || invoice.deliveredDate} — fees recoverable by action from ${
          this.date(invoice.recoverableFromDate.slice(0, 10)) || invoice.recoverableFromDate
        } (Legal Practitioners Act, s.16(2)).`,
      );
    }
  }

  private footers() {
    const { invoiceNumber } = this.input.invoice;
    if (this.footer) drawFooterText(this.doc, this.footer, { margin: MARGIN, bottomGap: MARGIN + FOOTER_HEIGHT });
    numberPdfPages(this.doc, { font: this.regular, size: 8, margin: MARGIN, prefix: `${this.clean(invoiceNumber ?? 'Draft invoice')} — ` });
  }
}

/** 1.5000 → 1.5; 2.0000 → 2; 7.5000 → 7.5. */
function trimDecimals(text: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(text.trim())) return text;
  const [whole, fraction = ''] = text.trim().split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : (whole ?? text);
}
