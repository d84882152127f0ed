import { z } from 'zod';
import {
  isoDate,
  optionalEmail,
  optionalMultilineText,
  optionalText,
  optionalUuid,
  requiredMultilineText,
  requiredText,
  uuidField,
} from '../common/fields.ts';
import { CONFLICT_DECISIONS } from '../conflict-checks/conflict-check.schemas.ts';
import { LEAD_STATUSES } from './lead-status.ts';

export const LEAD_TYPES = ['individual', 'company'] as const;
export const LEAD_SOURCES = ['form', 'phone', 'referral', 'walkIn'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
/** What staff enter by hand: a form's leads come only from its submissions. */
export const STAFF_LEAD_SOURCES = ['phone', 'referral', 'walkIn'] as const;

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  form: 'Intake form',
  phone: 'Phone',
  referral: 'Referral',
  walkIn: 'Walk-in',
};

/** The conflict decision as a lead's page says it; the values are the conflict check's own. */
export const LEAD_CONFLICT_DECISION_LABELS: Record<(typeof CONFLICT_DECISIONS)[number], string> = {
  no_conflict: 'Cleared',
  proceed_despite_conflict: 'Conflict waived',
  declined: 'Conflict',
};

export const LEAD_MESSAGES = {
  created: 'Lead created',
  updated: 'Lead saved',
  statusChanged: 'Lead status changed',
  noteAdded: 'Note added',
  assigned: 'Lead assigned',
  conflictChecked: 'Conflict check run',
  conflictDecided: 'Conflict decision recorded',
  deleted: 'Lead deleted: it is in the recycle bin',
  convertedCannotDelete: 'This lead was converted to a client: it is that client’s history and cannot be deleted',
  cancelConsultationFirst: 'This lead has a consultation booked: cancel it first (the lead is told and it leaves the calendar)',
  referrerRequired: 'Who referred the lead is required',
  nameRequired: 'First name or last name is required',
  companyNameRequired: 'Company name is required',
  noNames: 'The lead has no name to check',
  checkFirst: 'Run the conflict check on the lead first',
  alreadyDecided: 'A decision has already been recorded for this conflict check: run the check again to decide anew',
  fileNotReady: 'The file is still being scanned for viruses: try again in a minute',
  fileQuarantined: 'The virus scanner refused this file: nobody can open it',
} as const;

export const leadPartyInputSchema = z.strictObject({
  name: requiredText('Party name').describe('The opposing party’s name (at most 160 characters); the conflict check searches it.'),
  partyType: z.enum(LEAD_TYPES).default('individual').describe('individual (the default) or company.'),
});

/** A lead's details: what staff type and what a form's answers fill. */
export const leadDetailsSchema = z.strictObject({
  leadType: z.enum(LEAD_TYPES, { error: 'Choose person or company' }).describe('individual: a person; company: a company.'),
  firstName: optionalText('First name', 80).describe('A person’s first name (or a company’s contact person’s); at most 80 characters.'),
  lastName: optionalText('Last name', 80).describe('A person’s last name (or a company’s contact person’s); at most 80 characters.'),
  companyName: optionalText('Company name', 160).describe('The company’s name; required for a company, not kept for a person.'),
  email: optionalEmail('Email').describe('Their email, kept in lower case; null: none.'),
  phone: optionalText('Phone', 40).describe('Their phone number (at most 40 characters); null: none.'),
  address: optionalMultilineText('Address', 300).describe('Street address (at most 300 characters); null: none.'),
  city: optionalText('City', 80).describe('City; null: none.'),
  state: optionalText('State', 80).describe('State or region; null: none.'),
  country: optionalText('Country', 80).describe('Country; null: none.'),
  postalCode: optionalText('Postal code', 20).describe('Postal code; null: none.'),
  matterDescription: optionalMultilineText('Matter description', 5000).describe(
    'What they need help with (at most 5,000 characters); null: not said yet.',
  ),
  opposingParties: z
    .array(leadPartyInputSchema)
    .max(20, 'At most 20 opposing parties')
    .default([])
    .describe('The other side(s), at most 20: the conflict check searches them with the lead’s names.'),
  practiceAreaId: optionalUuid('Practice area').describe('The practice area the matter would be in; null: not decided.'),
  referrerName: optionalText('Referred by', 160).describe('Who referred them (required when the source is referral); null: nobody.'),
});

const detailsRefinement = (lead: z.output<typeof leadDetailsSchema>, context: z.RefinementCtx) => {
  if (lead.leadType === 'company' && !lead.companyName)
    context.addIssue({ code: 'custom', path: ['companyName'], message: LEAD_MESSAGES.companyNameRequired });
  if (lead.leadType === 'individual' && !lead.firstName && !lead.lastName)
    context.addIssue({ code: 'custom', path: ['firstName'], message: LEAD_MESSAGES.nameRequired });
};

export const leadUpdateSchema = leadDetailsSchema.superRefine(detailsRefinement);
export type LeadUpdateInput = z.input<typeof leadUpdateSchema>;

export const leadCreateSchema = leadDetailsSchema
  .extend({
    source: z.enum(STAFF_LEAD_SOURCES, { error: 'Choose how the lead came in' }).describe('phone, referral or walkIn.'),
    assigneeUserId: optionalUuid('Assignee').describe('The firm member who follows the lead up; null: the member creating it.'),
  })
  .superRefine((lead, context) => {
    detailsRefinement(lead, context);
    if (lead.source === 'referral' && !lead.referrerName)
      context.addIssue({ code: 'custom', path: ['referrerName'], message: LEAD_MESSAGES.referrerRequired });
  });
export type LeadCreateInput = z.input<typeof leadCreateSchema>;

export const leadStatusChangeSchema = z.strictObject({
  status: z.enum(LEAD_STATUSES, { error: 'Choose a status' }).describe('The status to move to (see LEAD_TRANSITIONS).'),
  reason: optionalMultilineText('Reason', 1000).describe(
    'Why the lead was not engaged: required for notEngaged (at most 1,000 characters).',
  ),
});
export type LeadStatusChange = z.input<typeof leadStatusChangeSchema>;

export const leadNoteSchema = z.strictObject({
  note: requiredMultilineText('Note', 5000).describe('The note (at most 5,000 characters), added to the lead’s timeline.'),
});

export const leadAssignSchema = z.strictObject({
  assigneeUserId: uuidField('Assignee').describe('The active firm member who follows the lead up.'),
});

export const leadConflictDecisionSchema = z
  .strictObject({
    decision: z
      .enum(CONFLICT_DECISIONS, { error: 'Decision is required' })
      .describe('no_conflict (cleared), proceed_despite_conflict (waived: notes required) or declined (a conflict).'),
    notes: optionalMultilineText('Notes', 2000).describe('The reasoning (at most 2,000 characters); required to waive a conflict.'),
  })
  .superRefine((input, context) => {
    if (input.decision === 'proceed_despite_conflict' && !input.notes)
      context.addIssue({ code: 'custom', path: ['notes'], message: 'Notes are required to proceed despite a conflict' });
  });
export type LeadConflictDecisionInput = z.input<typeof leadConflictDecisionSchema>;

export const leadListFiltersSchema = z.object({
  assigneeUserId: z.uuid().optional().describe('Only this member’s leads.'),
  practiceAreaId: z.uuid().optional().describe('Only leads in this practice area.'),
  source: z.enum(LEAD_SOURCES).optional().describe('Only leads from this source: form, phone, referral or walkIn.'),
  intakeFormId: z.uuid().optional().describe('Only leads sent through this intake form.'),
  search: z.string().trim().max(100).optional().describe('Words in the lead’s name, company, email or phone.'),
  from: isoDate('From').optional().describe('Only leads that came in on or after this day (YYYY-MM-DD, the firm’s time zone).'),
  to: isoDate('To').optional().describe('Only leads that came in on or before this day (YYYY-MM-DD).'),
});
