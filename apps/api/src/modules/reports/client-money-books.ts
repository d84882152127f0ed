import { addMoney, isoToDisplayDate, subtractMoney, type ReportColumn, type ReportRow } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import {
  findLedgerBalancesOn,
  findMovementsInDateOrder,
  movementParticulars,
  sumMovementsInDateRange,
  sumOpeningBalances,
  type TrustBookMovementRow,
  type TrustOpeningBalanceRow,
} from '../trust/trust.api.ts';
import { currenciesOf, matterLabelOf, trustLedgerChecks } from './client-money-checks.ts';
import type { ReportBody } from './report-definition.ts';
import { moneyCheck } from './report-texts.ts';

/**
 * The clients' cash book and the clients' ledger (Legal Practitioners' Accounts Rules 1964): every
 * receipt and payment of client money in date order with the running balance of each trust
 * account, and every dealing with each client's money with the client's running balance.
 */
export type BookPeriod = { from?: string | undefined; to: string; clientId?: string | undefined };
type BookPart = Pick<ReportBody, 'columns' | 'rows' | 'totals' | 'formula' | 'checks'>;

const amountColumns: ReportColumn[] = [
  { key: 'description', label: 'Particulars', kind: 'text', drill: null },
  { key: 'receipts', label: 'Receipts', kind: 'money', drill: null },
  { key: 'payments', label: 'Payments', kind: 'money', drill: null },
  { key: 'balance', label: 'Balance', kind: 'money', drill: null },
];

const accountLabel = (row: { trustAccountName: string; currencyCode: string }) => `${row.trustAccountName} (${row.currencyCode})`;

/** A movement's row; a book names its trust account (and the ledger its client) once, on the section's first row. */
const movementCells = (movement: TrustBookMovementRow, isClientShown: boolean): ReportRow['cells'] => ({
  date: movement.date,
  number: movement.number,
  ...(isClientShown ? { client: movement.clientName } : {}),
  matter: matterLabelOf(movement),
  description: movementParticulars(movement),
  receipts: movement.direction === 'in' ? movement.amount : null,
  payments: movement.direction === 'out' ? movement.amount : null,
  balance: movement.balance,
});

/** A book's groups (an account, or a client in an account) in the order its movements come, each with its opening balance. */
type Group = { key: string; opening: string; names: Record<string, string>; currencyCode: string; movements: TrustBookMovementRow[] };

function groupsOf(
  openings: readonly TrustOpeningBalanceRow[],
  movements: readonly TrustBookMovementRow[],
  keyOf: (row: { trustAccountId: string; clientId: string | null }) => string,
  namesOf: (row: TrustOpeningBalanceRow | TrustBookMovementRow) => Record<string, string>,
  sortKeyOf: (names: Record<string, string>, key: string) => string,
): Group[] {
  const groups = new Map<string, Group>();
  for (const opening of openings)
    groups.set(keyOf(opening), {
      key: keyOf(opening),
      opening: opening.balance,
      names: namesOf(opening),
      currencyCode: opening.currencyCode,
      movements: [],
    });
  for (const movement of movements) {
    const key = keyOf(movement);
    const group = groups.get(key) ?? { key, opening: '0.00', names: namesOf(movement), currencyCode: movement.currencyCode, movements: [] };
    group.movements.push(movement);
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((group) => group.movements.length > 0 || group.opening !== '0.00')
    .sort((left, right) => sortKeyOf(left.names, left.key).localeCompare(sortKeyOf(right.names, right.key)));
}

const closingOf = (group: Group) => group.movements.at(-1)?.balance ?? group.opening;
const sumOf = (movements: readonly TrustBookMovementRow[], direction: 'in' | 'out') =>
  addMoney('0', ...movements.filter((movement) => movement.direction === direction).map((movement) => movement.amount));

/** Σ of the listing's ledger balances on the book's last day, per currency: what both books close on. */
async function ledgerBalancesOn(tx: Tx, firmId: string, period: BookPeriod) {
  const balances = await findLedgerBalancesOn(tx, firmId, { asOf: period.to, clientId: period.clientId });
  const sums = new Map<string, string>();
  for (const row of balances) sums.set(row.currencyCode, addMoney(sums.get(row.currencyCode) ?? '0', row.balance));
  return sums;
}

const onDate = (period: BookPeriod) => isoToDisplayDate(period.to);

export async function clientsCashBook(tx: Tx, firmId: string, period: BookPeriod): Promise<BookPart> {
  const filter = { clientId: period.clientId };
  const [openings, movements, transfers, ledgers] = await Promise.all([
    period.from ? sumOpeningBalances(tx, firmId, { ...filter, before: period.from }, 'account') : Promise.resolve([]),
    findMovementsInDateOrder(tx, firmId, { ...filter, from: period.from, to: period.to, runningBalance: 'account', isCashOnly: true }),
    period.clientId
      ? sumMovementsInDateRange(tx, firmId, { ...filter, from: period.from, to: period.to, isTransfersOnly: true })
      : Promise.resolve([]),
    ledgerBalancesOn(tx, firmId, period),
  ]);
  const groups = groupsOf(
    openings,
    movements,
    (row) => row.trustAccountId,
    (row) => ({ trustAccount: accountLabel(row), currency: row.currencyCode }),
    (names, key) => `${names.currency} ${names.trustAccount} ${key}`,
  );
  const rows: ReportRow[] = groups.flatMap((group) => [
    {
      cells: { date: period.from ?? null, description: `${group.names.trustAccount}: balance brought forward`, balance: group.opening },
      drill: null,
    },
    ...group.movements.map((movement) => ({ cells: movementCells(movement, true), drill: null })),
  ]);
  const closing = new Map<string, string>();
  for (const group of groups) closing.set(group.currencyCode, addMoney(closing.get(group.currencyCode) ?? '0', closingOf(group)));
  const netTransfers = new Map(transfers.map((sum) => [sum.currencyCode, subtractMoney(sum.receipts, sum.payments)]));
  const subject = period.clientId ? 'Cash book closing balance + the client’s net transfers between ledgers' : 'Cash book closing balance';
  const closingWithTransfers = new Map(
    currenciesOf(closing, netTransfers).map((currency) => [
      currency,
      addMoney(closing.get(currency) ?? '0', netTransfers.get(currency) ?? '0'),
    ]),
  );
  return {
    columns: [
      { key: 'date', label: 'Date', kind: 'date', drill: null },
      { key: 'number', label: 'No.', kind: 'text', drill: null },
      { key: 'client', label: 'Client', kind: 'text', drill: null },
      { key: 'matter', label: 'Matter', kind: 'text', drill: null },
      ...amountColumns,
    ],
    rows,
    totals: groups.map((group) => ({
      cells: {
        description: `Total ${group.names.trustAccount}`,
        receipts: sumOf(group.movements, 'in'),
        payments: sumOf(group.movements, 'out'),
        balance: closingOf(group),
      },
      drill: null,
    })),
    formula:
      'Every receipt into and payment out of client money, per trust account in date order: balance = balance brought forward (every movement dated before the period) + receipts − payments. Transfers between clients’ ledgers of one account move no money at the bank: they are in the clients’ ledger, not here.',
    checks: [
      ...currenciesOf(closingWithTransfers, ledgers).map((currency) =>
        moneyCheck(
          `${subject} = Σ clients’ ledger balances on ${onDate(period)}, ${currency}`,
          closingWithTransfers.get(currency) ?? '0.00',
          ledgers.get(currency) ?? '0.00',
        ),
      ),
      ...(await trustLedgerChecks(tx, firmId, subject, closingWithTransfers, { asOf: period.to, clientId: period.clientId })),
    ],
  };
}

export async function clientsLedgerBook(tx: Tx, firmId: string, period: BookPeriod): Promise<BookPart> {
  const filter = { clientId: period.clientId };
  const [openings, movements, ledgers] = await Promise.all([
    period.from ? sumOpeningBalances(tx, firmId, { ...filter, before: period.from }, 'clientAccount') : Promise.resolve([]),
    findMovementsInDateOrder(tx, firmId, { ...filter, from: period.from, to: period.to, runningBalance: 'clientAccount' }),
    ledgerBalancesOn(tx, firmId, period),
  ]);
  const groups = groupsOf(
    openings,
    movements,
    (row) => `${row.clientId} ${row.trustAccountId}`,
    (row) => ({ client: row.clientName ?? '', trustAccount: accountLabel(row), currency: row.currencyCode }),
    (names, key) => `${names.client} ${key.slice(0, 36)} ${names.trustAccount} ${key}`,
  );
  const rows: ReportRow[] = groups.flatMap((group) => [
    {
      cells: {
        client: group.names.client!,
        date: period.from ?? null,
        description: `${group.names.trustAccount}: balance brought forward`,
        balance: group.opening,
      },
      drill: null,
    },
    ...group.movements.map((movement) => ({ cells: movementCells(movement, false), drill: null })),
    { cells: { date: period.to, description: 'Balance carried forward', balance: closingOf(group) }, drill: null },
  ]);
  const closing = new Map<string, string>();
  for (const group of groups) closing.set(group.currencyCode, addMoney(closing.get(group.currencyCode) ?? '0', closingOf(group)));
  const subject = 'Σ clients’ ledger balances';
  return {
    columns: [
      { key: 'client', label: 'Client', kind: 'text', drill: null },
      { key: 'date', label: 'Date', kind: 'date', drill: null },
      { key: 'number', label: 'No.', kind: 'text', drill: null },
      { key: 'matter', label: 'Matter', kind: 'text', drill: null },
      ...amountColumns,
    ],
    rows,
    totals: currenciesOf(closing).map((currency) => {
      const own = groups.filter((group) => group.currencyCode === currency);
      return {
        cells: {
          client: `Total ${currency}`,
          receipts: addMoney('0', ...own.map((group) => sumOf(group.movements, 'in'))),
          payments: addMoney('0', ...own.map((group) => sumOf(group.movements, 'out'))),
          balance: closing.get(currency)!,
        },
        drill: null,
      };
    }),
    formula:
      'Every dealing with each client’s money (receipts, payments, transfers between ledgers, reversals), per client and trust account in date order: balance = balance brought forward (every movement dated before the period) + receipts − payments; the balance carried forward is what the firm holds for the client there.',
    checks: [
      ...currenciesOf(closing, ledgers).map((currency) =>
        moneyCheck(
          `${subject} = Σ balances of the client trust listing on ${onDate(period)}, ${currency}`,
          closing.get(currency) ?? '0.00',
          ledgers.get(currency) ?? '0.00',
        ),
      ),
      ...(await trustLedgerChecks(tx, firmId, subject, closing, { asOf: period.to, clientId: period.clientId })),
    ],
  };
}
