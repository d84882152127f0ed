import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

export { bankAccountChoice } from './bank-account-choice.ts';

// The call a payment's or an expense payment's bank account picker reads. Its own module, importing
// no other accounting schema: the billing forms that use it must not carry the accounting schemas
// with them (their JavaScript budgets).

/** An ISO 4217 code, upper-cased. */
export const currencyCode = z
  .string({ error: 'Currency is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter ISO 4217 code');

/** GET get-bank-account-options: what a payment or expense form offers for money in one currency. */
export const bankAccountOptionsQuerySchema = z
  .object({
    CurrencyCode: currencyCode.optional().describe('ISO 4217 code of the money: only accounts holding it are offered.'),
    ExpenseId: z
      .uuid({ error: 'ExpenseId must be an id' })
      .optional()
      .describe('Instead of CurrencyCode: the expense about to be marked paid, whose currency the accounts must hold.'),
  })
  .refine((query) => Boolean(query.CurrencyCode) !== Boolean(query.ExpenseId), {
    error: 'Give CurrencyCode or ExpenseId',
    path: ['CurrencyCode'],
  });

export const bankAccountOptionSchema = z.object({
  id: z
    .string()
    .nullable()
    .describe('The bankAccountId to send; null: the system operating bank (1000), where the money goes when no account is its default.'),
  label: z.string().describe('How a picker shows it: name, bank and masked number, e.g. "USD domiciliary · Zenith Bank ••••1234".'),
  isDefault: z.boolean().describe('true: where the money goes when none is chosen.'),
});
export type BankAccountOption = z.infer<typeof bankAccountOptionSchema>;

export const bankAccountOptionsSchema = z.object({
  options: z
    .array(bankAccountOptionSchema)
    .describe('The active accounts in the currency, the default first; a form shows a picker only when there are two or more.'),
});
export type BankAccountOptions = z.infer<typeof bankAccountOptionsSchema>;

export const bankAccountOptionsRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/accounting/get-bank-account-options',
  query: bankAccountOptionsQuerySchema,
  response: bankAccountOptionsSchema,
});
