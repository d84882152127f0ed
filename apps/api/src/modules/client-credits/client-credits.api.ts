import { CLIENT_CREDIT_MESSAGES, compareMoney } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { findClientBalances, findUnappliedCashOfEntry, insertMovement, lockClient, sumFirmBalances } from './client-credits.repository.ts';

/**
 * The client-credits module's surface for other modules: a client's credit balance grows when a
 * credit note credits more than its invoice still owed, or a payment's excess is kept as credit
 * (the invoices module posts the money to unapplied cash in the same transaction and records the
 * movement here); a payment reversed takes its movement back.
 */
export type ClientCreditGain = {
  firmId: string;
  clientId: string;
  currencyCode: string;
  amount: string;
  movementDate: string;
  kind: 'credit-note' | 'overpayment';
  creditNoteId?: string | null;
  invoiceId?: string | null;
  reference?: string | null;
  journalEntryId: string | null;
  byUserId: string;
};

export async function recordClientCreditGain(tx: Tx, gain: ClientCreditGain): Promise<void> {
  await insertMovement(tx, gain);
}

/**
 * A payment of an invoice reversed (its entry mirrored by `reversalEntryId`) takes back what it did
 * to the client's credit, read from its entry's unapplied-cash lines: credit it paid the invoice with
 * returns (applied-reversed), an excess it kept as credit goes (overpayment-reversed) — refused (409)
 * when that credit has since been applied or refunded, as the balance never goes below zero. Call it
 * with the invoice locked: the client is locked after it, as every use of credit does.
 */
export async function takeBackCreditOfReversedPayment(
  tx: Tx,
  actor: { firmId: string; userId: string },
  reversal: { originalEntryId: string; reversalEntryId: string | null; invoiceId: string; date: string; reference: string },
): Promise<void> {
  for (const line of await findUnappliedCashOfEntry(tx, actor.firmId, reversal.originalEntryId)) {
    const isReturned = compareMoney(line.net, '0') > 0;
    if (!isReturned) {
      await lockClient(tx, actor.firmId, line.clientId);
      const balance = (await findClientBalances(tx, actor.firmId, line.clientId)).find((row) => row.currencyCode === line.currencyCode);
      if (compareMoney(balance?.balance ?? '0', line.net.replace('-', '')) < 0) throw conflict(CLIENT_CREDIT_MESSAGES.excessUsed);
    }
    await insertMovement(tx, {
      firmId: actor.firmId,
      clientId: line.clientId,
      currencyCode: line.currencyCode,
      amount: line.net,
      kind: isReturned ? 'applied-reversed' : 'overpayment-reversed',
      movementDate: reversal.date,
      invoiceId: reversal.invoiceId,
      reference: reversal.reference,
      journalEntryId: reversal.reversalEntryId,
      byUserId: actor.userId,
    });
  }
}

/** Every client's credit added up per currency: part of what unapplied cash in the ledger holds (the statements' tie-out). */
export const sumClientCreditBalances = sumFirmBalances;
