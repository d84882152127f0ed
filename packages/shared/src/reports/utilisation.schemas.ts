import { z } from 'zod';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

export const utilisationQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('Activity dates from this day (YYYY-MM-DD); default 1 January of To’s year.'),
    To: reportFilterFields.To.describe('Activity dates up to this day; default the firm’s today.'),
    FeeEarnerId: reportFilterFields.FeeEarnerId,
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
