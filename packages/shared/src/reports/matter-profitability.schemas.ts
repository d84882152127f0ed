import { z } from 'zod';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

/** The items behind a matter's figures: its time, its flat fees and its non-recoverable expenses. */
export const PROFITABILITY_KINDS = ['time', 'flatFee', 'expense'] as const;
export type ProfitabilityKind = (typeof PROFITABILITY_KINDS)[number];

export const matterProfitabilityQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('Activity dates (of time, flat fees and expenses) from this day (YYYY-MM-DD).'),
    To: reportFilterFields.To.describe('Activity dates up to this day.'),
    ClientId: reportFilterFields.ClientId,
    MatterId: reportFilterFields.MatterId,
    PracticeAreaId: reportFilterFields.PracticeAreaId,
    Kind: z
      .enum(PROFITABILITY_KINDS, { error: 'Kind must be time, flatFee or expense' })
      .optional()
      .describe('Entries level: one kind of item (time, flat fees, non-recoverable expenses).'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
