import type { TrustTransaction } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { clearTrustDeposit } from './clear-trust-deposit.ts';
import { postDeposit } from './deposit-into-trust.ts';
import { postInvoicePaymentFromTrust } from './pay-invoice-from-trust.ts';
import { postDisbursement } from './pay-out-of-trust.ts';
import { reverseTrustMovement } from './reverse-trust-movement.ts';
import { transferTrustFunds } from './transfer-trust-funds.ts';
import { approveTrustMovement, rejectTrustMovement, requestOrPost } from './trust-movement-approval.ts';
import {
  inTrustTransaction,
  type DepositInput,
  type DisburseInput,
  type PayInvoiceInput,
  type RefundInput,
  type TransferInput,
} from './trust-movement-steps.ts';

export type { TrustTransactionRow } from './trust.repository.ts';

export type TrustMovementService = ReturnType<typeof createTrustMovementService>;

/**
 * Money into, out of and between client trust ledgers, one file per use case (deposit-into-trust.ts,
 * pay-out-of-trust.ts, …): each locks the trust account, checks the client's cleared funds, writes
 * the movement, posts it (trust.postings.ts) and audits in one transaction. Above the firm's
 * threshold, money leaving trust waits for a second person (trust-movement-approval.ts).
 */
export function createTrustMovementService(database: Database) {
  return {
    deposit: (principal: FirmPrincipal, input: DepositInput): Promise<TrustTransaction> =>
      inTrustTransaction(database, principal, (tx) => postDeposit(tx, principal, input)),

    postDeposit,

    disburse: (principal: FirmPrincipal, input: DisburseInput) =>
      requestOrPost(database, principal, 'disbursement', input, (tx) => postDisbursement(tx, principal, input, 'disbursement', null)),

    refund: (principal: FirmPrincipal, input: RefundInput) =>
      requestOrPost(database, principal, 'refund', input, (tx) => postDisbursement(tx, principal, input, 'refund', null)),

    payInvoice: (principal: FirmPrincipal, input: PayInvoiceInput) =>
      requestOrPost(database, principal, 'invoice-payment', input, (tx) => postInvoicePaymentFromTrust(tx, principal, input, null)),

    transfer: (principal: FirmPrincipal, input: TransferInput) => transferTrustFunds(database, principal, input),
    reverse: (principal: FirmPrincipal, transactionId: string, input: { reason: string; date: string | null }) =>
      reverseTrustMovement(database, principal, transactionId, input),
    clearDeposit: (principal: FirmPrincipal, transactionId: string, clearedDate: string) =>
      clearTrustDeposit(database, principal, transactionId, clearedDate),
    approve: (principal: FirmPrincipal, movementRequestId: string) => approveTrustMovement(database, principal, movementRequestId),
    reject: (principal: FirmPrincipal, movementRequestId: string, reason: string) =>
      rejectTrustMovement(database, principal, movementRequestId, reason),
  };
}
