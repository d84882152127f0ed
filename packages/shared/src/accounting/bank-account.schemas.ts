import { z } from 'zod';
import { requiredText } from '../common/fields.ts';
import { accountNumber } from './chart-of-accounts.schemas.ts';
import { currencyCode } from './bank-account-options.ts';

/** The messages the bank accounts' rules answer with, said once for the server, the web and the tests. */
export const BANK_ACCOUNT_MESSAGES = {
  inactive: 'This bank account is deactivated: choose another',
  currencyMismatch: (account: string, money: string) =>
    `This bank account holds ${account}: it cannot take money in ${money}. Choose an account in ${money}`,
  ledgerAccountTaken: 'Another bank account already books to this ledger account',
  ledgerAccountNotAsset: 'A bank account books to an active asset account that no module keeps',
  noFreeNumber: 'Every number from 1001 to 1099 is taken: give the new ledger account’s number',
  defaultInactive: 'A deactivated bank account cannot be the default',
} as const;

/** What is shown of an account number: only its last 4 digits are ever kept. */
export const maskAccountNumber = (last4: string | null): string | null => (last4 ? `••••${last4}` : null);

/** Any account number as the bank prints it (spaces and dashes allowed); only its last 4 digits are kept. */
const accountNumberDigits = z
  .string({ error: 'Account number must be text' })
  .trim()
  .nullish()
  .transform((value) => (value ? value.replace(/[\s-]/g, '') : null))
  .refine((value) => value === null || /^\d{4,34}$/.test(value), 'Account number must be 4 to 34 digits')
  .transform((value) => (value === null ? null : value.slice(-4)));

const common = {
  name: requiredText('Name', 120).describe('What the firm calls the account, e.g. "USD domiciliary".'),
  bankName: requiredText('Bank name', 120).describe('The bank that keeps the account, e.g. "Zenith Bank".'),
  accountNumber: accountNumberDigits.describe(
    'The account number (digits, spaces and dashes); only its last 4 digits are stored and shown (••••1234); null or omitted: none, or on update unchanged.',
  ),
  isDefault: z
    .boolean()
    .optional()
    .default(false)
    .describe('true: money in its currency with no account chosen goes here (one default per currency; the previous one stops being it).'),
};

/** POST create-bank-account. */
export const bankAccountInputSchema = z.object({
  ...common,
  currencyCode: currencyCode.describe('ISO 4217 code of the money the account holds; only money in it is received into or paid from it.'),
  ledgerAccountId: z
    .uuid({ error: 'Ledger account must be an id' })
    .nullish()
    .describe(
      'An existing active asset account to book it to (e.g. 1000 Operating bank itself); null or omitted: a new sub-account of 1000 Operating bank.',
    ),
  ledgerAccountNumber: accountNumber
    .nullish()
    .describe('The new sub-account’s 4-digit number; null or omitted: the first free number from 1001. Ignored with ledgerAccountId.'),
});
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

/** PUT update-bank-account/:id: the currency and the ledger account never change (postings name them). */
export const bankAccountUpdateSchema = z.object({
  ...common,
  isActive: z
    .boolean()
    .optional()
    .default(true)
    .describe('false deactivates it: no new payments or expenses choose it; its history stays.'),
});
export type BankAccountUpdate = z.input<typeof bankAccountUpdateSchema>;

export const bankAccountSchema = z.object({
  id: z.string().describe('The bank account’s id: the bankAccountId payments and expenses name.'),
  name: z.string().describe('What the firm calls the account.'),
  bankName: z.string().describe('The bank that keeps it.'),
  accountNumberLast4: z.string().nullable().describe('The last 4 digits of its number; null: not given.'),
  maskedAccountNumber: z.string().nullable().describe('Its number as shown: "••••1234"; null: not given.'),
  currencyCode: z.string().describe('ISO 4217 code of the money it holds.'),
  ledgerAccountId: z.string().describe('The asset account in the chart its money is booked to.'),
  ledgerAccountNumber: z.string().describe('That ledger account’s 4-digit number.'),
  ledgerAccountName: z.string().describe('That ledger account’s name.'),
  balance: z.string().describe('The ledger account’s balance in the bank account’s currency (debit − credit), an exact decimal string.'),
  isDefault: z.boolean().describe('true: money in its currency with no account chosen goes here.'),
  isActive: z.boolean().describe('false: deactivated, no longer offered to payments and expenses.'),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountListSchema = z.object({
  accounts: z.array(bankAccountSchema).describe('The firm’s operating bank accounts, active first, then by currency and name.'),
  fallbackLedgerAccountNumber: z
    .string()
    .describe('The system operating bank’s number (1000): money in a currency without a default account is booked there.'),
});
export type BankAccountList = z.infer<typeof bankAccountListSchema>;

export * from './bank-account-options.ts';
