import {
  fromCents,
  RECONCILIATION_ITEMS_SHOWN,
  TRUST_RECONCILIATION_MESSAGES as MESSAGES,
  toCents,
  type BankStatement,
  type MatchStatementLineInput,
  type Reconciliation,
  type ReconciliationAlert,
  type ReconciliationMovement,
  type ReconciliationHistoryPage,
  type SignedOffReconciliation,
  type StatementLine,
  type StatementLinePage,
  type reconciliationHistoryQuerySchema,
  type reconciliationQuerySchema,
  type recordBankBalanceSchema,
  type signOffReconciliationSchema,
  type statementLineQuerySchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import * as repository from './trust-reconciliation.repository.ts';
import {
  AUTO_MATCH_DAYS,
  autoMatch,
  fingerprintLines,
  parseStatementCsv,
  signedAmountOf,
  statementTotals,
} from './trust-reconciliation.rules.ts';

const shiftDate = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const movementOf = (row: repository.MovementItemRow | repository.MovementRow): ReconciliationMovement => ({
  transactionId: row.transactionId,
  sequenceNumber: row.sequenceNumber,
  type: row.type,
  direction: row.direction,
  transactionDate: row.transactionDate,
  amount: row.amount,
  clientName: row.clientName,
  reference: row.reference,
  counterparty: row.counterparty,
});

const lineOf = (row: repository.StatementLineRow): StatementLine => ({
  id: row.id,
  statementId: row.statementId,
  lineDate: row.lineDate,
  description: row.description,
  amount: row.amount,
  balance: row.balance,
  matchKind: row.matchKind,
  matchedTransaction:
    row.matchedTransactionId && row.transactionId
      ? {
          transactionId: row.transactionId,
          sequenceNumber: row.sequenceNumber!,
          type: row.type!,
          direction: row.direction!,
          transactionDate: row.transactionDate!,
          amount: row.transactionAmount!,
          clientName: row.clientName ?? '',
          reference: row.reference,
          counterparty: row.counterparty,
        }
      : null,
});

const describeSigned = (value: bigint, symbol: string) => {
  const text = fromCents(value < 0n ? -value : value);
  return `${value < 0n ? '-' : ''}${symbol}${text.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
};

type Page = { page: number; size: number };

/** The reconciliation as of the end of asOf, in the caller's transaction. */
export async function reconcile(
  tx: Tx,
  firmId: string,
  account: repository.AccountRow,
  asOf: string,
  page: Page = { page: 1, size: 20 },
): Promise<Reconciliation> {
  const [ledger, clients, bank] = [
    await repository.ledgerBalance(tx, firmId, account.id, asOf),
    await repository.clientBalances(tx, firmId, account.id, asOf),
    await repository.latestBankBalance(tx, firmId, account.id, asOf),
  ];
  const bankDate = bank?.statementDate ?? asOf;
  const movements = await repository.outstandingMovements(tx, firmId, account.id, asOf, bankDate, RECONCILIATION_ITEMS_SHOWN);
  const lines = bank ? await repository.unmatchedLines(tx, firmId, account.id, asOf, bankDate, RECONCILIATION_ITEMS_SHOWN) : [];
  const group = (kind: repository.MovementItemRow['kind']) => {
    const rows = movements.filter((row) => row.kind === kind);
    return { total: rows[0]?.itemTotal ?? '0.00', count: rows[0]?.itemCount ?? 0, items: rows.map(movementOf) };
  };
  const unclearedDeposits = group('uncleared-deposit');
  const unpresentedPayments = group('unpresented-payment');
  const unmatchedLines = { total: lines[0]?.itemTotal ?? '0.00', count: lines[0]?.itemCount ?? 0, items: lines.map(lineOf) };
  const clientsTotal = clients.reduce((sum, row) => sum + toCents(row.balance), 0n);
  const ledgerCents = toCents(ledger);
  const adjusted = bank
    ? toCents(bank.closingBalance) + toCents(unclearedDeposits.total) - toCents(unpresentedPayments.total) - toCents(unmatchedLines.total)
    : null;
  const start = (page.page - 1) * page.size;
  return {
    trustAccountId: account.id,
    trustAccountName: account.name,
    currencyCode: account.currencyCode,
    currencySymbol: account.currencySymbol,
    asOf,
    ledgerBalance: fromCents(ledgerCents),
    clientLedgersTotal: fromCents(clientsTotal),
    ledgerToClientsDifference: fromCents(ledgerCents - clientsTotal),
    bankBalance: bank?.closingBalance ?? null,
    bankBalanceDate: bank?.statementDate ?? null,
    bankStatementId: bank?.id ?? null,
    unclearedDeposits,
    unpresentedPayments,
    unmatchedLines,
    adjustedBankBalance: adjusted === null ? null : fromCents(adjusted),
    bankDifference: adjusted === null ? null : fromCents(adjusted - ledgerCents),
    hasBankBalance: bank !== null,
    isBalanced: ledgerCents === clientsTotal && (adjusted === null || adjusted === ledgerCents),
    lastSignedOffPeriodEnd: account.lockedUntil,
    clientLedgers: { data: clients.slice(start, start + page.size), page: page.page, size: page.size, totalCount: clients.length },
  };
}

export type StatementUpload = { content: Buffer; fileName: string | null; statementDate?: string; closingBalance?: string };

export function createTrustReconciliationService(database: Database) {
  const accountOf = async (tx: Tx, firmId: string, trustAccountId: string, forUpdate = false) => {
    const account = await repository.findAccount(tx, firmId, trustAccountId, forUpdate);
    if (!account) throw notFound('Trust account');
    return account;
  };
  const refuseLocked = (account: repository.AccountRow, date: string) => {
    if (account.lockedUntil && date <= account.lockedUntil) throw conflict(MESSAGES.lockedPeriod(account.lockedUntil));
  };

  async function statementView(
    tx: Tx,
    firmId: string,
    statement: { id: string; createdAt: string },
    values: {
      trustAccountId: string;
      statementDate: string;
      closingBalance: string;
      fileName: string | null;
    },
  ): Promise<BankStatement> {
    const { lineCount, matchedCount } = await repository.statementCounts(tx, firmId, statement.id);
    return {
      id: statement.id,
      ...values,
      lineCount,
      matchedCount,
      unmatchedCount: lineCount - matchedCount,
      alreadyImportedCount: 0,
      createdAt: statement.createdAt,
    };
  }

  return {
    get(principal: FirmPrincipal, query: z.output<typeof reconciliationQuerySchema>): Promise<Reconciliation> {
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          const account = await accountOf(tx, principal.firmId, query.trustAccountId);
          return reconcile(tx, principal.firmId, account, query.asOf ?? account.today, query);
        },
        { ...READ_ONLY, isolation: 'repeatable read' },
      );
    },

    /** Active accounts whose journal, client ledgers and (when entered) bank balance disagree today. */
    alerts(principal: FirmPrincipal): Promise<ReconciliationAlert[]> {
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          const alerts: ReconciliationAlert[] = [];
          for (const { id } of await repository.listActiveAccountIds(tx, principal.firmId)) {
            const account = await accountOf(tx, principal.firmId, id);
            const result = await reconcile(tx, principal.firmId, account, account.today, { page: 1, size: 1 });
            if (result.isBalanced) continue;
            alerts.push({
              trustAccountId: result.trustAccountId,
              trustAccountName: result.trustAccountName,
              currencySymbol: result.currencySymbol,
              asOf: result.asOf,
              ledgerBalance: result.ledgerBalance,
              clientLedgersTotal: result.clientLedgersTotal,
              bankBalance: result.bankBalance,
              adjustedBankBalance: result.adjustedBankBalance,
            });
          }
          return alerts;
        },
        { ...READ_ONLY, isolation: 'repeatable read' },
      );
    },

    recordBankBalance(
      principal: FirmPrincipal,
      trustAccountId: string,
      input: z.output<typeof recordBankBalanceSchema>,
    ): Promise<BankStatement> {
      return database.withFirm(principal.firmId, async (tx) => {
        const account = await accountOf(tx, principal.firmId, trustAccountId);
        refuseLocked(account, input.balanceDate);
        const values = {
          trustAccountId,
          statementDate: input.balanceDate,
          closingBalance: fromCents(toCents(input.balance)),
          fileName: null,
        };
        const statement = await repository.insertStatement(tx, { firmId: principal.firmId, userId: principal.userId, ...values });
        await recordAuditEvent(tx, principal, 'trustReconciliation.bankBalanceRecorded', statement.id, {
          trustAccountId,
          balanceDate: values.statementDate,
          balance: values.closingBalance,
        });
        return statementView(tx, principal.firmId, statement, values);
      });
    },

    /** Parses the whole file before writing anything: a bad row refuses the import (400) with nothing saved. */
    importStatement(principal: FirmPrincipal, trustAccountId: string, upload: StatementUpload): Promise<BankStatement> {
      const lines = parseStatementCsv(upload.content);
      const totals = statementTotals(lines, upload);
      return database.withFirm(principal.firmId, async (tx) => {
        const account = await accountOf(tx, principal.firmId, trustAccountId);
        refuseLocked(account, totals.statementDate);
        const values = { trustAccountId, ...totals, fileName: upload.fileName };
        const statement = await repository.insertStatement(tx, { firmId: principal.firmId, userId: principal.userId, ...values });
        const fingerprints = fingerprintLines(lines);
        const ids = await repository.insertNewLines(
          tx,
          principal.firmId,
          trustAccountId,
          statement.id,
          lines.map((line, index) => ({ ...line, fingerprint: fingerprints[index]! })),
        );
        const fresh = lines.flatMap((line, index) => (ids[index] ? [{ ...line, id: ids[index] }] : []));
        const matchable = fresh.filter((line) => !account.lockedUntil || line.lineDate > account.lockedUntil);
        if (matchable.length > 0) {
          const dates = matchable.map((line) => line.lineDate).sort();
          const candidates = await repository.unmatchedMovements(tx, principal.firmId, trustAccountId, {
            amounts: [
              ...new Set(matchable.map((line) => fromCents(toCents(line.amount) < 0n ? -toCents(line.amount) : toCents(line.amount)))),
            ],
            fromDate: shiftDate(dates[0]!, -AUTO_MATCH_DAYS),
            toDate: shiftDate(dates[dates.length - 1]!, AUTO_MATCH_DAYS),
            limit: 50_000,
          });
          const pairs = autoMatch(
            matchable.map(({ id, lineDate, description, amount }) => ({ id, lineDate, description, amount })),
            candidates,
          );
          await repository.setAutoMatches(tx, principal.firmId, [...pairs], principal.userId);
        }
        const view = {
          ...(await statementView(tx, principal.firmId, statement, values)),
          alreadyImportedCount: lines.length - fresh.length,
        };
        await recordAuditEvent(tx, principal, 'trustReconciliation.statementImported', statement.id, {
          trustAccountId,
          fileName: upload.fileName,
          statementDate: values.statementDate,
          closingBalance: values.closingBalance,
          lineCount: view.lineCount,
          alreadyImportedCount: view.alreadyImportedCount,
          matchedCount: view.matchedCount,
        });
        return view;
      });
    },

    lines(principal: FirmPrincipal, query: z.output<typeof statementLineQuerySchema>): Promise<StatementLinePage> {
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          await accountOf(tx, principal.firmId, query.trustAccountId);
          const offset = (query.page - 1) * query.size;
          const rows = await repository.pageOfLines(tx, principal.firmId, query.trustAccountId, query.IsUnmatchedOnly, query.size, offset);
          const totalCount = await repository.countLines(tx, principal.firmId, query.trustAccountId, query.IsUnmatchedOnly);
          return { data: rows.map(lineOf), page: query.page, size: query.size, totalCount };
        },
        READ_ONLY,
      );
    },

    /** Unmatched movements of the line's account with the line's amount and sign, nearest in date first. */
    candidates(principal: FirmPrincipal, lineId: string): Promise<ReconciliationMovement[]> {
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          const line = await repository.findLine(tx, principal.firmId, lineId);
          if (!line) throw notFound('Statement line');
          const signed = toCents(line.amount);
          const rows = await repository.unmatchedMovements(tx, principal.firmId, line.trustAccountId, {
            direction: signed > 0n ? 'in' : 'out',
            amounts: [fromCents(signed < 0n ? -signed : signed)],
            fromDate: '0001-01-01',
            toDate: '9999-12-31',
            limit: 500,
          });
          const distance = (date: string) => Math.abs(Date.parse(date) - Date.parse(line.lineDate));
          return rows
            .sort((a, b) => distance(a.transactionDate) - distance(b.transactionDate))
            .slice(0, 20)
            .map(movementOf);
        },
        READ_ONLY,
      );
    },

    match(principal: FirmPrincipal, lineId: string, input: MatchStatementLineInput): Promise<StatementLine> {
      return database.withFirm(principal.firmId, async (tx) => {
        const line = await repository.findLine(tx, principal.firmId, lineId, true);
        if (!line) throw notFound('Statement line');
        const movement = await repository.findMovement(tx, principal.firmId, input.transactionId);
        if (!movement) throw notFound('Trust movement');
        const account = await accountOf(tx, principal.firmId, line.trustAccountId);
        refuseLocked(account, line.lineDate);
        if (line.matchedTransactionId) throw conflict(MESSAGES.lineAlreadyMatched);
        if (movement.trustAccountId !== line.trustAccountId) throw badRequest(MESSAGES.otherAccount);
        if (movement.isSameAccountTransfer) throw badRequest(MESSAGES.transferNotOnBank);
        const movementSigned = signedAmountOf(movement);
        if (movementSigned !== toCents(line.amount)) {
          throw badRequest(
            MESSAGES.amountMismatch(
              describeSigned(toCents(line.amount), account.currencySymbol),
              describeSigned(movementSigned, account.currencySymbol),
            ),
          );
        }
        if (movement.isMatched) throw conflict(MESSAGES.transactionAlreadyMatched);
        try {
          await repository.setLineMatch(tx, principal.firmId, lineId, {
            transactionId: movement.transactionId,
            kind: 'manual',
            userId: principal.userId,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(MESSAGES.transactionAlreadyMatched);
          throw error;
        }
        await recordAuditEvent(tx, principal, 'trustReconciliation.lineMatched', lineId, {
          trustAccountId: line.trustAccountId,
          transactionId: movement.transactionId,
          amount: line.amount,
        });
        const updated = await repository.findLine(tx, principal.firmId, lineId);
        return lineOf(updated!);
      });
    },

    unmatch(principal: FirmPrincipal, lineId: string): Promise<StatementLine> {
      return database.withFirm(principal.firmId, async (tx) => {
        const line = await repository.findLine(tx, principal.firmId, lineId, true);
        if (!line) throw notFound('Statement line');
        const account = await accountOf(tx, principal.firmId, line.trustAccountId);
        refuseLocked(account, line.lineDate);
        if (!line.matchedTransactionId) throw conflict(MESSAGES.lineNotMatched);
        await repository.setLineMatch(tx, principal.firmId, lineId, null);
        await recordAuditEvent(tx, principal, 'trustReconciliation.lineUnmatched', lineId, {
          trustAccountId: line.trustAccountId,
          transactionId: line.matchedTransactionId,
          matchKind: line.matchKind,
        });
        const updated = await repository.findLine(tx, principal.firmId, lineId);
        return lineOf(updated!);
      });
    },

    /**
     * Signs off the period ending periodEnd when the three balances agree as of it. The account row
     * is locked first, so a movement being posted finishes (and is counted) before the check.
     */
    signOff(
      principal: FirmPrincipal,
      trustAccountId: string,
      input: z.output<typeof signOffReconciliationSchema>,
    ): Promise<SignedOffReconciliation> {
      return database.withFirm(principal.firmId, async (tx) => {
        const account = await accountOf(tx, principal.firmId, trustAccountId, true);
        if (input.periodEnd > account.today) throw badRequest(MESSAGES.futurePeriod);
        if (account.lockedUntil && input.periodEnd <= account.lockedUntil) throw conflict(MESSAGES.periodNotAfterLast(account.lockedUntil));
        const result = await reconcile(tx, principal.firmId, account, input.periodEnd, { page: 1, size: 1 });
        if (!result.hasBankBalance) throw badRequest(MESSAGES.noBankBalance);
        if (!result.isBalanced) throw badRequest(MESSAGES.notBalanced);
        let id: string;
        try {
          id = await repository.insertReconciliation(tx, {
            firmId: principal.firmId,
            trustAccountId,
            periodEnd: input.periodEnd,
            ledgerBalance: result.ledgerBalance,
            clientLedgersTotal: result.clientLedgersTotal,
            bankBalance: result.bankBalance!,
            note: input.note ?? '',
            userId: principal.userId,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(MESSAGES.periodNotAfterLast(input.periodEnd));
          throw error;
        }
        await recordAuditEvent(tx, principal, 'trustReconciliation.signedOff', id, {
          trustAccountId,
          periodEnd: input.periodEnd,
          ledgerBalance: result.ledgerBalance,
          clientLedgersTotal: result.clientLedgersTotal,
          bankBalance: result.bankBalance,
          adjustedBankBalance: result.adjustedBankBalance,
        });
        const [row] = await repository.pageOfReconciliations(tx, principal.firmId, trustAccountId, 1, 0, id);
        return row!;
      });
    },

    history(principal: FirmPrincipal, query: z.output<typeof reconciliationHistoryQuerySchema>): Promise<ReconciliationHistoryPage> {
      return database.withFirm(
        principal.firmId,
        async (tx) => {
          await accountOf(tx, principal.firmId, query.trustAccountId);
          const rows = await repository.pageOfReconciliations(
            tx,
            principal.firmId,
            query.trustAccountId,
            query.size,
            (query.page - 1) * query.size,
          );
          const totalCount = await repository.countReconciliations(tx, principal.firmId, query.trustAccountId);
          return { data: rows, page: query.page, size: query.size, totalCount };
        },
        READ_ONLY,
      );
    },
  };
}
