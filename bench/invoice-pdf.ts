import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildInvoicePdf } from '../apps/api/src/modules/invoices/invoices.api.ts';
import { buildInvoiceFixture, type FixtureLine } from '../apps/api/test/support/invoice-fixture.ts';

/**
 * Issue 15's PDF targets: an invoice of 100 lines in ≤ 200 ms, of 1,000 lines in ≤ 1.5 s. The
 * builder alone (the invoice detail is read in one query the API tests cover), in naira (so the
 * Unicode font is embedded, the slower case): three warm-up builds, then RUNS builds each; the verdict
 * is on the median (the worst is printed too: on a shared 2-core machine it measures the neighbours).
 */
export const INVOICE_PDF_TARGETS = { lines100Ms: 200, lines1000Ms: 1500 };
const RUNS = Number(process.env['BENCH_PDF_RUNS'] ?? 7);

function lines(count: number): FixtureLine[] {
  return Array.from({ length: count }, (_, index) => {
    const kind = index % 10;
    if (kind < 7)
      return {
        type: 'fee' as const,
        hours: '1.2500',
        rate: '180000.00',
        amount: '225000.00',
        description: `Research, drafting and correspondence on the lease, item ${index + 1}`,
      };
    if (kind < 9)
      return { type: 'expense' as const, quantity: '3.0000', rate: '14250.00', amount: '42750.00', description: `Filing fee ${index + 1}` };
    return { type: 'flatFee' as const, rate: '350000.00', amount: '350000.00', description: `Fixed-fee review ${index + 1}` };
  });
}

async function measure(count: number) {
  const invoice = buildInvoiceFixture({
    lines: lines(count),
    discountType: 'percent',
    discountValue: '10',
    taxPercent: '7.5',
    currencySymbol: '₦',
  });
  const firm = { name: 'Bench & Co', address: '3 Broad Street, Lagos', taxNumber: 'TIN-0001' };
  const trustHeld = [{ currencyCode: 'NGN', currencySymbol: '₦', amount: '1000.00' }];
  for (let warm = 0; warm < 3; warm += 1) await buildInvoicePdf({ firm, invoice, trustHeld });
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const pdf = await buildInvoicePdf({ firm, invoice, trustHeld });
    times.push(performance.now() - started);
    bytes = pdf.length;
  }
  const runs = [...times];
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, worst: times.at(-1)!, bytes, runs };
}

export type InvoicePdfTiming = { count: number; target: number; median: number; worst: number; bytes: number; runs: number[] };

/** The 100- and 1,000-line PDFs, measured one after the other (also `npm run bench -- --scale=issue15`). */
export async function measureInvoicePdfs(): Promise<InvoicePdfTiming[]> {
  return [
    { count: 100, target: INVOICE_PDF_TARGETS.lines100Ms, ...(await measure(100)) },
    { count: 1000, target: INVOICE_PDF_TARGETS.lines1000Ms, ...(await measure(1000)) },
  ];
}

// Run on its own (`npm run invoice-pdf -w bench`): print the two verdicts.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const result of await measureInvoicePdfs()) {
    const verdict = result.median <= result.target ? 'PASS' : 'FAIL';
    console.log(
      `invoice PDF, ${result.count} lines: median ${result.median.toFixed(0)} ms, worst ${result.worst.toFixed(0)} ms ` +
        `(target ≤ ${result.target} ms) ${verdict}; ${(result.bytes / 1024).toFixed(0)} KB`,
    );
  }
}
