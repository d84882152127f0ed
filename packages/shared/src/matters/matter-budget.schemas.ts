import { z } from 'zod';
import { firmScopeQuerySchema, requiredId, uuidField } from '../common/fields.ts';

export const MATTER_BUDGET_MEASURES = ['total', 'hours', 'fees', 'expenses'] as const;
export type MatterBudgetMeasure = (typeof MATTER_BUDGET_MEASURES)[number];

/** When the responsible fee earner is told: at 80% of a limit, and again at 100%. */
export const MATTER_BUDGET_THRESHOLDS = [80, 100] as const;

/** How each measure is named in words (cards, emails, refusals). */
export const MATTER_BUDGET_MEASURE_LABELS: Record<MatterBudgetMeasure, string> = {
  total: 'total',
  hours: 'hours',
  fees: 'fees',
  expenses: 'expenses',
};

export const MATTER_BUDGET_MESSAGES = {
  responsibleRequired: 'Choose the fee earner who is told when the budget runs low',
  responsibleInactive: 'This team member is no longer active: choose another fee earner',
  /** The firm refuses time past a budget (its setting): the limit the entry would take the matter past. */
  timePastBudget: (measure: MatterBudgetMeasure) =>
    `This time would take the matter past 100% of its ${MATTER_BUDGET_MEASURE_LABELS[measure]} budget: the firm does not record time past a matter’s budget. Ask for the budget to be raised first`,
} as const;

/** What "used" counts, said once: the card and the API's answer show it. */
export const MATTER_BUDGET_BASIS =
  'Used counts everything recorded on the matter, billed and unbilled: hours are the billed hours of every time entry, fees the billable time at its rates, expenses every expense not rejected (in the home currency), and the total is fees plus expenses.';

const limitText = (label: string, pattern: RegExp, shape: string) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) =>
      value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim().replace(/,/g, ''),
    )
    .refine((value) => value === null || pattern.test(value), `${label} must be ${shape}`)
    .refine((value) => value === null || /[1-9]/.test(value), `${label} must be more than 0`);

const amountLimit = (label: string) => limitText(label, /^\d{1,12}(\.\d{1,2})?$/, 'an amount with at most 2 decimals');

/** PUT save-matter-budget/:id: any of the four limits; all empty removes the budget. */
export const matterBudgetInputSchema = z.strictObject({
  totalAmount: amountLimit('Total budget').describe(
    'The most the matter may cost in fees and expenses together, in the home currency (a decimal string); null: no total.',
  ),
  hoursLimit: limitText('Hours', /^\d{1,8}(\.\d{1,2})?$/, 'a number of hours with at most 2 decimals').describe(
    'The most hours of time to record on the matter (decimal hours, e.g. "40.5"); null: no hours limit.',
  ),
  feesLimit: amountLimit('Fees budget').describe(
    'The most billable time may come to, in the home currency (a decimal string); null: no fees limit.',
  ),
  expensesLimit: amountLimit('Expenses budget').describe(
    'The most the matter’s expenses may come to, in the home currency (a decimal string); null: no expenses limit.',
  ),
  responsibleUserId: requiredId(MATTER_BUDGET_MESSAGES.responsibleRequired).describe(
    'The fee earner (an active team member) emailed once when a limit reaches 80% and once at 100%.',
  ),
});
export type MatterBudgetInput = z.input<typeof matterBudgetInputSchema>;

export const matterBudgetQuerySchema = z.object({
  matterid: uuidField('Matter').describe('The matter whose budget to show (a UUID of a matter not deleted).'),
  ...firmScopeQuerySchema.shape,
});

const measureSchema = z.object({
  measure: z.enum(MATTER_BUDGET_MEASURES).describe('What is limited: total (fees plus expenses), hours, fees or expenses.'),
  limit: z.string().describe('The limit: decimal hours for hours, else an amount in the home currency (decimal string).'),
  used: z.string().describe('What is used so far, in the same unit as the limit (see basis).'),
  percentUsed: z.number().describe('used ÷ limit as a percentage, rounded down to one decimal (may pass 100).'),
  thresholdsReached: z
    .array(z.number())
    .describe('The thresholds (80, 100) this measure has reached; the responsible fee earner is emailed once at each.'),
});
export type MatterBudgetMeasureView = z.infer<typeof measureSchema>;

/** GET get-matter-budget and the save's answer. */
export const matterBudgetSchema = z.object({
  matterId: z.string().describe('The matter’s id (a UUID).'),
  currencyCode: z.string().describe('The firm’s home currency (ISO 4217), which amounts are in.'),
  budget: z
    .object({
      totalAmount: z.string().nullable().describe('The total budget (fees plus expenses), or null.'),
      hoursLimit: z.string().nullable().describe('The hours limit, or null.'),
      feesLimit: z.string().nullable().describe('The fees limit, or null.'),
      expensesLimit: z.string().nullable().describe('The expenses limit, or null.'),
      responsibleUserId: z.string().describe('The fee earner told at 80% and 100% (a user id).'),
      responsibleUserName: z.string().describe('That fee earner’s name.'),
      updatedAt: z.string().describe('When the budget was last saved (ISO 8601, UTC).'),
    })
    .nullable()
    .describe('The matter’s budget, or null when it has none.'),
  used: z
    .object({
      hours: z.string().describe('Billed hours of every time entry on the matter (decimal hours).'),
      fees: z.string().describe('Billable time at its rates, in the home currency.'),
      expenses: z.string().describe('Expenses not rejected, in the home currency.'),
      total: z.string().describe('Fees plus expenses, in the home currency.'),
    })
    .describe('What the matter has used so far, billed and unbilled (see basis), whether or not it has a budget.'),
  measures: z.array(measureSchema).describe('One line per limit the budget sets, in the order total, hours, fees, expenses.'),
  isTimeBlockedPastBudget: z
    .boolean()
    .describe('True when the firm refuses a time entry that would take hours, fees or the total past 100% (a firm setting).'),
  basis: z.string().describe('What "used" counts, in words.'),
});
export type MatterBudget = z.infer<typeof matterBudgetSchema>;
