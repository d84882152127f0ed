import { addMoney, isoToDisplayDate, reportContracts, subtractMoney, type ReportColumn, type ReportRow } from '@matterhorn/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  findLedgerBalancesOn,
  findMovementsInDateOrder,
  findTrustAccountName,
  movementParticulars,
  sumMovementsInDateRange,
  type TrustBookFilter,
  type TrustLedgerBalanceRow,
} from '../trust/trust.api.ts';
import { currenciesOf, matterLabelOf, monthsBefore, trustLedgerChecks } from './client-money-checks.ts';
import { defineReport, entriesPageOf } from './report-definition.ts';
import { criteriaOf } from './report-texts.ts';

const SUMMARY_COLUMNS: ReportColumn[] = [
  { key: 'trustAccount', label: 'Trust account', kind: 'text', drill: null },
  { key: 'currency', label: 'Currency', kind: 'text', drill: null },
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'lastMovement', label: 'Last movement', kind: 'date', drill: null },
  { key: 'balance', label: 'Balance', kind: 'money', drill: {} },
];

const ENTRY_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date', drill: null },
  { key: 'number', label: 'No.', kind: 'text', drill: null },
  { key: 'trustAccount', label: 'Trust account', kind: 'text', drill: null },
  { key: 'client', label: 'Client', kind: 'text', drill: null },
  { key: 'matter', label: 'Matter', kind: 'text', drill: null },
  { key: 'description', label: 'Particulars', kind: 'text', drill: null },
  { key: 'receipts', label: 'Receipts', kind: 'money', drill: null },
  { key: 'payments', label: 'Payments', kind: 'money', drill: null },
  { key: 'balance', label: 'Balance', kind: 'money', drill: null },
];

const FORMULA =
  'Balance = Σ money into the ledger (deposits, transfers in) − Σ money out of it (payments to others, refunds, invoices paid, transfers out), a reversal undoing what it reverses, dated on or before the as-of date. A ledger is one client’s money for one matter, or held generally, in one trust account. Total per trust account and currency = the firm’s client trust liability there; currencies are never added together.';
const ROUNDING = 'Every movement is stored to the cent; sums are exact, nothing is rounded.';

const sumBy = <T>(items: readonly T[], keyOf: (item: T) => string, amountOf: (item: T) => string) => {
  const sums = new Map<string, string>();
  for (const item of items) sums.set(keyOf(item), addMoney(sums.get(keyOf(item)) ?? '0', amountOf(item)));
  return sums;
};

/** Per trust account a total, then per currency one where a currency has more than one account. */
function totalsOf(balances: readonly TrustLedgerBalanceRow[]): ReportRow[] {
  const accounts = new Map(balances.map((row) => [row.trustAccountId, row]));
  const byAccount = sumBy(
    balances,
    (row) => row.trustAccountId,
    (row) => row.balance,
  );
  const byCurrency = sumBy(
    balances,
    (row) => row.currencyCode,
    (row) => row.balance,
  );
  return currenciesOf(byCurrency).flatMap((currency) => {
    const own = [...accounts.values()].filter((account) => account.currencyCode === currency);
    return [
      ...own.map((account) => ({
        cells: { trustAccount: `Total ${account.trustAccountName}`, currency, balance: byAccount.get(account.trustAccountId)! },
        drill: { TrustAccountId: account.trustAccountId },
      })),
      ...(own.length > 1
        ? [{ cells: { trustAccount: `Total ${currency}`, currency, balance: byCurrency.get(currency)! }, drill: {} }]
        : []),
    ];
  });
}

/**
 * Client trust listing (issue 37, report 8): what the firm holds for each client and matter in each
 * trust account on a date, which of it lies dormant, and the trust ledger behind each balance.
 */
export const trustListingReport = defineReport({
  contract: reportContracts.trustListing,
  name: 'trust-listing',
  async run(tx, context, query) {
    const asOf = query.AsOfDate ?? context.today;
    if (query.MatterId && query.GeneralFunds) throw badRequest('Choose a matter or the general trust funds, not both');
    const account = query.TrustAccountId ? await findTrustAccountName(tx, context.firmId, query.TrustAccountId) : null;
    if (query.TrustAccountId && !account) throw notFound('Trust account');
    const filter: TrustBookFilter = {
      trustAccountId: query.TrustAccountId,
      clientId: query.ClientId,
      matterId: query.MatterId,
      isGeneralFundsOnly: query.GeneralFunds,
      currencyCode: query.CurrencyCode,
    };
    const dormantSince = query.DormantMonths ? monthsBefore(asOf, query.DormantMonths) : null;
    const criteria = criteriaOf(context, query, {
      asOf,
      extra: [
        ...(account ? [`Trust account: ${account.name} (${account.currencyCode})`] : []),
        ...(query.GeneralFunds ? ['General trust funds (no matter)'] : []),
        ...(dormantSince && query.Level !== 'entries'
          ? [`Dormant: no movement for ${query.DormantMonths} months (none after ${isoToDisplayDate(dormantSince)})`]
          : []),
      ],
    });
    const ledgerFilter = { asOf, ...filter };
    const dateBasis = `Movement date: a movement counts from its own date (a back-dated one on that date), up to ${isoToDisplayDate(asOf)}.`;

    if (query.Level === 'entries') {
      const page = entriesPageOf(query);
      const [movements, sums] = await Promise.all([
        findMovementsInDateOrder(tx, context.firmId, {
          ...filter,
          to: asOf,
          runningBalance: 'currency',
          page: { limit: page.size, offset: page.offset },
        }),
        sumMovementsInDateRange(tx, context.firmId, { ...filter, to: asOf }),
      ]);
      const closing = new Map(sums.map((sum) => [sum.currencyCode, subtractMoney(sum.receipts, sum.payments)]));
      return {
        level: 'entries',
        criteria,
        columns: ENTRY_COLUMNS,
        rows: movements.map((movement) => ({
          cells: {
            date: movement.date,
            number: movement.number,
            trustAccount: `${movement.trustAccountName} (${movement.currencyCode})`,
            client: movement.clientName,
            matter: matterLabelOf(movement),
            description: movementParticulars(movement),
            receipts: movement.direction === 'in' ? movement.amount : null,
            payments: movement.direction === 'out' ? movement.amount : null,
            balance: movement.balance,
          },
          drill: null,
        })),
        totals: sums.map((sum) => ({
          cells: {
            date: `Total ${sum.currencyCode}`,
            receipts: sum.receipts,
            payments: sum.payments,
            balance: closing.get(sum.currencyCode)!,
          },
          drill: {},
        })),
        formula: `The trust ledger: every movement of the ledgers chosen, oldest first, with the balance after it (the chosen ledgers together, per currency). ${FORMULA}`,
        dateBasis: `${dateBasis} Movements of one date are listed in the order they were recorded.`,
        rounding: ROUNDING,
        checks: await trustLedgerChecks(tx, context.firmId, 'Closing balance (receipts − payments)', closing, ledgerFilter),
        page: { page: page.page, size: page.size, totalCount: sums.reduce((count, sum) => count + sum.count, 0) },
      };
    }

    const balances = await findLedgerBalancesOn(tx, context.firmId, ledgerFilter);
    const shown = dormantSince ? balances.filter((row) => row.lastMovementDate <= dormantSince) : balances;
    const held = sumBy(
      balances,
      (row) => row.currencyCode,
      (row) => row.balance,
    );
    const subject = dormantSince ? 'Σ all balances (dormant or not)' : 'Σ balances';
    return {
      level: 'summary',
      criteria,
      columns: SUMMARY_COLUMNS,
      rows: shown.map((row) => ({
        cells: {
          trustAccount: row.trustAccountName,
          currency: row.currencyCode,
          client: row.clientName,
          matter: matterLabelOf(row),
          lastMovement: row.lastMovementDate,
          balance: row.balance,
        },
        drill: {
          TrustAccountId: row.trustAccountId,
          ClientId: row.clientId,
          ...(row.matterId ? { MatterId: row.matterId } : { GeneralFunds: 'true' }),
        },
      })),
      totals: totalsOf(shown),
      formula: FORMULA,
      dateBasis: dormantSince
        ? `${dateBasis} Dormant: its last movement on or before ${isoToDisplayDate(dormantSince)}, ${query.DormantMonths} months before.`
        : dateBasis,
      rounding: ROUNDING,
      checks: await trustLedgerChecks(tx, context.firmId, subject, held, ledgerFilter),
      page: null,
    };
  },
});
