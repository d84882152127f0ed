import { z } from 'zod';
import { timeReportGroupBy } from './billable-hours.schemas.ts';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

/** The age buckets of work in progress, by days since the activity date. */
export const WIP_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type WipBucket = (typeof WIP_BUCKETS)[number];

export const WIP_KINDS = ['time', 'expense', 'flatFee'] as const;

export const workInProgressQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('Activity dates from this day (YYYY-MM-DD).'),
    To: reportFilterFields.To.describe('Activity dates up to this day.'),
    FeeEarnerId: reportFilterFields.FeeEarnerId,
    ClientId: reportFilterFields.ClientId,
    MatterId: reportFilterFields.MatterId,
    PracticeAreaId: reportFilterFields.PracticeAreaId,
    GroupBy: timeReportGroupBy,
    Bucket: z
      .enum(WIP_BUCKETS, { error: 'Bucket must be 0-30, 31-60, 61-90 or 90+' })
      .optional()
      .describe('Entries level: one age bucket.'),
    Kind: z.enum(WIP_KINDS, { error: 'Kind must be time, expense or flatFee' }).optional().describe('Entries level: one kind of entry.'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
