import { z } from 'zod';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

/**
 * The books the Legal Practitioners' Accounts Rules 1964 (Nigeria) require of a firm holding client
 * money, as the firm shows them to an inspector: the clients' cash book, the clients' ledger and the
 * record of bills of costs.
 */
export const STATUTORY_BOOKS = ['cash-book', 'clients-ledger', 'bills-of-costs'] as const;
export type StatutoryBook = (typeof STATUTORY_BOOKS)[number];

export const STATUTORY_BOOK_NAMES: Record<StatutoryBook, string> = {
  'cash-book': 'Clients’ cash book',
  'clients-ledger': 'Clients’ ledger',
  'bills-of-costs': 'Record of bills of costs',
};

export const statutoryBooksQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('From this day (YYYY-MM-DD): movement dates, or bills’ issue dates.'),
    To: reportFilterFields.To.describe('Up to this day (default the firm’s today): movement dates, or bills’ issue dates.'),
    ClientId: reportFilterFields.ClientId,
    Book: z
      .enum(STATUTORY_BOOKS, { error: 'Book must be cash-book, clients-ledger or bills-of-costs' })
      .optional()
      .describe('Which book: cash-book (the default), clients-ledger or bills-of-costs.'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
