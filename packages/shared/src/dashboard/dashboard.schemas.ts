import { z } from 'zod';

export const dashboardSummarySchema = z.object({
  firmName: z.string().describe('The firm’s name.'),
  activeClientCount: z.number().describe('How many of the firm’s clients are active (deleted ones not counted).'),
  openMatterCount: z.number().describe('How many matters are Open (deleted ones not counted).'),
  closedMatterCount: z.number().describe('How many matters are Closed (deleted ones not counted).'),
  teamMemberCount: z.number().describe('How many of the firm’s users are active.'),
  mattersByBillingType: z
    .array(
      z.object({
        billingType: z.string().describe('The billing type: Hourly, Flat Rate, Contingency or Retainer.'),
        count: z.number().describe('How many open matters bill that way.'),
      }),
    )
    .describe('Open matters counted by billing type, by type name; a type without open matters is left out.'),
  recentMatters: z
    .array(
      z.object({
        id: z.string().describe('The matter’s id.'),
        matterName: z.string().describe('The matter’s name.'),
        clientName: z.string().describe('Its client’s display name.'),
        matterOpenDate: z.string().describe('The date the matter was opened, YYYY-MM-DD.'),
      }),
    )
    .describe('The five matters added last, newest first.'),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** One day of the signed-in user's week: hours recorded on that date, as 4-decimal text. */
export const myTimeDaySchema = z.object({
  date: z.string().describe('The day, YYYY-MM-DD.'),
  billableHours: z.string().describe('The user’s billable hours recorded on that day, 4-decimal text, e.g. "1.5000".'),
  nonBillableHours: z.string().describe('The user’s non-billable hours recorded on that day, 4-decimal text.'),
});
export type MyTimeDay = z.infer<typeof myTimeDaySchema>;

/**
 * GET /api/admin/dashboard/get-my-time: the signed-in user's time this week (Monday to Sunday in
 * the firm's time zone) and their billable time not yet on an invoice. Hours are 4-decimal text,
 * the amount is 2-decimal text in the firm's home currency.
 */
export const myTimeSchema = z.object({
  timeZone: z.string().describe('The firm’s IANA time zone the week is counted in, e.g. "Africa/Lagos"; UTC when the zone is unknown.'),
  today: z.string().describe('Today in that time zone, YYYY-MM-DD.'),
  weekStart: z.string().describe('The Monday of this week, YYYY-MM-DD.'),
  weekEnd: z.string().describe('The Sunday of this week, YYYY-MM-DD.'),
  days: z.array(myTimeDaySchema).describe('The seven days of the week, Monday to Sunday, zeros where no time was recorded.'),
  weekBillableHours: z.string().describe('The week’s billable hours, 4-decimal text.'),
  weekNonBillableHours: z.string().describe('The week’s non-billable hours, 4-decimal text.'),
  weekTotalHours: z.string().describe('The week’s hours, billable and not, 4-decimal text.'),
  unbilledHours: z.string().describe('The user’s billable hours of any date not yet on an invoice, 4-decimal text.'),
  unbilledAmount: z.string().describe('Their value in the firm’s home currency, 2-decimal text, e.g. "1250.00".'),
  currencySymbol: z.string().describe('The symbol of the firm’s home currency, e.g. "₦"; empty when unknown.'),
});
export type MyTime = z.infer<typeof myTimeSchema>;

/**
 * GET /api/admin/dashboard/get-pending-expense-requests (approvers: expensePermission.edit): the
 * expense requests waiting for the signed-in approver's decision (never their own), newest first,
 * the first few of them and how many in all. Amounts are in the firm's home currency.
 */
export const pendingExpenseRequestsSchema = z.object({
  count: z.number().describe('How many expense requests wait for this approver’s decision, in all.'),
  requests: z
    .array(
      z.object({
        id: z.string().describe('The expense’s id.'),
        expenseDate: z.string().describe('The date of the expense, YYYY-MM-DD.'),
        description: z.string().describe('What the expense was for.'),
        homeAmount: z.string().describe('The expense’s amount in the firm’s home currency, an exact decimal string, e.g. "1250.00".'),
        isFirmExpense: z.boolean().describe('true: the firm’s own expense, not a client’s.'),
        clientName: z.string().nullable().describe('The client it is for; null for a firm expense.'),
        matterName: z.string().nullable().describe('The matter it is for; null: none.'),
        addedByUserName: z.string().describe('Who added the expense; empty when no longer known.'),
        createdAt: z.string().describe('When it was added, ISO 8601 UTC.'),
      }),
    )
    .describe('The first five of them, latest expense date first.'),
});
export type PendingExpenseRequests = z.infer<typeof pendingExpenseRequestsSchema>;
