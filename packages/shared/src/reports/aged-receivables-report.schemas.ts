import { z } from 'zod';
import { reportFilterFields, reportQueryBase } from './report.schemas.ts';

/** The age buckets of aged receivables, by days past the due date on the report's date. */
export const RECEIVABLE_AGE_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type ReceivableAgeBucket = (typeof RECEIVABLE_AGE_BUCKETS)[number];

/**
 * An invoice's receivable is booked to its one matter, or to the client alone when it covers several
 * (as its journal lines are): the money reports group and drill by that, `one` or `several`.
 */
export const RECEIVABLE_MATTER_SCOPES = ['one', 'several'] as const;

export const receivableMattersField = z
  .enum(RECEIVABLE_MATTER_SCOPES, { error: 'Matters must be one or several' })
  .optional()
  .describe('Only invoices of one matter (one) or covering several matters (several), as the rows group them; omitted: both.');

export const agedReceivablesReportQuerySchema = z.object({
  ...reportQueryBase,
  AsOfDate: reportFilterFields.AsOfDate.describe(
    'What clients owed at the end of this day (YYYY-MM-DD): invoices issued by then, less payments, credits and write-offs dated by then; default the firm’s today.',
  ),
  ClientId: reportFilterFields.ClientId,
  MatterId: reportFilterFields.MatterId.describe('Invoices covering this matter.'),
  CurrencyCode: reportFilterFields.CurrencyCode,
  Matters: receivableMattersField,
  Bucket: z
    .enum(RECEIVABLE_AGE_BUCKETS, { error: 'Bucket must be current, 1-30, 31-60, 61-90 or 90+' })
    .optional()
    .describe('Entries level: one age bucket (days past due).'),
});
