import { describe, expect, it } from 'vitest';
import { formatMoney } from '@matterhorn/shared';
import { buildInvoicePdf } from '../src/modules/invoices/documents/invoice-pdf.ts';
import { buildInvoiceFixture, type FixtureLine } from './support/invoice-fixture.ts';
import { pdfColourOperands, pdfContentStreams } from './support/pdf-content-streams.ts';
import { pdfText, pdfTextRuns } from './support/pdf-text.ts';

const firm = { name: 'Adeyemi & Co', address: '3 Broad Street, Lagos', taxNumber: 'TIN-1234567', email: 'billing@adeyemi.example' };
// A 1×1 PNG.
const logo = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function manyLines(count: number): FixtureLine[] {
  return Array.from({ length: count }, (_, index) => {
    const kind = index % 10;
    if (kind < 7)
      return {
        type: 'fee' as const,
        hours: '1.2500',
        rate: '180.00',
        amount: '225.00',
        description: `Research and drafting, item ${index + 1}`,
      };
    if (kind < 9)
      return { type: 'expense' as const, quantity: '3.0000', rate: '14.25', amount: '42.75', description: `Filing fee ${index + 1}` };
    return { type: 'flatFee' as const, rate: '350.00', amount: '350.00', description: `Fixed-fee review ${index + 1}` };
  });
}

describe('invoice PDF', () => {
  const invoice = buildInvoiceFixture({
    lines: [
      { type: 'fee', hours: '1.5000', rate: '200.00', amount: '300.00', description: 'Drafting the lease' },
      { type: 'fee', hours: '0.3000', rate: '250.00', amount: '75.00', adjustedAmount: '50.00', description: 'Call with client' },
      { type: 'expense', quantity: '2.0000', rate: '12.50', amount: '25.00', description: 'Courier' },
      { type: 'flatFee', rate: '500.00', amount: '500.00', description: 'Incorporation' },
    ],
    discountType: 'percent',
    discountValue: '10',
    taxPercent: '7.5',
    paidAmount: '100.00',
  });

  it('holds the firm, client, matter, number, dates, grouped lines and the same totals as the invoice', async () => {
    const pdf = await buildInvoicePdf({
      firm: { ...firm, logo },
      invoice,
      trustHeld: [{ currencyCode: 'USD', currencySymbol: '$', amount: '1250.00' }],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf)).join('\n');
    for (const expected of [
      'Adeyemi & Co',
      '3 Broad Street, Lagos',
      'Tax identification number: TIN-1234567',
      'Chidi Okafor',
      'M-00042 — Okafor v. Lagos Properties',
      'Invoice number: INV-00007',
      'Issue date: 01/11/2026',
      'Due date: 01/12/2026',
      'Professional fees',
      'Flat fees',
      'Expenses',
      'Ada Obi',
      'Drafting the lease',
      'Adjusted from $75.00',
      'Subtotal',
      'Discount (10%)',
      'VAT (7.5%)',
      'Funds held in trust for you: $1,250.00',
      'Payment instructions',
      'Pay to Zenith Bank 1234567890',
      'Delivered on 02/11/2026 — fees recoverable by action from 02/12/2026',
      'INV-00007 — Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    // The adjustment's reason is the firm's note for its realisation report, never the client's to read (issue 64).
    expect(text).not.toContain('Courtesy write-down');
    const { totals } = invoice;
    expect(totals).toMatchObject({
      subtotal: '875.00',
      discountAmount: '87.50',
      taxAmount: '59.06',
      total: '846.56',
      balanceDue: '746.56',
    });
    expect(text).toMatch(/Subtotal \$875\.00/);
    expect(text).toMatch(/Discount \(10%\) -\$87\.50/);
    expect(text).toMatch(/VAT \(7\.5%\) \$59\.06/);
    expect(text).toMatch(/Total \$846\.56/);
    expect(text).toMatch(/Payments -\$100\.00/);
    expect(text).toMatch(/Balance due \$746\.56/);
    expect(text).toContain(`Professional fees subtotal ${formatMoney(totals.feesSubtotal, '$')}`);
  });

  it('leaves out a zero trust balance and the bill-of-charges line when the clock is off', async () => {
    const pdf = await buildInvoicePdf({
      firm,
      invoice: { ...invoice, billOfChargesClock: false },
      trustHeld: [{ currencyCode: 'USD', currencySymbol: '$', amount: '0.00' }],
    });
    const text = (await pdfText(pdf)).join('\n');
    expect(text).not.toContain('trust');
    expect(text).not.toContain('recoverable by action');
  });

  it('prints its dates in the firm’s document date format', async () => {
    const text = (await pdfText(await buildInvoicePdf({ firm: { ...firm, dateFormat: 'D MMM YYYY' }, invoice }))).join('\n');
    expect(text).toContain('Issue date: 1 Nov 2026');
    expect(text).not.toContain('01/11/2026');
  });

  it('shows the naira sign (an embedded Unicode font) or, without one, the currency code', async () => {
    const naira = { ...invoice, currencySymbol: '₦', currencyCode: 'NGN' };
    const text = (await pdfText(await buildInvoicePdf({ firm, invoice: naira }))).join('\n');
    expect(text.includes('Total ₦846.56') || text.includes('Total NGN 846.56')).toBe(true);
  });

  it('prints the firm’s footer, small and wrapped, at the foot of every page below the body, with the payment instructions', async () => {
    const footer =
      `Adeyemi & Co is regulated by the Nigerian Bar Association. ${'Fees are payable within thirty days of delivery. '.repeat(5)}`.trim();
    const big = buildInvoiceFixture({ lines: manyLines(120) });
    const pdf = await buildInvoicePdf({ firm: { ...firm, invoiceFooter: `  ${footer}\n` }, invoice: big });
    const pages = await pdfTextRuns(pdf);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((runs, index) => {
      const footerRuns = runs.filter((run) => /regulated by the Nigerian Bar|Fees are payable within/.test(run.text));
      // Wrapped: more than one line, each inside the page's margins, in the small size.
      expect(new Set(footerRuns.map((run) => Math.round(run.baseline))).size, `page ${index + 1}`).toBeGreaterThan(1);
      for (const run of footerRuns) {
        expect(run.left).toBeGreaterThanOrEqual(39);
        expect(run.right).toBeLessThanOrEqual(595.28 - 39);
        expect(run.bottom - run.top).toBeLessThan(8);
      }
      const footerTop = Math.min(...footerRuns.map((run) => run.top));
      const pageNumber = runs.find((run) => run.text.includes(`Page ${index + 1} of ${pages.length}`))!;
      const body = runs.filter((run) => !footerRuns.includes(run) && run !== pageNumber);
      // Nothing of the body reaches the footer's band; the page number stays below it.
      expect(Math.max(...body.map((run) => run.bottom)), `page ${index + 1}`).toBeLessThan(footerTop);
      expect(pageNumber.top).toBeGreaterThan(Math.max(...footerRuns.map((run) => run.bottom)));
    });
    const text = (await pdfText(pdf)).join('\n');
    expect(text).toContain('Adeyemi & Co is regulated by the Nigerian Bar Association.');
    expect(text).toContain('Payment instructions');
    expect(text).toContain('Pay to Zenith Bank 1234567890');
  });

  it('draws a set accent on the heading rule and the table headings’ band, its text white on a dark accent, near-black on a light one', async () => {
    const dark = pdfContentStreams(await buildInvoicePdf({ firm: { ...firm, accentColour: '#1F4E79' }, invoice }));
    expect(dark).toContain(`${pdfColourOperands('#1F4E79')} scn`);
    expect(dark).toContain(`${pdfColourOperands('#1F4E79')} SCN`);
    expect(dark).toContain('1 1 1 scn');
    expect(dark).not.toContain(`${pdfColourOperands('#EEEEEE')} scn`);

    const light = pdfContentStreams(await buildInvoicePdf({ firm: { ...firm, accentColour: '#FFD43B' }, invoice }));
    expect(light).toContain(`${pdfColourOperands('#FFD43B')} scn`);
    expect(light).toContain(`${pdfColourOperands('#1A1B1E')} scn`);
    expect(light).not.toContain('1 1 1 scn');
    // Every heading is still there, on the accent.
    const text = (await pdfText(await buildInvoicePdf({ firm: { ...firm, accentColour: '#FFD43B' }, invoice }))).join('\n');
    expect(text).toContain('Professional fees Date Fee earner Description Hours Rate Amount');
  });

  it('draws as before without an accent or a footer: the grey headings, black text, nothing in the footer but the page number', async () => {
    const plain = pdfContentStreams(await buildInvoicePdf({ firm, invoice }));
    const unset = pdfContentStreams(await buildInvoicePdf({ firm: { ...firm, accentColour: null, invoiceFooter: '  \n ' }, invoice }));
    expect(unset).toBe(plain);
    const colours = new Set(plain.match(/^[\d. ]+ (?:scn|SCN)$/gm));
    expect([...colours].sort()).toEqual(
      [`${pdfColourOperands('#EEEEEE')} scn`, '0 0 0 scn', `${pdfColourOperands('#CCCCCC')} SCN`, '0 0 0 SCN'].sort(),
    );
    // Something that is not #RRGGBB is never drawn.
    expect(pdfContentStreams(await buildInvoicePdf({ firm: { ...firm, accentColour: 'red' }, invoice }))).toBe(plain);
  });

  it('builds a 100-line and a 1,000-line invoice with repeated headers, every page numbered, totals intact', async () => {
    for (const [count, budget] of [
      [100, 200],
      [1000, 1500],
    ] as const) {
      const big = buildInvoiceFixture({ lines: manyLines(count), discountType: 'amount', discountValue: '100.00', taxPercent: '7.5' });
      const started = performance.now();
      const pdf = await buildInvoicePdf({ firm, invoice: big });
      const elapsed = performance.now() - started;
      console.info(`invoice PDF of ${count} lines: ${elapsed.toFixed(0)} ms, ${(pdf.length / 1024).toFixed(0)} KB`);
      // The bench (PostgreSQL, 2 cores) holds the budget; here only a generous bound against a regression.
      expect(elapsed).toBeLessThan(budget * 5);
      const pages = await pdfText(pdf);
      expect(pages.length).toBeGreaterThan(1);
      pages.forEach((page, index) => expect(page).toContain(`INV-00007 — Page ${index + 1} of ${pages.length}`));
      expect(
        pages.slice(1, -1).some((page) => page.includes('Professional fees (continued) Date Fee earner Description Hours Rate Amount')),
      ).toBe(true);
      const all = pages.join('\n');
      expect(all).toContain(`Research and drafting, item ${count - 3}`);
      expect(all).toContain(`Total ${formatMoney(big.totals.total, '$')}`);
      expect(all).toContain(`Balance due ${formatMoney(big.totals.balanceDue, '$')}`);
    }
  });
});
