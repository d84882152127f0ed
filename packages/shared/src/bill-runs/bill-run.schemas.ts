import { z } from 'zod';
import { idParamsSchema, isoDate, optionalMoneyText, optionalUuid } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import { MATTER_RATES } from '../matters/matter-lookups.schemas.ts';

/** Clients or matters one run may name, at most. */
export const BILL_RUN_MAX_CHOSEN = 500;

/** Why a client or matter got no draft: the reason's code, and the words shown beside it. */
export const BILL_RUN_SKIP_REASONS = {
  nothingUnbilled: 'Nothing unbilled up to the date',
  belowMinimum: 'Unbilled work below the minimum',
  noRate: 'A billable time entry has no rate',
  currencyMismatch: 'Work recorded in another home currency',
  alreadyOnDraft: 'Its unbilled work is already on a draft invoice',
  failed: 'The draft could not be created',
} as const;
export type BillRunSkipReason = keyof typeof BILL_RUN_SKIP_REASONS;
export const BILL_RUN_SKIP_REASON_CODES = Object.keys(BILL_RUN_SKIP_REASONS) as [BillRunSkipReason, ...BillRunSkipReason[]];

export const BILL_RUN_STATUSES = ['Queued', 'Running', 'Finished', 'Failed'] as const;
export type BillRunStatus = (typeof BILL_RUN_STATUSES)[number];

/** The client's choice of how a bill run drafts its invoices. */
export const CLIENT_BILLING_PREFERENCES = ['perMatter', 'perClient'] as const;
export type ClientBillingPreference = (typeof CLIENT_BILLING_PREFERENCES)[number];
export const CLIENT_BILLING_PREFERENCE_LABELS: Record<ClientBillingPreference, string> = {
  perMatter: 'One invoice per matter',
  perClient: 'One invoice per client',
};

export const BILL_RUN_MESSAGES = {
  nothingToDraft: 'No client or matter matches these filters with unbilled work',
} as const;

const idList = (label: string) =>
  z
    .array(z.uuid({ error: `Each ${label} must be a valid id` }))
    .max(BILL_RUN_MAX_CHOSEN, `Choose at most ${BILL_RUN_MAX_CHOSEN} ${label}s`)
    .default([]);

/** Which clients and matters a run drafts for: every filter given must hold. */
export const billRunFiltersSchema = z.strictObject({
  feeEarnerId: optionalUuid('Fee earner').describe('Only matters this fee earner is assigned to.'),
  practiceAreaId: optionalUuid('Practice area').describe('Only matters of this practice area.'),
  billingType: z
    .enum(MATTER_RATES, { error: 'Billing type must be Hourly, Flat Rate, Contingency or Retainer' })
    .nullish()
    .transform((value) => value ?? null)
    .describe('Only matters billed this way.'),
  minimumUnbilled: optionalMoneyText('Minimum unbilled').describe(
    'Only invoices whose unbilled work comes to at least this amount, in the firm’s home currency.',
  ),
  workUpTo: isoDate('Work up to').describe('Only time entries, expenses and flat fees dated on or before this day (YYYY-MM-DD).'),
  clientIds: idList('client').describe('Only these clients (none: every client).'),
  matterIds: idList('matter').describe('Only these matters (none: every matter).'),
});
export type BillRunFilters = z.output<typeof billRunFiltersSchema>;
export type BillRunFiltersInput = z.input<typeof billRunFiltersSchema>;

/** The filters as a run keeps them (the answer's shape: no defaults or transforms). */
export const billRunFiltersViewSchema = z.object({
  feeEarnerId: z.string().nullable().describe('Only matters this fee earner is assigned to; null: any.'),
  practiceAreaId: z.string().nullable().describe('Only matters of this practice area; null: any.'),
  billingType: z.string().nullable().describe('Only matters billed this way; null: any.'),
  minimumUnbilled: z.string().nullable().describe('The minimum unbilled work per invoice; null: none.'),
  workUpTo: z.string().describe('Only work dated on or before this day.'),
  clientIds: z.array(z.string()).describe('Only these clients (empty: every client).'),
  matterIds: z.array(z.string()).describe('Only these matters (empty: every matter).'),
});

export const billRunTargetSchema = z.object({
  clientId: z.string().describe('The client billed.'),
  clientName: z.string().describe('The client’s name.'),
  matterId: z.string().nullable().describe('The matter billed; null for one invoice over the client’s matters.'),
  matterName: z.string().nullable().describe('The matter’s name.'),
  matterCount: z.number().int().describe('How many matters the invoice covers.'),
  unbilledAmount: z.string().describe('Unbilled work up to the date, in the firm’s home currency.'),
  itemCount: z.number().int().describe('Unbilled time entries, expenses and flat fees up to the date.'),
});

export const billRunPreviewSchema = z.object({
  invoiceCount: z.number().int().describe('How many drafts the run would create (before the minimum and rates are checked).'),
  clientCount: z.number().int().describe('How many clients they are for.'),
  matterCount: z.number().int().describe('How many matters they cover.'),
  unbilledAmount: z.string().describe('Their unbilled work together, in the firm’s home currency.'),
  currencyCode: z.string().describe('The firm’s home currency.'),
  targets: z.array(billRunTargetSchema).describe('The first 50 invoices the run would draft.'),
});
export type BillRunPreview = z.infer<typeof billRunPreviewSchema>;

export const billRunResultSchema = billRunTargetSchema.extend({
  id: z.string().describe('The result’s id.'),
  outcome: z.enum(['Pending', 'Drafted', 'Skipped']).describe('What the run did for this client or matter.'),
  invoiceId: z.string().nullable().describe('The draft invoice created.'),
  invoiceNumber: z.string().nullable().describe('Its number, once it has one.'),
  invoiceTotal: z.string().nullable().describe('Its total.'),
  skipReason: z.enum(BILL_RUN_SKIP_REASON_CODES).nullable().describe('Why no draft was created.'),
});
export type BillRunResult = z.infer<typeof billRunResultSchema>;

export const billRunSummarySchema = z.object({
  id: z.string().describe('The run’s id.'),
  status: z.enum(BILL_RUN_STATUSES).describe('Queued, Running, Finished or Failed.'),
  filters: billRunFiltersViewSchema.describe('The filters it ran with.'),
  total: z.number().int().describe('Clients or matters to draft for.'),
  done: z.number().int().describe('Of them, how many are done.'),
  draftedCount: z.number().int().describe('Drafts created.'),
  skippedCount: z.number().int().describe('Skipped.'),
  startedByName: z.string().describe('Who started it.'),
  createdAt: z.string().describe('When it was started.'),
  finishedAt: z.string().nullable().describe('When it finished.'),
});
export type BillRunSummary = z.infer<typeof billRunSummarySchema>;

export const billRunDetailSchema = billRunSummarySchema.extend({
  currencyCode: z.string().describe('The firm’s home currency.'),
  results: z.array(billRunResultSchema).describe('One row per client or matter.'),
});
export type BillRunDetail = z.infer<typeof billRunDetailSchema>;

const base = '/api/admin/bill-runs';

/** Bill runs: draft every invoice matching the filters in one job, with its progress and results. */
export const billRunContracts = {
  preview: defineRoute({ method: 'POST', path: `${base}/preview`, body: billRunFiltersSchema, response: billRunPreviewSchema }),
  start: defineRoute({ method: 'POST', path: `${base}/start`, body: billRunFiltersSchema, response: billRunDetailSchema, status: 201 }),
  list: defineRoute({ method: 'GET', path: `${base}/get-runs`, response: z.array(billRunSummarySchema) }),
  detail: defineRoute({ method: 'GET', path: `${base}/get-run/:id`, params: idParamsSchema, response: billRunDetailSchema }),
};
