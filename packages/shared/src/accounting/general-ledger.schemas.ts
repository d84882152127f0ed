import { z } from 'zod';
import { isoDate, optionalMoneyText } from '../common/fields.ts';
import { pageQuerySchema } from '../common/pagination.ts';
import { JOURNAL_SOURCE_TYPES, LEDGER_ACCOUNT_TYPES } from './ledger.schemas.ts';
import { STATEMENT_FORMATS } from './statements.schemas.ts';

/** GET get-general-ledger: one account's lines with running balances; format=csv for the whole range. */
export const generalLedgerQuerySchema = pageQuerySchema.extend({
  AccountId: z.uuid({ error: 'Choose an account' }).describe('The ledger account whose lines to answer.'),
  FromDate: isoDate('From date')
    .optional()
    .describe('Lines of entries dated on or after this date, YYYY-MM-DD; earlier ones make the opening balance.'),
  ToDate: isoDate('To date').optional().describe('Lines of entries dated on or before this date, YYYY-MM-DD.'),
  ClientId: z.uuid({ error: 'ClientId must be an id' }).optional().describe('Only lines about this client (opening balance too).'),
  MatterId: z.uuid({ error: 'MatterId must be an id' }).optional().describe('Only lines about this matter (opening balance too).'),
  SourceType: z
    .enum(JOURNAL_SOURCE_TYPES, { error: `SourceType must be one of ${JOURNAL_SOURCE_TYPES.join(', ')}` })
    .optional()
    .describe('Only lines of entries posted by this kind of event (opening balance too).'),
  MinAmount: optionalMoneyText('Least amount')
    .optional()
    .describe('Only lines whose debit or credit is at least this amount (opening balance too); with MaxAmount, an exact amount.'),
  MaxAmount: optionalMoneyText('Greatest amount')
    .optional()
    .describe('Only lines whose debit or credit is at most this amount (opening balance too).'),
  format: z
    .enum(STATEMENT_FORMATS, { error: 'format must be json, csv or pdf' })
    .optional()
    .describe('csv or pdf: answer every line of the range as a CSV file or a PDF instead of a page.'),
});
export type GeneralLedgerQuery = z.input<typeof generalLedgerQuerySchema>;

export const generalLedgerLineSchema = z.object({
  lineId: z.string().describe('The journal line’s id.'),
  entryId: z.string().describe('The journal entry the line belongs to.'),
  entryDate: z.string().describe('The entry’s date, YYYY-MM-DD.'),
  reference: z.string().nullable().describe('The entry’s reference; null: none.'),
  memo: z.string().describe('The entry’s memo.'),
  lineMemo: z.string().nullable().describe('The line’s own memo; null: none.'),
  sourceType: z.enum(JOURNAL_SOURCE_TYPES).describe('What posted the entry: the kind of record to open for the detail.'),
  sourceId: z.string().nullable().describe('The record that posted it (invoice, payment, expense, trust movement…); null: a manual entry.'),
  reversesEntryId: z.string().nullable().describe('The entry this one reverses; null: not a reversal.'),
  clientId: z.string().nullable().describe('The client the line concerns; null: none.'),
  clientName: z.string().nullable().describe('That client’s name; null: none.'),
  matterId: z.string().nullable().describe('The matter the line concerns; null: none.'),
  matterNumber: z.string().nullable().describe('That matter’s number; null: none.'),
  currencyCode: z.string().describe('ISO 4217 code of the line’s currency.'),
  debit: z.string().describe('The line’s debit, an exact decimal string; "0.00" on a credit.'),
  credit: z.string().describe('The line’s credit, an exact decimal string; "0.00" on a debit.'),
  runningBalance: z
    .string()
    .describe(
      'The account’s balance in this line’s currency after it (opening balance + debits − credits so far), never mixing currencies.',
    ),
});
export type GeneralLedgerLine = z.infer<typeof generalLedgerLineSchema>;

export const generalLedgerCurrencySchema = z.object({
  currencyCode: z.string().describe('ISO 4217 code; each currency is balanced on its own.'),
  openingBalance: z.string().describe('Debit − credit of the filtered lines dated before FromDate (0.00 without FromDate).'),
  totalDebit: z.string().describe('The debits of the filtered lines in the range.'),
  totalCredit: z.string().describe('The credits of the filtered lines in the range.'),
  closingBalance: z.string().describe('openingBalance + totalDebit − totalCredit.'),
});

export const generalLedgerSchema = z.object({
  account: z
    .object({
      id: z.string().describe('The account’s id.'),
      number: z.string().describe('The account’s number.'),
      name: z.string().describe('The account’s name.'),
      type: z.enum(LEDGER_ACCOUNT_TYPES).describe('The account’s class.'),
      normalBalance: z.enum(['debit', 'credit']).describe('The side its balance normally sits on.'),
    })
    .describe('The account answered.'),
  fromDate: z.string().nullable().describe('The FromDate asked for; null: from the first entry.'),
  toDate: z.string().nullable().describe('The ToDate asked for; null: to the last entry.'),
  currencies: z.array(generalLedgerCurrencySchema).describe('Per currency the account holds: opening, movements and closing balance.'),
  data: z.array(generalLedgerLineSchema).describe('This page’s lines, by entry date then posting order.'),
  page: z.number().describe('The page answered, from 1.'),
  size: z.number().describe('How many lines a page holds.'),
  totalCount: z.number().describe('How many lines match in the range.'),
});
export type GeneralLedger = z.infer<typeof generalLedgerSchema>;
