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
