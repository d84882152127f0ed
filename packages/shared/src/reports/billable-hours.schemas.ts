import { z } from 'zod';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

/** Which entries a figure of the billable-hours report stands for (its drill-down). */
export const BILLABLE_HOURS_KINDS = ['billable', 'nonBillable', 'billed', 'unbilled'] as const;
export type BillableHoursKind = (typeof BILLABLE_HOURS_KINDS)[number];

/** What a row of the time reports' summaries is: a fee earner (the default), or one fee earner's time on one matter. */
export const TIME_REPORT_GROUPINGS = ['feeEarner', 'matter'] as const;
export const timeReportGroupBy = z
  .enum(TIME_REPORT_GROUPINGS, { error: 'GroupBy must be feeEarner or matter' })
  .optional()
  .describe('A row per fee earner (the default), or per matter and fee earner.');

export const billableHoursQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('Activity dates from this day (YYYY-MM-DD).'),
    To: reportFilterFields.To.describe('Activity dates up to this day.'),
    FeeEarnerId: reportFilterFields.FeeEarnerId,
    ClientId: reportFilterFields.ClientId,
    MatterId: reportFilterFields.MatterId,
    PracticeAreaId: reportFilterFields.PracticeAreaId,
    GroupBy: timeReportGroupBy,
    Kind: z
      .enum(BILLABLE_HOURS_KINDS, { error: 'Kind must be billable, nonBillable, billed or unbilled' })
      .optional()
      .describe('Entries level: billable, non-billable, billed or unbilled time only.'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
