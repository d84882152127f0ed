import type { VatFigures } from './vat-return.rules.ts';
import { VAT_DOCUMENT_LABELS, type VatReturn } from '@matterhorn/shared';
import { csvFileStart, csvLine, type CsvValue } from '../../lib/csv.ts';

export const VAT_RETURN_CSV_HEADER = [
  'Currency',
  'Line',
  'Tax',
  'Rate %',
  'Invoice',
  'Date',
  'Client',
  'Fees net',
  'Tax on fees',
  'Costs net',
  'Tax on costs',
  'Net',
  'Tax',
] as const;

const amounts = (figures: VatFigures): CsvValue[] => [
  figures.feesNet,
  figures.feesTax,
  figures.costsNet,
  figures.costsTax,
  figures.net,
  figures.tax,
];

/** Every row as wide as the header, so a spreadsheet reads a rectangle. */
const line = (cells: CsvValue[]) =>
  csvLine([...cells, ...Array<CsvValue>(Math.max(0, VAT_RETURN_CSV_HEADER.length - cells.length)).fill('')]);

/**
 * The return as a spreadsheet: per currency, each rate's invoices (voids and credit notes negative) and the rate's
 * total, the currency's total, the VAT output account's movement and the checks (PASS or FAIL with
 * the invoices' figure and the ledger's). Dates stay ISO: a filing works from them.
 */
export function vatReturnCsv(vatReturn: VatReturn): string {
  let text = csvFileStart(VAT_RETURN_CSV_HEADER);
  for (const section of vatReturn.currencies) {
    const currency = section.currencyCode;
    for (const rate of section.rates) {
      for (const invoice of rate.invoices) {
        text += line([
          currency,
          VAT_DOCUMENT_LABELS[invoice.kind],
          rate.taxName,
          rate.ratePercent,
          invoice.invoiceNumber,
          invoice.date,
          invoice.clientName,
          ...amounts(invoice),
        ]);
      }
      text += line([currency, 'Rate total', rate.taxName, rate.ratePercent, '', '', '', ...amounts(rate)]);
    }
    text += line([currency, 'Total', '', '', '', '', '', ...amounts(section.totals)]);
    const account = `VAT output account ${section.vatAccountNumber}`;
    text += line([currency, 'VAT account movement', '', '', '', '', account, '', '', '', '', '', section.vatAccountMovement]);
    text += line([currency, 'Other postings', '', '', '', '', account, '', '', '', '', '', section.otherMovement]);
    for (const check of section.tieOuts) {
      const said = `${check.name}: invoices ${check.expected}, ledger ${check.actual}`;
      text += line([currency, check.isPassing ? 'Check: PASS' : 'Check: FAIL', '', '', '', '', said]);
    }
  }
  return text;
}
