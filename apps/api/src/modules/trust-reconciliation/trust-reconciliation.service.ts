import {
  fromCents,
  RECONCILIATION_ITEMS_SHOWN,
  TRUST_RECONCILIATION_MESSAGES as MESSAGES,
  toCents,
  type Reconciliation,
  type ReconciliationAlert,
  type ReconciliationHistoryPage,
  type SignedOffReconciliation,
  type reconciliationHistoryQuerySchema,
  type reconciliationQuerySchema,
  type signOffReconciliationSchema,
} from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import * as repository from './trust-reconciliation.repository.ts';
import { createBankStatementService } from './bank-statements.service.ts';
import { accountOf, lineOf, movementOf } from './trust-reconciliation.views.ts';

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
export function createTrustReconciliationService(database: Database) {
  return {
    ...createBankStatementService(database),

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
