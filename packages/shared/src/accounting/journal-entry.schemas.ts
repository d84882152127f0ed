import { z } from 'zod';
import {
  isoDate,
  optionalMoneyText,
  optionalMultilineText,
  optionalText,
  optionalUuid,
  requiredId,
  requiredMultilineText,
} from '../common/fields.ts';

export const JOURNAL_MESSAGES = {
  ownedAccount: 'is kept by its module (its sub-ledger must tie out) and cannot be posted to by hand',
  inactiveAccount: 'is deactivated: activate it to post to it',
  notManual: 'Only a manual journal entry can be reversed here; correct a module’s entry in its module',
  isReversal: 'This entry is itself a reversal: post a new entry instead',
  alreadyReversed: 'This journal entry has already been reversed',
} as const;

export const journalEntryLineInputSchema = z.object({
  accountId: requiredId('Choose an account for every line').describe('The ledger account the line posts to (not one a module owns).'),
  debit: optionalMoneyText('Debit').describe('The line’s debit, a decimal string with at most 2 decimals; give a debit or a credit.'),
  credit: optionalMoneyText('Credit').describe('The line’s credit, a decimal string with at most 2 decimals; give a debit or a credit.'),
  currencyCode: z
    .string()
    .trim()
    .regex(/^([A-Z]{3})?$/, 'Currency must be an ISO 4217 code such as NGN')
    .nullish()
    .transform((value) => value || null)
    .describe('ISO 4217 code of the line’s currency; null: the firm’s home currency. The entry balances in each currency.'),
  clientId: optionalUuid('Client').describe('The client the line concerns; null: none.'),
  matterId: optionalUuid('Matter').describe('The matter the line concerns; null: none.'),
  memo: optionalMultilineText('Line memo', 300).describe('The line’s own memo; null: none.'),
});

/** POST create-journal-entry: a manual entry, balanced in each currency. */
export const journalEntryInputSchema = z.object({
  entryDate: isoDate('Date').describe('The date the entry is booked on, YYYY-MM-DD.'),
  reference: optionalText('Reference', 60).describe('A reference for the entry (voucher or document number); null: none.'),
  memo: requiredMultilineText('Memo', 500).describe('What the entry records, in words.'),
  lines: z
    .array(journalEntryLineInputSchema, { error: 'A journal entry needs lines' })
    .min(2, 'A journal entry needs at least two lines')
    .max(100, 'A journal entry has at most 100 lines')
    .describe('Two or more lines, each a debit or a credit; debits equal credits in each currency.'),
});
export type JournalEntryInput = z.input<typeof journalEntryInputSchema>;

/** POST reverse-journal-entry/:id. */
export const journalEntryReversalSchema = z.object({
  entryDate: isoDate('Date').optional().describe('The reversal’s date, YYYY-MM-DD; left out: today in the firm’s time zone.'),
  memo: optionalMultilineText('Memo', 500).describe('The reversal’s memo; null: "Reversal of" and the original’s memo.'),
});
export type JournalEntryReversal = z.input<typeof journalEntryReversalSchema>;
