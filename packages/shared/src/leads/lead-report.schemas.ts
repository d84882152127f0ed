import { z } from 'zod';
import { FROM_AFTER_TO, fromNotAfterTo, reportFilterFields } from '../reports/report.schemas.ts';

/** The lead report (issue 45): leads by source and status, conversion rate and days from enquiry to engagement. */
export const leadReportQuerySchema = z
  .object({
    From: reportFilterFields.From.describe(
      'Leads that came in from this day (YYYY-MM-DD, the firm’s time zone); default 1 January of To’s year.',
    ),
    To: reportFilterFields.To.describe('Leads that came in up to this day; default the firm’s today.'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
