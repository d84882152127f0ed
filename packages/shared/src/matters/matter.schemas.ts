import { z } from 'zod';
import {
  firmScopeQuerySchema,
  isoDate,
  moneyText,
  optionalMoneyText,
  optionalMultilineText,
  optionalText,
  queryBoolean,
  requiredText,
  sortTypeSchema,
  uuidField,
} from '../common/fields.ts';
import { pageQuerySchema, pageSchema } from '../common/pagination.ts';
import { MATTER_RATES, MATTER_STATUSES } from './matter-lookups.schemas.ts';

export type MatterRate = (typeof MATTER_RATES)[number];
export const PARTY_ROLES = ['related', 'opposing'] as const;

export const matterAssigneeInputSchema = z.strictObject({
  userId: uuidField('Fee earner').describe('The fee earner (an active member’s user id).'),
  hourlyRate: moneyText('Hourly rate').describe(
    'The hourly rate they bill on this matter, in the home currency (at most 2 decimals): it comes before their default rate when their time is valued.',
  ),
});

export const matterPartyInputSchema = z.strictObject({
  partyRole: z
    .enum(PARTY_ROLES, { error: 'Party role is required' })
    .describe('related (connected to the client’s side) or opposing (the other side).'),
  partyType: z.enum(['individual', 'company']).default('individual').describe('individual (the default) or company.'),
  name: requiredText('Party name').describe('The party’s name (at most 160 characters); conflict checks search it.'),
  notes: optionalMultilineText('Party notes', 1000).describe('Notes on the party (at most 1000 characters); blank or null: none.'),
});

/** Create and update take the same body; update replaces assignees, parties and practice areas. */
export const matterInputSchema = z
  .strictObject({
    clientId: uuidField('Client').describe('The client the matter belongs to (a UUID); an archived client takes no new matters.'),
    matterName: requiredText('Matter name', 200).describe('The matter’s name (at most 200 characters).'),
    matterRate: z
      .enum(MATTER_RATES, { error: 'Billing type is required' })
      .describe('The billing type: Hourly, Flat Rate (flatRate required), Contingency (contingencyPercentage required) or Retainer.'),
    description: optionalMultilineText('Description', 5000).describe(
      'What the matter is about (at most 5000 characters); blank or null: none.',
    ),
    practiceAreaIds: z
      .array(z.uuid())
      .max(20)
      .default([])
      .describe('The firm’s practice areas the matter falls under (ids, at most 20); an update replaces them.'),
    shelfLocation: optionalText('Shelf location', 120).describe(
      'Where the paper file is kept (at most 120 characters); blank or null: none.',
    ),
    /** The client's own number for the matter (LEDES's CLIENT_MATTER_ID, at most 20 characters). */
    clientMatterReference: optionalText("Client's matter reference", 20).describe(
      'The client’s own number for the matter (at most 20 characters), LEDES’s CLIENT_MATTER_ID; blank or null: none.',
    ),
    matterOpenDate: isoDate('Open date')
      .optional()
      .describe(
        'The day the matter opened (YYYY-MM-DD), not after its close date; left out: today in the firm’s time zone on create, unchanged on update.',
      ),
    hourlyRate: optionalMoneyText('Hourly rate').describe(
      'The matter’s own hourly rate in the home currency (at most 2 decimals), for fee earners with no rate on it and no default rate; blank or null: none.',
    ),
    flatRate: optionalMoneyText('Flat rate').describe(
      'A Flat Rate matter’s fixed fee in the home currency (at most 2 decimals); blank or null: none.',
    ),
    contingencyPercentage: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
      .refine(
        (value) => value === null || (/^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100),
        'Contingency percentage must be between 0 and 100',
      )
      .describe('A Contingency matter’s share of the recovery, a percentage from 0 to 100 with at most 2 decimals; blank or null: none.'),
    assignees: z
      .array(matterAssigneeInputSchema)
      .max(50)
      .default([])
      .describe('The fee earners assigned to the matter (each once, at most 50) with their rates on it; an update replaces them.'),
    parties: z
      .array(matterPartyInputSchema)
      .max(100)
      .default([])
      .describe('Related and opposing parties (at most 100); an update replaces them.'),
    customFields: z
      .record(z.string(), z.string().max(1000))
      .default({})
      .describe(
        'Values of the firm’s matter custom fields, by custom field id, as text that fits each field’s type; required fields must be filled. An update replaces them.',
      ),
    conflictCheckId: z
      .uuid()
      .nullish()
      .describe(
        'The conflict check run on the matter’s name and parties before saving (a UUID), recorded against the matter; needed whenever a name has not been checked before.',
      ),
  })
  .superRefine((matter, context) => {
    if (matter.matterRate === 'Flat Rate' && !matter.flatRate) {
      context.addIssue({ code: 'custom', path: ['flatRate'], message: 'Flat rate is required' });
    }
    if (matter.matterRate === 'Contingency' && !matter.contingencyPercentage) {
      context.addIssue({ code: 'custom', path: ['contingencyPercentage'], message: 'Contingency percentage is required' });
    }
    const userIds = matter.assignees.map((assignee) => assignee.userId);
    if (new Set(userIds).size !== userIds.length) {
      context.addIssue({ code: 'custom', path: ['assignees'], message: 'Each fee earner can be assigned once' });
    }
  });
export type MatterInput = z.input<typeof matterInputSchema>;

export const matterAssigneeSchema = z.object({
  userId: z.string().describe('The fee earner’s user id (a UUID).'),
  name: z.string().describe('The fee earner’s name.'),
  hourlyRate: z.string().describe('The hourly rate they bill on this matter: an exact decimal string in the home currency.'),
});
export const matterPartySchema = z.object({
  id: z.string().describe('The party’s id (a UUID).'),
  partyRole: z.enum(PARTY_ROLES).describe('related (connected to the client’s side) or opposing (the other side).'),
  partyType: z.enum(['individual', 'company']).describe('individual or company.'),
  name: z.string().describe('The party’s name.'),
  notes: z.string().describe('Notes on the party; empty when none.'),
});

export const matterSummarySchema = z.object({
  id: z.string().describe('The matter’s id (a UUID).'),
  matterNumber: z.string().nullable().describe('The matter’s number (MAT-00001), or null for a matter that has none.'),
  matterName: z.string().describe('The matter’s name.'),
  matterRate: z.enum(MATTER_RATES).describe('The matter’s billing type (SPEC’s matterRate).'),
  status: z.enum(MATTER_STATUSES).describe('Open or Closed.'),
  clientId: z.string().describe('The client the matter belongs to (a UUID).'),
  clientName: z.string().describe('The client’s name.'),
  matterOpenDate: z.string().describe('The day the matter opened (YYYY-MM-DD).'),
  matterCloseDate: z.string().nullable().describe('The day it closed (YYYY-MM-DD), or null while open.'),
  assignedTo: z
    .array(
      z.object({
        userId: z.string().describe('The fee earner’s user id (a UUID).'),
        name: z.string().describe('The fee earner’s name.'),
      }),
    )
    .describe('The fee earners assigned to the matter.'),
  practiceAreas: z.array(z.string()).describe('The names of the matter’s practice areas.'),
  createdAt: z.string().describe('When the matter was created (ISO 8601, UTC).'),
});
export type MatterSummary = z.infer<typeof matterSummarySchema>;

/**
 * GET /api/admin/matter-master/get-matter-view: SPEC.md §3's Matter fields, spelt as the spec
 * spells them (contigencyRate included). hourlyRates is the matter's own rate; hourlyRatesActual
 * is the rate each assigned fee earner bills on it.
 */
export const matterViewSchema = z.object({
  id: z.string().describe('The matter’s id (a UUID).'),
  matterNumber: z.string().nullable().describe('The matter’s number (MAT-00001), given by the server; null for a matter that has none.'),
  matterName: z.string().describe('The matter’s name.'),
  matterRate: z.enum(MATTER_RATES).describe('The matter’s billing type (SPEC’s matterRate): Hourly, Flat Rate, Contingency or Retainer.'),
  description: z.string().describe('What the matter is about; empty when none.'),
  status: z.enum(MATTER_STATUSES).describe('Open, or Closed (a closed matter takes no new time).'),
  matterPracticeAreas: z
    .array(
      z.object({
        id: z.string().describe('The practice area’s id (a UUID).'),
        name: z.string().describe('The practice area’s name.'),
      }),
    )
    .describe('The matter’s practice areas, by name.'),
  shelfLocation: z.string().nullable().describe('Where the paper file is kept, or null.'),
  clientMatterReference: z.string().nullable().describe('The client’s own number for the matter (LEDES’s CLIENT_MATTER_ID), or null.'),
  matterAssignedToInfos: z
    .array(matterAssigneeSchema)
    .describe('The fee earners assigned to the matter, by name, each with the rate they bill on it.'),
  matterOpenDate: z.string().describe('The day the matter opened (YYYY-MM-DD).'),
  matterCloseDate: z.string().nullable().describe('The day it closed (YYYY-MM-DD), or null while open.'),
  hourlyRates: z
    .string()
    .nullable()
    .describe(
      'The matter’s own hourly rate (an exact decimal string in the home currency), for fee earners with no rate on it and no default rate; null when none.',
    ),
  hourlyRatesActual: z
    .array(
      z.object({
        userId: z.string().describe('The fee earner’s user id (a UUID).'),
        name: z.string().describe('The fee earner’s name.'),
        rate: z.string().describe('The hourly rate they bill on this matter: an exact decimal string in the home currency.'),
      }),
    )
    .describe('The rate each assigned fee earner bills on this matter (the rates of matterAssignedToInfos, in SPEC’s shape).'),
  flatRate: z.string().nullable().describe('A Flat Rate matter’s fixed fee (an exact decimal string in the home currency), or null.'),
  contigencyRate: z.string().nullable().describe('The same as contingencyPercentage, under SPEC’s spelling.'),
  contingencyPercentage: z
    .string()
    .nullable()
    .describe('A Contingency matter’s share of the recovery, a percentage as decimal text ("33.50"), or null.'),
  client: z
    .object({
      id: z.string().describe('The client’s id (a UUID).'),
      name: z.string().describe('The client’s name.'),
      clientType: z.enum(['individual', 'company']).describe('individual (a person) or company.'),
    })
    .describe('The client the matter belongs to.'),
  parties: z.array(matterPartySchema).describe('The matter’s related and opposing parties; conflict checks search their names.'),
  customFields: z.record(z.string(), z.string()).describe('The matter’s custom-field values by custom field id (see get-custom-fields).'),
  createdAt: z.string().describe('When the matter was created (ISO 8601, UTC).'),
  updatedAt: z.string().describe('When the matter last changed (ISO 8601, UTC).'),
});
export type MatterView = z.infer<typeof matterViewSchema>;

export const MATTER_SORT_COLUMNS = ['matterName', 'matterNumber', 'clientName', 'matterOpenDate', 'status', 'createdAt'] as const;

export const matterListQuerySchema = pageQuerySchema.extend({
  sortColumn: z
    .enum(MATTER_SORT_COLUMNS)
    .default('createdAt')
    .describe('The column to sort by, in sortType’s direction (default createdAt).'),
  sortType: sortTypeSchema,
  GeneralSearchText: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Matters whose name, number, shelf location or client’s name contains this text (any case; at most 200 characters).'),
  ClientId: z.uuid().optional().describe('Only this client’s matters (a UUID).'),
  Status: z.enum(MATTER_STATUSES).optional().describe('Only Open or only Closed matters; left out: both.'),
  MatterRate: z.enum(MATTER_RATES).optional().describe('Only matters of this billing type.'),
  AssignedUserId: z.uuid().optional().describe('Only matters this fee earner is assigned to (a user id).'),
  IsDownlodCsv: queryBoolean.describe('true or 1: answer the whole filtered list as CSV instead of a page (SPEC’s spelling of the name).'),
  ...firmScopeQuerySchema.shape,
});
export type MatterListQuery = z.input<typeof matterListQuerySchema>;
export const matterPageSchema = pageSchema(matterSummarySchema);

/** GET /api/admin/matter-master/get-matter-view (SPEC.md §7: matterid, AdminUserId, BusinessId). */
export const matterViewQuerySchema = z.object({
  matterid: uuidField('Matter').describe('The matter to show (a UUID of a matter not deleted; SPEC’s spelling, read in any case).'),
  ...firmScopeQuerySchema.shape,
});

/** POST /api/admin/matter-master/close-matter/{id}: the close date defaults to today in the firm's time zone. */
export const matterCloseInputSchema = z.strictObject({
  matterCloseDate: isoDate('Close date')
    .nullish()
    .describe('The day the matter closed (YYYY-MM-DD), not before its open date; null or left out: today in the firm’s time zone.'),
});
export type MatterCloseInput = z.input<typeof matterCloseInputSchema>;
