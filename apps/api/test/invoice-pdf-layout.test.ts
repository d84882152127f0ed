import { describe, expect, it } from 'vitest';
import { formatMoney } from '@matterhorn/shared';
import { buildInvoicePdf } from '../src/modules/invoices/documents/invoice-pdf.ts';
import { buildInvoiceFixture, type FixtureLine } from './support/invoice-fixture.ts';
import { pdfTextRuns, type PdfTextRun } from './support/pdf-text.ts';

/**
 * Where the invoice's text lands, read back with pdf.js's positions: headings side by side without
 * overprinting, descriptions wrapped inside their column, amounts on one line, every page numbered.
 * A naira invoice (the embedded DejaVu Sans is wider than Helvetica) with amounts in the millions.
 */

const firm = {
  name: 'Adeyemi & Co',
  address: '3 Broad Street, Lagos',
  phone: '+234 1 555 0100',
  email: 'billing@adeyemi.example',
  taxNumber: 'TIN-1234567',
};
const LONG_DESCRIPTION =
  'Reviewing and annotating the amended statement of claim, the schedule of damages, the witness statements of the second and third defendants and every exhibit, then preparing a memorandum of advice on the prospects of the appeal';
const TABLES = {
  'Professional fees': ['Date', 'Fee earner', 'Description', 'Hours', 'Rate', 'Amount'],
  'Flat fees': ['Date', 'Fee earner', 'Description', 'Amount'],
  Expenses: ['Date', 'Description', 'Quantity', 'Unit cost', 'Amount'],
};

const nairaInvoice = (lines: FixtureLine[]) => ({
  ...buildInvoiceFixture({ lines, currencySymbol: '₦', taxPercent: '7.5' }),
  currencyCode: 'NGN',
});
/** ₦ with the embedded font, or its code where the machine has no Unicode font. */
const naira = (amount: string) => new RegExp(`^(?:₦|NGN )${amount.replace(/[.,]/g, '\\$&')}$`);

const bigLines: FixtureLine[] = [
  { type: 'fee', hours: '10.0000', rate: '125000.00', amount: '1250000.00', description: LONG_DESCRIPTION },
  { type: 'fee', hours: '1234.5000', rate: '9999999.99', amount: '12344999987.66', description: 'Trial' },
  { type: 'expense', quantity: '1250.0000', rate: '1000.00', amount: '1250000.00', description: 'Courier' },
  { type: 'flatFee', rate: '1250000.00', amount: '1250000.00', description: 'Incorporation' },
];

const overlaps = (a: PdfTextRun, b: PdfTextRun) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** A table's heading runs: those on the baseline of the first "Date" after its title. */
function headingRow(runs: PdfTextRun[], title: string): PdfTextRun[] {
  const titleIndex = runs.findIndex((run) => run.text === title);
  expect(titleIndex, `${title} is on the page`).toBeGreaterThanOrEqual(0);
  const date = runs.slice(titleIndex).find((run) => run.text === 'Date')!;
  return runs.filter((run) => Math.abs(run.baseline - date.baseline) < 0.5).sort((a, b) => a.left - b.left);
}

describe('invoice PDF layout', () => {
  it('sets each table’s headings on one line, side by side, none overprinting another or the first row', async () => {
    const [page] = await pdfTextRuns(await buildInvoicePdf({ firm, invoice: nairaInvoice(bigLines) }));
    for (const [title, labels] of Object.entries(TABLES)) {
      const headings = headingRow(page!, title);
      // Each heading is one whole run ("Quantity", never "Quantit" + "y") on the heading's baseline.
      expect(headings.map((run) => run.text)).toEqual(labels);
      headings
        .slice(1)
        .forEach((run, index) =>
          expect(run.left, `${run.text} starts after ${headings[index]!.text}`).toBeGreaterThan(headings[index]!.right),
        );
      const below = page!.filter((run) => run.top > headings[0]!.top + 1);
      const firstRowTop = Math.min(...below.map((run) => run.top));
      expect(Math.max(...headings.map((run) => run.bottom))).toBeLessThanOrEqual(firstRowTop);
    }
  });

  it('never draws one piece of text over another, on any page', async () => {
    const lines: FixtureLine[] = Array.from({ length: 60 }, (_, index) =>
      index % 2 ? bigLines[index % bigLines.length]! : { ...bigLines[0]!, description: `${LONG_DESCRIPTION} (${index})` },
    );
    const pages = await pdfTextRuns(await buildInvoicePdf({ firm, invoice: nairaInvoice(lines) }));
    expect(pages.length).toBeGreaterThan(1);
    for (const [pageIndex, runs] of pages.entries()) {
      const clashes = runs.flatMap((run, index) =>
        runs.slice(index + 1).flatMap((other) => (overlaps(run, other) ? [`page ${pageIndex + 1}: "${run.text}" × "${other.text}"`] : [])),
      );
      expect(clashes).toEqual([]);
    }
  });

  it('wraps a long description inside its column, clear of the hours, rate and amount', async () => {
    const [page] = await pdfTextRuns(await buildInvoicePdf({ firm, invoice: nairaInvoice(bigLines) }));
    const headings = headingRow(page!, 'Professional fees');
    const description = headings.find((run) => run.text === 'Description')!;
    const hours = headings.find((run) => run.text === 'Hours')!;
    const firstWords = LONG_DESCRIPTION.split(' ').slice(0, 3).join(' ');
    const start = page!.findIndex((run) => run.text.startsWith(firstWords));
    expect(start).toBeGreaterThan(0);
    // The description's lines: the runs that start where its heading starts, from its first line on, until the text is whole.
    const lines: PdfTextRun[] = [];
    for (const run of page!.slice(start)) {
      if (Math.abs(run.left - description.left) > 0.5) continue;
      lines.push(run);
      if (lines.map((line) => line.text.trim()).join(' ') === LONG_DESCRIPTION) break;
    }
    expect(lines.map((line) => line.text.trim()).join(' ')).toBe(LONG_DESCRIPTION);
    expect(lines.length).toBeGreaterThan(2);
    // The first column to its right is Hours (right-aligned): its heading and every figure in it start right of the description.
    const hoursColumnLeft = Math.min(
      hours.left,
      ...page!.filter((run) => run.right === hours.right || Math.abs(run.right - hours.right) < 0.5).map((run) => run.left),
    );
    for (const line of lines) {
      expect(line.left).toBeGreaterThanOrEqual(description.left - 0.5);
      expect(line.right, `"${line.text}" ends before the Hours column`).toBeLessThan(hoursColumnLeft);
    }
    const lineTops = lines.map((line) => line.top);
    expect(lineTops).toEqual([...lineTops].sort((a, b) => a - b));
  });

  it('keeps every amount on one line: the naira sign and all its digits in one run', async () => {
    const invoice = nairaInvoice(bigLines);
    const [page] = await pdfTextRuns(await buildInvoicePdf({ firm, invoice }));
    const texts = page!.map((run) => run.text.trim());
    for (const amount of ['1,250,000.00', '125,000.00', '9,999,999.99', '12,344,999,987.66', '1,000.00']) {
      expect(
        texts.some((text) => naira(amount).test(text)),
        `₦${amount} in one run`,
      ).toBe(true);
    }
    for (const total of [invoice.totals.subtotal, invoice.totals.taxAmount, invoice.totals.total, invoice.totals.balanceDue]) {
      const figure = formatMoney(total, '').replace(/^-/, '');
      expect(
        texts.some((text) => naira(figure).test(text)),
        `₦${figure} in one run`,
      ).toBe(true);
    }
  });

  it('numbers every page "Page N of M" at its foot, below everything else on it', async () => {
    const lines = Array.from({ length: 45 }, (_, index) => ({ ...bigLines[index % 4]!, description: `Item ${index + 1}` }));
    const pages = await pdfTextRuns(await buildInvoicePdf({ firm, invoice: nairaInvoice(lines) }));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((runs, index) => {
      const footer = runs.find((run) => run.text === `INV-00007 — Page ${index + 1} of ${pages.length}`);
      expect(footer, `page ${index + 1} is numbered`).toBeDefined();
      const others = runs.filter((run) => run !== footer);
      expect(footer!.top).toBeGreaterThan(Math.max(...others.map((run) => run.bottom)));
    });
    // A continued table repeats its headings on the next page.
    expect(pages[1]!.some((run) => run.text.endsWith('(continued)'))).toBe(true);
  });

  it("heads the first page with the firm's name and details, above the client", async () => {
    const [page] = await pdfTextRuns(await buildInvoicePdf({ firm, invoice: nairaInvoice(bigLines) }));
    const billTo = page!.find((run) => run.text === 'Bill to')!;
    for (const detail of [firm.name, firm.address, firm.phone, firm.email, `Tax identification number: ${firm.taxNumber}`]) {
      const run = page!.find((candidate) => candidate.text === detail);
      expect(run, detail).toBeDefined();
      expect(run!.bottom).toBeLessThan(billTo.top);
    }
  });
});
