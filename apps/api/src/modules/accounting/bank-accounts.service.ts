import type { z } from 'zod';
import {
  BANK_ACCOUNT_MESSAGES,
  CHART_MESSAGES,
  maskAccountNumber,
  type BankAccount,
  type bankAccountInputSchema,
  type BankAccountList,
  type BankAccountOptions,
  type bankAccountUpdateSchema,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { findExpense, findExpenseCurrencyCode } from '../expenses/expenses.api.ts';
import { homeCurrencyOf } from '../../platform/ledger/ledger.ts';
import * as repository from './bank-accounts.repository.ts';
import * as chart from './chart-of-accounts.repository.ts';

type Create = z.output<typeof bankAccountInputSchema>;
type Update = z.output<typeof bankAccountUpdateSchema>;

const viewOf = (row: repository.BankAccountRow): BankAccount => ({
  ...row,
  maskedAccountNumber: maskAccountNumber(row.accountNumberLast4),
});

/** The first number from 1001 the chart does not use: new bank accounts sit under 1000 Operating bank. */
export function firstFreeBankNumber(taken: ReadonlySet<string>): string | null {
  for (let number = 1001; number <= 1099; number += 1) if (!taken.has(String(number))) return String(number);
  return null;
}

/**
 * The ledger account a new bank account books to: an existing active asset account no module keeps
 * (e.g. 1000 Operating bank itself), or a new sub-account of the system operating bank.
 */
async function ledgerAccountFor(tx: Tx, firmId: string, input: Create): Promise<string> {
  if (input.ledgerAccountId) {
    const account = await chart.findAccount(tx, firmId, input.ledgerAccountId);
    if (!account) throw notFound('Ledger account');
    if (account.type !== 'asset' || !account.isActive || account.ownedByModule)
      throw badRequest(BANK_ACCOUNT_MESSAGES.ledgerAccountNotAsset, { ledgerAccountId: BANK_ACCOUNT_MESSAGES.ledgerAccountNotAsset });
    if (await repository.isLedgerAccountTaken(tx, firmId, account.id)) throw conflict(BANK_ACCOUNT_MESSAGES.ledgerAccountTaken);
    return account.id;
  }
  const operating = await repository.findSystemOperatingBank(tx, firmId);
  const taken = await repository.findTakenNumbers(tx, firmId);
  const number = input.ledgerAccountNumber ?? firstFreeBankNumber(taken);
  if (!number) throw badRequest(BANK_ACCOUNT_MESSAGES.noFreeNumber, { ledgerAccountNumber: BANK_ACCOUNT_MESSAGES.noFreeNumber });
  if (taken.has(number)) throw conflict(CHART_MESSAGES.numberTaken);
  const masked = maskAccountNumber(input.accountNumber);
  return chart.insertAccount(tx, firmId, {
    number,
    name: input.name,
    type: 'asset',
    normalBalance: 'debit',
    // A sub-account of the operating bank, unless the firm has made that a sub-account itself (one level only).
    parentId: operating.parentId === null ? operating.id : null,
    description: `${input.bankName}${masked ? ` ${masked}` : ''} (${input.currencyCode}): an operating bank account.`,
    isActive: true,
  });
}

/** The currency an expense was (or will be) paid in: its own, else the firm's home currency; 404 for an expense the firm has not. */
async function expenseCurrencyOf(tx: Tx, firmId: string, expenseId: string): Promise<string> {
  if (!(await findExpense(tx, firmId, expenseId))) throw notFound('Expense');
  return (await findExpenseCurrencyCode(tx, firmId, expenseId)) ?? (await homeCurrencyOf(tx, firmId));
}

export function createBankAccountService(database: Database) {
  const find = async (tx: Tx, firmId: string, id: string) => viewOf((await repository.findBankAccount(tx, firmId, id))!);

  return {
    list: (principal: FirmPrincipal): Promise<BankAccountList> =>
      database.withFirm(
        principal.firmId,
        async (tx) => ({
          accounts: (await repository.findBankAccounts(tx, principal.firmId)).map(viewOf),
          fallbackLedgerAccountNumber: (await repository.findSystemOperatingBank(tx, principal.firmId)).number,
        }),
        READ_ONLY,
      ),

    /** What a payment or expense form offers: the currency's active accounts, and the system operating bank while none is the default. */
    options: (principal: FirmPrincipal, money: { currencyCode?: string; expenseId?: string }): Promise<BankAccountOptions> =>
      database.withFirm(
        principal.firmId,
        async (tx) => {
          const currencyCode = money.expenseId ? await expenseCurrencyOf(tx, principal.firmId, money.expenseId) : money.currencyCode!;
          const accounts = (await repository.findBankAccounts(tx, principal.firmId)).filter(
            (account) => account.isActive && account.currencyCode === currencyCode,
          );
          const options = accounts.map((account) => ({
            id: account.id,
            label: [
              account.name,
              `${account.bankName}${account.accountNumberLast4 ? ` ${maskAccountNumber(account.accountNumberLast4)}` : ''}`,
            ].join(' · '),
            isDefault: account.isDefault,
          }));
          if (options.some((option) => option.isDefault)) return { options };
          // Linked to a registered account, the system operating bank is already offered under that account's name.
          const operating = await repository.findSystemOperatingBank(tx, principal.firmId);
          if (accounts.some((account) => account.ledgerAccountId === operating.id)) return { options };
          const fallback = (await chart.findAccount(tx, principal.firmId, operating.id))!;
          return { options: [{ id: null, label: `${fallback.number} ${fallback.name}`, isDefault: true }, ...options] };
        },
        READ_ONLY,
      ),

    create: (principal: FirmPrincipal, input: Create): Promise<BankAccount> =>
      database.withFirm(principal.firmId, async (tx) => {
        const ledgerAccountId = await ledgerAccountFor(tx, principal.firmId, input);
        if (input.isDefault) await repository.clearDefault(tx, principal.firmId, input.currencyCode, null);
        let id: string;
        try {
          // A savepoint, so a concurrent taker of the ledger account or default leaves the transaction usable for the 409.
          id = await tx.transaction((inner) =>
            repository.insertBankAccount(inner as Tx, {
              firmId: principal.firmId,
              name: input.name,
              bankName: input.bankName,
              accountNumberLast4: input.accountNumber,
              currencyCode: input.currencyCode,
              ledgerAccountId,
              isDefault: input.isDefault,
              isActive: true,
              createdByUserId: principal.userId,
            }),
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(BANK_ACCOUNT_MESSAGES.ledgerAccountTaken);
          throw error;
        }
        const account = await find(tx, principal.firmId, id);
        await recordAuditEvent(tx, principal, 'bankAccount.created', id, { after: account });
        return account;
      }),

    update: (principal: FirmPrincipal, id: string, input: Update): Promise<BankAccount> =>
      database.withFirm(principal.firmId, async (tx) => {
        const existing = await repository.findBankAccount(tx, principal.firmId, id, { lock: true });
        if (!existing) throw notFound('Bank account');
        if (input.isDefault && !input.isActive)
          throw badRequest(BANK_ACCOUNT_MESSAGES.defaultInactive, { isDefault: BANK_ACCOUNT_MESSAGES.defaultInactive });
        if (input.isDefault) await repository.clearDefault(tx, principal.firmId, existing.currencyCode, id);
        await repository.updateBankAccount(tx, principal.firmId, id, {
          name: input.name,
          bankName: input.bankName,
          accountNumberLast4: input.accountNumber ?? existing.accountNumberLast4,
          isDefault: input.isDefault,
          isActive: input.isActive,
        });
        const account = await find(tx, principal.firmId, id);
        await recordAuditEvent(tx, principal, 'bankAccount.updated', id, { before: viewOf(existing), after: account });
        return account;
      }),

    /** No longer offered; money in its currency goes to another default, or the system operating bank. Its history stays. */
    deactivate: (principal: FirmPrincipal, id: string): Promise<BankAccount> =>
      database.withFirm(principal.firmId, async (tx) => {
        const existing = await repository.findBankAccount(tx, principal.firmId, id, { lock: true });
        if (!existing) throw notFound('Bank account');
        await repository.updateBankAccount(tx, principal.firmId, id, { isActive: false, isDefault: false });
        const account = await find(tx, principal.firmId, id);
        await recordAuditEvent(tx, principal, 'bankAccount.deactivated', id, { before: viewOf(existing), after: account });
        return account;
      }),
  };
}
