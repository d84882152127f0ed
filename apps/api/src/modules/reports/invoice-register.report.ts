import { INVOICE_STATUS_LABELS, reportContracts, type ReportColumn, type ReportRow } from '@matterhorn/shared';
import {
  findRegisterByClient,
  findRegisterEntries,
  sumRegisterLinesAndPayments,
  type RegisterFilters,
  type RegisterSums,
} from './invoice-register.repository.ts';
import { currencyOrder, sumOf } from './money-report.rules.ts';
import { sumReceivableInLedger } from './receivable-ledger.repository.ts';
import { defineReport, entriesPageOf } from './report-definition.ts';
import { criteriaOf, moneyCheck } from './report-texts.ts';

const MONEY_COLUMNS = [
  { key: 'subtotal', label: 'Subtotal' },
  { key: 'discount', label: 'Discount' },
  { key: 'tax', label: 'Tax' },
  { key: 'total', label: 'Total' },
  { key: 'paid', label: 'Paid' },
  { key: 'creditedWrittenOff', label: 'Credited / written off' },
  { key: 'balance', label: 'Balance' },
] as const satisfies ReadonlyArray<{ key: keyof RegisterSums; label: string }>;

const SUMMARY_COLUMNS: ReportColumn[] = [
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'currency', label: 'Currency', kind: 'text', drill: null },
  { key: 'invoices', label: 'Invoices', kind: 'count', drill: {} },
  ...MONEY_COLUMNS.map(({ key, label }): ReportColumn => ({ key, label, kind: 'money', drill: {} })),
];

const ENTRY_COLUMNS: ReportColumn[] = [
  { key: 'invoiceNumber', label: 'Invoice', kind: 'text', drill: null },
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matters', label: 'Matters', kind: 'text', drill: null },
  { key: 'issueDate', label: 'Issue date', kind: 'date', drill: null },
  { key: 'dueDate', label: 'Due date', kind: 'date', drill: null },
  { key: 'currency', label: 'Currency', kind: 'text', drill: null },
  ...MONEY_COLUMNS.map(({ key, label }): ReportColumn => ({ key, label, kind: 'money', drill: null })),
  { key: 'status', label: 'Status', kind: 'text', drill: null },
];

const moneyCells = (sums: RegisterSums) => Object.fromEntries(MONEY_COLUMNS.map(({ key }) => [key, sums[key]]));
const totalsOf = (rows: readonly RegisterSums[]) =>
  Object.fromEntries(MONEY_COLUMNS.map(({ key }) => [key, sumOf(rows, (row) => row[key])]));

/** Invoice register (issue 37, report 9): every invoice with its figures and status, by client, per currency. */
export const invoiceRegisterReport = defineReport({
  contract: reportContracts.invoiceRegister,
  name: 'invoice-register',
  async run(tx, context, query) {
    const filters: RegisterFilters = {
      from: query.From,
      to: query.To,
      clientId: query.ClientId,
      matterId: query.MatterId,
      currencyCode: query.CurrencyCode,
      status: query.Status,
    };
    const footer = {
      formula:
        'Every invoice the filters choose, drafts included, with its figures as issued: total = subtotal − discount + tax; balance = total − paid (net of reversals) − credited − written off, as it stands today. ' +
        'A void invoice is cancelled: listed with its figures and a balance of 0.00, never added. Totals add the rest, per client and per currency; currencies are never added together. ' +
        'Drafts and invoices awaiting approval are added too: choose a status to leave them out.',
      dateBasis: 'Issue date: an invoice is in the period it is dated in. Paid, credited, written off and balance are as of today.',
      rounding:
        'Every amount is the invoice’s own, stored to the cent when it was saved (one half-up rounding per figure); sums are exact.',
    };
    const criteria = criteriaOf(context, query, {
      dates: 'Issue dates',
      extra: filters.status ? [`Status: ${filters.status === 'Issued' ? 'Issued' : INVOICE_STATUS_LABELS[filters.status]}`] : [],
    });

    if (query.Level === 'entries') {
      const page = entriesPageOf(query);
      const entries = await findRegisterEntries(tx, context.firmId, filters, page);
      return {
        level: 'entries',
        criteria,
        columns: ENTRY_COLUMNS,
        rows: entries.rows.map((entry) => ({
          cells: {
            invoiceNumber: entry.invoiceNumber ?? 'Draft',
            client: entry.clientName,
            matters: entry.matterNames,
            issueDate: entry.issueDate,
            dueDate: entry.dueDate,
            currency: entry.currencyCode,
            ...moneyCells(entry),
            status: INVOICE_STATUS_LABELS[entry.status],
          },
          drill: null,
        })),
        totals: currencyOrder(
          context.homeCurrencyCode,
          entries.sums.map((sum) => sum.currencyCode),
        ).map((currencyCode) => ({
          cells: {
            invoiceNumber: `Total ${currencyCode}`,
            currency: currencyCode,
            ...moneyCells(entries.sums.find((sum) => sum.currencyCode === currencyCode)!),
          },
          drill: { CurrencyCode: currencyCode },
        })),
        ...footer,
        checks: [],
        page: { page: page.page, size: page.size, totalCount: entries.count },
      };
    }

    // Only the whole register of a client (or the firm) holds every open invoice the ledger's receivable does.
    const isWhole = !filters.from && !filters.to && !filters.status && !filters.matterId;
    const [groups, records, ledger] = await Promise.all([
      findRegisterByClient(tx, context.firmId, filters),
      sumRegisterLinesAndPayments(tx, context.firmId, filters),
      isWhole
        ? sumReceivableInLedger(tx, context.firmId, { clientId: filters.clientId, currencyCode: filters.currencyCode })
        : Promise.resolve(new Map<string, string>()),
    ]);
    const inCurrency = (currencyCode: string) => groups.filter((group) => group.currencyCode === currencyCode);
    const currencies = currencyOrder(context.homeCurrencyCode, [
      ...groups.map((group) => group.currencyCode),
      ...records.lines.keys(),
      ...records.payments.keys(),
      ...ledger.keys(),
    ]);
    const totals: ReportRow[] = currencies
      .filter((currencyCode) => inCurrency(currencyCode).length > 0)
      .map((currencyCode) => {
        const rows = inCurrency(currencyCode);
        return {
          cells: {
            client: `Total ${currencyCode}`,
            currency: currencyCode,
            invoices: rows.reduce((count, row) => count + Number(row.invoices), 0),
            ...totalsOf(rows),
          },
          drill: { CurrencyCode: currencyCode },
        };
      });
    const client = context.names.client ? ` of ${context.names.client}` : '';
    return {
      level: 'summary',
      criteria,
      columns: SUMMARY_COLUMNS,
      rows: groups.map((group) => ({
        cells: { client: group.clientName, currency: group.currencyCode, invoices: Number(group.invoices), ...moneyCells(group) },
        drill: { ClientId: group.clientId, CurrencyCode: group.currencyCode },
      })),
      totals,
      ...footer,
      checks: currencies.flatMap((currencyCode) => {
        const rows = inCurrency(currencyCode);
        return [
          moneyCheck(
            `Σ subtotal = Σ the invoices’ lines (invoice lines), ${currencyCode}`,
            sumOf(rows, (row) => row.subtotal),
            records.lines.get(currencyCode) ?? '0.00',
          ),
          moneyCheck(
            `Σ paid = Σ payments on the invoices (payments table, reversals negative), ${currencyCode}`,
            sumOf(rows, (row) => row.paid),
            records.payments.get(currencyCode) ?? '0.00',
          ),
          ...(isWhole
            ? [
                moneyCheck(
                  `Σ balance of the issued invoices (not drafts, not void) = accounts receivable in the ledger${client}, ${currencyCode}`,
                  sumOf(rows, (row) => row.issuedBalance),
                  ledger.get(currencyCode) ?? '0.00',
                ),
              ]
            : []),
        ];
      }),
      page: null,
    };
  },
});
