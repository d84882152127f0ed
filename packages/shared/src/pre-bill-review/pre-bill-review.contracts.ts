import { z } from 'zod';
import { requiredId, optionalMultilineText, requiredMultilineText } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';
import { invoiceSchema } from '../invoices/invoice.schemas.ts';
import { ADJUSTMENT_BASES, ADJUSTMENT_DIRECTIONS } from './line-adjustment.ts';
import { NARRATIVE_FLAG_CODES } from './narrative-check.ts';

export const PRE_BILL_REVIEW_BASE = '/api/admin/pre-bill-review';
/** Drafts approved and sent in one batch, at most. */
export const REVIEW_BATCH_MAX = 50;

export const PRE_BILL_REVIEW_MESSAGES = {
  notDraft: 'Only a draft invoice can be reviewed',
  lineNotFound: 'Line not found',
  sameMatter: 'Choose another matter to move the line to',
  matterNotOfClient: 'A line can only move to another matter of the same client',
  moveKinds: 'Only time entries and expenses can move to another matter',
  narrativeKinds: 'Only a time entry’s narrative can be corrected here',
  lastLine: 'This is the draft’s only line: delete the draft instead of taking its last line off',
  holdReleased: 'This hold has already been released',
} as const;

export const reviewScopeQuerySchema = z.object({
  Scope: z
    .enum(['mine', 'all'], { error: 'Scope must be mine or all' })
    .default('mine')
    .describe('mine (the default): drafts covering a matter the caller is assigned to as fee earner; all: every draft of the firm.'),
});

export const narrativeFlagSchema = z.object({
  code: z.enum(NARRATIVE_FLAG_CODES).describe('Which rule: empty, short, blockBilling, duplicate, overTenHours or oldWork.'),
  message: z.string().describe('The reason, in words, to show on the line.'),
});

/**
 * What the review list holds: every invoice not yet sent, so one approved here stays on the list
 * until it is sent from it (or from its own page).
 */
export const REVIEW_LIST_STATUSES = ['Draft', 'AwaitingApproval', 'Approved'] as const;

export const reviewDraftSummarySchema = z.object({
  id: z.string().describe('The draft invoice’s id.'),
  status: z
    .enum(REVIEW_LIST_STATUSES)
    .describe('Draft, AwaitingApproval, or Approved (approved and not yet sent: it leaves the list once sent).'),
  clientId: z.string().describe('The client billed.'),
  clientName: z.string().describe('The client’s name.'),
  matters: z.array(z.string()).describe('The names of the matters it covers.'),
  feeEarners: z.array(z.string()).describe('The fee earners assigned to those matters (the responsible fee earners).'),
  issueDate: z.string().describe('Its invoice date (YYYY-MM-DD).'),
  currencySymbol: z.string().describe('The symbol of its currency.'),
  total: z.string().describe('Its total as the draft was last saved (exact decimal).'),
  lineCount: z.number().int().describe('Its lines.'),
  flaggedLineCount: z.number().int().describe('Lines the narrative check flags.'),
  isMine: z.boolean().describe('The caller is assigned to one of its matters.'),
});
export type ReviewDraftSummary = z.infer<typeof reviewDraftSummarySchema>;

export const reviewDraftSchema = z.object({
  invoice: invoiceSchema.describe('The draft as the invoice view answers it (lines, figures, status).'),
  flags: z
    .record(z.string(), z.array(narrativeFlagSchema))
    .describe('The narrative check’s flags by line id (an empty list: the line passes).'),
  clientMatters: z
    .array(
      z.object({
        id: z.string().describe('The matter’s id.'),
        name: z.string().describe('Its name.'),
        number: z.string().nullable().describe('Its number; null when it has none.'),
      }),
    )
    .describe('The client’s open matters a line may move to.'),
  staleWorkDays: z.number().int().describe('The firm’s limit in days past which work is flagged as old.'),
});
export type ReviewDraft = z.infer<typeof reviewDraftSchema>;

export const lineParamsSchema = z.object({
  id: z.uuid({ error: 'Invoice is required' }).describe('The draft invoice’s id.'),
  lineId: z.uuid({ error: 'Line is required' }).describe('The line’s id on that draft.'),
});
export const draftParamsSchema = z.object({ id: z.uuid({ error: 'Invoice is required' }).describe('The draft invoice’s id.') });

export const adjustLineSchema = z.strictObject({
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: 'Choose write down or write up' }).describe('down (write down) or up (write up).'),
  basis: z
    .enum(ADJUSTMENT_BASES, { error: 'Choose an amount or a percentage' })
    .describe('amount (money) or percent (of the recorded amount).'),
  value: z
    .union([z.string(), z.number()], { error: 'Value is required' })
    .transform((value) => String(value).trim())
    .refine(
      (value) => /^\d{1,12}(\.\d{1,4})?$/.test(value),
      'Value must be a number (at most 2 decimals for an amount, 4 for a percentage)',
    )
    .refine((value) => /[1-9]/.test(value), 'Value must be more than 0')
    .describe('How much: money with at most 2 decimals, or a percentage with at most 4; more than 0.'),
  reason: requiredMultilineText('Reason', 500).describe(
    'Why (required, at most 500 characters): kept on the line for the realisation report, never on a document the client reads.',
  ),
});
export type AdjustLineInput = z.input<typeof adjustLineSchema>;

export const moveLineSchema = z.strictObject({
  matterId: requiredId('Matter is required').describe(
    'Another matter of the same client: the item leaves the draft as that matter’s unbilled work.',
  ),
});
export type MoveLineInput = z.input<typeof moveLineSchema>;

export const holdLineSchema = z.strictObject({
  reason: requiredMultilineText('Reason', 500).describe('Why it waits for a later bill (required, at most 500 characters).'),
});
export type HoldLineInput = z.input<typeof holdLineSchema>;

export const correctNarrativeSchema = z.strictObject({
  description: requiredMultilineText('Narrative', 5000).describe('The narrative as billed: the item’s description is corrected to it.'),
});
export type CorrectNarrativeInput = z.input<typeof correctNarrativeSchema>;

export const approveDraftSchema = z.strictObject({
  note: optionalMultilineText('Note', 500).describe('A note kept in the invoice’s history (optional).'),
});

export const approveAndSendSchema = z.strictObject({
  invoiceIds: z
    .array(z.uuid({ error: 'Each invoice must be an invoice id' }), { error: 'Choose the drafts to approve and send' })
    .min(1, 'Choose the drafts to approve and send')
    .max(REVIEW_BATCH_MAX, `Approve and send at most ${REVIEW_BATCH_MAX} drafts at once`)
    .describe('The reviewed drafts (or already approved invoices) to approve and email, each once.'),
});
export type ApproveAndSendInput = z.input<typeof approveAndSendSchema>;

export const batchOutcomeSchema = z.object({
  invoiceId: z.string().describe('The invoice.'),
  invoiceNumber: z.string().nullable().describe('Its number once approved; null when it failed before.'),
  clientName: z.string().nullable().describe('The client billed; null when the invoice is not the firm’s.'),
  outcome: z.enum(['sent', 'alreadySent', 'failed']).describe('sent; alreadySent (it was sent before: not sent again); failed.'),
  message: z.string().describe('What happened, in words (the refusal when it failed).'),
});
export type BatchOutcome = z.infer<typeof batchOutcomeSchema>;

export const heldItemSchema = z.object({
  id: z.string().describe('The hold’s id.'),
  itemType: z.enum(['fee', 'expense', 'flatFee']).describe('What is held: fee (a time entry), expense or flatFee.'),
  itemId: z.string().describe('The item held.'),
  clientName: z.string().describe('Its client.'),
  matterName: z.string().describe('Its matter.'),
  reason: z.string().describe('Why it is held.'),
  heldByName: z.string().describe('Who held it.'),
  heldAt: z.string().describe('When (ISO time).'),
});
export type HeldItem = z.infer<typeof heldItemSchema>;

const base = PRE_BILL_REVIEW_BASE;

/** Pre-bill review (issue 44 §3): every call works on any draft invoice of the firm, however it was drafted. */
export const preBillReviewContracts = {
  drafts: defineRoute({
    method: 'GET',
    path: `${base}/get-drafts`,
    query: reviewScopeQuerySchema,
    response: z.array(reviewDraftSummarySchema),
  }),
  draft: defineRoute({ method: 'GET', path: `${base}/get-draft/:id`, params: draftParamsSchema, response: reviewDraftSchema }),
  adjustLine: defineRoute({
    method: 'POST',
    path: `${base}/draft/:id/lines/:lineId/adjust`,
    params: lineParamsSchema,
    body: adjustLineSchema,
    response: reviewDraftSchema,
  }),
  moveLine: defineRoute({
    method: 'POST',
    path: `${base}/draft/:id/lines/:lineId/move`,
    params: lineParamsSchema,
    body: moveLineSchema,
    response: reviewDraftSchema,
  }),
  holdLine: defineRoute({
    method: 'POST',
    path: `${base}/draft/:id/lines/:lineId/hold`,
    params: lineParamsSchema,
    body: holdLineSchema,
    response: reviewDraftSchema,
  }),
  correctNarrative: defineRoute({
    method: 'POST',
    path: `${base}/draft/:id/lines/:lineId/narrative`,
    params: lineParamsSchema,
    body: correctNarrativeSchema,
    response: reviewDraftSchema,
  }),
  approve: defineRoute({
    method: 'POST',
    path: `${base}/draft/:id/approve`,
    params: draftParamsSchema,
    body: approveDraftSchema,
    response: invoiceSchema,
  }),
  approveAndSend: defineRoute({
    method: 'POST',
    path: `${base}/approve-and-send`,
    body: approveAndSendSchema,
    response: z.object({
      results: z.array(batchOutcomeSchema).describe('One result per invoice asked, in the order asked (repeats once).'),
    }),
  }),
  heldItems: defineRoute({ method: 'GET', path: `${base}/get-held-items`, response: z.array(heldItemSchema) }),
  releaseHold: defineRoute({
    method: 'POST',
    path: `${base}/held-items/:id/release`,
    params: z.object({ id: z.uuid({ error: 'Hold is required' }).describe('The hold’s id.') }),
    response: z.null(),
  }),
};
