import { and, eq } from 'drizzle-orm';
import { BANK_ACCOUNT_MESSAGES } from '@matterhorn/shared';
import type { Tx } from '../../db/database.ts';
import { bankAccounts } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { JournalLine } from './ledger.ts';

/** Where a bank line posts: a bank account's own ledger account, or the system operating bank (1000). */
export type BankLineAccount = { accountId: string; account?: never } | { account: 'operating-bank'; accountId?: never };

/** The operating bank account money goes into or comes from: its id (null: the system operating bank) and where its line posts. */
export type ChosenBank = { bankAccountId: string | null; line: BankLineAccount };

const SYSTEM_OPERATING_BANK: ChosenBank = { bankAccountId: null, line: { account: 'operating-bank' } };

/**
 * The bank account for money in `currency` (issue 36): the one chosen, which must be the firm's
 * (404), active and in that currency (400); none chosen, the firm's default for the currency; no
 * default, the system operating bank, as before a firm had several accounts.
 */
export async function chooseBankAccount(tx: Tx, firmId: string, currency: string, bankAccountId?: string | null): Promise<ChosenBank> {
  if (bankAccountId) {
    const [account] = await tx
      .select({
        id: bankAccounts.id,
        currencyCode: bankAccounts.currencyCode,
        isActive: bankAccounts.isActive,
        ledgerAccountId: bankAccounts.ledgerAccountId,
      })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.firmId, firmId), eq(bankAccounts.id, bankAccountId)));
    if (!account) throw notFound('Bank account');
    if (!account.isActive) throw badRequest(BANK_ACCOUNT_MESSAGES.inactive, { bankAccountId: BANK_ACCOUNT_MESSAGES.inactive });
    if (account.currencyCode !== currency) {
      const message = BANK_ACCOUNT_MESSAGES.currencyMismatch(account.currencyCode, currency);
      throw badRequest(message, { bankAccountId: message });
    }
    return { bankAccountId: account.id, line: { accountId: account.ledgerAccountId } };
  }
  return (await defaultBankAccount(tx, firmId, currency)) ?? SYSTEM_OPERATING_BANK;
}

async function defaultBankAccount(tx: Tx, firmId: string, currency: string): Promise<ChosenBank | null> {
  const [account] = await tx
    .select({ id: bankAccounts.id, ledgerAccountId: bankAccounts.ledgerAccountId })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.firmId, firmId), eq(bankAccounts.currencyCode, currency), eq(bankAccounts.isDefault, true)));
  return account ? { bankAccountId: account.id, line: { accountId: account.ledgerAccountId } } : null;
}

/**
 * The bank account an earlier record named (a paid expense posted again after a change), active or
 * not, while it holds the money's currency; else (none named, or the currency changed) as if none was chosen.
 */
export async function keptBankAccount(tx: Tx, firmId: string, currency: string, bankAccountId: string | null): Promise<ChosenBank> {
  if (bankAccountId) {
    const [account] = await tx
      .select({ id: bankAccounts.id, currencyCode: bankAccounts.currencyCode, ledgerAccountId: bankAccounts.ledgerAccountId })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.firmId, firmId), eq(bankAccounts.id, bankAccountId)));
    if (account?.currencyCode === currency) return { bankAccountId: account.id, line: { accountId: account.ledgerAccountId } };
  }
  return chooseBankAccount(tx, firmId, currency, null);
}

/** A bank line of an entry: the chosen account's debit (money in) or credit (money out). */
export const bankLine = (
  bank: BankLineAccount,
  side: { debit: string } | { credit: string },
  rest: Omit<JournalLine, 'account' | 'accountId' | 'debit' | 'credit'> = {},
): JournalLine => ({ ...bank, ...side, ...rest }) as JournalLine;
