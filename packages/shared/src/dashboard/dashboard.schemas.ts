import { z } from 'zod';

export const dashboardSummarySchema = z.object({
  firmName: z.string(),
  activeClientCount: z.number(),
  openMatterCount: z.number(),
  closedMatterCount: z.number(),
  teamMemberCount: z.number(),
  mattersByBillingType: z.array(z.object({ billingType: z.string(), count: z.number() })),
  recentMatters: z.array(z.object({ id: z.string(), matterName: z.string(), clientName: z.string(), matterOpenDate: z.string() })),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** One day of the signed-in user's week: hours recorded on that date, as 4-decimal text. */
export const myTimeDaySchema = z.object({
  date: z.string(),
  billableHours: z.string(),
  nonBillableHours: z.string(),
});
export type MyTimeDay = z.infer<typeof myTimeDaySchema>;

/**
 * GET /api/admin/dashboard/get-my-time: the signed-in user's time this week (Monday to Sunday in
 * the firm's time zone) and their billable time not yet on an invoice. Hours are 4-decimal text,
 * the amount is 2-decimal text in the firm's home currency.
 */
export const myTimeSchema = z.object({
  timeZone: z.string(),
  today: z.string(),
  weekStart: z.string(),
  weekEnd: z.string(),
  days: z.array(myTimeDaySchema),
  weekBillableHours: z.string(),
  weekNonBillableHours: z.string(),
  weekTotalHours: z.string(),
  unbilledHours: z.string(),
  unbilledAmount: z.string(),
  currencySymbol: z.string(),
});
export type MyTime = z.infer<typeof myTimeSchema>;

/**
 * GET /api/admin/dashboard/get-pending-expense-requests (approvers: expensePermission.edit): the
 * expense requests waiting for the signed-in approver's decision (never their own), newest first,
 * the first few of them and how many in all. Amounts are in the firm's home currency.
 */
export const pendingExpenseRequestsSchema = z.object({
  count: z.number(),
  requests: z.array(
    z.object({
      id: z.string(),
      expenseDate: z.string(),
      description: z.string(),
      homeAmount: z.string(),
      isFirmExpense: z.boolean(),
      clientName: z.string().nullable(),
      matterName: z.string().nullable(),
      addedByUserName: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type PendingExpenseRequests = z.infer<typeof pendingExpenseRequestsSchema>;
