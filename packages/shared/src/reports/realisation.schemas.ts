import { z } from 'zod';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

/** What the realisation report's rows are: one per fee earner, matter or practice area. */
export const REALISATION_GROUPINGS = ['feeEarner', 'matter', 'practiceArea'] as const;
export type RealisationGrouping = (typeof REALISATION_GROUPINGS)[number];

export const realisationQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('Activity dates (of the time worked) from this day (YYYY-MM-DD).'),
    To: reportFilterFields.To.describe('Activity dates up to this day.'),
    FeeEarnerId: reportFilterFields.FeeEarnerId,
    MatterId: reportFilterFields.MatterId,
    PracticeAreaId: reportFilterFields.PracticeAreaId,
    GroupBy: z
      .enum(REALISATION_GROUPINGS, { error: 'GroupBy must be feeEarner, matter or practiceArea' })
      .optional()
      .describe('A row per fee earner (the default), matter or practice area.'),
    NoPracticeArea: z
      .enum(['true', 'false'], { error: 'NoPracticeArea must be true or false' })
      .optional()
      .transform((value) => value === 'true')
      .describe('true: only time on matters without a practice area (the drill-down of that row).'),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
