import { addMoney, isoToDisplayDate, subtractMoney, type ReportColumn, type ReportRow } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import {
  findMovementsInDateOrder,
  movementParticulars,
  sumBookSections,
  sumMovementsInDateRange,
  type TrustBookMovementRow,
  type TrustBookSectionRow,
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
/** The rows the screen shows (a page of the book); null for the printed book (CSV, PDF): every row. */
export type BookPage = { page: number; size: number; offset: number };
export type BookPart = Pick<ReportBody, 'columns' | 'rows' | 'totals' | 'formula' | 'checks' | 'page'>;

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

const closingOf = (section: TrustBookSectionRow) => subtractMoney(addMoney(section.opening, section.receipts), section.payments);

type SectionLines = {
  broughtForward: (section: TrustBookSectionRow) => ReportRow;
  carriedForward: ((section: TrustBookSectionRow) => ReportRow) | null;
};

type MovementsRead = {
  /** The sections whose movements the page shows, in book order; undefined: every section. */
  sections?: readonly { trustAccountId: string; clientId: string | null }[];
  /** Which of those sections' movements, in book order; undefined: all. */
  range?: { limit: number; offset: number };
};

/**
 * The rows of a book printed in sections — each its balance brought forward, its movements and (the
 * clients' ledger) its balance carried forward — all of them, or only a page, for which only the
 * movements of the page's sections are read and only the page's are returned: the sections come in
 * the order the movements do, so a page's movements are one run of its sections' movements.
 */
async function bookRows(
  sections: readonly TrustBookSectionRow[],
  page: BookPage | null,
  lines: SectionLines,
  readMovements: (read: MovementsRead) => Promise<TrustBookMovementRow[]>,
): Promise<{ rows: ReportRow[]; totalCount: number }> {
  const linesAfter = lines.carriedForward ? 1 : 0;
  const totalCount = sections.reduce((count, section) => count + 1 + section.movements + linesAfter, 0);
  const [first, end] = page ? [page.offset, Math.min(totalCount, page.offset + page.size)] : [0, totalCount];
  type Slot = { section: TrustBookSectionRow; line: 'broughtForward' | 'carriedForward' } | { movement: number };
  const slots: Slot[] = [];
  const withMovements: { section: TrustBookSectionRow; movementStart: number }[] = [];
  let rowStart = 0;
  let movementStart = 0;
  for (const section of sections) {
    const length = 1 + section.movements + linesAfter;
    const shown = { from: Math.max(first, rowStart), to: Math.min(end, rowStart + length) };
    for (let position = shown.from; position < shown.to; position += 1) {
      const local = position - rowStart;
      if (local === 0) slots.push({ section, line: 'broughtForward' });
      else if (local <= section.movements) slots.push({ movement: movementStart + local - 1 });
      else slots.push({ section, line: 'carriedForward' });
    }
    if (shown.from < shown.to && section.movements > 0) withMovements.push({ section, movementStart });
    rowStart += length;
    movementStart += section.movements;
    if (rowStart >= end) break;
  }
  const indexes = slots.flatMap((slot) => ('movement' in slot ? [slot.movement] : []));
  const firstMovement = indexes[0] ?? 0;
  const movements =
    indexes.length === 0
      ? []
      : await readMovements(
          page
            ? {
                sections: withMovements.map(({ section }) => ({ trustAccountId: section.trustAccountId, clientId: section.clientId })),
                range: { limit: indexes.length, offset: firstMovement - withMovements[0]!.movementStart },
              }
            : {},
        );
  const rows = slots.map((slot) =>
    'movement' in slot
      ? { cells: movementCells(movements[slot.movement - firstMovement]!, lines.carriedForward === null), drill: null }
      : slot.line === 'broughtForward'
        ? lines.broughtForward(slot.section)
        : lines.carriedForward!(slot.section),
  );
  return { rows, totalCount };
}

/**
 * Σ of the clients' ledger balances on the book's last day, per currency: what both books close on
 * (every movement up to then; a currency whose ledgers all hold nothing is left out, as the listing
 * leaves them out).
 */
async function ledgerBalancesOn(tx: Tx, firmId: string, period: BookPeriod) {
  const sums = await sumMovementsInDateRange(tx, firmId, { clientId: period.clientId, to: period.to });
  return new Map(
    sums.map((sum) => [sum.currencyCode, subtractMoney(sum.receipts, sum.payments)] as const).filter(([, balance]) => balance !== '0.00'),
  );
}

const onDate = (period: BookPeriod) => isoToDisplayDate(period.to);
const pageOf = (page: BookPage | null, totalCount: number) => (page ? { page: page.page, size: page.size, totalCount } : null);

export async function clientsCashBook(tx: Tx, firmId: string, period: BookPeriod, page: BookPage | null): Promise<BookPart> {
  const filter = { clientId: period.clientId, from: period.from, to: period.to };
  const [sections, transfers, ledgers] = await Promise.all([
    sumBookSections(tx, firmId, { ...filter, by: 'account', isCashOnly: true }),
    period.clientId ? sumMovementsInDateRange(tx, firmId, { ...filter, isTransfersOnly: true }) : Promise.resolve([]),
    ledgerBalancesOn(tx, firmId, period),
  ]);
  const { rows, totalCount } = await bookRows(
    sections,
    page,
    {
      broughtForward: (section) => ({
        cells: { date: period.from ?? null, description: `${accountLabel(section)}: balance brought forward`, balance: section.opening },
        drill: null,
      }),
      carriedForward: null,
    },
    (read) =>
      findMovementsInDateOrder(tx, firmId, {
        ...filter,
        runningBalance: 'account',
        isCashOnly: true,
        sections: read.sections,
        page: read.range,
      }),
  );
  const closing = new Map<string, string>();
  for (const section of sections) closing.set(section.currencyCode, addMoney(closing.get(section.currencyCode) ?? '0', closingOf(section)));
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
    totals: sections.map((section) => ({
      cells: {
        description: `Total ${accountLabel(section)}`,
        receipts: section.receipts,
        payments: section.payments,
        balance: closingOf(section),
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
    page: pageOf(page, totalCount),
  };
}

export async function clientsLedgerBook(tx: Tx, firmId: string, period: BookPeriod, page: BookPage | null): Promise<BookPart> {
  const filter = { clientId: period.clientId, from: period.from, to: period.to };
  const [sections, ledgers] = await Promise.all([
    sumBookSections(tx, firmId, { ...filter, by: 'clientAccount' }),
    ledgerBalancesOn(tx, firmId, period),
  ]);
  const { rows, totalCount } = await bookRows(
    sections,
    page,
    {
      broughtForward: (section) => ({
        cells: {
          client: section.clientName!,
          date: period.from ?? null,
          description: `${accountLabel(section)}: balance brought forward`,
          balance: section.opening,
        },
        drill: null,
      }),
      carriedForward: (section) => ({
        cells: { date: period.to, description: 'Balance carried forward', balance: closingOf(section) },
        drill: null,
      }),
    },
    (read) =>
      findMovementsInDateOrder(tx, firmId, { ...filter, runningBalance: 'clientAccount', sections: read.sections, page: read.range }),
  );
  const byCurrency = new Map<string, { receipts: string; payments: string; closing: string }>();
  for (const section of sections) {
    const sum = byCurrency.get(section.currencyCode) ?? { receipts: '0.00', payments: '0.00', closing: '0.00' };
    byCurrency.set(section.currencyCode, {
      receipts: addMoney(sum.receipts, section.receipts),
      payments: addMoney(sum.payments, section.payments),
      closing: addMoney(sum.closing, closingOf(section)),
    });
  }
  const closing = new Map([...byCurrency].map(([currency, sum]) => [currency, sum.closing]));
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
    totals: currenciesOf(byCurrency).map((currency) => {
      const sum = byCurrency.get(currency)!;
      return {
        cells: { client: `Total ${currency}`, receipts: sum.receipts, payments: sum.payments, balance: sum.closing },
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
    page: pageOf(page, totalCount),
  };
}
