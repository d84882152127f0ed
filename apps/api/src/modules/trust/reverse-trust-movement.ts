import { TRUST_MESSAGES, type TrustTransaction } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';
import { reverseJournalEntry } from '../../platform/ledger/ledger.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { lockInvoiceForPayment, reverseTrustPayment } from '../invoices/invoices.api.ts';
import { reverseDepositOnTrustRequest } from '../trust-requests/trust-requests.api.ts';
import { accountOf, checkFunds, insertMovement, inTrustTransaction, ledgerOf, movementViewOf } from './trust-movement-steps.ts';
import { trustReversal } from './trust.postings.ts';
import { findLedgerBalance, findTransactionRow, findTransferLegs, isCleared, isReversed } from './trust.repository.ts';
import { ledgerPlace, refusalOf } from './trust.rules.ts';

/**
 * A mistake is corrected by a reversal referencing the original (both stay visible). Reversing
 * money in (a deposit, a transfer's receiving leg) needs those funds still there; a transfer is
 * reversed whole; a payment from trust is reversed on its invoice too.
 */
export const reverseTrustMovement = (
  database: Database,
  principal: FirmPrincipal,
  transactionId: string,
  input: { reason: string; date: string | null },
): Promise<TrustTransaction> =>
  inTrustTransaction(database, principal, async (tx) => {
    const original = await findTransactionRow(tx, principal.firmId, transactionId);
    if (!original) throw notFound('Trust transaction');
    if (original.type === 'reversal') throw conflict(TRUST_MESSAGES.reversalOfReversal);
    const date = input.date ?? (await findFirmToday(tx, principal.firmId));
    // An invoice payment's invoice is locked before the trust account, as paying it does.
    const invoiceReversal =
      original.type === 'invoice-payment' && original.invoiceId && original.invoicePaymentId
        ? { invoiceId: original.invoiceId, paymentId: original.invoicePaymentId }
        : null;
    if (invoiceReversal && !(await lockInvoiceForPayment(tx, principal.firmId, invoiceReversal.invoiceId))) throw notFound('Invoice');
    const account = await accountOf(tx, principal.firmId, original.trustAccountId);
    if (await isReversed(tx, principal.firmId, original.id)) throw conflict(TRUST_MESSAGES.alreadyReversed);
    const legs = original.transferId ? await findTransferLegs(tx, principal.firmId, original.transferId) : [original];
    // Money that came in must still be there to go back out.
    for (const leg of legs.filter((candidate) => candidate.direction === 'in')) {
      const ledger = await ledgerOf(tx, principal.firmId, leg.clientId, leg.matterId);
      const hasCleared = leg.type !== 'deposit' || leg.isCleared || (await isCleared(tx, principal.firmId, leg.id));
      if (hasCleared) await checkFunds(tx, principal.firmId, account, ledger, leg.amount);
      else {
        const funds = await findLedgerBalance(tx, principal.firmId, account.id, ledger.clientId, ledger.matterId);
        if (refusalOf(leg.amount, { balance: funds.balance, clearedBalance: funds.balance }) !== null)
          throw conflict(
            TRUST_MESSAGES.insufficient(ledger.clientName, funds.balance, account.currencySymbol, ledgerPlace(ledger.matterNumber)),
            'TRUST_INSUFFICIENT_FUNDS',
          );
      }
    }
    const reversalEntryId = invoiceReversal
      ? (
          await reverseTrustPayment(tx, principal, invoiceReversal.invoiceId, invoiceReversal.paymentId, {
            reason: input.reason,
            date,
            dateField: 'date',
          })
        ).journalEntryId!
      : await reverseJournalEntry(tx, principal, original.journalEntryId, {
          ...trustReversal(original.id, input.reason, date),
          dateField: 'date',
        });
    let firstReversalId: string | null = null;
    for (const leg of legs) {
      const ledger = await ledgerOf(tx, principal.firmId, leg.clientId, leg.matterId);
      const id = await insertMovement(tx, principal, account, ledger, {
        type: 'reversal',
        direction: leg.direction === 'in' ? 'out' : 'in',
        amount: leg.amount,
        transactionDate: date,
        reference: leg.reference,
        counterparty: leg.counterparty,
        purpose: leg.purpose,
        isCleared: true,
        transferId: leg.transferId,
        invoiceId: leg.invoiceId,
        reversesTransactionId: leg.id,
        reason: input.reason,
        journalEntryId: reversalEntryId,
      });
      if (leg.id === original.id) firstReversalId = id;
      if (leg.trustRequestId)
        await reverseDepositOnTrustRequest(tx, principal, leg.trustRequestId, { amount: leg.amount, transactionId: id });
      await recordAuditEvent(tx, principal, 'trustTransaction.reversed', leg.id, {
        reversalId: id,
        reason: input.reason,
        amount: leg.amount,
      });
    }
    return movementViewOf(tx, principal.firmId, firstReversalId!);
  });
