import { z } from 'zod';
import { queryBoolean } from '../common/fields.ts';
import { receivableMattersField } from './aged-receivables-report.schemas.ts';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

/** The row that takes what a payment pays of an invoice's expenses and tax (no fee earner earned it). */
export const UNALLOCATED_COLLECTIONS_LABEL = 'Unallocated (expenses and tax)';

export const collectionsQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('Payments dated from this day (YYYY-MM-DD).'),
    To: reportFilterFields.To.describe('Payments dated up to this day.'),
    FeeEarnerId: reportFilterFields.FeeEarnerId.describe('One fee earner’s share of the payments.'),
    ClientId: reportFilterFields.ClientId,
    MatterId: reportFilterFields.MatterId.describe('Payments of invoices covering this matter.'),
    CurrencyCode: reportFilterFields.CurrencyCode,
    Matters: receivableMattersField,
    Unallocated: queryBoolean.describe('true: only the row “Unallocated (expenses and tax)”: what no fee earner takes.'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] })
  .refine((query) => !(query.Unallocated && query.FeeEarnerId), {
    message: 'Choose a fee earner or the unallocated share, not both',
    path: ['Unallocated'],
  });
