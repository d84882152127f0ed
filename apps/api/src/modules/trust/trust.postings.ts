import { bankLine, type BankLineAccount } from '../../platform/ledger/bank-accounts.ts';
import type { JournalEntryInput, JournalLine } from '../../platform/ledger/ledger.ts';
import { ledgerPlace } from './trust.rules.ts';

/**
 * What each trust movement posts to the general ledger (ADR 0023), as pure functions of the
 * movement: money held for clients is a trust-bank asset and an equal client-trust-liability, both
 * kept per client, matter and trust account. Every entry is in the trust account's currency.
 */

/** The trust account a movement is in. */
export type TrustAccountRef = { id: string; currencyCode: string };
/** A ledger: one client's funds in one trust account, for one matter or held generally (matter null). */
export type TrustLedgerRef = { clientId: string; clientName: string; matterId: string | null; matterNumber: string | null };

/** Money into (Dr trust bank / Cr client trust liability) or out of (the mirror) one client's ledger. */
export function trustLines(account: TrustAccountRef, ledger: TrustLedgerRef, amount: string, direction: 'in' | 'out'): JournalLine[] {
  const liability: JournalLine = {
    account: 'client-trust-liability',
    clientId: ledger.clientId,
    matterId: ledger.matterId,
    trustAccountId: account.id,
  };
  const bank: JournalLine = { account: 'trust-bank', clientId: ledger.clientId, matterId: ledger.matterId, trustAccountId: account.id };
  return direction === 'in'
    ? [
        { ...bank, debit: amount },
        { ...liability, credit: amount },
      ]
    : [
        { ...liability, debit: amount },
        { ...bank, credit: amount },
      ];
}

/** A deposit: the client's funds and the trust bank rise together. */
export function trustDepositEntry(
  account: TrustAccountRef,
  ledger: TrustLedgerRef,
  deposit: { transactionId: string; amount: string; date: string; payer: string; reference?: string | null },
): JournalEntryInput {
  return {
    entryDate: deposit.date,
    memo: `Trust deposit from ${deposit.payer}${deposit.reference ? ` (${deposit.reference})` : ''}`.slice(0, 500),
    sourceType: 'trust',
    sourceId: deposit.transactionId,
    currency: account.currencyCode,
    lines: trustLines(account, ledger, deposit.amount, 'in'),
  };
}

/** A disbursement to a third party or a refund to the client: the client's funds and the trust bank fall together. */
export function trustPayOutEntry(
  account: TrustAccountRef,
  ledger: TrustLedgerRef,
  payOut: { kind: 'disbursement' | 'refund'; transactionId: string; amount: string; date: string; payee: string; purpose?: string | null },
): JournalEntryInput {
  return {
    entryDate: payOut.date,
    memo: `${payOut.kind === 'refund' ? 'Refund to' : 'Disbursement to'} ${payOut.payee}${payOut.purpose ? `: ${payOut.purpose}` : ''}`.slice(
      0,
      500,
    ),
    sourceType: 'trust',
    sourceId: payOut.transactionId,
    currency: account.currencyCode,
    lines: trustLines(account, ledger, payOut.amount, 'out'),
  };
}

/**
 * Where an invoice paid from trust is funded from (the debit side of the invoice's payment entry,
 * which credits accounts receivable): the client's trust funds fall, and the firm's operating bank
 * account (by default the system operating bank) receives them.
 */
export function trustInvoicePaymentFunding(
  account: TrustAccountRef,
  ledger: TrustLedgerRef,
  amount: string,
  clientId: string,
  bank: BankLineAccount = { account: 'operating-bank' },
): JournalLine[] {
  return [...trustLines(account, ledger, amount, 'out'), bankLine(bank, { debit: amount }, { clientId })];
}

/** A transfer between two ledgers of one trust account: only the liability moves (the bank holds the same money). */
export function trustTransferEntry(
  account: TrustAccountRef,
  from: TrustLedgerRef,
  to: TrustLedgerRef,
  transfer: { transferId: string; amount: string; date: string; reason: string },
): JournalEntryInput {
  return {
    entryDate: transfer.date,
    memo: `Trust transfer from ${from.clientName} ${ledgerPlace(from.matterNumber)} to ${to.clientName} ${ledgerPlace(to.matterNumber)}: ${transfer.reason}`.slice(
      0,
      500,
    ),
    sourceType: 'trust',
    sourceId: transfer.transferId,
    currency: account.currencyCode,
    lines: [
      {
        account: 'client-trust-liability',
        debit: transfer.amount,
        clientId: from.clientId,
        matterId: from.matterId,
        trustAccountId: account.id,
      },
      {
        account: 'client-trust-liability',
        credit: transfer.amount,
        clientId: to.clientId,
        matterId: to.matterId,
        trustAccountId: account.id,
      },
    ],
  };
}

/** A reversal of a trust movement (the ledger mirrors the movement's entry). */
export const trustReversal = (originalId: string, reason: string, date: string) => ({
  entryDate: date,
  memo: `Reversal of trust movement: ${reason}`.slice(0, 500),
  sourceType: 'trust' as const,
  sourceId: originalId,
});
