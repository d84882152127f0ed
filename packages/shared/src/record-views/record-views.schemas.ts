import { z } from 'zod';
import { isoDate } from '../common/fields.ts';
import { pageSchema } from '../common/pagination.ts';
import { defineRoute } from '../common/route-contract.ts';

/**
 * What a "who looked" record says was viewed (NDPA 2023, ADR 92): a matter's page, a document
 * (opened, downloaded or previewed), a folder's list of documents, a client's or matter's trust ledger.
 */
export const RECORD_VIEW_TYPES = ['matter', 'document', 'documentList', 'trustLedger'] as const;
export type RecordViewType = (typeof RECORD_VIEW_TYPES)[number];

export const RECORD_VIEW_TYPE_LABELS: Record<RecordViewType, string> = {
  matter: 'Matter',
  document: 'Document',
  documentList: 'List of documents',
  trustLedger: 'Trust ledger',
};

/** The same member opening the same record again within this many seconds is one view (a reload, a page's own refetch). */
export const RECORD_VIEW_REPEAT_SECONDS = 60;

const optionalDay = (label: string) =>
  z
    .union([isoDate(label), z.literal('')])
    .optional()
    .transform((value) => value || undefined);

const optionalId = (label: string) =>
  z
    .union([z.uuid({ error: `${label} must be a valid id` }), z.literal('')])
    .optional()
    .transform((value) => value || undefined);

export const recordViewQuerySchema = z
  .object({
    ClientId: z.uuid({ error: 'Choose a client' }).describe('The client whose records were viewed (required).'),
    UserId: optionalId('UserId').describe('Only this team member’s views.'),
    RecordType: z
      .union([z.enum(RECORD_VIEW_TYPES, { error: 'RecordType must be matter, document, documentList or trustLedger' }), z.literal('')])
      .optional()
      .transform((value) => value || undefined)
      .describe('Only views of this kind of record.'),
    From: optionalDay('From').describe('From this day (YYYY-MM-DD, the firm’s time zone).'),
    To: optionalDay('To').describe('Up to and including this day (YYYY-MM-DD, the firm’s time zone).'),
    PageNumber: z.coerce.number().int().min(1).default(1).describe('From 1.'),
    PageSize: z.coerce.number().int().min(1).max(100).default(20).describe('1–100 (default 20).'),
  })
  .refine((query) => !query.From || !query.To || query.From <= query.To, { message: 'From must be on or before To', path: ['From'] });
export type RecordViewQuery = z.input<typeof recordViewQuerySchema>;

export const recordViewSchema = z.object({
  id: z.string().describe('The view’s id.'),
  viewedAt: z.string().describe('When (ISO 8601).'),
  userId: z.string().describe('Who: the team member’s id.'),
  userName: z.string().describe('Who: the team member’s name.'),
  recordType: z.enum(RECORD_VIEW_TYPES).describe('What kind of record.'),
  recordId: z.string().describe('The record’s id (a matter’s or client’s for a trust ledger; a folder’s for a list of documents).'),
  recordName: z.string().nullable().describe('The record’s current name; null once it has been purged.'),
  matterId: z.string().nullable().describe('The matter it belongs to; null for the client’s own.'),
  matterName: z.string().nullable().describe('That matter’s number and name.'),
});
export type RecordView = z.infer<typeof recordViewSchema>;

export const recordViewPageSchema = pageSchema(recordViewSchema).extend({
  clientId: z.string().describe('The client.'),
  clientName: z.string().describe('The client’s name.'),
  timeZone: z.string().describe('The firm’s time zone (IANA): the page shows when each view was on the firm’s clock, not the reader’s.'),
});
export type RecordViewPage = z.infer<typeof recordViewPageSchema>;

export const recordViewContracts = {
  list: defineRoute({ method: 'GET', path: '/api/admin/record-views', query: recordViewQuerySchema, response: recordViewPageSchema }),
};
