import { z } from 'zod';
import { FROM_AFTER_TO, fromNotAfterTo, reportFilterFields, reportQueryBase } from '../reports/report.schemas.ts';

/**
 * The lead report (issue 45), one of the report centre's: leads by source and status, conversion rate,
 * days from enquiry to engagement and the consultation fees collected.
 */
export const leadReportQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe(
      'Leads that came in from this day (YYYY-MM-DD, the firm’s time zone); default 1 January of To’s year.',
    ),
    To: reportFilterFields.To.describe('Leads that came in up to this day; default the firm’s today.'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
