import { z } from 'zod';

/** The two ways a paid plan is billed: every 30 days or every 365 (SPEC.md §3: anything else is Monthly). */
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export const billingIntervalSchema = z
  .enum(BILLING_INTERVALS, { error: 'Interval must be monthly or yearly' })
  .describe('How often the plan is billed: monthly (30 days) or yearly (365 days).');
export type BillingInterval = z.infer<typeof billingIntervalSchema>;
export const INTERVAL_DAYS: Record<BillingInterval, number> = { monthly: 30, yearly: 365 };

/** The currencies Matterhorn bills in: naira through Paystack for firms in Nigeria, dollars through Stripe for the rest. */
export const SUBSCRIPTION_CURRENCIES = ['NGN', 'USD'] as const;
export type SubscriptionCurrency = (typeof SUBSCRIPTION_CURRENCIES)[number];
export const SUBSCRIPTION_CURRENCY_SYMBOLS: Record<SubscriptionCurrency, string> = { NGN: '₦', USD: '$' };

const minorUnits = z.number().int().min(0).max(1_000_000_000_000);
const priceOfInterval = z.object({ NGN: minorUnits, USD: minorUnits }).strict();
const limit = z.number().int().min(1).nullable();

const planEntrySchema = z
  .object({
    code: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'code is lower-case letters, digits and hyphens'),
    name: z.string().trim().min(1).max(60),
    kind: z.enum(['free', 'paid']),
    description: z.string().max(300).default(''),
    /** What the plan offers, a line each, as the select-plan page lists them. */
    features: z.array(z.string().min(1).max(120)).max(30).default([]),
    /** null: no limit. Users: seats a paid plan sells are its own limit. */
    limits: z
      .object({ users: limit, activeMatters: limit, storageMb: limit })
      .strict()
      .default({ users: null, activeMatters: null, storageMb: null }),
    /** A paid plan's price of one seat for each interval, in kobo and in cents. */
    pricePerSeat: z.object({ monthly: priceOfInterval, yearly: priceOfInterval }).strict().optional(),
  })
  .strict()
  .refine((plan) => (plan.kind === 'paid') === (plan.pricePerSeat !== undefined), {
    message: 'a paid plan has pricePerSeat, a free one has none',
  });

/**
 * The plan catalogue the operator edits without code (PLANS_FILE, JSON; apps/api/config/plans.json
 * is the default). Trial is not in it as a plan: every new firm gets it, with every feature, for
 * trial.days. One free plan; its limits are what a trial must fit to fall back to it.
 */
export const planCatalogueSchema = z
  .object({
    /** VAT added to naira prices, as a decimal string (Nigeria: 7.5). */
    ngnVatPercent: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'ngnVatPercent is a percentage such as 7.5'),
    trial: z.object({ days: z.number().int().min(1).max(90), seats: z.number().int().min(1).max(1000) }).strict(),
    plans: z.array(planEntrySchema).min(2).max(12),
  })
  .strict()
  .refine((catalogue) => new Set(catalogue.plans.map((plan) => plan.code)).size === catalogue.plans.length, {
    message: 'each plan has its own code',
  })
  .refine((catalogue) => catalogue.plans.filter((plan) => plan.kind === 'free').length === 1, {
    message: 'the catalogue has exactly one free plan',
  })
  .refine((catalogue) => catalogue.plans.some((plan) => plan.kind === 'paid'), { message: 'the catalogue has a paid plan' });
export type PlanCatalogue = z.infer<typeof planCatalogueSchema>;
export type PlanEntry = PlanCatalogue['plans'][number];

const moneyText = z.string().describe('An exact decimal string in the currency (e.g. "25000.00").');

/** A plan as the select-plan page shows it, priced in the firm's billing currency. */
export const planOfferSchema = z.object({
  id: z.string().describe('The plan’s id (a UUID), as planId in the subscription info.'),
  code: z.string().describe('The plan’s code in the catalogue.'),
  name: z.string().describe('The plan’s name, as the plan banner and receipts show it.'),
  kind: z.enum(['free', 'paid']).describe('free: no charge, within its limits; paid: priced per seat.'),
  description: z.string().describe('A line about the plan.'),
  features: z.array(z.string()).describe('What the plan offers, a line each.'),
  limits: z
    .object({
      users: z.number().nullable().describe('Users the plan allows; null: as many seats as are bought.'),
      activeMatters: z.number().nullable().describe('Open matters the plan allows; null: no limit.'),
      storageMb: z.number().nullable().describe('Document storage in MB; null: no limit.'),
    })
    .describe('What the plan allows; null: no limit (a paid plan’s users are the seats bought).'),
  pricePerSeat: z
    .object({ monthly: moneyText, yearly: moneyText })
    .nullable()
    .describe('One seat for 30 or 365 days, before VAT; null on the free plan.'),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const planListSchema = z.object({
  currencyCode: z.enum(SUBSCRIPTION_CURRENCIES).describe('NGN for a firm in Nigeria (isNGNSubscription), USD for others.'),
  currencySymbol: z.string().describe('₦ or $.'),
  vatPercent: z.string().describe('VAT added to the prices ("7.5" in naira, "0" in dollars).'),
  trialDays: z.number().describe('How long a new firm’s trial lasts, in days.'),
  plans: z.array(planOfferSchema).describe('The free plan, then the paid ones, in the catalogue’s order.'),
});
export type PlanList = z.infer<typeof planListSchema>;

/** POST preview-change: the plan, interval and seats the firm is choosing. */
export const planChangeInputSchema = z
  .object({
    planId: z.uuid({ error: 'Choose a plan' }).describe('The chosen plan’s id (from get-plans).'),
    interval: billingIntervalSchema,
    seats: z
      .number({ error: 'Seats must be a whole number' })
      .int({ error: 'Seats must be a whole number' })
      .min(1, { error: 'Seats must be at least 1' })
      .max(1000, { error: 'Seats must be at most 1000' })
      .describe('How many users the plan is for; never fewer than the firm’s active users.'),
  })
  .strict();
export type PlanChangeInput = z.infer<typeof planChangeInputSchema>;

export const planChangePreviewSchema = z.object({
  kind: z
    .enum(['start', 'upgrade', 'scheduled', 'renewal'])
    .describe(
      'start: a first paid period from today; upgrade: applies now, the days left charged; scheduled: applies on the next billing date; renewal: the unpaid next period of a past-due subscription, in full.',
    ),
  currencyCode: z.enum(SUBSCRIPTION_CURRENCIES).describe('NGN or USD: the firm’s billing currency.'),
  currencySymbol: z.string().describe('₦ or $.'),
  payToday: moneyText.describe('Charged today, VAT included.'),
  vat: moneyText.describe('The VAT in payToday (naira only; "0.00" in dollars).'),
  nextBillingAmount: moneyText.describe('Charged on the next billing date, VAT included.'),
  nextBillingDate: z.string().describe('DD/MM/YYYY.'),
  effectiveDate: z.string().describe('The day the plan, interval or seats change (DD/MM/YYYY).'),
  summary: z.string().describe('The preview in words: "Pay today ₦X (incl. VAT ₦V), then ₦Y on DD/MM/YYYY".'),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

export const planChangeResultSchema = z.object({
  outcome: z
    .enum(['checkout', 'scheduled', 'charged', 'pending'])
    .describe(
      'checkout: pay on the gateway’s page (the change applies when the gateway confirms it); scheduled: applies on the next billing date; charged: an upgrade paid with the saved card, applied; pending: charged to the saved card, applied when the gateway confirms it.',
    ),
  checkoutUrl: z.string().nullable().describe('The gateway’s checkout page to send the user to; null when nothing is paid today.'),
  preview: planChangePreviewSchema.describe('What was charged or scheduled, as preview-change states it.'),
});
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;

export const billingHistoryItemSchema = z.object({
  id: z.string().describe('The charge’s id.'),
  date: z.string().describe('When it was paid (or asked for, while pending), DD/MM/YYYY.'),
  description: z.string().describe('The plan, seats and interval charged for.'),
  amount: moneyText.describe('Charged, VAT included.'),
  vat: moneyText.describe('The VAT in it.'),
  currencyCode: z.enum(SUBSCRIPTION_CURRENCIES).describe('NGN or USD.'),
  status: z
    .enum(['pending', 'paid', 'failed', 'refused'])
    .describe('paid once the gateway confirmed it; refused: the gateway took another amount.'),
  failure: z.string().nullable().describe('Why it failed or was refused, in the gateway’s words; null otherwise.'),
  reference: z.string().describe('Our reference with the gateway.'),
});
export type BillingHistoryItem = z.infer<typeof billingHistoryItemSchema>;
