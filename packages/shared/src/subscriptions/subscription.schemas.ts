import { z } from 'zod';

/** SPEC.md §3 Subscription info, field names exactly as the spec spells them. */
export const subscriptionInfoSchema = z.object({
  id: z.string().describe('The subscription’s id (a UUID).'),
  amount: z
    .string()
    .describe('What the current period of the subscription costs: an exact decimal string in its currency ("0.00" on Trial).'),
  currencyId: z.number().nullable().describe('The subscription’s currency (a currency id), or null when none is set.'),
  currencyName: z.string().describe('The subscription currency’s name; empty when none is set.'),
  currencySymbol: z.string().describe('The subscription currency’s symbol; empty when none is set.'),
  planName: z.string().describe('The plan’s name; "Trial" and "Free" are special (the shell’s plan banner).'),
  planId: z.string().describe('The plan’s id (a UUID).'),
  allocatedNumberUsers: z.number().describe('The seats the plan allows: active members plus pending invitations cannot exceed it.'),
  subscriptionStartDate: z.string().describe('The first day of the current period (DD/MM/YYYY, as SPEC shows it).'),
  subscriptionEndDate: z
    .string()
    .describe('The last day of the current period (DD/MM/YYYY); a plan not paid in naira is expired after it.'),
  paymentType: z.string().describe('How the subscription is paid for; "None" when nothing is paid (Trial).'),
  paymentTypeId: z.number().describe('The number of paymentType; 0 for None.'),
  durationInDays: z
    .number()
    .describe('The plan’s billing interval in days: 30 is Monthly, 365 Yearly, anything else is treated as Monthly.'),
  totalNumberUsers: z.number().describe('How many members of the firm are active now.'),
  subscriptionAmount: z.string().describe('The plan’s price per interval: an exact decimal string.'),
  isNGNSubscription: z.boolean().describe('True when the subscription is paid in naira (ngnAmount applies).'),
  isCancelled: z.boolean().describe('True once the subscription is cancelled: nothing more will be billed.'),
  cancellationDate: z.string().nullable().describe('The day it was cancelled (DD/MM/YYYY), or null.'),
  reactviationDate: z.string().nullable().describe('The day it was reactivated (DD/MM/YYYY), or null; SPEC’s spelling of the name.'),
  ngnAmount: z.string().describe('The plan’s price in naira: an exact decimal string.'),
  rowAmount: z
    .string()
    .describe('The plan’s price outside Nigeria (rest of world): an exact decimal string, the same as subscriptionAmount.'),
  ngnCurrencySymbol: z.string().describe('The naira’s symbol, ₦.'),
  downGradePlanInfo: z
    .object({
      planId: z.string().describe('The plan it moves to (a UUID).'),
      planName: z.string().describe('That plan’s name.'),
      effectiveDate: z.string().describe('The day the change takes effect (DD/MM/YYYY).'),
    })
    .nullable()
    .describe('A move to a smaller plan waiting for the end of the period, or null (none is ever scheduled yet).'),
  nextBillingDate: z
    .string()
    .nullable()
    .describe('When the next payment falls due, the period’s end date (DD/MM/YYYY); null on a free plan or once cancelled.'),
  nextBillingAmount: z
    .string()
    .nullable()
    .describe(
      'What the next payment will be: an exact decimal string, in naira for an NGN subscription; null on a free plan or once cancelled.',
    ),
  isReadOnly: z
    .boolean()
    .describe(
      'Not in SPEC (issue 38): true while the subscription has ended — the firm reads, searches and exports, and every write answers 402 until a plan is chosen.',
    ),
  pastDueUntil: z
    .string()
    .nullable()
    .describe(
      'Not in SPEC (issue 38): while the renewal is unpaid, the last day to pay it (DD/MM/YYYY) before the firm turns read-only; null otherwise.',
    ),
  renewalMethod: z
    .string()
    .nullable()
    .describe(
      'Not in SPEC (issue 38): the card or account renewals are charged to, as the gateway names it ("Visa ending 4081"); null until a payment saved one.',
    ),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;
