import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  type depositSchema,
  type disburseSchema,
  type payInvoiceFromTrustSchema,
  type refundSchema,
  type transferSchema,
  TRUST_MESSAGES,
  type TrustTransaction,
} from '@matterhorn/shared';
import type { Database, Tx } from '../../db/database.ts';
import type { trustTransactions } from '../../db/schema/index.ts';
import { isCheckViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { takeNextNumber } from '../../platform/numbering/numbering.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { draftTopUpTrustRequest } from '../trust-requests/trust-requests.api.ts';
import type { TrustLedgerRef } from './trust.postings.ts';
import {
  findClientReference,
  findLedgerBalance,
  findMatterMinimum,
  findMatterReference,
  findMovementRequests,
  findTransactionViews,
  insertTrustTransaction,
  type LockedTrustAccount,
  lockTrustAccount,
} from './trust.repository.ts';
import { ledgerPlace, refusalOf, topUpNeeded } from './trust.rules.ts';
import { trustTransactionView } from './trust.views.ts';

// The steps every trust movement shares: the firm's own references, the funds check, the movement row, its view.

export type DepositInput = z.output<typeof depositSchema>;
export type DisburseInput = z.output<typeof disburseSchema>;
export type RefundInput = z.output<typeof refundSchema>;
export type PayInvoiceInput = z.output<typeof payInvoiceFromTrustSchema>;
export type TransferInput = z.output<typeof transferSchema>;

export type Movement = Omit<
  typeof trustTransactions.$inferInsert,
  'firmId' | 'sequenceNumber' | 'trustAccountId' | 'clientId' | 'matterId' | 'createdByUserId' | 'createdAt'
> & { createdByUserId?: string };

/** A movement that left trust on approval carries who approved it and the request it carried out. */
export type Approval = { approvedByUserId: string; movementRequestId: string } | null;

// ---- references, each the firm's own (another firm's id answers "not found")

export async function accountOf(tx: Tx, firmId: string, trustAccountId: string) {
  const account = await lockTrustAccount(tx, firmId, trustAccountId);
  if (!account) throw notFound('Trust account');
  return account;
}

export async function ledgerOf(
  tx: Tx,
  firmId: string,
  clientId: string,
  matterId: string | null,
  field = 'matterId',
): Promise<TrustLedgerRef> {
  const client = await findClientReference(tx, firmId, clientId);
  if (!client) throw notFound('Client');
  if (!matterId) return { clientId, clientName: client.name, matterId: null, matterNumber: null };
  const matter = await findMatterReference(tx, firmId, matterId);
  if (!matter) throw notFound('Matter');
  if (matter.clientId !== clientId) throw badRequest(TRUST_MESSAGES.matterNotOfClient, { [field]: TRUST_MESSAGES.matterNotOfClient });
  return { clientId, clientName: client.name, matterId, matterNumber: matter.matterNumber };
}

/** Money leaves a ledger only against funds it holds and that have cleared, in words when refused. */
export async function checkFunds(tx: Tx, firmId: string, account: LockedTrustAccount, ledger: TrustLedgerRef, amount: string) {
  const funds = await findLedgerBalance(tx, firmId, account.id, ledger.clientId, ledger.matterId);
  const place = ledgerPlace(ledger.matterNumber);
  const refusal = refusalOf(amount, funds);
  if (refusal === 'balance')
    throw conflict(
      TRUST_MESSAGES.insufficient(ledger.clientName, funds.balance, account.currencySymbol, place),
      'TRUST_INSUFFICIENT_FUNDS',
    );
  if (refusal === 'cleared')
    throw conflict(
      TRUST_MESSAGES.uncleared(ledger.clientName, funds.clearedBalance, account.currencySymbol, place),
      'TRUST_UNCLEARED_FUNDS',
    );
  if (refusalOf(amount, account) !== null)
    throw conflict(
      TRUST_MESSAGES.accountInsufficient(account.name, account.clearedBalance, account.currencySymbol),
      'TRUST_INSUFFICIENT_FUNDS',
    );
  return funds;
}

/** Inserts the movement row; the database's trigger moves the balances and refuses an overdraft. */
export async function insertMovement(
  tx: Tx,
  principal: FirmPrincipal,
  account: LockedTrustAccount,
  ledger: TrustLedgerRef,
  movement: Movement,
) {
  const sequenceNumber = await takeNextNumber(tx, principal.firmId, 'trustTransaction');
  const id = movement.id ?? randomUUID();
  await insertTrustTransaction(tx, {
    ...movement,
    id,
    firmId: principal.firmId,
    sequenceNumber,
    trustAccountId: account.id,
    clientId: ledger.clientId,
    matterId: ledger.matterId,
    createdByUserId: movement.createdByUserId ?? principal.userId,
  });
  return id;
}

export async function movementViewOf(tx: Tx, firmId: string, id: string): Promise<TrustTransaction> {
  const [row] = await findTransactionViews(tx, firmId, { ids: [id] }, { limit: 1, offset: 0 });
  return trustTransactionView(row!);
}

/** An evergreen retainer that money took below its minimum drafts its top-up request. */
export async function afterMoneyLeft(
  tx: Tx,
  principal: FirmPrincipal,
  account: LockedTrustAccount,
  ledger: TrustLedgerRef,
  balanceAfter: string,
  today: string,
) {
  if (!ledger.matterId) return;
  const minimumBalance = await findMatterMinimum(tx, principal.firmId, ledger.matterId);
  if (!topUpNeeded(balanceAfter, minimumBalance)) return;
  await draftTopUpTrustRequest(
    tx,
    principal,
    { trustAccountId: account.id, clientId: ledger.clientId, matterId: ledger.matterId },
    { minimumBalance: minimumBalance!, balance: balanceAfter, today },
  );
}

/**
 * Runs a movement in one transaction. The database's CHECKs are the last word on funds: should one
 * refuse what the locked check passed, the refusal is still a 409 in words, never a 500.
 */
export const inTrustTransaction = <T>(database: Database, principal: FirmPrincipal, fn: (tx: Tx) => Promise<T>) =>
  database.withFirm(principal.firmId, fn).catch((error: unknown) => {
    if (isCheckViolation(error, 'trust_period_locked'))
      throw conflict('This date is in a signed-off trust reconciliation period: date the movement after it', 'TRUST_PERIOD_RECONCILED');
    if (isCheckViolation(error, 'trust_ledgers_balance_check') || isCheckViolation(error, 'trust_accounts_balance_check'))
      throw conflict('Insufficient trust funds: the movement would take a trust balance below zero', 'TRUST_INSUFFICIENT_FUNDS');
    if (isCheckViolation(error, 'trust_ledgers_cleared_balance_check') || isCheckViolation(error, 'trust_accounts_cleared_balance_check'))
      throw conflict('Insufficient cleared trust funds: uncleared deposits cannot be paid out', 'TRUST_UNCLEARED_FUNDS');
    throw error;
  });

/** The request's author stays the movement's author; the approver is recorded beside them. */
export async function requesterOf(tx: Tx, principal: FirmPrincipal, approval: NonNullable<Approval>) {
  const { rows } = await findMovementRequests(tx, principal.firmId, { ids: [approval.movementRequestId] }, { limit: 1, offset: 0 });
  return rows[0]!.row.requestedByUserId;
}
