import { isoToDisplayDate, reportContracts, subtractMoney, UNALLOCATED_COLLECTIONS_LABEL, type ReportColumn } from '@matterhorn/shared';
import {
  findCollectionEntries,
  findCollectionsByFeeEarner,
  sumPaymentsReceived,
  type CollectionsFilters,
  type CollectionsGroupRow,
} from './collections.repository.ts';
import { currencyOrder, SEVERAL_MATTERS, sumOf } from './money-report.rules.ts';
import { sumReceivableInLedger } from './receivable-ledger.repository.ts';
import { defineReport, entriesPageOf, type ReportContext } from './report-definition.ts';
import { criteriaOf, moneyCheck } from './report-texts.ts';

const SUMMARY_COLUMNS: ReportColumn[] = [
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null },
  { key: 'currency', label: 'Currency', kind: 'text', drill: null },
  { key: 'payments', label: 'Payments', kind: 'count', drill: {} },
  { key: 'collected', label: 'Collected', kind: 'money', drill: {} },
];

const ENTRY_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Payment date', kind: 'date', drill: null },
  { key: 'receipt', label: 'Receipt', kind: 'text', drill: null },
  { key: 'invoiceNumber', label: 'Invoice', kind: 'text', drill: null },
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'feeEarner', label: 'Fee earner', kind: 'text', drill: null },
  { key: 'method', label: 'Method', kind: 'text', drill: null },
  { key: 'currency', label: 'Currency', kind: 'text', drill: null },
  { key: 'amount', label: 'Payment', kind: 'money', drill: null },
  { key: 'part', label: 'Allocated', kind: 'money', drill: null },
];

const FORMULA =
  'Collected = Σ payments received on the client’s invoices dated in the period — by hand, online, from trust or from the client’s credit balance (money paid beyond an invoice counts when it is applied to one); ' +
  'a reversed payment counts again, negative, on the day it was reversed. ' +
  'Each payment is allocated in proportion to its invoice as issued: to each fee earner, their time and flat-fee lines less their share of the invoice’s discount; ' +
  `to “${UNALLOCATED_COLLECTIONS_LABEL}”, the expense lines (and any fee line without a fee earner) less their share of the discount, plus the tax. ` +
  `A row is a client, the matter an invoice’s receivable is booked to (“${SEVERAL_MATTERS}”: invoices covering more than one, booked to the client alone), a fee earner and a currency. ` +
  'Currencies are never added together: one total per currency.';

const ROUNDING =
  'Each part = payment × share ÷ invoice total in exact decimals, rounded down to the cent; the cents left over go one each to the parts with the largest remainders ' +
  '(ties: by fee earner, the unallocated part last), so the parts of every payment add up to it exactly. A reversal takes back exactly the parts of the payment it reverses.';

const rowDrill = (group: CollectionsGroupRow): Record<string, string> => ({
  ClientId: group.clientId,
  ...(group.matterId ? { MatterId: group.matterId, Matters: 'one' } : { Matters: 'several' }),
  ...(group.feeEarnerId ? { FeeEarnerId: group.feeEarnerId } : { Unallocated: 'true' }),
  CurrencyCode: group.currencyCode,
});

/** What the tie-outs' other side covers, in words, when a filter narrows it. */
function scopeOf(context: ReportContext, filters: CollectionsFilters, isLedger: boolean): string {
  const scope = [
    ...(context.names.client ? [`of ${context.names.client}`] : []),
    ...(context.names.matter
      ? [isLedger ? `booked to ${context.names.matter} (the rows of that matter alone)` : `on invoices covering ${context.names.matter}`]
      : []),
    ...(filters.matters === 'several' ? ['on invoices covering several matters'] : []),
    ...(filters.matters === 'one' ? ['on invoices of one matter'] : []),
  ];
  return scope.length > 0 ? ` ${scope.join(', ')}` : '';
}

/** Collections (issue 37, report 3): payments received in a period by client, matter and fee earner, per currency. */
export const collectionsReport = defineReport({
  contract: reportContracts.collections,
  name: 'collections',
  async run(tx, context, query) {
    const filters: CollectionsFilters = {
      from: query.From,
      to: query.To,
      clientId: query.ClientId,
      matterId: query.MatterId,
      currencyCode: query.CurrencyCode,
      matters: query.Matters,
    };
    const isUnallocated = query.Unallocated === true;
    const period =
      query.From || query.To
        ? ` ${query.From ? isoToDisplayDate(query.From) : 'from the first'} – ${query.To ? isoToDisplayDate(query.To) : 'to date'}`
        : '';
    const footer = {
      formula: FORMULA,
      dateBasis: 'Payment date: a payment counts in the period it is dated in; a reversal on the day it was reversed.',
      rounding: ROUNDING,
    };
    const criteria = criteriaOf(context, query, {
      dates: 'Payment dates',
      extra: [
        ...(isUnallocated ? [`Fee earner: ${UNALLOCATED_COLLECTIONS_LABEL}`] : []),
        ...(filters.matters === 'several'
          ? ['Invoices covering several matters']
          : filters.matters === 'one'
            ? ['Invoices of one matter']
            : []),
      ],
    });

    if (query.Level === 'entries') {
      const page = entriesPageOf(query);
      const entries = await findCollectionEntries(tx, context.firmId, { ...filters, feeEarnerId: query.FeeEarnerId, isUnallocated }, page);
      return {
        level: 'entries',
        criteria,
        columns: ENTRY_COLUMNS,
        rows: entries.rows.map((entry) => ({
          cells: {
            date: entry.paymentDate,
            receipt: entry.receiptNumber,
            invoiceNumber: entry.invoiceNumber,
            client: entry.clientName,
            matter: entry.matterNames,
            feeEarner: entry.feeEarnerName ?? UNALLOCATED_COLLECTIONS_LABEL,
            method: entry.method,
            currency: entry.currencyCode,
            amount: entry.amount,
            part: entry.part,
          },
          drill: null,
        })),
        totals: currencyOrder(
          context.homeCurrencyCode,
          entries.sums.map((sum) => sum.currencyCode),
        ).map((currencyCode) => ({
          cells: {
            date: `Total ${currencyCode}`,
            currency: currencyCode,
            part: entries.sums.find((sum) => sum.currencyCode === currencyCode)!.part,
          },
          drill: { CurrencyCode: currencyCode },
        })),
        ...footer,
        checks: [],
        page: { page: page.page, size: page.size, totalCount: entries.count },
      };
    }

    const [groups, payments, ledger] = await Promise.all([
      findCollectionsByFeeEarner(tx, context.firmId, filters),
      sumPaymentsReceived(tx, context.firmId, filters),
      sumReceivableInLedger(tx, context.firmId, {
        from: filters.from,
        to: filters.to,
        isPaymentsOnly: true,
        clientId: filters.clientId,
        matterId: filters.matterId,
        matters: filters.matters,
        currencyCode: filters.currencyCode,
      }),
    ]);
    // The fee-earner filter picks rows; every payment is allocated first, so the tie-outs take every part.
    const shown = groups.filter((group) =>
      query.FeeEarnerId ? group.feeEarnerId === query.FeeEarnerId : isUnallocated ? group.feeEarnerId === null : true,
    );
    const currencies = currencyOrder(context.homeCurrencyCode, [
      ...groups.map((group) => group.currencyCode),
      ...payments.keys(),
      ...ledger.keys(),
    ]);
    const partsIn = (currencyCode: string, isTied: (group: CollectionsGroupRow) => boolean = () => true) =>
      sumOf(
        groups.filter((group) => group.currencyCode === currencyCode && isTied(group)),
        (group) => group.collected,
      );
    const isFiltered = Boolean(query.FeeEarnerId) || isUnallocated;
    const parts = isFiltered ? 'Σ every fee earner’s and the unallocated parts (before the fee-earner filter)' : 'Σ rows';
    // Filtered by a matter, the rows of invoices covering several matters are not in that matter's ledger lines.
    const isTiedToLedger = (group: CollectionsGroupRow) => !filters.matterId || group.matterId === filters.matterId;
    return {
      level: 'summary',
      criteria,
      columns: SUMMARY_COLUMNS,
      rows: shown.map((group) => ({
        cells: {
          client: group.clientName,
          matter: group.matterName ?? SEVERAL_MATTERS,
          feeEarner: group.feeEarnerName ?? UNALLOCATED_COLLECTIONS_LABEL,
          currency: group.currencyCode,
          payments: Number(group.payments),
          collected: group.collected,
        },
        drill: rowDrill(group),
      })),
      totals: currencies
        .filter((currencyCode) => shown.some((group) => group.currencyCode === currencyCode))
        .map((currencyCode) => ({
          cells: {
            client: `Total ${currencyCode}`,
            currency: currencyCode,
            collected: sumOf(
              shown.filter((group) => group.currencyCode === currencyCode),
              (group) => group.collected,
            ),
          },
          drill: { CurrencyCode: currencyCode },
        })),
      ...footer,
      checks: currencies.flatMap((currencyCode) => [
        moneyCheck(
          `${parts} = Σ payments received${period} (payments table, reversals negative)${scopeOf(context, filters, false)}, ${currencyCode}`,
          partsIn(currencyCode),
          payments.get(currencyCode) ?? '0.00',
        ),
        moneyCheck(
          `${parts} = accounts receivable credited by payments in the ledger${period}${scopeOf(context, filters, true)}, ${currencyCode}`,
          partsIn(currencyCode, isTiedToLedger),
          subtractMoney('0', ledger.get(currencyCode) ?? '0'),
        ),
      ]),
      page: null,
    };
  },
});
