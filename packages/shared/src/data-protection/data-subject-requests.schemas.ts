import { z } from 'zod';
import { isoDate, optionalMultilineText } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { defineRoute } from '../common/route-contract.ts';

/** Whose personal data a request is about (NDPA 2023: any identifiable person the firm holds data on). */
export const DATA_SUBJECT_TYPES = ['client', 'clientContact', 'lead', 'opposingParty'] as const;
export type DataSubjectType = (typeof DATA_SUBJECT_TYPES)[number];
export const DATA_SUBJECT_TYPE_LABELS: Record<DataSubjectType, string> = {
  client: 'Client',
  clientContact: 'Client contact',
  lead: 'Lead',
  opposingParty: 'Opposing party',
};

/** What the person asked for: a copy of their data (and its export), a correction, or erasure. */
export const DATA_SUBJECT_REQUEST_KINDS = ['access', 'correction', 'erasure'] as const;
export type DataSubjectRequestKind = (typeof DATA_SUBJECT_REQUEST_KINDS)[number];
export const DATA_SUBJECT_REQUEST_KIND_LABELS: Record<DataSubjectRequestKind, string> = {
  access: 'Access / export',
  correction: 'Correction',
  erasure: 'Erasure',
};

export const DATA_SUBJECT_REQUEST_STATUSES = ['open', 'completed', 'refused'] as const;
export type DataSubjectRequestStatus = (typeof DATA_SUBJECT_REQUEST_STATUSES)[number];
export const DATA_SUBJECT_REQUEST_STATUS_LABELS: Record<DataSubjectRequestStatus, string> = {
  open: 'Open',
  completed: 'Completed',
  refused: 'Refused',
};

/** Financial records are kept 7 years (PRODUCT.md: never purged inside that period). */
export const FINANCIAL_RECORD_RETENTION_YEARS = 7;
export const DEFAULT_REQUEST_DUE_DAYS = 30;

/** What stands in the way of an erasure: a duty to keep the person's data. */
export const ERASURE_BLOCKER_CODES = ['OPEN_INVOICES', 'TRUST_MONEY_HELD', 'FINANCIAL_RECORDS_RETAINED'] as const;
export type ErasureBlockerCode = (typeof ERASURE_BLOCKER_CODES)[number];

export const DATA_PROTECTION_MESSAGES = {
  logged: 'Request logged',
  erased: 'Personal data erased: the record is anonymised',
  erasureRefused: 'Erasure refused: the firm must keep this person’s data',
  notErasure: 'Only an erasure request erases',
  closed: 'This request is already closed',
  completed: 'Request completed',
  receivedInFuture: 'Received date cannot be in the future',
} as const;

export const erasureBlockerSchema = z.object({
  code: z.enum(ERASURE_BLOCKER_CODES).describe('What blocks it, for programs.'),
  message: z.string().describe('What blocks it, in words, with the records.'),
});
export type ErasureBlocker = z.infer<typeof erasureBlockerSchema>;

export const dataSubjectSchema = z.object({
  subjectType: z.enum(DATA_SUBJECT_TYPES).describe('What kind of record the person is.'),
  subjectId: z.string().describe('The record’s id.'),
  name: z.string().describe('The person’s name as recorded.'),
  detail: z.string().describe('Where the record sits (the client of a contact, the matter of an opposing party), or an email.'),
  /** The web page where the record is edited (a correction), or null where it is edited inside another record. */
  editPath: z.string().nullable().describe('The page where the record is corrected, or null.'),
});
export type DataSubject = z.infer<typeof dataSubjectSchema>;

export const dataSubjectSearchSchema = z.object({
  Search: z.string().trim().min(2, 'Type at least 2 letters of the name').max(100).describe('Part of the person’s name or email.'),
});

export const dataSubjectRequestSchema = z.object({
  id: z.string().describe('The request’s id.'),
  subject: dataSubjectSchema.describe('Whose data.'),
  kind: z.enum(DATA_SUBJECT_REQUEST_KINDS).describe('What they asked for.'),
  receivedOn: z.string().describe('When the request came (YYYY-MM-DD).'),
  dueOn: z.string().describe('When the answer is due: received plus the firm’s setting (YYYY-MM-DD).'),
  daysLeft: z.number().int().describe('Days until due (negative: overdue), while open.'),
  status: z.enum(DATA_SUBJECT_REQUEST_STATUSES).describe('Open, completed or refused.'),
  notes: z.string().describe('The firm’s notes.'),
  outcome: z.string().nullable().describe('What was done, or why it was refused.'),
  blockers: z.array(erasureBlockerSchema).describe('A refused erasure’s blockers.'),
  loggedBy: z.string().nullable().describe('Who logged it.'),
  closedAt: z.string().nullable().describe('When it was closed (ISO 8601).'),
  closedBy: z.string().nullable().describe('Who closed it.'),
});
export type DataSubjectRequest = z.infer<typeof dataSubjectRequestSchema>;

export const dataSubjectRequestQuerySchema = pageQuerySchema.extend({
  Status: z.enum(DATA_SUBJECT_REQUEST_STATUSES, { error: 'Choose a status from the list' }).optional().describe('Only this status.'),
});
export const dataSubjectRequestPageSchema = pageSchema(dataSubjectRequestSchema);

export const logDataSubjectRequestSchema = z.strictObject({
  subjectType: z.enum(DATA_SUBJECT_TYPES, { error: 'Choose whose data it is' }).describe('What kind of record the person is.'),
  subjectId: z.uuid({ error: 'Choose the person' }).describe('The record’s id.'),
  kind: z.enum(DATA_SUBJECT_REQUEST_KINDS, { error: 'Choose what they asked for' }).describe('What they asked for.'),
  receivedOn: isoDate('Received date').describe(
    'When the person made the request (YYYY-MM-DD), not in the future; the due date counts from it.',
  ),
  notes: optionalMultilineText('Notes', 2000).describe('The firm’s notes on the request; at most 2000 characters.'),
});
export type LogDataSubjectRequestInput = z.input<typeof logDataSubjectRequestSchema>;

export const completeDataSubjectRequestSchema = z.strictObject({
  outcome: optionalMultilineText('Outcome', 2000).describe('What was done for the person, in words; at most 2000 characters.'),
});

/** What a person's export holds: each section a list of records as the firm keeps them. */
export const dataSubjectExportSchema = z.object({
  firmName: z.string().describe('The firm that holds the data (the controller).'),
  generatedAt: z.string().describe('When the export was made (ISO 8601).'),
  subject: dataSubjectSchema.describe('Whose data.'),
  sections: z
    .array(
      z.object({
        title: z.string().describe('What these records are.'),
        records: z.array(z.record(z.string(), z.string().nullable())).describe('Each record, field by field.'),
      }),
    )
    .describe('The person’s data, by kind of record.'),
  notIncluded: z.string().describe('What the export leaves out, and why.'),
});
export type DataSubjectExport = z.infer<typeof dataSubjectExportSchema>;

export const dataProtectionSettingsSchema = z.object({
  requestDueDays: z.number().int().describe('Days to answer a data-subject request (default 30).'),
  closedMatterFileYears: z.number().int().describe('Years a closed matter’s files are kept (default 7).'),
  financialRecordYears: z.number().int().describe('Years financial and trust records are kept (7, fixed).'),
  timeZone: z.string().describe('The firm’s time zone (IANA): a moment typed on these pages (when a breach was found) is on its clock.'),
});
export type DataProtectionSettings = z.infer<typeof dataProtectionSettingsSchema>;

export const updateDataProtectionSettingsSchema = z.strictObject({
  requestDueDays: z.coerce
    .number({ error: 'Days to answer must be a number' })
    .int('Days to answer must be whole days')
    .min(1, 'Days to answer must be 1 to 365')
    .max(365, 'Days to answer must be 1 to 365')
    .describe('Days to answer a request.'),
  closedMatterFileYears: z.coerce
    .number({ error: 'Years to keep closed matters’ files must be a number' })
    .int('Years must be whole years')
    .min(1, 'Years to keep closed matters’ files must be 1 to 100')
    .max(100, 'Years to keep closed matters’ files must be 1 to 100')
    .describe('Years a closed matter’s files are kept.'),
});

const idParams = z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The request’s id.') });
const base = '/api/admin/data-protection';

export const dataSubjectRequestPdfPath = { path: `${base}/requests/:id/export-pdf` } as const;

export const dataProtectionContracts = {
  settings: defineRoute({ method: 'GET', path: `${base}/settings`, response: dataProtectionSettingsSchema }),
  updateSettings: defineRoute({
    method: 'PUT',
    path: `${base}/settings`,
    body: updateDataProtectionSettingsSchema,
    response: dataProtectionSettingsSchema,
  }),
  findSubjects: defineRoute({
    method: 'GET',
    path: `${base}/find-subjects`,
    query: dataSubjectSearchSchema,
    response: z.array(dataSubjectSchema),
  }),
  listRequests: defineRoute({
    method: 'GET',
    path: `${base}/requests`,
    query: dataSubjectRequestQuerySchema,
    response: dataSubjectRequestPageSchema,
  }),
  logRequest: defineRoute({
    method: 'POST',
    path: `${base}/requests`,
    body: logDataSubjectRequestSchema,
    response: dataSubjectRequestSchema,
    status: 201,
  }),
  request: defineRoute({ method: 'GET', path: `${base}/requests/:id`, params: idParams, response: dataSubjectRequestSchema }),
  exportData: defineRoute({ method: 'GET', path: `${base}/requests/:id/export`, params: idParams, response: dataSubjectExportSchema }),
  erase: defineRoute({ method: 'POST', path: `${base}/requests/:id/erase`, params: idParams, response: dataSubjectRequestSchema }),
  complete: defineRoute({
    method: 'POST',
    path: `${base}/requests/:id/complete`,
    params: idParams,
    body: completeDataSubjectRequestSchema,
    response: dataSubjectRequestSchema,
  }),
};
