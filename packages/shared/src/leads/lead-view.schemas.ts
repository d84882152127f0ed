import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { CONFLICT_DECISIONS, conflictMatchSchema } from '../conflict-checks/conflict-check.schemas.ts';
import { INTAKE_FIELD_TYPES } from '../intake-forms/intake-form-fields.schemas.ts';
import { LEAD_STATUSES } from './lead-status.ts';
import { LEAD_SOURCES, LEAD_TYPES, leadListFiltersSchema } from './lead.schemas.ts';

export const leadSummarySchema = z.object({
  id: z.uuid().describe('The lead’s id.'),
  displayName: z.string().describe('The company’s name, or the person’s first and last names (their email when they gave no name).'),
  leadType: z.enum(LEAD_TYPES).describe('individual or company.'),
  email: z.string().nullable().describe('Their email; null: none.'),
  phone: z.string().nullable().describe('Their phone; null: none.'),
  status: z.enum(LEAD_STATUSES).describe('new, contacted, consultationBooked, engaged or notEngaged.'),
  source: z.enum(LEAD_SOURCES).describe('form, phone, referral or walkIn.'),
  intakeFormName: z.string().nullable().describe('The intake form it came through; null for a lead entered by staff.'),
  practiceAreaId: z.string().nullable().describe('Its practice area; null: none.'),
  practiceAreaName: z.string().nullable().describe('That practice area’s name; null: none.'),
  assigneeUserId: z.string().nullable().describe('Who follows it up; null: nobody yet.'),
  assigneeName: z.string().nullable().describe('Their name; null: nobody yet.'),
  conflictDecision: z.enum(CONFLICT_DECISIONS).nullable().describe('The conflict check’s decision; null: not checked or not decided.'),
  createdAt: z.string().describe('When it came in (ISO 8601).'),
  statusChangedAt: z.string().describe('When its status last changed (ISO 8601).'),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const leadListQuerySchema = pageQuerySchema.extend(leadListFiltersSchema.shape).extend({
  status: z.enum(LEAD_STATUSES).optional().describe('Only leads in this status.'),
});
export const leadPageSchema = pageSchema(leadSummarySchema);

export const leadBoardQuerySchema = leadListFiltersSchema.extend({
  perStatus: z.coerce.number().int().min(1).max(50).default(10).describe('How many leads each column shows, newest first (1 to 50; 10).'),
});
export const leadBoardSchema = z.object({
  columns: z
    .array(
      z.object({
        status: z.enum(LEAD_STATUSES).describe('The column’s status.'),
        count: z.number().int().describe('How many leads match in this status (all of them, not only those shown).'),
        leads: z.array(leadSummarySchema).describe('The first of them, newest first.'),
      }),
    )
    .describe('One column per status, in pipeline order.'),
});
export type LeadBoard = z.infer<typeof leadBoardSchema>;

export const LEAD_EVENT_KINDS = [
  'created',
  'statusChanged',
  'detailsUpdated',
  'assigned',
  'note',
  'emailSent',
  'conflictCheckRun',
  'conflictDecided',
  'consultationBooked',
  'engagementLetterSent',
  'converted',
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

export const leadEventSchema = z.object({
  id: z.uuid().describe('The event’s id.'),
  kind: z.enum(LEAD_EVENT_KINDS).describe('What happened.'),
  summary: z.string().describe('What happened, in a sentence ("Status changed from New to Contacted").'),
  body: z.string().nullable().describe('The note, the reason, or the email’s subject; null: none.'),
  actorName: z.string().nullable().describe('Who did it; null when the visitor’s form or the system did.'),
  occurredAt: z.string().describe('When (ISO 8601).'),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;

export const leadFileSchema = z.object({
  id: z.uuid().describe('The file’s id: download it with download-lead-file.'),
  fileName: z.string().describe('Its name as uploaded.'),
  contentType: z.string().describe('Its type, from its content.'),
  sizeBytes: z.number().int().describe('Its size in bytes.'),
  fieldLabel: z.string().describe('The form field it was uploaded for.'),
  scanStatus: z
    .enum(['scanning', 'available', 'quarantined'])
    .describe('scanning: not yet opened by anyone; available; quarantined (a virus).'),
});
export type LeadFile = z.infer<typeof leadFileSchema>;

export const leadAnswerSchema = z.object({
  fieldKey: z.string().describe('The field’s key.'),
  label: z.string().describe('The field’s label as it was when the form was sent.'),
  type: z.enum(INTAKE_FIELD_TYPES).describe('The field’s type.'),
  value: z.string().nullable().describe('The answer as text (a yes/no as "Yes"/"No"); null for a file field or no answer.'),
  fileIds: z.array(z.string()).describe('A file field’s files (see files); empty for the others.'),
});

export const leadSubmissionSchema = z.object({
  intakeFormId: z.string().describe('The form it was sent through.'),
  formName: z.string().describe('That form’s title when it was sent.'),
  formVersion: z.number().int().describe('The version of the form it was sent against.'),
  submittedAt: z.string().describe('When it was sent (ISO 8601).'),
  answers: z.array(leadAnswerSchema).describe('Every field shown to the visitor, in the form’s order then, with the answer.'),
});

export const leadConflictSchema = z.object({
  conflictCheckId: z.string().describe('The conflict check’s id (the engine’s record; carried to the client and matter at conversion).'),
  searchedNames: z.array(z.string()).describe('The names it searched: the lead’s and its opposing parties’.'),
  matchCount: z.number().int().describe('How many of the firm’s names resembled them.'),
  matches: z.array(conflictMatchSchema).describe('The matches found when it ran.'),
  decision: z
    .enum(CONFLICT_DECISIONS)
    .nullable()
    .describe('no_conflict (cleared), proceed_despite_conflict (waived), declined; null: undecided.'),
  decisionNotes: z.string().nullable().describe('The reasoning recorded with the decision; null: none.'),
  ranAt: z.string().describe('When it ran (ISO 8601).'),
  decidedAt: z.string().nullable().describe('When it was decided; null: undecided.'),
  isStale: z.boolean().describe('True when the lead’s names or opposing parties changed since it ran: run it again.'),
});
export type LeadConflict = z.infer<typeof leadConflictSchema>;

export const leadSchema = leadSummarySchema.extend({
  firstName: z.string().nullable().describe('First name (a company’s contact person’s); null: none.'),
  lastName: z.string().nullable().describe('Last name; null: none.'),
  companyName: z.string().nullable().describe('The company’s name; null for a person.'),
  address: z.string().nullable().describe('Street address; null: none.'),
  city: z.string().nullable().describe('City; null: none.'),
  state: z.string().nullable().describe('State or region; null: none.'),
  country: z.string().nullable().describe('Country; null: none.'),
  postalCode: z.string().nullable().describe('Postal code; null: none.'),
  matterDescription: z.string().nullable().describe('What they need help with; null: not said.'),
  opposingParties: z
    .array(z.object({ name: z.string().describe('The party’s name.'), partyType: z.enum(LEAD_TYPES).describe('individual or company.') }))
    .describe('The other side(s).'),
  referrerName: z.string().nullable().describe('Who referred them; null: nobody.'),
  intakeFormId: z.string().nullable().describe('The form it came through; null: entered by staff.'),
  notEngagedReason: z.string().nullable().describe('Why it was not engaged; null unless notEngaged.'),
  nextStatuses: z.array(z.enum(LEAD_STATUSES)).describe('The statuses it may move to now (LEAD_TRANSITIONS).'),
  conflictCheck: leadConflictSchema.nullable().describe('Its latest conflict check; null: never checked.'),
  submission: leadSubmissionSchema.nullable().describe('The form answers it came with; null for a lead entered by staff.'),
  files: z.array(leadFileSchema).describe('Files uploaded with the form.'),
  timeline: z.array(leadEventSchema).describe('What happened to it, newest first.'),
  updatedAt: z.string().describe('When its details last changed (ISO 8601).'),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadFileParamsSchema = z.object({
  id: z.uuid({ error: 'Id is required' }).describe('The lead’s id.'),
  fileId: z.uuid({ error: 'File id is required' }).describe('The file’s id.'),
});
