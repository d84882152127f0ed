import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

/**
 * What a firm can import (issue 39), in the order it must: a matter needs its client; time, expenses,
 * opening trust balances and opening receivables need their matter.
 */
export const BULK_IMPORT_KINDS = ['clients', 'matters', 'timeEntries', 'expenses', 'openingTrustBalances', 'openingReceivables'] as const;
export type BulkImportKind = (typeof BULK_IMPORT_KINDS)[number];
export const BULK_IMPORT_KIND_LABELS: Record<BulkImportKind, string> = {
  clients: 'Clients',
  matters: 'Matters',
  timeEntries: 'Time entries',
  expenses: 'Expenses',
  openingTrustBalances: 'Opening trust balances',
  openingReceivables: 'Opening receivables',
};

export type BulkImportField = { name: string; label: string; required: boolean; aliases: readonly string[]; hint?: string };

/** Each record type's columns: its field, the label the mapping shows, and the headers it is matched with automatically. */
export const BULK_IMPORT_FIELDS: Record<BulkImportKind, readonly BulkImportField[]> = {
  clients: [
    {
      name: 'clientType',
      label: 'Type',
      required: false,
      aliases: ['type', 'client type', 'kind'],
      hint: 'Person or Company; blank: a company when it has a company name',
    },
    { name: 'firstName', label: 'First name', required: false, aliases: ['first name', 'firstname', 'given name', 'forename'] },
    { name: 'lastName', label: 'Last name', required: false, aliases: ['last name', 'lastname', 'surname', 'family name'] },
    {
      name: 'companyName',
      label: 'Company name',
      required: false,
      aliases: ['company', 'company name', 'organisation', 'organization', 'business name'],
    },
    { name: 'email', label: 'Email', required: false, aliases: ['email', 'e-mail', 'email address'] },
    { name: 'phone', label: 'Phone', required: false, aliases: ['phone', 'telephone', 'phone number', 'mobile'] },
    { name: 'address', label: 'Address', required: false, aliases: ['address', 'street', 'address line 1'] },
    { name: 'city', label: 'City', required: false, aliases: ['city', 'town'] },
    { name: 'contactName', label: 'Contact name', required: false, aliases: ['contact', 'contact name', 'contact person'] },
    { name: 'contactEmail', label: 'Contact email', required: false, aliases: ['contact email'] },
    { name: 'contactPhone', label: 'Contact phone', required: false, aliases: ['contact phone'] },
  ],
  matters: [
    {
      name: 'clientName',
      label: 'Client',
      required: true,
      aliases: ['client', 'client name', 'customer'],
      hint: 'The client’s name or client number, as in Matterhorn',
    },
    { name: 'matterName', label: 'Matter name', required: true, aliases: ['matter', 'matter name', 'case', 'case name', 'title'] },
    { name: 'description', label: 'Description', required: false, aliases: ['description', 'details', 'notes'] },
    {
      name: 'billingType',
      label: 'Billing type',
      required: false,
      aliases: ['billing type', 'billing', 'fee type'],
      hint: 'Hourly, Flat Rate, Contingency or Retainer; blank: Hourly',
    },
    { name: 'openDate', label: 'Open date', required: false, aliases: ['open date', 'opened', 'date opened', 'start date'] },
    {
      name: 'feeEarnerEmail',
      label: 'Fee earner (email)',
      required: false,
      aliases: ['fee earner', 'fee earner email', 'responsible', 'responsible lawyer', 'attorney', 'lawyer'],
    },
    { name: 'hourlyRate', label: 'Hourly rate', required: false, aliases: ['rate', 'hourly rate'] },
  ],
  timeEntries: [
    { name: 'clientName', label: 'Client', required: true, aliases: ['client', 'client name'] },
    {
      name: 'matterName',
      label: 'Matter',
      required: true,
      aliases: ['matter', 'matter name', 'matter number', 'case'],
      hint: 'The matter’s name or number, as in Matterhorn',
    },
    { name: 'date', label: 'Date', required: true, aliases: ['date', 'work date', 'entry date'], hint: 'DD/MM/YYYY or YYYY-MM-DD' },
    {
      name: 'feeEarnerEmail',
      label: 'Fee earner (email)',
      required: true,
      aliases: ['fee earner', 'fee earner email', 'user', 'timekeeper', 'lawyer'],
    },
    { name: 'hours', label: 'Hours', required: true, aliases: ['hours', 'duration', 'time', 'quantity'] },
    { name: 'rate', label: 'Rate', required: false, aliases: ['rate', 'hourly rate'], hint: 'Blank: the fee earner’s rate on the matter' },
    { name: 'description', label: 'Description', required: false, aliases: ['description', 'narrative', 'notes', 'details'] },
    { name: 'billable', label: 'Billable', required: false, aliases: ['billable', 'is billable'], hint: 'Yes or No; blank: Yes' },
    { name: 'activity', label: 'Activity', required: false, aliases: ['activity', 'activity type', 'task'] },
  ],
  expenses: [
    { name: 'clientName', label: 'Client', required: true, aliases: ['client', 'client name'] },
    { name: 'matterName', label: 'Matter', required: true, aliases: ['matter', 'matter name', 'matter number', 'case'] },
    { name: 'date', label: 'Date', required: true, aliases: ['date', 'expense date', 'incurred'], hint: 'DD/MM/YYYY or YYYY-MM-DD' },
    { name: 'description', label: 'Description', required: true, aliases: ['description', 'details', 'narrative', 'notes'] },
    { name: 'amount', label: 'Amount', required: true, aliases: ['amount', 'cost', 'total', 'value'], hint: 'In the firm’s home currency' },
    {
      name: 'category',
      label: 'Category',
      required: false,
      aliases: ['category', 'expense category', 'type'],
      hint: 'One of the firm’s expense categories; blank: Other',
    },
    { name: 'billable', label: 'Billable', required: false, aliases: ['billable', 'is billable'], hint: 'Yes or No; blank: Yes' },
  ],
  openingTrustBalances: [
    { name: 'clientName', label: 'Client', required: true, aliases: ['client', 'client name'] },
    {
      name: 'matterName',
      label: 'Matter',
      required: false,
      aliases: ['matter', 'matter name', 'matter number'],
      hint: 'Blank: the client’s general trust funds',
    },
    {
      name: 'trustAccount',
      label: 'Trust account',
      required: false,
      aliases: ['trust account', 'account', 'bank account'],
      hint: 'Its name or account number; blank: the firm’s one trust account in its home currency',
    },
    {
      name: 'date',
      label: 'Balance date',
      required: true,
      aliases: ['date', 'balance date', 'as at', 'as of'],
      hint: 'DD/MM/YYYY or YYYY-MM-DD',
    },
    { name: 'amount', label: 'Balance', required: true, aliases: ['balance', 'amount', 'trust balance', 'held'] },
    {
      name: 'reference',
      label: 'Reference',
      required: false,
      aliases: ['reference', 'ref', 'memo'],
      hint: 'Blank: Opening balance',
    },
  ],
  openingReceivables: [
    { name: 'clientName', label: 'Client', required: true, aliases: ['client', 'client name'] },
    { name: 'matterName', label: 'Matter', required: true, aliases: ['matter', 'matter name', 'matter number'] },
    {
      name: 'invoiceNumber',
      label: 'Invoice number',
      required: true,
      aliases: ['invoice number', 'invoice', 'invoice no', 'bill number', 'number'],
      hint: 'The number in the previous system: kept on the opening invoice',
    },
    {
      name: 'issueDate',
      label: 'Invoice date',
      required: true,
      aliases: ['invoice date', 'issue date', 'date'],
      hint: 'DD/MM/YYYY or YYYY-MM-DD',
    },
    { name: 'dueDate', label: 'Due date', required: false, aliases: ['due date', 'due'], hint: 'Blank: the firm’s payment terms' },
    {
      name: 'amount',
      label: 'Amount owed',
      required: true,
      aliases: ['amount owed', 'balance', 'balance due', 'outstanding', 'amount'],
      hint: 'What the client still owes on it, in the firm’s home currency',
    },
  ],
};

/** A header matched with a field when, lower-cased and trimmed, it is the field's label or one of its aliases. */
export function suggestBulkImportMapping(kind: BulkImportKind, headers: readonly string[]): Record<string, string | null> {
  // "E-mail address", "email_address" and "Email Address" are one header.
  const normal = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');
  const byName = new Map(headers.map((header) => [normal(header), header]));
  return Object.fromEntries(
    BULK_IMPORT_FIELDS[kind].map((field) => {
      const match = [field.label, ...field.aliases].map((alias) => byName.get(normal(alias))).find((header) => header !== undefined);
      return [field.name, match ?? null];
    }),
  );
}

/**
 * An import's life: uploaded → checking (the dry run, in the background) → checked → running →
 * done, or failed. A dry run that stopped (a restart) goes back to uploaded with its reason.
 */
export const BULK_IMPORT_STATUSES = ['uploaded', 'checking', 'checked', 'running', 'done', 'failed'] as const;
export type BulkImportStatus = (typeof BULK_IMPORT_STATUSES)[number];
/** The statuses of background work under way: followed until they end. */
export const BULK_IMPORT_WORKING_STATUSES: readonly BulkImportStatus[] = ['checking', 'running'];

/**
 * A file's records, at most: checked at upload, so no dry run or import is ever longer than this.
 * 50,000 rows (about 6 MB of time entries) is a large firm's year; a longer history goes in parts.
 */
export const BULK_IMPORT_MAX_ROWS = 50_000;

export const BULK_IMPORT_MESSAGES = {
  uploaded: 'File read: check the column mapping',
  mapped: 'Mapping saved',
  checking: 'Checking every row: nothing is written',
  checked: 'Dry run finished: nothing was written',
  checkStopped: 'The dry run stopped before it finished: run it again',
  tooManyRows: `A file can hold at most ${BULK_IMPORT_MAX_ROWS.toLocaleString('en-US')} records: split it and import each part`,
  started: 'Import started',
  noFile: 'Choose a CSV or Excel (.xlsx) file',
  unreadable: 'This file could not be read as CSV or Excel (.xlsx)',
  noRows: 'The file has a header row but no records',
  requiredField: (label: string) => `Choose the column for ${label}`,
  dryRunFirst: 'Run the dry run first',
  alreadyRunning: 'This import is already running or done',
  alreadyChecking: 'The dry run is under way: wait for its report',
  runStopped: 'The import stopped (the server restarted): run it again; rows already imported are skipped',
} as const;

const rowFindingSchema = z.object({
  row: z.number().int().describe('The row’s number in the file (the header is row 1).'),
  outcome: z
    .enum(['create', 'duplicate', 'invalid'])
    .describe('create: it would be imported; duplicate: in the file twice or already in Matterhorn; invalid: see errors.'),
  errors: z.array(z.string()).describe('What is wrong with it, or why it is a duplicate.'),
  conflicts: z.number().int().optional().describe('Possible conflicts its names match (clients and matters).'),
});

export const bulkImportSchema = z.object({
  id: z.string().describe('The import’s id.'),
  kind: z.enum(BULK_IMPORT_KINDS).describe('What it imports.'),
  fileName: z.string().describe('The file’s name.'),
  headers: z.array(z.string()).describe('The file’s header row.'),
  mapping: z
    .record(z.string(), z.string().nullable())
    .describe('Each field to the header it is read from (null: none): the saved mapping or, until one is saved, the suggestion.'),
  status: z
    .enum(BULK_IMPORT_STATUSES)
    .describe(
      'uploaded → checking (the dry run, in the background) → checked → running → done, or failed; a dry run that stopped goes back to uploaded, with failure saying so.',
    ),
  totalRows: z.number().int().describe('Records in the file (rows after the header), counted at upload.'),
  processedRows: z.number().int().describe('Records handled so far by the dry run (while checking) or the run.'),
  progress: z.number().int().describe('The dry run’s or the run’s progress, 0–100.'),
  createdCount: z.number().int().describe('Records created.'),
  skippedCount: z.number().int().describe('Records skipped as duplicates (already imported or in Matterhorn).'),
  failedCount: z.number().int().describe('Records refused (in the error CSV).'),
  dryRun: z
    .object({
      valid: z.number().int().describe('Rows that would be created.'),
      duplicates: z.number().int().describe('Rows in the file twice, imported before or already in Matterhorn: skipped.'),
      invalid: z.number().int().describe('Rows that would be refused (their reasons in findings and, after the run, the error CSV).'),
      findings: z.array(rowFindingSchema).describe('The first 500 rows that are duplicates or invalid.'),
    })
    .nullable()
    .describe('The dry run’s report, or null before it.'),
  hasErrorFile: z.boolean().describe('True when errors/{id} has the failed rows as CSV.'),
  failure: z.string().nullable().describe('Why the dry run or the run stopped, or null.'),
  createdAt: z.string().describe('When the file was uploaded (ISO 8601).'),
  finishedAt: z.string().nullable().describe('When the run finished (ISO 8601), or null.'),
});
export type BulkImport = z.infer<typeof bulkImportSchema>;

const importParamsSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The import’s id.') });

export const bulkImportFieldsSchema = z.strictObject({
  kind: z
    .enum(BULK_IMPORT_KINDS, { error: 'Choose what the file holds' })
    .describe('What the file holds: clients, matters, timeEntries, expenses, openingTrustBalances or openingReceivables.'),
});

export const bulkImportMappingInputSchema = z.strictObject({
  mapping: z
    .record(z.string(), z.string().nullable())
    .describe('Each field (by name) to the file’s header it is read from, or null for none; saved for the firm’s next file of this kind.'),
});

export const bulkImportContracts = {
  list: defineRoute({ method: 'GET', path: '/api/admin/bulk-import/get-imports', response: z.array(bulkImportSchema) }),
  map: defineRoute({
    method: 'POST',
    path: '/api/admin/bulk-import/map/:id',
    params: importParamsSchema,
    body: bulkImportMappingInputSchema,
    response: bulkImportSchema,
  }),
  dryRun: defineRoute({
    method: 'POST',
    path: '/api/admin/bulk-import/dry-run/:id',
    params: importParamsSchema,
    response: bulkImportSchema,
  }),
  run: defineRoute({ method: 'POST', path: '/api/admin/bulk-import/run/:id', params: importParamsSchema, response: bulkImportSchema }),
  status: defineRoute({ method: 'GET', path: '/api/admin/bulk-import/status/:id', params: importParamsSchema, response: bulkImportSchema }),
};

/** POST /api/admin/bulk-import/upload (multipart: kind, then the file) and GET errors/{id} (CSV): registered by hand. */
export const bulkImportUploadPath = { path: '/api/admin/bulk-import/upload' } as const;
export const bulkImportErrorsPath = { path: '/api/admin/bulk-import/errors/:id' } as const;
