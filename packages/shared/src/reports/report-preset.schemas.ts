import { z } from 'zod';
import { addDays } from '../common/dates.ts';
import { requiredText } from '../common/fields.ts';

/**
 * A saved report preset (issue 37): a report's filters under a name, for the user who saved it. A
 * scheduled preset is e-mailed weekly (Mondays) or monthly (the 1st) as PDF and CSV to the team
 * members chosen. Its Period, when set, moves with the calendar: "last month" is last month at
 * every send, not the month it was saved in.
 */
export const REPORT_PERIODS = ['last-7-days', 'last-month', 'month-to-date', 'year-to-date'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  'last-7-days': 'Last 7 days',
  'last-month': 'Last month',
  'month-to-date': 'Month to date',
  'year-to-date': 'Year to date',
};

export const REPORT_SCHEDULES = ['weekly', 'monthly'] as const;

const presetQuery = z
  .record(z.string().max(40), z.string().max(200))
  .refine((query) => Object.keys(query).length <= 20, 'A preset holds at most 20 filters')
  .describe('The report’s query as the report centre sends it (From, ClientId, Period…); format, Level, Page and Size are not kept.');

export const reportPresetInputSchema = z.object({
  report: requiredText('Report', 60).describe('The report’s name, e.g. "work-in-progress".'),
  name: requiredText('Name', 80).describe('The preset’s name, unique per user and report; saving under a taken name replaces its filters.'),
  query: presetQuery,
});
export type ReportPresetInput = z.input<typeof reportPresetInputSchema>;

export const reportScheduleInputSchema = z
  .object({
    schedule: z
      .enum(REPORT_SCHEDULES, { error: 'Schedule must be weekly or monthly' })
      .nullable()
      .describe('weekly: every Monday; monthly: on the 1st; null: no longer sent.'),
    recipientUserIds: z
      .array(z.uuid({ error: 'Each recipient must be a team member' }))
      .max(50, 'At most 50 recipients')
      .describe('The team members who receive it (active ones with the permission the report needs).'),
  })
  .refine((input) => input.schedule === null || input.recipientUserIds.length > 0, {
    message: 'Choose at least one recipient',
    path: ['recipientUserIds'],
  });
export type ReportScheduleInput = z.input<typeof reportScheduleInputSchema>;

export const reportPresetSchema = z.object({
  id: z.string().describe('The preset’s id.'),
  report: z.string().describe('The report’s name.'),
  name: z.string().describe('The preset’s name.'),
  query: z.record(z.string(), z.string()).describe('The filters it opens the report with.'),
  schedule: z.enum(REPORT_SCHEDULES).nullable().describe('weekly, monthly, or null when it is not sent.'),
  recipientUserIds: z.array(z.string()).describe('Who receives it when scheduled.'),
  nextRunOn: z.string().nullable().describe('The firm’s date it is next sent (YYYY-MM-DD); null when not scheduled.'),
  lastSentAt: z.string().nullable().describe('When it was last sent (ISO moment); null before the first send.'),
});
export type ReportPreset = z.infer<typeof reportPresetSchema>;

export const reportPresetListSchema = z.array(reportPresetSchema);

export const reportPresetQuerySchema = z.object({
  Report: z.string().max(60).optional().describe('Only this report’s presets.'),
});

const firstOfMonth = (iso: string) => `${iso.slice(0, 8)}01`;

/** A preset's Period as From and To on a given day (the calendar year for year to date). */
export function datesOfPeriod(period: ReportPeriod, today: string): { From: string; To: string } {
  switch (period) {
    case 'last-7-days':
      return { From: addDays(today, -7), To: addDays(today, -1) };
    case 'last-month': {
      const lastDay = addDays(firstOfMonth(today), -1);
      return { From: firstOfMonth(lastDay), To: lastDay };
    }
    case 'month-to-date':
      return { From: firstOfMonth(today), To: today };
    case 'year-to-date':
      return { From: `${today.slice(0, 4)}-01-01`, To: today };
  }
}

/** A preset's query as a report takes it on a given day: its Period, when it has one, becomes From and To. */
export function presetQueryOn(query: Record<string, string>, today: string): Record<string, string> {
  const { Period: period, ...rest } = query;
  if (!period || !(REPORT_PERIODS as readonly string[]).includes(period)) return rest;
  return { ...rest, ...datesOfPeriod(period as ReportPeriod, today) };
}

/** The day a schedule next sends after `today`: the next Monday, or the 1st of next month. */
export function nextSendingDay(schedule: (typeof REPORT_SCHEDULES)[number], today: string): string {
  if (schedule === 'monthly') return addDays(`${today.slice(0, 7)}-28`, 4).slice(0, 8) + '01';
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(today, (8 - weekday) % 7 || 7);
}
