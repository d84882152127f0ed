import { randomUUID } from 'node:crypto';
import { TRUST_MESSAGES, type TrustTransaction } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { postJournalEntry } from '../../platform/ledger/ledger.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { applyDepositToTrustRequest } from '../trust-requests/trust-requests.api.ts';
import { accountOf, type DepositInput, insertMovement, ledgerOf, movementViewOf } from './trust-movement-steps.ts';
import { trustDepositEntry } from './trust.postings.ts';
import { findTrustSettings } from './trust.repository.ts';
import { needsCashReview } from './trust.rules.ts';

/** Money in, in the caller's transaction: a deposit can never overdraw, so it needs no second person. */
export async function postDeposit(tx: Tx, principal: FirmPrincipal, input: DepositInput): Promise<TrustTransaction> {
  const account = await accountOf(tx, principal.firmId, input.trustAccountId);
  if (!account.isActive) throw conflict(TRUST_MESSAGES.accountInactive, 'TRUST_ACCOUNT_INACTIVE');
  const ledger = await ledgerOf(tx, principal.firmId, input.clientId, input.matterId);
  const payer = input.payer ?? ledger.clientName;
  const transactionId = randomUUID();
  const journalEntryId = await postJournalEntry(tx, principal, {
    ...trustDepositEntry(account, ledger, {
      transactionId,
      amount: input.amount,
      date: input.depositDate,
      payer,
      reference: input.reference,
    }),
    dateField: 'depositDate',
  });
  await insertMovement(tx, principal, account, ledger, {
    id: transactionId,
    type: 'deposit',
    direction: 'in',
    amount: input.amount,
    transactionDate: input.depositDate,
    method: input.method,
    reference: input.reference,
    counterparty: payer,
    isCleared: input.isCleared,
    trustRequestId: input.trustRequestId,
    journalEntryId,
  });
  if (input.trustRequestId) {
    await applyDepositToTrustRequest(tx, principal, input.trustRequestId, {
      trustAccountId: account.id,
      clientId: ledger.clientId,
      matterId: ledger.matterId,
      amount: input.amount,
      transactionId,
    });
  }
  await recordAuditEvent(tx, principal, 'trustTransaction.deposited', transactionId, {
    trustAccountId: account.id,
    clientId: ledger.clientId,
    matterId: ledger.matterId,
    amount: input.amount,
    method: input.method,
    isCleared: input.isCleared,
  });
  const settings = await findTrustSettings(tx, principal.firmId);
  if (needsCashReview(input.method, input.amount, settings.cashReviewThreshold)) {
    await recordAuditEvent(tx, principal, 'trustTransaction.flaggedForReview', transactionId, {
      reason: 'Cash deposit at or above the firm’s review threshold',
      amount: input.amount,
      threshold: settings.cashReviewThreshold,
    });
  }
  return movementViewOf(tx, principal.firmId, transactionId);
}
