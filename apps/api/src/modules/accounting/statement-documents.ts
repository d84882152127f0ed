import {
  formatMoney,
  isoToDisplayDate,
  type BalanceSheet,
  type FinancialFigure,
  type FinancialSection,
  type GeneralLedger,
  type ProfitAndLoss,
  type TieOut,
  type TrialBalance,
} from '@matterhorn/shared';
import { csvFileStart, csvLine, type CsvValue } from '../../lib/csv.ts';
import type { PdfTableColumn, PdfTableRow } from '../../lib/pdf-table.ts';
import { buildReportPdf, type ReportTable } from '../../lib/report-pdf.ts';

/**
 * The statements as files (issue 36): CSV (amounts as plain decimals a spreadsheet sums, the basis
 * first and the tie-outs last) and PDF (one table per currency, then the tie-outs).
 */

const money = (amount: string | null) => (amount === null ? '' : formatMoney(amount));
const percent = (value: string | null) => (value === null ? '' : `${value}%`);
const passText = (tieOut: TieOut) => (tieOut.passes ? 'Pass' : 'Fail');
/** Sub-accounts are indented with no-break spaces, which the PDF keeps. */
const indented = (name: string, depth: number) => `${'\u00a0'.repeat(depth * 4)}${name}`;
const labelOf = (line: { number: string | null; name: string; kind: string }) =>
  line.number && line.kind === 'account' ? `${line.number} ${line.name}` : line.name;

function tieOutTable(tieOuts: readonly TieOut[]): ReportTable {
  return {
    heading: 'Tie-outs (the books as they stand now)',
    columns: [
      { label: 'Check', wrapWeight: 1 },
      { label: 'Currency' },
      { label: 'Ledger', align: 'right' },
      { label: 'Records', align: 'right' },
      { label: 'Result' },
    ],
    rows: tieOuts.map((tieOut) => ({
      cells: [tieOut.check, tieOut.currencyCode, money(tieOut.actual), money(tieOut.expected), passText(tieOut)],
      isBold: !tieOut.passes,
    })),
  };
}

/** A CSV row per tie-out, as wide as the file's header: the result, the check with both figures, and the difference. */
const tieOutCsvRows = (tieOuts: readonly TieOut[], width: number) =>
  tieOuts.map((tieOut) =>
    padded(
      [
        tieOut.currencyCode,
        'Tie-out',
        passText(tieOut),
        `${tieOut.check}: ledger ${tieOut.actual}, records ${tieOut.expected}`,
        tieOut.difference,
      ],
      width,
    ),
  );

const padded = (cells: CsvValue[], width: number): CsvValue[] => [...cells, ...Array<CsvValue>(Math.max(0, width - cells.length)).fill('')];

// ---------------------------------------------------------------------------------------------
// Profit and loss, balance sheet: sections of lines with an optional comparison column.

type Comparing = { label: string } | null;

function sectionCsvRows(currency: string, section: FinancialSection, comparing: Comparing): CsvValue[][] {
  const figures = (figure: FinancialFigure): CsvValue[] =>
    comparing ? [figure.amount, figure.comparison, figure.variance, figure.variancePercent] : [figure.amount];
  return [
    ...section.lines.map((line) => [currency, section.title, line.kind === 'account' ? line.number : '', line.name, ...figures(line)]),
    [currency, section.title, '', section.totalLabel, ...figures(section.total)],
  ];
}

function figureCells(figure: FinancialFigure, comparing: Comparing): string[] {
  return comparing
    ? [money(figure.amount), money(figure.comparison), money(figure.variance), percent(figure.variancePercent)]
    : [money(figure.amount)];
}

function sectionPdfRows(section: FinancialSection, comparing: Comparing): PdfTableRow[] {
  const blank = comparing ? ['', '', '', ''] : [''];
  return [
    { cells: [section.title, ...blank], isBold: true },
    ...section.lines.map((line) => ({
      cells: [indented(labelOf(line), line.depth + 1), ...figureCells(line, comparing)],
      isBold: line.kind === 'total',
    })),
    { cells: [section.totalLabel, ...figureCells(section.total, comparing)], isBold: true },
  ];
}

function figureColumns(comparing: Comparing): PdfTableColumn[] {
  const amount: PdfTableColumn = { label: 'Amount', align: 'right' };
  return comparing
    ? [amount, { label: comparing.label, align: 'right' }, { label: 'Variance', align: 'right' }, { label: '%', align: 'right' }]
    : [amount];
}

const csvHeader = (comparing: Comparing) => [
  'Currency',
  'Section',
  'Number',
  'Account',
  'Amount',
  ...(comparing ? [comparing.label, 'Variance', 'Variance %'] : []),
];

function csvFile(header: string[], basis: string, rows: CsvValue[][], tieOuts: readonly TieOut[]): string {
  const width = header.length;
  return (
    csvFileStart(header) +
    csvLine(padded(['', 'Basis', '', basis], width)) +
    rows.map((row) => csvLine(padded(row, width))).join('') +
    tieOutCsvRows(tieOuts, width)
      .map((row) => csvLine(row))
      .join('')
  );
}

export function profitAndLossCsv(statement: ProfitAndLoss): string {
  const comparing = statement.comparison;
  const rows = statement.currencies.flatMap((currency) => [
    ...sectionCsvRows(currency.currencyCode, currency.income, comparing),
    ...sectionCsvRows(currency.currencyCode, currency.expenses, comparing),
    [
      currency.currencyCode,
      'Net income',
      '',
      'Net income',
      ...(comparing
        ? [currency.netIncome.amount, currency.netIncome.comparison, currency.netIncome.variance, currency.netIncome.variancePercent]
        : [currency.netIncome.amount]),
    ],
  ]);
  return csvFile(csvHeader(comparing), statement.basisDescription, rows, statement.tieOuts);
}

export function profitAndLossPdf(statement: ProfitAndLoss & { firmName: string }): Promise<Buffer> {
  const comparing = statement.comparison;
  const columns: PdfTableColumn[] = [{ label: 'Account', wrapWeight: 1 }, ...figureColumns(comparing)];
  const tables: ReportTable[] = statement.currencies.map((currency) => ({
    heading: `${currency.currencyCode}`,
    columns,
    rows: [
      ...sectionPdfRows(currency.income, comparing),
      ...sectionPdfRows(currency.expenses, comparing),
      { cells: ['Net income', ...figureCells(currency.netIncome, comparing)], isBold: true },
    ],
  }));
  return buildReportPdf({
    firmName: statement.firmName,
    title: 'Profit and loss',
    lines: [
      `Period: ${isoToDisplayDate(statement.fromDate)} to ${isoToDisplayDate(statement.toDate)}`,
      ...(comparing
        ? [`Compared with: ${comparing.label} (${isoToDisplayDate(comparing.fromDate)} to ${isoToDisplayDate(comparing.toDate)})`]
        : []),
      statement.basisDescription,
    ],
    tables: [...tables, tieOutTable(statement.tieOuts)],
  });
}

export function balanceSheetCsv(statement: BalanceSheet): string {
  const comparing = statement.comparison;
  const rows = statement.currencies.flatMap((currency) => [
    ...sectionCsvRows(currency.currencyCode, currency.assets, comparing),
    ...sectionCsvRows(currency.currencyCode, currency.liabilities, comparing),
    ...sectionCsvRows(currency.currencyCode, currency.equity, comparing),
    [
      currency.currencyCode,
      'Liabilities and equity',
      '',
      'Total liabilities and equity',
      ...(comparing
        ? [
            currency.totalLiabilitiesAndEquity.amount,
            currency.totalLiabilitiesAndEquity.comparison,
            currency.totalLiabilitiesAndEquity.variance,
            currency.totalLiabilitiesAndEquity.variancePercent,
          ]
        : [currency.totalLiabilitiesAndEquity.amount]),
    ],
    ...sectionCsvRows(currency.currencyCode, currency.clientMoney, comparing),
  ]);
  return csvFile(csvHeader(comparing), statement.basisDescription, rows, statement.tieOuts);
}

export function balanceSheetPdf(statement: BalanceSheet & { firmName: string }): Promise<Buffer> {
  const comparing = statement.comparison;
  const columns: PdfTableColumn[] = [{ label: 'Account', wrapWeight: 1 }, ...figureColumns(comparing)];
  const tables: ReportTable[] = statement.currencies.map((currency) => ({
    heading: `${currency.currencyCode}${currency.isBalanced ? '' : ' — does not balance'}`,
    columns,
    rows: [
      ...sectionPdfRows(currency.assets, comparing),
      ...sectionPdfRows(currency.liabilities, comparing),
      ...sectionPdfRows(currency.equity, comparing),
      { cells: ['Total liabilities and equity', ...figureCells(currency.totalLiabilitiesAndEquity, comparing)], isBold: true },
      ...sectionPdfRows(currency.clientMoney, comparing),
    ],
  }));
  return buildReportPdf({
    firmName: statement.firmName,
    title: 'Balance sheet',
    lines: [
      `As of ${isoToDisplayDate(statement.asOfDate)}`,
      ...(comparing ? [`Compared with: ${comparing.label} (${isoToDisplayDate(comparing.asOfDate)})`] : []),
      statement.basisDescription,
    ],
    tables: [...tables, tieOutTable(statement.tieOuts)],
  });
}

// ---------------------------------------------------------------------------------------------
// Trial balance and general ledger.

export function trialBalanceCsv(statement: TrialBalance): string {
  const header = ['Currency', 'Number', 'Account', 'Type', 'Debit', 'Credit', 'Balance'];
  const rows: CsvValue[][] = statement.currencies.flatMap((currency) => [
    ...currency.accounts.map((account) => [
      currency.currencyCode,
      account.number,
      account.name,
      account.type,
      account.totalDebit,
      account.totalCredit,
      account.balance,
    ]),
    [
      currency.currencyCode,
      '',
      currency.isBalanced ? 'Total: debits = credits' : 'Total: debits and credits differ',
      '',
      currency.totalDebit,
      currency.totalCredit,
      '',
    ],
  ]);
  const width = header.length;
  return (
    csvFileStart(header) +
    csvLine(padded(['', '', `Basis: ${statement.basisDescription}`], width)) +
    rows.map((row) => csvLine(row)).join('') +
    statement.tieOuts
      .map((tieOut) =>
        csvLine([
          tieOut.currencyCode,
          passText(tieOut),
          `Tie-out: ${tieOut.check}: ledger ${tieOut.actual}, records ${tieOut.expected}`,
          '',
          '',
          '',
          tieOut.difference,
        ]),
      )
      .join('')
  );
}

export function trialBalancePdf(statement: TrialBalance & { firmName: string }): Promise<Buffer> {
  const columns: PdfTableColumn[] = [
    { label: 'No.' },
    { label: 'Account', wrapWeight: 1 },
    { label: 'Type' },
    { label: 'Debit', align: 'right' },
    { label: 'Credit', align: 'right' },
    { label: 'Balance', align: 'right' },
  ];
  const tables: ReportTable[] = statement.currencies.map((currency) => ({
    heading: currency.currencyCode,
    columns,
    rows: [
      // Accounts without a line in the currency are left out of the print (the JSON and CSV list the whole chart).
      ...currency.accounts
        .filter((account) => account.totalDebit !== '0.00' || account.totalCredit !== '0.00')
        .map((account) => ({
          cells: [
            account.number,
            account.name,
            account.type,
            money(account.totalDebit),
            money(account.totalCredit),
            money(account.balance),
          ],
        })),
      {
        cells: [
          '',
          currency.isBalanced ? 'Total: debits = credits' : 'Total: debits and credits differ',
          '',
          money(currency.totalDebit),
          money(currency.totalCredit),
          '',
        ],
        isBold: true,
      },
    ],
  }));
  return buildReportPdf({
    firmName: statement.firmName,
    title: 'Trial balance',
    lines: [statement.asOfDate ? `As of ${isoToDisplayDate(statement.asOfDate)}` : 'Every entry posted', statement.basisDescription],
    tables: [...tables, tieOutTable(statement.tieOuts)],
  });
}

/** Every line of the range, one table per currency from its opening balance to its closing balance. */
export function generalLedgerPdf(
  ledger: Omit<GeneralLedger, 'data' | 'page' | 'size' | 'totalCount'> & { lines: GeneralLedger['data'] },
  firmName: string,
): Promise<Buffer> {
  const columns: PdfTableColumn[] = [
    { label: 'Date' },
    { label: 'Reference' },
    { label: 'Memo', wrapWeight: 3 },
    { label: 'Source' },
    { label: 'Client / matter', wrapWeight: 2 },
    { label: 'Debit', align: 'right' },
    { label: 'Credit', align: 'right' },
    { label: 'Balance', align: 'right' },
  ];
  const tables: ReportTable[] = ledger.currencies.map((currency) => ({
    heading: currency.currencyCode,
    columns,
    rows: [
      {
        cells: [
          ledger.fromDate ? isoToDisplayDate(ledger.fromDate) : '',
          '',
          'Opening balance',
          '',
          '',
          '',
          '',
          money(currency.openingBalance),
        ],
        isBold: true,
      },
      ...ledger.lines
        .filter((line) => line.currencyCode === currency.currencyCode)
        .map((line) => ({
          cells: [
            isoToDisplayDate(line.entryDate),
            line.reference ?? '',
            [line.memo, line.lineMemo].filter(Boolean).join(' — '),
            line.sourceType,
            [line.clientName, line.matterNumber].filter(Boolean).join(' / '),
            line.debit === '0.00' ? '' : money(line.debit),
            line.credit === '0.00' ? '' : money(line.credit),
            money(line.runningBalance),
          ],
        })),
      {
        cells: [
          ledger.toDate ? isoToDisplayDate(ledger.toDate) : '',
          '',
          'Closing balance',
          '',
          '',
          money(currency.totalDebit),
          money(currency.totalCredit),
          money(currency.closingBalance),
        ],
        isBold: true,
      },
    ],
  }));
  return buildReportPdf({
    firmName,
    title: `General ledger — ${ledger.account.number} ${ledger.account.name}`,
    lines: [
      `Period: ${ledger.fromDate ? isoToDisplayDate(ledger.fromDate) : 'from the first entry'} to ${ledger.toDate ? isoToDisplayDate(ledger.toDate) : 'the last entry'}`,
      'Each currency is kept on its own: opening balance, every line with the running balance after it, closing balance.',
    ],
    tables: tables.length
      ? tables
      : [{ heading: null, columns, rows: [{ cells: ['', '', 'No lines in this range.', '', '', '', '', ''] }] }],
    landscape: true,
  });
}
