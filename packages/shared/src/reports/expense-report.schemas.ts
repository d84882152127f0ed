import { z } from 'zod';
import { fromNotAfterTo, FROM_AFTER_TO, reportFilterFields, reportQueryBase } from './report.schemas.ts';

/**
 * The expense report's Status filter: an approval status (Pending, Approved, Rejected), a payment
 * status (Paid, Unpaid) or a billing status (Billed, Unbilled, Not billable).
 */
export const EXPENSE_REPORT_STATUSES = ['Pending', 'Approved', 'Rejected', 'Paid', 'Unpaid', 'Billed', 'Unbilled', 'Not billable'] as const;
export type ExpenseReportStatus = (typeof EXPENSE_REPORT_STATUSES)[number];

export const expenseReportQuerySchema = z
  .object({
    ...reportQueryBase,
    From: reportFilterFields.From.describe('Expense dates from this day (YYYY-MM-DD).'),
    To: reportFilterFields.To.describe('Expense dates up to this day.'),
    ClientId: reportFilterFields.ClientId,
    MatterId: reportFilterFields.MatterId,
    FeeEarnerId: reportFilterFields.FeeEarnerId.describe('Expenses added by this team member.'),
    Status: z
      .enum(EXPENSE_REPORT_STATUSES, { error: `Status must be one of ${EXPENSE_REPORT_STATUSES.join(', ')}` })
      .optional()
      .describe(
        'Only expenses of this approval, payment or billing status: Pending, Approved, Rejected, Paid, Unpaid, Billed, Unbilled or Not billable.',
      ),
  })
  .refine(fromNotAfterTo, { message: FROM_AFTER_TO, path: ['From'] });
