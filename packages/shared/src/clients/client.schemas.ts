import { z } from 'zod';
import { optionalEmail, optionalText, queryBoolean, requiredText, sortTypeSchema } from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';

export const CLIENT_TYPES = ['individual', 'company'] as const;
export const CLIENT_STATUSES = ['active', 'archived'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const clientContactInputSchema = z.strictObject({
  name: requiredText('Contact name'),
  jobTitle: optionalText('Job title', 120),
  email: optionalEmail('Contact email'),
  phone: optionalText('Contact phone', 40),
});

/** The LEDES formats a client's e-billing portal may take: 1998B, or 1998BI (international, with tax). */
export const LEDES_FORMATS = ['1998B', '1998BI'] as const;
export type LedesFormat = (typeof LEDES_FORMATS)[number];

/** Create and update take the same body; update replaces the client's details and contacts. */
export const clientInputSchema = z
  .strictObject({
    clientType: z.enum(CLIENT_TYPES, { error: 'Client type is required' }),
    firstName: optionalText('First name', 80),
    lastName: optionalText('Last name', 80),
    companyName: optionalText('Company name', 160),
    email: optionalEmail('Email'),
    alternateEmail: optionalEmail('Alternate email'),
    phone: optionalText('Phone', 40),
    alternatePhone: optionalText('Alternate phone', 40),
    address: optionalText('Address', 300),
    city: optionalText('City', 80),
    state: optionalText('State', 80),
    country: optionalText('Country', 80),
    postalCode: optionalText('Postal code', 20),
    notes: optionalText('Notes', 5000),
    /** The client's tax identification number (LEDES 1998BI's CLIENT_TAX_ID). */
    taxNumber: optionalText('Tax identification number', 20),
    /** The LEDES format the client's e-billing portal takes; left out, 1998B. */
    ledesFormat: z.enum(LEDES_FORMATS, { error: 'Choose LEDES 1998B or 1998BI' }).default('1998B'),
    contacts: z.array(clientContactInputSchema).max(50, 'At most 50 contacts').default([]),
    customFields: z.record(z.string(), z.string().max(1000)).default({}),
    status: z.enum(CLIENT_STATUSES).default('active'),
    /** The conflict check run before saving, recorded against the new client. */
    conflictCheckId: z.uuid().nullish(),
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
  id: z.string(),
  name: z.string(),
  jobTitle: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const clientSummarySchema = z.object({
  id: z.string(),
  clientType: z.enum(CLIENT_TYPES),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
  isPortalEnabled: z.boolean(),
  openMatterCount: z.number(),
  createdAt: z.string(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

export const clientMatterSchema = z.object({
  id: z.string(),
  matterNumber: z.string().nullable(),
  matterName: z.string(),
  matterRate: z.string(),
  status: z.string(),
});

export const clientDetailSchema = clientSummarySchema.extend({
  /** The firm's number for the client (CL-00001): LEDES's CLIENT_ID. */
  clientNumber: z.string(),
  taxNumber: z.string().nullable(),
  ledesFormat: z.enum(LEDES_FORMATS),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  alternateEmail: z.string().nullable(),
  alternatePhone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
  notes: z.string(),
  customFields: z.record(z.string(), z.string()),
  contacts: z.array(clientContactSchema),
  matters: z.array(clientMatterSchema),
  hasPortalAccount: z.boolean(),
  updatedAt: z.string(),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

export const CLIENT_SORT_COLUMNS = ['name', 'clientType', 'status', 'createdAt'] as const;

/** GET /api/admin/client-info/get-clients-list (the IsDownlodCsv spelling is SPEC.md's). */
export const clientListQuerySchema = pageQuerySchema.extend({
  sortColumn: z.enum(CLIENT_SORT_COLUMNS).default('createdAt'),
  sortType: sortTypeSchema,
  GeneralSearchText: z.string().trim().max(200).optional(),
  ClientType: z.enum(CLIENT_TYPES).optional(),
  Status: z.enum(CLIENT_STATUSES).optional(),
  IsDownlodCsv: queryBoolean,
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;
export const clientPageSchema = pageSchema(clientSummarySchema);

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'select'] as const;
export const customFieldInputSchema = z
  .strictObject({
    entityType: z.enum(['client', 'matter'], { error: 'Applies to is required' }),
    label: requiredText('Label', 80),
    fieldType: z.enum(CUSTOM_FIELD_TYPES, { error: 'Field type is required' }),
    options: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
    isRequired: z.boolean().default(false),
    sortOrder: z.number().int().min(0).max(1000).default(0),
  })
  .refine((field) => field.fieldType !== 'select' || field.options.length > 0, {
    path: ['options'],
    message: 'A list field needs at least one option',
  });
export const customFieldSchema = z.object({
  id: z.string(),
  entityType: z.enum(['client', 'matter']),
  label: z.string(),
  fieldType: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()),
  isRequired: z.boolean(),
  sortOrder: z.number(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** GET /api/admin/custom-field/get-custom-fields: one entity's fields, or all when EntityType is absent. */
export const customFieldListQuerySchema = z.object({
  EntityType: z.enum(['client', 'matter']).optional(),
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
});
