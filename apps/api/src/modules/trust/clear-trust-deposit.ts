import { TRUST_MESSAGES, type TrustTransaction } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { accountOf, inTrustTransaction, movementViewOf } from './trust-movement-steps.ts';
import { findTransactionRow, insertClearance, isCleared, isReversed } from './trust.repository.ts';

/** An uncleared deposit's funds become payable from the date the bank cleared them. */
export const clearTrustDeposit = (
  database: Database,
  principal: FirmPrincipal,
  transactionId: string,
  clearedDate: string,
): Promise<TrustTransaction> =>
  inTrustTransaction(database, principal, async (tx) => {
    const deposit = await findTransactionRow(tx, principal.firmId, transactionId);
    if (!deposit) throw notFound('Trust transaction');
    await accountOf(tx, principal.firmId, deposit.trustAccountId);
    if (
      deposit.type !== 'deposit' ||
      deposit.isCleared ||
      (await isCleared(tx, principal.firmId, deposit.id)) ||
      (await isReversed(tx, principal.firmId, deposit.id))
    )
      throw conflict(TRUST_MESSAGES.notUncleared);
    if (clearedDate < deposit.transactionDate)
      throw badRequest(TRUST_MESSAGES.clearedBeforeReceived, { clearedDate: TRUST_MESSAGES.clearedBeforeReceived });
    await insertClearance(tx, { transactionId, firmId: principal.firmId, clearedDate, createdByUserId: principal.userId });
    await recordAuditEvent(tx, principal, 'trustTransaction.cleared', transactionId, { clearedDate, amount: deposit.amount });
    return movementViewOf(tx, principal.firmId, transactionId);
  });
