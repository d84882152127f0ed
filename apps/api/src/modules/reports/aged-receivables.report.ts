import { isoToDisplayDate, reportContracts, type ReceivableAgeBucket, type ReportColumn, type ReportRow } from '@matterhorn/shared';
import {
  findAgedReceivableInvoices,
  findAgedReceivablesByMatter,
  type AgedByMatterRow,
  type ReceivableFilters,
} from '../invoices/invoices.api.ts';
import { defineReport, entriesPageOf, type ReportContext } from './report-definition.ts';
import { criteriaOf, moneyCheck } from './report-texts.ts';
import { currencyOrder, SEVERAL_MATTERS, sumOf } from './money-report.rules.ts';
import { sumReceivableInLedger } from './receivable-ledger.repository.ts';

const BUCKET_COLUMNS = [
  { key: 'current', bucket: 'current', label: 'Current' },
  { key: 'days1To30', bucket: '1-30', label: '1–30 days' },
  { key: 'days31To60', bucket: '31-60', label: '31–60 days' },
  { key: 'days61To90', bucket: '61-90', label: '61–90 days' },
  { key: 'days90Plus', bucket: '90+', label: '90+ days' },
] as const satisfies ReadonlyArray<{ key: keyof AgedByMatterRow; bucket: ReceivableAgeBucket; label: string }>;

const SUMMARY_COLUMNS: ReportColumn[] = [
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'currency', label: 'Currency', kind: 'text', drill: null },
  { key: 'invoices', label: 'Invoices', kind: 'count', drill: {} },
  ...BUCKET_COLUMNS.map(({ key, bucket, label }): ReportColumn => ({ key, label, kind: 'money', drill: { Bucket: bucket } })),
  { key: 'total', label: 'Total', kind: 'money', drill: {} },
];

const ENTRY_COLUMNS: ReportColumn[] = [
  { key: 'invoiceNumber', label: 'Invoice', kind: 'text', drill: null },
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'currency', label: 'Currency', kind: 'text', drill: null },
  { key: 'issueDate', label: 'Issue date', kind: 'date', drill: null },
  { key: 'dueDate', label: 'Due date', kind: 'date', drill: null },
  { key: 'daysPastDue', label: 'Days past due', kind: 'count', drill: null },
  { key: 'total', label: 'Total', kind: 'money', drill: null },
  { key: 'balance', label: 'Balance', kind: 'money', drill: null },
];

const MATTER_SCOPE_WORDS = { one: 'Invoices of one matter', several: 'Invoices covering several matters' } as const;

/** The rows' drill: the client, the matter the receivables are booked to (or several) and the currency. */
const rowDrill = (row: AgedByMatterRow): Record<string, string> => ({
  ClientId: row.clientId,
  ...(row.matterId ? { MatterId: row.matterId, Matters: 'one' } : { Matters: 'several' }),
  CurrencyCode: row.currencyCode,
});

/** What the ledger's side of the tie-out covers, in words, when a filter narrows it. */
function ledgerScope(context: ReportContext, filters: ReceivableFilters): string {
  const scope = [
    ...(context.names.client ? [`of ${context.names.client}`] : []),
    ...(context.names.matter ? [`booked to ${context.names.matter} (the rows of that matter alone)`] : []),
    ...(filters.matters === 'several' ? ['booked to clients alone (invoices covering several matters)'] : []),
    ...(filters.matters === 'one' ? ['booked to a matter'] : []),
  ];
  return scope.length > 0 ? ` ${scope.join(', ')}` : '';
}

/** Aged receivables (issue 37, report 2): what clients owed on a day, by client, matter and days past due, per currency. */
export const agedReceivablesReport = defineReport({
  contract: reportContracts.agedReceivables,
  name: 'aged-receivables',
  async run(tx, context, query) {
    const asOf = query.AsOfDate ?? context.today;
    const filters: ReceivableFilters = {
      clientId: query.ClientId,
      matterId: query.MatterId,
      currencyCode: query.CurrencyCode,
      matters: query.Matters,
      bucket: query.Level === 'entries' ? query.Bucket : undefined,
    };
    const footer = {
      formula:
        'Each figure = Σ what issued invoices owed at the end of the day: total − payments (net of reversals) − write-offs − credit notes’ applied amounts, each dated on or before it. ' +
        'An invoice counts when it was issued on or before the day and was not void by then. ' +
        `A row is a client, the matter an invoice’s receivable is booked to (“${SEVERAL_MATTERS}”: invoices covering more than one, booked to the client alone, as the ledger books them) and a currency. ` +
        'Currencies are never added together: one total per currency.',
      dateBasis: `Due date: days past due = ${isoToDisplayDate(asOf)} − the invoice’s due date (the issue date would stand in; every invoice has a due date). Current = not yet past due, then 1–30, 31–60, 61–90 and 90+ days.`,
      rounding: 'Invoice amounts are stored to the cent; sums are exact and never converted between currencies.',
    };
    const criteria = criteriaOf(context, query, {
      asOf,
      extra: [
        ...(filters.matters ? [MATTER_SCOPE_WORDS[filters.matters]] : []),
        ...(filters.bucket ? [`Days past due: ${filters.bucket === 'current' ? 'current' : filters.bucket}`] : []),
      ],
    });
    const currencyCells = (currencyCode: string) => ({ currency: currencyCode });

    if (query.Level === 'entries') {
      const page = entriesPageOf(query);
      const entries = await findAgedReceivableInvoices(tx, context.firmId, asOf, filters, page);
      return {
        level: 'entries',
        criteria,
        columns: ENTRY_COLUMNS,
        rows: entries.rows.map((entry) => ({
          cells: {
            invoiceNumber: entry.invoiceNumber,
            client: entry.clientName,
            matter: entry.matterNames,
            currency: entry.currencyCode,
            issueDate: entry.issueDate,
            dueDate: entry.dueDate,
            daysPastDue: Math.max(0, entry.daysLate),
            total: entry.total,
            balance: entry.balance,
          },
          drill: null,
        })),
        totals: currencyOrder(
          context.homeCurrencyCode,
          entries.sums.map((sum) => sum.currencyCode),
        ).map((currencyCode) => {
          const sum = entries.sums.find((candidate) => candidate.currencyCode === currencyCode)!;
          return {
            cells: { invoiceNumber: `Total ${currencyCode}`, ...currencyCells(currencyCode), total: sum.total, balance: sum.balance },
            drill: { CurrencyCode: currencyCode },
          };
        }),
        ...footer,
        checks: [],
        page: { page: page.page, size: page.size, totalCount: entries.count },
      };
    }

    const [groups, ledger] = await Promise.all([
      findAgedReceivablesByMatter(tx, context.firmId, asOf, filters),
      sumReceivableInLedger(tx, context.firmId, {
        to: asOf,
        clientId: filters.clientId,
        matterId: filters.matterId,
        matters: filters.matters,
        currencyCode: filters.currencyCode,
      }),
    ]);
    const currencies = currencyOrder(context.homeCurrencyCode, [...groups.map((group) => group.currencyCode), ...ledger.keys()]);
    const inCurrency = (currencyCode: string) => groups.filter((group) => group.currencyCode === currencyCode);
    const totals: ReportRow[] = currencies
      .filter((currencyCode) => inCurrency(currencyCode).length > 0)
      .map((currencyCode) => {
        const rows = inCurrency(currencyCode);
        return {
          cells: {
            client: `Total ${currencyCode}`,
            ...currencyCells(currencyCode),
            invoices: rows.reduce((count, row) => count + Number(row.invoiceCount), 0),
            ...Object.fromEntries(BUCKET_COLUMNS.map(({ key }) => [key, sumOf(rows, (row) => row[key])])),
            total: sumOf(rows, (row) => row.total),
          },
          drill: { CurrencyCode: currencyCode },
        };
      });
    // Filtered by a matter, the rows of invoices covering several matters are not in that matter's ledger lines.
    const isTiedRow = (group: AgedByMatterRow) => !filters.matterId || group.matterId === filters.matterId;
    return {
      level: 'summary',
      criteria,
      columns: SUMMARY_COLUMNS,
      rows: groups.map((group) => ({
        cells: {
          client: group.clientName,
          matter: group.matterName ?? SEVERAL_MATTERS,
          ...currencyCells(group.currencyCode),
          invoices: Number(group.invoiceCount),
          ...Object.fromEntries(BUCKET_COLUMNS.map(({ key }) => [key, group[key]])),
          total: group.total,
        },
        drill: rowDrill(group),
      })),
      totals,
      ...footer,
      checks: currencies.map((currencyCode) =>
        moneyCheck(
          `Σ rows = accounts receivable in the ledger on ${isoToDisplayDate(asOf)}${ledgerScope(context, filters)}, ${currencyCode}`,
          sumOf(inCurrency(currencyCode).filter(isTiedRow), (group) => group.total),
          ledger.get(currencyCode) ?? '0.00',
        ),
      ),
      page: null,
    };
  },
});
