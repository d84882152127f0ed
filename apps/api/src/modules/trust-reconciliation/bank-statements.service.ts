import {
  fromCents,
  TRUST_RECONCILIATION_MESSAGES as MESSAGES,
  toCents,
  type BankStatement,
  type MatchStatementLineInput,
  type ReconciliationMovement,
  type StatementLine,
  type StatementLinePage,
  type recordBankBalanceSchema,
  type statementLineQuerySchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import * as repository from './trust-reconciliation.repository.ts';
import { accountOf, describeSigned, lineOf, movementOf, refuseLocked } from './trust-reconciliation.views.ts';
import {
  AUTO_MATCH_DAYS,
  autoMatch,
  fingerprintLines,
  parseStatementCsv,
  signedAmountOf,
  statementTotals,
} from './trust-reconciliation.rules.ts';

const shiftDate = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type StatementUpload = { content: Buffer; fileName: string | null; statementDate?: string; closingBalance?: string };

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

/** The bank's side: balances entered, statements imported, their lines matched to movements. */
export function createBankStatementService(database: Database) {
  return {
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
  };
}
