import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { defineRoute } from '../common/route-contract.ts';

/** What goes to the recycle bin when deleted (issue 39); money records are voided, credited or reversed instead. */
export const RECYCLE_BIN_KINDS = [
  'client',
  'contact',
  'matter',
  'timeEntry',
  'expense',
  'flatFee',
  'progressNote',
  'courtUpdate',
  'document',
  'folder',
  'invoice',
  'lead',
  'intakeForm',
] as const;
export type RecycleBinKind = (typeof RECYCLE_BIN_KINDS)[number];

export const RECYCLE_BIN_KIND_LABELS: Record<RecycleBinKind, string> = {
  client: 'Client',
  contact: 'Contact',
  matter: 'Matter',
  timeEntry: 'Time entry',
  expense: 'Expense',
  flatFee: 'Flat fee',
  progressNote: 'Progress note',
  courtUpdate: 'Court update',
  document: 'Document',
  folder: 'Folder',
  invoice: 'Draft invoice',
  lead: 'Lead',
  intakeForm: 'Intake form',
};

export const RECYCLE_BIN_MESSAGES = {
  confirmName: 'Type the name exactly to delete it permanently',
  holdsMoney: 'It holds money history (invoices, payments, trust money or journals): it cannot be deleted permanently',
  restoreClientFirst: 'Restore its client first',
  restoreMatterFirst: 'Restore its matter first',
  leadHasHistory: 'This lead has consultations, an engagement or signature requests on record: it stays in the bin',
  formHasLeads: 'Leads came in through this form: it stays in the bin while any of them names it',
  formAddressTaken: 'Another intake form now has this form’s address: change that form’s address first',
} as const;

export const recycleBinEntrySchema = z.object({
  id: z.string().describe('The deleted record’s id (a UUID): what restore and purge take.'),
  kind: z.enum(RECYCLE_BIN_KINDS).describe('What it is.'),
  kindLabel: z.string().describe('What it is, in words ("Time entry").'),
  name: z.string().describe('Its name as the firm knew it: what Delete permanently asks to be typed.'),
  belongsTo: z.string().nullable().describe('The matter or client it belonged to, or null.'),
  deletedAt: z.string().describe('When it was deleted (ISO 8601).'),
  deletedBy: z.string().nullable().describe('Who deleted it, or null when unknown.'),
  purgeAfter: z.string().describe('When the purge job deletes it for good (deletedAt plus the firm’s retention, ISO 8601).'),
  daysLeft: z.number().int().describe('Whole days before it is purged (0: at the next purge).'),
});
export type RecycleBinEntry = z.infer<typeof recycleBinEntrySchema>;

export const recycleBinQuerySchema = pageQuerySchema.extend({
  Kind: z.enum(RECYCLE_BIN_KINDS, { error: 'Choose a record type from the list' }).optional().describe('Only this kind of record.'),
  Search: z.string().trim().max(200).optional().describe('Only items whose name or owner contains this text (any case).'),
  DeletedBy: z.uuid({ error: 'Deleted by must be a team member' }).optional().describe('Only items this member deleted.'),
});
export const recycleBinEntryPageSchema = pageSchema(recycleBinEntrySchema);
export type RecycleBinEntryPage = z.infer<typeof recycleBinEntryPageSchema>;

const itemParamsSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The deleted record’s id.') });

export const purgeInputSchema = z.strictObject({
  confirmName: z.string({ error: RECYCLE_BIN_MESSAGES.confirmName }).describe('The item’s name, typed again, to confirm.'),
});

export const restoredSchema = z.object({
  kind: z.enum(RECYCLE_BIN_KINDS).describe('What was restored.'),
  id: z.string().describe('Its id: it is back where it was, with what was deleted with it.'),
});

export const recycleBinContracts = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/recycle-bin/get-items',
    query: recycleBinQuerySchema,
    response: recycleBinEntryPageSchema,
  }),
  restore: defineRoute({ method: 'POST', path: '/api/admin/recycle-bin/restore/:id', params: itemParamsSchema, response: restoredSchema }),
  purge: defineRoute({
    method: 'DELETE',
    path: '/api/admin/recycle-bin/purge/:id',
    params: itemParamsSchema,
    body: purgeInputSchema,
    response: z.null(),
  }),
};
