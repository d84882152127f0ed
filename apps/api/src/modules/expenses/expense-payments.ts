import type { Tx } from '../../db/database.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { homeCurrencyOf, postJournalEntry, reverseJournalEntry, type JournalLine } from '../../platform/ledger/ledger.ts';
import { bankLine, chooseBankAccount, keptBankAccount, type BankLineAccount } from '../../platform/ledger/bank-accounts.ts';
import { findExpenseCurrencyCode, updateExpense } from './expenses.repository.ts';
import { findFirmToday } from '../../platform/firm-clock.ts';

/** What the books need of a paid expense: its amount (in the expense's own currency) and whose cost it is. */
export type PaidExpense = {
  id: string;
  firmId: string;
  isFirmExpense: boolean;
  clientId: string | null;
  matterId: string | null;
  amount: string;
  description: string;
  paidDate: string | null;
  paymentEntryId: string | null;
  /** The operating bank account it was paid from; null: the system operating bank (1000). */
  paidFromBankAccountId: string | null;
};

/**
 * The cash leaving an operating bank account for an expense (ADR 0020): the firm's own cost to firm
 * expenses; a cost advanced for a client to client costs advanced, on the client and matter, which
 * the invoice that bills it recovers through expense recoveries.
 */
export function expensePaymentLines(expense: PaidExpense, bank: BankLineAccount = { account: 'operating-bank' }): JournalLine[] {
  const owner = { clientId: expense.clientId, matterId: expense.matterId };
  return [
    { account: expense.isFirmExpense ? 'firm-expenses' : 'client-costs-advanced', debit: expense.amount, ...owner },
    bankLine(bank, { credit: expense.amount }, owner),
  ];
}

/**
 * Posts the payment's entry in the caller's transaction and keeps its id and bank account on the
 * expense. `bank` is the account chosen when it is marked paid (checked: the firm's, active, in the
 * expense's currency), or, when a changed expense is posted again, the one it was paid from.
 */
export async function postExpensePayment(
  tx: Tx,
  principal: Pick<FirmPrincipal, 'firmId' | 'userId'>,
  expense: PaidExpense,
  bank: { chosen: string | null } | { kept: string | null },
) {
  // The cash left the bank in the expense's own currency.
  const currency = (await findExpenseCurrencyCode(tx, principal.firmId, expense.id)) ?? (await homeCurrencyOf(tx, principal.firmId));
  const account =
    'chosen' in bank
      ? await chooseBankAccount(tx, principal.firmId, currency, bank.chosen)
      : await keptBankAccount(tx, principal.firmId, currency, bank.kept);
  const entryId = await postJournalEntry(tx, principal, {
    entryDate: expense.paidDate ?? (await findFirmToday(tx, principal.firmId)),
    memo: `Expense paid: ${expense.description}`.slice(0, 500),
    sourceType: 'expense-payment',
    sourceId: expense.id,
    currency,
    lines: expensePaymentLines(expense, account.line),
    dateField: 'paidDate',
  });
  await updateExpense(tx, principal.firmId, expense.id, { paymentEntryId: entryId, paidFromBankAccountId: account.bankAccountId });
  return entryId;
}

/** Takes a paid expense's entry out of the books (deleted, or changed so the entry no longer says what was paid). */
export async function reverseExpensePayment(tx: Tx, principal: FirmPrincipal, expense: PaidExpense, why: string) {
  if (!expense.paymentEntryId) return;
  await reverseJournalEntry(tx, principal, expense.paymentEntryId, {
    entryDate: await findFirmToday(tx, principal.firmId),
    memo: `Expense payment reversed (${why}): ${expense.description}`.slice(0, 500),
    sourceType: 'expense-payment',
    sourceId: expense.id,
  });
  await updateExpense(tx, principal.firmId, expense.id, { paymentEntryId: null });
}

/** Whether a change to a paid expense changes what its entry says (amount, or whose cost it is). */
export function changesPaymentEntry(before: PaidExpense, after: PaidExpense): boolean {
  return (
    before.amount !== after.amount ||
    before.isFirmExpense !== after.isFirmExpense ||
    before.clientId !== after.clientId ||
    before.matterId !== after.matterId
  );
}
