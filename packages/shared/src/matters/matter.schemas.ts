import { z } from 'zod';
import {
  isoDate,
  moneyText,
  optionalMoneyText,
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
  userId: uuidField('Fee earner'),
  hourlyRate: moneyText('Hourly rate'),
});

export const matterPartyInputSchema = z.strictObject({
  partyRole: z.enum(PARTY_ROLES, { error: 'Party role is required' }),
  partyType: z.enum(['individual', 'company']).default('individual'),
  name: requiredText('Party name'),
  notes: optionalText('Party notes', 1000),
});

/** Create and update take the same body; update replaces assignees, parties and practice areas. */
export const matterInputSchema = z
  .strictObject({
    clientId: uuidField('Client'),
    matterName: requiredText('Matter name', 200),
    matterRate: z.enum(MATTER_RATES, { error: 'Billing type is required' }),
    description: optionalText('Description', 5000),
    practiceAreaIds: z.array(z.uuid()).max(20).default([]),
    shelfLocation: optionalText('Shelf location', 120),
    /** The client's own number for the matter (LEDES's CLIENT_MATTER_ID, at most 20 characters). */
    clientMatterReference: optionalText("Client's matter reference", 20),
    matterOpenDate: isoDate('Open date').optional(),
    hourlyRate: optionalMoneyText('Hourly rate'),
    flatRate: optionalMoneyText('Flat rate'),
    contingencyPercentage: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim()))
      .refine(
        (value) => value === null || (/^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100),
        'Contingency percentage must be between 0 and 100',
      ),
    assignees: z.array(matterAssigneeInputSchema).max(50).default([]),
    parties: z.array(matterPartyInputSchema).max(100).default([]),
    customFields: z.record(z.string(), z.string().max(1000)).default({}),
    conflictCheckId: z.uuid().nullish(),
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

export const matterAssigneeSchema = z.object({ userId: z.string(), name: z.string(), hourlyRate: z.string() });
export const matterPartySchema = z.object({
  id: z.string(),
  partyRole: z.enum(PARTY_ROLES),
  partyType: z.enum(['individual', 'company']),
  name: z.string(),
  notes: z.string(),
});

export const matterSummarySchema = z.object({
  id: z.string(),
  matterNumber: z.string().nullable(),
  matterName: z.string(),
  matterRate: z.enum(MATTER_RATES),
  status: z.enum(MATTER_STATUSES),
  clientId: z.string(),
  clientName: z.string(),
  matterOpenDate: z.string(),
  matterCloseDate: z.string().nullable(),
  assignedTo: z.array(z.object({ userId: z.string(), name: z.string() })),
  practiceAreas: z.array(z.string()),
  createdAt: z.string(),
});
export type MatterSummary = z.infer<typeof matterSummarySchema>;

/**
 * GET /api/admin/matter-master/get-matter-view: SPEC.md §3's Matter fields, spelt as the spec
 * spells them (contigencyRate included). hourlyRates is the matter's own rate; hourlyRatesActual
 * is the rate each assigned fee earner bills on it.
 */
export const matterViewSchema = z.object({
  id: z.string(),
  matterNumber: z.string().nullable(),
  matterName: z.string(),
  matterRate: z.enum(MATTER_RATES),
  description: z.string(),
  status: z.enum(MATTER_STATUSES),
  matterPracticeAreas: z.array(z.object({ id: z.string(), name: z.string() })),
  shelfLocation: z.string().nullable(),
  clientMatterReference: z.string().nullable(),
  matterAssignedToInfos: z.array(matterAssigneeSchema),
  matterOpenDate: z.string(),
  matterCloseDate: z.string().nullable(),
  hourlyRates: z.string().nullable(),
  hourlyRatesActual: z.array(z.object({ userId: z.string(), name: z.string(), rate: z.string() })),
  flatRate: z.string().nullable(),
  contigencyRate: z.string().nullable(),
  contingencyPercentage: z.string().nullable(),
  client: z.object({ id: z.string(), name: z.string(), clientType: z.enum(['individual', 'company']) }),
  parties: z.array(matterPartySchema),
  customFields: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MatterView = z.infer<typeof matterViewSchema>;

export const MATTER_SORT_COLUMNS = ['matterName', 'matterNumber', 'clientName', 'matterOpenDate', 'status', 'createdAt'] as const;

export const matterListQuerySchema = pageQuerySchema.extend({
  sortColumn: z.enum(MATTER_SORT_COLUMNS).default('createdAt'),
  sortType: sortTypeSchema,
  GeneralSearchText: z.string().trim().max(200).optional(),
  ClientId: z.uuid().optional(),
  Status: z.enum(MATTER_STATUSES).optional(),
  MatterRate: z.enum(MATTER_RATES).optional(),
  AssignedUserId: z.uuid().optional(),
  IsDownlodCsv: queryBoolean,
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
});
export type MatterListQuery = z.input<typeof matterListQuerySchema>;
export const matterPageSchema = pageSchema(matterSummarySchema);

/** GET /api/admin/matter-master/get-matter-view (SPEC.md §7: matterid, AdminUserId, BusinessId). */
export const matterViewQuerySchema = z.object({
  matterid: uuidField('Matter'),
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
});

/** POST /api/admin/matter-master/close-matter/{id}: the close date defaults to today in the firm's time zone. */
export const matterCloseInputSchema = z.strictObject({ matterCloseDate: isoDate('Close date').nullish() });
export type MatterCloseInput = z.input<typeof matterCloseInputSchema>;
