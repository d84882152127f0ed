import { z } from 'zod';
import { controlCharactersMessage, SINGLE_LINE_PATTERN } from '../common/text-characters.ts';
import {
  firmScopeQuerySchema,
  optionalEmail,
  optionalMultilineText,
  optionalText,
  queryBoolean,
  requiredText,
  sortTypeSchema,
} from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { CLIENT_BILLING_PREFERENCES } from '../bill-runs/bill-run.schemas.ts';

export const CLIENT_TYPES = ['individual', 'company'] as const;
export const CLIENT_STATUSES = ['active', 'archived'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const clientContactInputSchema = z.strictObject({
  id: z
    .uuid({ error: 'Contact id must be a valid id' })
    .optional()
    .describe(
      'The id of one of the client’s contacts, to change it (an update); left out: a new contact, unless one with the same name and email is on file.',
    ),
  name: requiredText('Contact name').describe('The contact person’s name (at most 160 characters).'),
  jobTitle: optionalText('Job title', 120).describe('Their job title (at most 120 characters); blank or null: none.'),
  email: optionalEmail('Contact email').describe('Their email, kept in lower case; blank or null: none.'),
  phone: optionalText('Contact phone', 40).describe('Their phone number (at most 40 characters); blank or null: none.'),
});

/** The LEDES formats a client's e-billing portal may take: 1998B, or 1998BI (international, with tax). */
export const LEDES_FORMATS = ['1998B', '1998BI'] as const;
export type LedesFormat = (typeof LEDES_FORMATS)[number];

/** Create and update take the same body; update replaces the client's details, and saves its contacts (one left out goes to the bin). */
export const clientInputSchema = z
  .strictObject({
    clientType: z
      .enum(CLIENT_TYPES, { error: 'Client type is required' })
      .describe('individual: a person (firstName and lastName required); company: a company (companyName required).'),
    firstName: optionalText('First name', 80).describe(
      'A person’s first name (at most 80 characters); required for an individual, not kept for a company.',
    ),
    lastName: optionalText('Last name', 80).describe(
      'A person’s last name (at most 80 characters); required for an individual, not kept for a company.',
    ),
    companyName: optionalText('Company name', 160).describe(
      'The company’s name (at most 160 characters); required for a company, not kept for a person.',
    ),
    email: optionalEmail('Email').describe(
      'The client’s email, kept in lower case; the portal invitation goes to it. Blank or null: none.',
    ),
    alternateEmail: optionalEmail('Alternate email').describe('Another email of the client, kept in lower case; blank or null: none.'),
    phone: optionalText('Phone', 40).describe('The client’s phone number (at most 40 characters); blank or null: none.'),
    alternatePhone: optionalText('Alternate phone', 40).describe('Another phone number (at most 40 characters); blank or null: none.'),
    address: optionalMultilineText('Address', 300).describe('Street address (at most 300 characters); blank or null: none.'),
    city: optionalText('City', 80).describe('City (at most 80 characters); blank or null: none.'),
    state: optionalText('State', 80).describe('State or region (at most 80 characters); blank or null: none.'),
    country: optionalText('Country', 80).describe('Country (at most 80 characters); blank or null: none.'),
    postalCode: optionalText('Postal code', 20).describe('Postal code (at most 20 characters); blank or null: none.'),
    notes: optionalMultilineText('Notes', 5000).describe('Free notes about the client (at most 5000 characters); blank or null: none.'),
    /** The client's tax identification number (LEDES 1998BI's CLIENT_TAX_ID). */
    taxNumber: optionalText('Tax identification number', 20).describe(
      'The client’s tax identification number (at most 20 characters), LEDES 1998BI’s CLIENT_TAX_ID; blank or null: none.',
    ),
    /** The LEDES format the client's e-billing portal takes; left out, 1998B. */
    ledesFormat: z
      .enum(LEDES_FORMATS, { error: 'Choose LEDES 1998B or 1998BI' })
      .default('1998B')
      .describe('The LEDES format the client’s e-billing portal takes: 1998B (the default) or 1998BI (international, with tax).'),
    /** How a bill run drafts the client's invoices; left out, one per matter. */
    billingPreference: z
      .enum(CLIENT_BILLING_PREFERENCES, { error: 'Choose one invoice per matter or one per client' })
      .default('perMatter')
      .describe(
        'How a bill run drafts the client’s invoices: perMatter (the default) or perClient (one per client, never mixing currencies).',
      ),
    contacts: z
      .array(clientContactInputSchema)
      .max(50, 'At most 50 contacts')
      .default([])
      .describe(
        'The client’s contact people (at most 50). On an update, a contact of the client left out goes to the recycle bin (restorable); one sent with its id is changed.',
      ),
    customFields: z
      .record(z.string(), z.string().max(1000))
      .default({})
      .describe(
        'Values of the firm’s client custom fields, by custom field id, as text that fits each field’s type; required fields must be filled. An update replaces them.',
      ),
    status: z
      .enum(CLIENT_STATUSES)
      .default('active')
      .describe('active (the default), or archived: an archived client takes no new matters.'),
    /** The conflict check run before saving, recorded against the new client. */
    conflictCheckId: z
      .uuid()
      .nullish()
      .describe(
        'The conflict check run on the client’s names before saving (a UUID), recorded against the client; needed whenever a name has not been checked before.',
      ),
  })
  .superRefine((client, context) => {
    if (client.clientType === 'company' && !client.companyName) {
      context.addIssue({ code: 'custom', path: ['companyName'], message: 'Company name is required' });
    }
    if (client.clientType === 'individual' && !client.firstName) {
      context.addIssue({ code: 'custom', path: ['firstName'], message: 'First name is required' });
    }
    if (client.clientType === 'individual' && !client.lastName) {
      context.addIssue({ code: 'custom', path: ['lastName'], message: 'Last name is required' });
    }
  });
export type ClientInput = z.input<typeof clientInputSchema>;

export const clientContactSchema = z.object({
  id: z.string().describe('The contact’s id (a UUID).'),
  name: z.string().describe('The contact person’s name.'),
  jobTitle: z.string().nullable().describe('Their job title, or null.'),
  email: z.string().nullable().describe('Their email (lower case), or null.'),
  phone: z.string().nullable().describe('Their phone number, or null.'),
});

export const clientSummarySchema = z.object({
  id: z.string().describe('The client’s id (a UUID).'),
  clientType: z.enum(CLIENT_TYPES).describe('individual (a person) or company.'),
  name: z.string().describe('The client’s name: a person’s first and last name, or the company’s name.'),
  email: z.string().nullable().describe('The client’s email (lower case), or null.'),
  phone: z.string().nullable().describe('The client’s phone number, or null.'),
  status: z.enum(CLIENT_STATUSES).describe('active, or archived (takes no new matters and leaves the client pickers).'),
  isPortalEnabled: z
    .boolean()
    .describe('True once the firm has let the client onto its portal (invite-to-portal); false again once revoked.'),
  openMatterCount: z.number().describe('How many of the client’s matters are open (deleted ones not counted).'),
  createdAt: z.string().describe('When the client was created (ISO 8601, UTC).'),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

export const clientMatterSchema = z.object({
  id: z.string().describe('The matter’s id (a UUID).'),
  matterNumber: z.string().nullable().describe('The matter’s number (MAT-00001), or null for a matter that has none.'),
  matterName: z.string().describe('The matter’s name.'),
  matterRate: z.string().describe('The matter’s billing type (SPEC’s matterRate): Hourly, Flat Rate, Contingency or Retainer.'),
  status: z.string().describe('Open or Closed.'),
});

export const clientDetailSchema = clientSummarySchema.extend({
  /** The firm's number for the client (CL-00001): LEDES's CLIENT_ID. */
  clientNumber: z.string().describe('The firm’s number for the client (CL-00001), given by the server: LEDES’s CLIENT_ID.'),
  taxNumber: z.string().nullable().describe('The client’s tax identification number (LEDES 1998BI’s CLIENT_TAX_ID), or null.'),
  ledesFormat: z
    .enum(LEDES_FORMATS)
    .describe('The LEDES format the client’s e-billing portal takes: 1998B, or 1998BI (international, with tax).'),
  billingPreference: z
    .enum(CLIENT_BILLING_PREFERENCES)
    .describe('How a bill run drafts the client’s invoices: perMatter (one per matter) or perClient (one per client).'),
  firstName: z.string().nullable().describe('A person’s first name; null for a company.'),
  lastName: z.string().nullable().describe('A person’s last name; null for a company.'),
  companyName: z.string().nullable().describe('The company’s name; null for a person.'),
  alternateEmail: z.string().nullable().describe('Another email of the client (lower case), or null.'),
  alternatePhone: z.string().nullable().describe('Another phone number, or null.'),
  address: z.string().nullable().describe('Street address, or null.'),
  city: z.string().nullable().describe('City, or null.'),
  state: z.string().nullable().describe('State or region, or null.'),
  country: z.string().nullable().describe('Country, or null.'),
  postalCode: z.string().nullable().describe('Postal code, or null.'),
  notes: z.string().describe('Free notes about the client; empty when none.'),
  customFields: z
    .record(z.string(), z.string())
    .describe('The client’s custom-field values by custom field id (see get-custom-fields); blank ones are not kept.'),
  contacts: z.array(clientContactSchema).describe('The client’s contact people.'),
  matters: z.array(clientMatterSchema).describe('The client’s matters (deleted ones left out), newest first.'),
  hasPortalAccount: z
    .boolean()
    .describe('True when someone has finished signing up to the portal for this client and the account is not removed.'),
  updatedAt: z.string().describe('When the client last changed (ISO 8601, UTC).'),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export const CLIENT_SORT_COLUMNS = ['name', 'clientType', 'status', 'createdAt'] as const;

/** GET /api/admin/client-info/get-clients-list (the IsDownlodCsv spelling is SPEC.md's). */
export const clientListQuerySchema = pageQuerySchema.extend({
  sortColumn: z
    .enum(CLIENT_SORT_COLUMNS)
    .default('createdAt')
    .describe('The column to sort by, in sortType’s direction (default createdAt).'),
  sortType: sortTypeSchema,
  GeneralSearchText: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Clients whose name, email or phone contains this text (any case; at most 200 characters).'),
  ClientType: z.enum(CLIENT_TYPES).optional().describe('Only people (individual) or only companies (company); left out: both.'),
  Status: z.enum(CLIENT_STATUSES).optional().describe('Only active or only archived clients; left out: both.'),
  IsDownlodCsv: queryBoolean.describe('true or 1: answer the whole filtered list as CSV instead of a page (SPEC’s spelling of the name).'),
  ...firmScopeQuerySchema.shape,
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;
export const clientPageSchema = pageSchema(clientSummarySchema);

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'select'] as const;
export const customFieldInputSchema = z
  .strictObject({
    entityType: z
      .enum(['client', 'matter'], { error: 'Applies to is required' })
      .describe('What the field is for: client or matter records.'),
    label: requiredText('Label', 80).describe(
      'The field’s name as forms show it (at most 80 characters); unique, ignoring case, among the entity’s fields.',
    ),
    fieldType: z
      .enum(CUSTOM_FIELD_TYPES, { error: 'Field type is required' })
      .describe('text; number; date (YYYY-MM-DD); or select (one of options). Values are checked against it when a record is saved.'),
    options: z
      .array(z.string().trim().min(1).max(80).regex(SINGLE_LINE_PATTERN, controlCharactersMessage('An option')))
      .max(50)
      .default([])
      .describe(
        'A select field’s choices (at least one, at most 50, each up to 80 characters, duplicates dropped); not kept for other types.',
      ),
    isRequired: z.boolean().default(false).describe('True: every record of the entity must fill it in when saved (default false).'),
    sortOrder: z
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(0)
      .describe('Where it appears among the entity’s fields, lowest first, then by label (0–1000, default 0).'),
  })
  .refine((field) => field.fieldType !== 'select' || field.options.length > 0, {
    path: ['options'],
    message: 'A list field needs at least one option',
  });
export const customFieldSchema = z.object({
  id: z.string().describe('The custom field’s id (a UUID): the key of its value in a record’s customFields.'),
  entityType: z.enum(['client', 'matter']).describe('What the field is for: client or matter records.'),
  label: z.string().describe('The field’s name as forms show it.'),
  fieldType: z.enum(CUSTOM_FIELD_TYPES).describe('text; number; date (YYYY-MM-DD); or select (one of options).'),
  options: z.array(z.string()).describe('A select field’s choices; empty for other types.'),
  isRequired: z.boolean().describe('True: every record of the entity must fill it in when saved.'),
  sortOrder: z.number().describe('Where it appears among the entity’s fields, lowest first (0–1000).'),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** GET /api/admin/custom-field/get-custom-fields: one entity's fields, or all when EntityType is absent. */
export const customFieldListQuerySchema = z.object({
  EntityType: z
    .enum(['client', 'matter'])
    .optional()
    .describe('Only the client fields or only the matter fields; left out: all, client fields first.'),
  ...firmScopeQuerySchema.shape,
});
