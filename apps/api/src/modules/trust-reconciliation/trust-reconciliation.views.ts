import { fromCents, TRUST_RECONCILIATION_MESSAGES as MESSAGES, type ReconciliationMovement, type StatementLine } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as repository from './trust-reconciliation.repository.ts';

export const movementOf = (row: repository.MovementItemRow | repository.MovementRow): ReconciliationMovement => ({
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

export const lineOf = (row: repository.StatementLineRow): StatementLine => ({
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

export const describeSigned = (value: bigint, symbol: string) => {
  const text = fromCents(value < 0n ? -value : value);
  return `${value < 0n ? '-' : ''}${symbol}${text.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
};

/** The firm's trust account, or "not found"; locked for the transaction when asked. */
export const accountOf = async (tx: Tx, firmId: string, trustAccountId: string, forUpdate = false) => {
  const account = await repository.findAccount(tx, firmId, trustAccountId, forUpdate);
  if (!account) throw notFound('Trust account');
  return account;
};

/** A signed-off period takes no new statement or match. */
export const refuseLocked = (account: repository.AccountRow, date: string) => {
  if (account.lockedUntil && date <= account.lockedUntil)
    throw conflict(MESSAGES.lockedPeriod(account.lockedUntil), 'TRUST_PERIOD_RECONCILED');
};
