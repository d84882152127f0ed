import type { z } from 'zod';
import {
  addMoney,
  compareMoney,
  TOTAL_COUNT_CAP,
  TRUST_TRANSACTION_TYPE_LABELS,
  type ClientLedger,
  type clientLedgerQuerySchema,
  type trustAccountLedgersQuerySchema,
  type TrustBalance,
  type TrustLedgerPage,
  type TrustMovementRequestPage,
  type trustMovementRequestListQuerySchema,
  type TrustCurrencyBalance,
  type TrustTransaction,
  type TrustTransactionPage,
  type trustTransactionListQuerySchema,
  type TrustTransactionRecord,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { csvDatesIn, csvFileStart, csvLine } from '../../lib/csv.ts';
import { findFirmTimeZone } from '../../platform/firm-clock.ts';
import { cappedTotal } from '../../lib/capped-total.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordView } from '../record-views/record-views.api.ts';
import {
  countTransactionsUpTo,
  findAccountLedgers,
  findClientLedgers,
  findClientReference,
  findTrustFirm,
  findLedgerOwner,
  findLedgerPage,
  findHistory,
  findJournalLines,
  findMatterReference,
  findMovementRequests,
  findTransactionViews,
  findTransferLegs,
  isCleared,
  sumLedgers,
  type CurrencyTotal,
  sumMovements,
  type TransactionFilter,
} from './trust.repository.ts';
import { accountView, createTrustAccountService } from './trust-accounts.service.ts';
import { buildTrustStatementPdf, type TrustStatementSection } from './trust-statement-pdf.ts';
import { balanceFieldsOf, movementRequestView, trustTransactionView } from './trust.views.ts';

type TransactionListQuery = z.output<typeof trustTransactionListQuerySchema>;
type LedgerQuery = z.output<typeof clientLedgerQuerySchema>;
type AccountLedgersQuery = z.output<typeof trustAccountLedgersQuerySchema>;
type MovementRequestQuery = z.output<typeof trustMovementRequestListQuerySchema>;

const CSV_HEADER = [
  'Number',
  'Date',
  'Type',
  'Trust account',
  'Client',
  'Matter',
  'Currency',
  'In',
  'Out',
  'Method',
  'Reference',
  'Payer / payee',
  'Purpose',
  'Cleared',
];
const CSV_BATCH = 500;

const filterOf = (query: TransactionListQuery): TransactionFilter => ({
  trustAccountId: query.TrustAccountId,
  clientId: query.ClientId,
  matterId: query.MatterId,
  type: query.Type,
  fromDate: query.FromDate,
  toDate: query.ToDate,
  search: query.GeneralSearchText,
  isUnclearedOnly: query.IsUnclearedOnly,
});

export type TrustService = ReturnType<typeof createTrustService>;

/** Trust bank accounts, the firm's trust rules, and every read of the ledgers (lists, ledger, balance, record, statement). */
export function createTrustService(database: Database) {
  const read = <T>(principal: FirmPrincipal, fn: (tx: Tx) => Promise<T>) => database.withFirm(principal.firmId, fn, READ_ONLY);
  /**
   * A ledger's movements newest first, each with the balance after it: what its movements stored as
   * they were posted (findLedgerPage), so a page far back costs what the first does. The owners,
   * the balances and the page are independent statements, sent together.
   */
  async function ledgerPage(tx: Tx, principal: FirmPrincipal, query: LedgerQuery): Promise<ClientLedger> {
    const filter = { clientId: query.ClientId, matterId: query.MatterId, trustAccountId: query.TrustAccountId };
    const offset = (query.page - 1) * query.size;
    const countUpTo = TOTAL_COUNT_CAP + 1;
    const [client, totals, rows] = await Promise.all([
      findLedgerOwner(tx, principal.firmId, query.ClientId, query.MatterId ?? null),
      sumLedgers(tx, principal.firmId, filter),
      findLedgerPage(tx, principal.firmId, filter, { limit: query.size, offset, countUpTo }),
    ]);
    if (!client) throw notFound('Client');
    if (query.MatterId && client.matterClientId !== query.ClientId) throw notFound('Matter');
    const total = await cappedTotal({ page: query.page, size: query.size, rowCount: rows.length }, (limit) =>
      rows[0] && limit === countUpTo ? Promise.resolve(rows[0].countedUpTo) : countTransactionsUpTo(tx, principal.firmId, filter, limit),
    );
    const entries = rows.map((row) => ({ ...trustTransactionView(row), balanceAfter: row.balanceAfter }));
    return {
      data: entries,
      page: query.page,
      size: query.size,
      ...total,
      clientId: client.id,
      clientName: client.name,
      matterId: query.MatterId ?? null,
      ...balanceFieldsOf(totals),
    };
  }

  return {
    ...createTrustAccountService(database),

    transactions: (principal: FirmPrincipal, query: TransactionListQuery): Promise<TrustTransactionPage> =>
      read(principal, async (tx) => {
        const filter = filterOf(query);
        const rows = await findTransactionViews(tx, principal.firmId, filter, { limit: query.size, offset: (query.page - 1) * query.size });
        const total = await cappedTotal({ page: query.page, size: query.size, rowCount: rows.length }, (limit) =>
          countTransactionsUpTo(tx, principal.firmId, filter, limit),
        );
        return { data: rows.map(trustTransactionView), page: query.page, size: query.size, ...total };
      }),

    /** The CSV of the filtered movements, read in batches from one snapshot. */
    transactionsCsv: (principal: FirmPrincipal, query: TransactionListQuery): Promise<string> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const filter = filterOf(query);
          const dates = csvDatesIn(await findFirmTimeZone(tx, principal.firmId));
          const lines = [csvFileStart(CSV_HEADER)];
          for (let offset = 0; ; offset += CSV_BATCH) {
            const rows = await findTransactionViews(tx, principal.firmId, filter, { limit: CSV_BATCH, offset });
            for (const view of rows.map(trustTransactionView)) {
              lines.push(
                csvLine([
                  view.number,
                  dates.date(view.date),
                  TRUST_TRANSACTION_TYPE_LABELS[view.type],
                  view.trustAccountName,
                  view.clientName,
                  view.matterNumber ?? '',
                  view.currencyCode,
                  view.direction === 'in' ? view.amount : '',
                  view.direction === 'out' ? view.amount : '',
                  view.method ?? '',
                  view.reference ?? '',
                  view.counterparty ?? '',
                  view.purpose ?? view.reason ?? '',
                  view.isCleared ? 'Yes' : 'No',
                ]),
              );
            }
            if (rows.length < CSV_BATCH) break;
          }
          return lines.join('');
        },
        { readOnly: true, isolation: 'repeatable read' },
      ),

    record: (principal: FirmPrincipal, id: string): Promise<TrustTransactionRecord> =>
      read(principal, async (tx) => {
        const [row] = await findTransactionViews(tx, principal.firmId, { ids: [id] }, { limit: 1, offset: 0 });
        if (!row) throw notFound('Trust transaction');
        const transaction = trustTransactionView(row);
        const legs = row.row.transferId ? await findTransferLegs(tx, principal.firmId, row.row.transferId) : [];
        const counterpartId = legs.find((leg) => leg.id !== id && row.row.type !== 'reversal')?.id ?? null;
        const [counterpart] = counterpartId
          ? await findTransactionViews(tx, principal.firmId, { ids: [counterpartId] }, { limit: 1, offset: 0 })
          : [];
        const journalLines = await findJournalLines(tx, principal.firmId, row.row.journalEntryId);
        const history = await findHistory(tx, principal.firmId, [id, ...(row.row.movementRequestId ? [row.row.movementRequestId] : [])]);
        const isDeposit = row.row.type === 'deposit';
        return {
          transaction,
          counterpart: counterpart ? trustTransactionView(counterpart) : null,
          journalEntryId: row.row.journalEntryId,
          journalLines,
          history: history.map((event) => ({
            event: event.event,
            at: new Date(event.at).toISOString(),
            byUserName: event.byUserName,
            details: (event.details ?? {}) as Record<string, unknown>,
          })),
          canReverse: transaction.type !== 'reversal' && transaction.reversedByTransactionId === null,
          canClear:
            isDeposit &&
            !transaction.isCleared &&
            transaction.reversedByTransactionId === null &&
            !(await isCleared(tx, principal.firmId, id)),
        };
      }),

    /** A client's (or matter's) ledger page: read, then recorded as viewed by the member (who looked, ADR 92). */
    ledger: async (principal: FirmPrincipal, query: LedgerQuery) => {
      const ledger = await read(principal, (tx) => ledgerPage(tx, principal, query));
      const matterId = query.MatterId ?? null;
      await recordView(database, principal, {
        clientId: ledger.clientId,
        matterId,
        recordType: 'trustLedger',
        recordId: matterId ?? ledger.clientId,
      });
      return ledger;
    },

    balance: (principal: FirmPrincipal, clientId: string, matterId: string | null): Promise<TrustBalance> =>
      read(principal, async (tx) => {
        if (!(await findClientReference(tx, principal.firmId, clientId))) throw notFound('Client');
        const ledgers = await findClientLedgers(tx, principal.firmId, clientId, matterId);
        const byCurrency = new Map<string, TrustCurrencyBalance>();
        for (const ledger of ledgers) {
          const sum = byCurrency.get(ledger.currencyCode) ?? {
            currencyCode: ledger.currencyCode,
            currencySymbol: ledger.currencySymbol,
            balance: '0.00',
            clearedBalance: '0.00',
          };
          byCurrency.set(ledger.currencyCode, {
            ...sum,
            balance: addMoney(sum.balance, ledger.balance),
            clearedBalance: addMoney(sum.clearedBalance, ledger.clearedBalance),
          });
        }
        const balances = [...byCurrency.values()].sort((a, b) => a.currencyCode.localeCompare(b.currencyCode));
        return { clientId, matterId, ...balanceFieldsOf(balances), ledgers };
      }),

    accountLedgers: (principal: FirmPrincipal, query: AccountLedgersQuery): Promise<TrustLedgerPage> =>
      read(principal, async (tx) => {
        await accountView(tx, principal.firmId, query.TrustAccountId);
        const { rows, total } = await findAccountLedgers(tx, principal.firmId, {
          trustAccountId: query.TrustAccountId,
          search: query.GeneralSearchText ?? null,
          isNonZeroOnly: query.IsNonZeroOnly,
          limit: query.size,
          offset: (query.page - 1) * query.size,
        });
        return { data: rows, page: query.page, size: query.size, totalCount: total };
      }),

    movementRequests: (principal: FirmPrincipal, query: MovementRequestQuery): Promise<TrustMovementRequestPage> =>
      read(principal, async (tx) => {
        const { rows, total } = await findMovementRequests(
          tx,
          principal.firmId,
          { status: query.Status, trustAccountId: query.TrustAccountId },
          { limit: query.size, offset: (query.page - 1) * query.size },
        );
        return { data: rows.map(movementRequestView), page: query.page, size: query.size, totalCount: total };
      }),

    /** A printable trust statement: every movement of the client's (or matter's) ledgers in the period, oldest first, with running balances. */
    statementPdf: (
      principal: FirmPrincipal,
      query: { clientId: string; matterId: string | null; fromDate: string | null; toDate: string | null },
    ) =>
      read(principal, async (tx) => {
        const client = await findClientReference(tx, principal.firmId, query.clientId);
        if (!client) throw notFound('Client');
        const matter = query.matterId ? await findMatterReference(tx, principal.firmId, query.matterId) : null;
        if (query.matterId && (!matter || matter.clientId !== query.clientId)) throw notFound('Matter');
        const filter = { clientId: query.clientId, matterId: query.matterId ?? undefined };
        const opening = query.fromDate ? await sumBefore(tx, principal.firmId, filter, query.fromDate) : [];
        const rows = await findTransactionViews(
          tx,
          principal.firmId,
          { ...filter, fromDate: query.fromDate ?? undefined, toDate: query.toDate ?? undefined },
          { limit: 10_000, offset: 0 },
        );
        const firm = await findTrustFirm(tx, principal.firmId);
        const today = firm.today;
        const pdf = await buildTrustStatementPdf({
          firmName: firm.firmName,
          clientName: client.name,
          matterLabel: matter ? `${matter.matterNumber ?? ''} ${matter.matterName}`.trim() : null,
          fromDate: query.fromDate,
          toDate: query.toDate ?? today,
          sections: statementSections(opening, rows.map(trustTransactionView).reverse()),
          printedOn: today,
        });
        const name = `trust-statement-${(matter?.matterNumber ?? client.name).replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
        return { pdf, fileName: name };
      }),
  };
}

/**
 * One statement section per currency the client's ledgers held or moved in the period, each with
 * its own opening balance and movements: a USD deposit never changes the NGN running balance.
 * `movements` come in the order they were recorded; a section lists them by date (the statement's
 * date basis, as its opening balance is), then as recorded, so a backdated deposit sits on its own
 * date and the running balance follows the dates the client reads.
 */
function statementSections(opening: CurrencyTotal[], movements: TrustTransaction[]): TrustStatementSection[] {
  const codes = new Set([
    ...opening.filter((row) => compareMoney(row.total, '0') !== 0).map((row) => row.currencyCode),
    ...movements.map((movement) => movement.currencyCode),
  ]);
  return [...codes].sort().map((currencyCode) => {
    // Array.prototype.sort is stable: movements of one date keep the order they were recorded in.
    const own = movements
      .filter((movement) => movement.currencyCode === currencyCode)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return {
      currencyCode,
      currencySymbol: own[0]?.currencySymbol ?? currencyCode,
      openingBalance: opening.find((row) => row.currencyCode === currencyCode)?.total ?? '0.00',
      movements: own,
    };
  });
}

/** The ledger's balances at the start of a date, per currency: the signed sums of its movements dated before it. */
function sumBefore(tx: Tx, firmId: string, filter: { clientId: string; matterId?: string }, fromDate: string) {
  const dayBefore = new Date(`${fromDate}T00:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  return sumMovements(tx, firmId, { ...filter, toDate: dayBefore.toISOString().slice(0, 10) });
}
