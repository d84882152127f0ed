import { z } from 'zod';

/** SPEC.md §3 Subscription info, field names exactly as the spec spells them. */
export const subscriptionInfoSchema = z.object({
  id: z.string(),
  amount: z.string(),
  currencyId: z.number().nullable(),
  currencyName: z.string(),
  currencySymbol: z.string(),
  planName: z.string(),
  planId: z.string(),
  allocatedNumberUsers: z.number(),
  subscriptionStartDate: z.string(),
  subscriptionEndDate: z.string(),
  paymentType: z.string(),
  paymentTypeId: z.number(),
  durationInDays: z.number(),
  totalNumberUsers: z.number(),
  subscriptionAmount: z.string(),
  isNGNSubscription: z.boolean(),
  isCancelled: z.boolean(),
  cancellationDate: z.string().nullable(),
  reactviationDate: z.string().nullable(),
  ngnAmount: z.string(),
  rowAmount: z.string(),
  ngnCurrencySymbol: z.string(),
  downGradePlanInfo: z.object({ planId: z.string(), planName: z.string(), effectiveDate: z.string() }).nullable(),
  nextBillingDate: z.string().nullable(),
  nextBillingAmount: z.string().nullable(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;
