import { z } from 'zod';

/**
 * The dashboard's figures (issue 37): cards for this month and the year to date, and three charts,
 * each figure made by the report of the same name so the two never disagree. A user without
 * viewSummary sees their own figures (scope "own") and no firm-wide money.
 */
const inCurrency = <T extends z.ZodRawShape>(shape: T) => z.object({ currencyCode: z.string().describe('ISO 4217 code.'), ...shape });

export const periodFiguresSchema = z.object({
  month: z.string().describe('This month so far.'),
  yearToDate: z.string().describe('From 1 January to today.'),
});

export const firmKpisSchema = z.object({
  scope: z.enum(['firm', 'own']).describe('firm: the whole firm’s figures (viewSummary); own: the signed-in fee earner’s only.'),
  today: z.string().describe('The firm’s today (YYYY-MM-DD): the month and the year run to it.'),
  homeCurrencyCode: z.string().describe('The firm’s home currency, in which hours are valued and work in progress is held.'),
  billableHours: periodFiguresSchema.describe('Billable hours by activity date (the billable-hours report’s total).'),
  utilisation: z
    .object({
      month: z.string().nullable().describe('This month so far.'),
      yearToDate: z.string().nullable().describe('From 1 January to today.'),
    })
    .describe('Billable ÷ available hours, a percentage with one decimal (the utilisation report’s); null when no hours were available.'),
  workInProgress: z
    .string()
    .describe('Unbilled billable work in the home currency (the work-in-progress report’s total), an exact decimal string.'),
  billed: z
    .array(
      inCurrency({
        month: z.string().describe('Invoiced this month, an exact decimal string.'),
        yearToDate: z.string().describe('Invoiced this year, an exact decimal string.'),
      }),
    )
    .nullable()
    .describe('Issued invoices’ totals by issue date, per currency (the invoice register’s); null for scope own.'),
  collected: z
    .array(
      inCurrency({
        month: z.string().describe('Received this month, an exact decimal string.'),
        yearToDate: z.string().describe('Received this year, an exact decimal string.'),
      }),
    )
    .describe(
      'Payments received by payment date, per currency (the collections report’s; for scope own, the fee earner’s allocated share).',
    ),
  receivables: z
    .array(inCurrency({ amount: z.string().describe('Owed by clients today, an exact decimal string.') }))
    .nullable()
    .describe('Outstanding receivables today, per currency (the aged-receivables report’s total); null for scope own.'),
  trustHeld: z
    .array(inCurrency({ amount: z.string().describe('Client money held today, an exact decimal string.') }))
    .nullable()
    .describe('Client money held in trust today, per currency (the trust listing’s total); null for scope own.'),
  hoursByWeek: z
    .object({
      weeks: z.array(z.string()).describe('The Mondays (YYYY-MM-DD) of the last 8 weeks, this week last.'),
      feeEarners: z
        .array(
          z.object({
            id: z.string().describe('The fee earner’s id.'),
            name: z.string().describe('Their name.'),
            hours: z.array(z.string()).describe('Billable hours per week, as weeks.'),
          }),
        )
        .describe('Each fee earner with billable time in those weeks (only the user for scope own).'),
    })
    .describe('Billable hours per week by fee earner, by activity date.'),
  billedVsCollected: z
    .array(
      inCurrency({
        months: z.array(z.string()).describe('The last 12 months (YYYY-MM), this month last.'),
        billed: z.array(z.string()).describe('Issued invoices’ totals per month.'),
        collected: z.array(z.string()).describe('Payments received per month.'),
      }),
    )
    .nullable()
    .describe('Billed against collected by month for 12 months, per currency; null for scope own.'),
  receivablesByAge: z
    .array(
      inCurrency({
        current: z.string().describe('Not yet due, an exact decimal string.'),
        days1To30: z.string().describe('1–30 days past due, an exact decimal string.'),
        days31To60: z.string().describe('31–60 days past due, an exact decimal string.'),
        days61To90: z.string().describe('61–90 days past due, an exact decimal string.'),
        days90Plus: z.string().describe('Over 90 days past due, an exact decimal string.'),
      }),
    )
    .nullable()
    .describe('What clients owe today by days past due, per currency (the aged-receivables report’s totals); null for scope own.'),
});
export type FirmKpis = z.infer<typeof firmKpisSchema>;
