import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas.ts';
import { isoDate, optionalMoneyText, requiredText, uuidField, firmScopeQuerySchema } from '../common/fields.ts';

/** SPEC.md §3 User ('Entered By'): id and name, plus what the team page shows. */
/** LEDES's timekeeper classifications (1998B, rev. 2014), as a member's edit form offers them. */
export const LEDES_CLASSIFICATIONS = ['PT', 'AS', 'OC', 'LA', 'OT'] as const;
export type LedesClassification = (typeof LEDES_CLASSIFICATIONS)[number];
export const LEDES_CLASSIFICATION_LABELS: Record<LedesClassification, string> = {
  PT: 'Partner',
  AS: 'Associate',
  OC: 'Of counsel',
  LA: 'Legal assistant / paralegal',
  OT: 'Other timekeeper',
};

export const teamMemberSchema = z.object({
  id: z.string().describe('The member’s user id (a UUID).'),
  name: z.string().describe('The member’s name.'),
  email: z.string().describe('The member’s sign-in email (lower case).'),
  roleId: z.string().describe('Their role’s id (a UUID).'),
  roleName: z.string().describe('Their role’s name.'),
  hasTwoStep: z.boolean().describe('True once they sign in with an authenticator app too (two-step sign-in).'),
  defaultHourlyRate: z
    .string()
    .nullable()
    .describe(
      'Their default hourly rate (an exact decimal string in the home currency), for matters that give them no rate; null when none.',
    ),
  /** The firm's short code for the member (TK-001): LEDES's TIMEKEEPER_ID. */
  timekeeperCode: z.string().describe('The firm’s short code for the member (TK-001), given by the server: LEDES’s TIMEKEEPER_ID.'),
  ledesClassification: z
    .enum(LEDES_CLASSIFICATIONS)
    .nullable()
    .describe(
      'Their LEDES timekeeper classification: PT partner, AS associate, OC of counsel, LA legal assistant, OT other; null when not set.',
    ),
  costRate: z
    .string()
    .nullable()
    .describe(
      'What an hour of their time worked today costs the firm (an exact decimal string in the home currency): matter profitability’s cost of time; null when none.',
    ),
  costRateFrom: z
    .string()
    .nullable()
    .describe(
      'The first day of work today’s cost rate applies to (YYYY-MM-DD); earlier time keeps the rate of its own day. Null when no rate was ever set.',
    ),
  availableHoursPerDay: z
    .string()
    .nullable()
    .describe('The hours they are available on a working day (utilisation’s denominator); null: the firm’s.'),
  isActive: z.boolean().describe('False once deactivated: they cannot sign in and take no seat.'),
  isOwner: z.boolean().describe('True for the member who created the firm (SPEC’s AdminUserId).'),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamQuerySchema = z.object({
  ...firmScopeQuerySchema.shape,
  IsForInvoiceApproval: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'true')
    .describe('true: only members whose role grants invoice.approve (or administrator).'),
  IsForTrustRequestApproval: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'true')
    .describe('true: only members whose role grants trustAccountRequest.approve (or administrator).'),
  IncludeInactive: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'true')
    .describe('true: deactivated members too; otherwise active members only.'),
});

export const inviteMemberSchema = z.strictObject({
  email: emailSchema.describe(
    'The invitee’s email (kept in lower case); a member of this firm already is refused (409). A new invitation to it replaces a pending one.',
  ),
  roleId: uuidField('Role').describe('The role they will hold (a role id); only an administrator may give the Administrator role.'),
});
export type InviteMember = z.input<typeof inviteMemberSchema>;

export const invitationSummarySchema = z.object({
  id: z.string().describe('The invitation’s id (a UUID), for cancel-invitation; the emailed link carries a secret instead.'),
  email: z.string().describe('The email invited (lower case).'),
  roleName: z.string().describe('The role the invitee will hold.'),
  invitedBy: z.string().nullable().describe('The name of the member who sent it, or null when unknown.'),
  createdAt: z.string().describe('When it was sent (ISO 8601, UTC).'),
  expiresAt: z.string().describe('When its link stops working, 7 days after sending (ISO 8601, UTC).'),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

/** Left out: unchanged (undefined); blank or null: cleared (null); else the trimmed text, checked by `isValid`. */
const optionalSetting = (isValid: (text: string) => boolean, message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value === null || String(value).trim() === '' ? null : String(value).trim()))
    .refine((value) => value === undefined || value === null || isValid(value), message);

export const COST_RATE_MESSAGE = 'Cost rate must be an amount with at most 2 decimals';
export const AVAILABLE_HOURS_MESSAGE = 'Available hours per day must be more than 0 and at most 24, with at most 2 decimals';
/** Hours of a working day: more than 0 and at most 24, at most 2 decimals. */
export const isAvailableHoursText = (text: string) => /^\d{1,2}(\.\d{1,2})?$/.test(text) && Number(text) > 0 && Number(text) <= 24;

export const updateMemberSchema = z.strictObject({
  name: requiredText('Name', 120).describe('The member’s name (at most 120 characters).'),
  roleId: uuidField('Role').describe(
    'Their role (a role id); only an administrator may give or take the Administrator role, and the firm keeps at least one administrator (409).',
  ),
  defaultHourlyRate: optionalMoneyText('Default hourly rate').describe(
    'Their default hourly rate in the home currency (at most 2 decimals), for matters that give them no rate; blank or null: none.',
  ),
  /** Left out, it stays as it was; null clears it. */
  ledesClassification: z
    .enum(LEDES_CLASSIFICATIONS, { error: 'Choose a LEDES classification from the list' })
    .nullish()
    .describe('Their LEDES timekeeper classification: PT, AS, OC, LA or OT; left out: unchanged; null clears it.'),
  costRate: optionalSetting((text) => /^\d{1,12}(\.\d{1,2})?$/.test(text), COST_RATE_MESSAGE).describe(
    'What an hour of their time costs the firm, in the home currency (at most 2 decimals): matter profitability’s cost of time, for the time they work from costRateFrom; left out: unchanged; blank or null: no cost from that day.',
  ),
  costRateFrom: isoDate('Cost rate applies from')
    .optional()
    .describe(
      'The first day of work the cost rate applies to (YYYY-MM-DD), until a later rate’s day; their time from that day is costed again. Left out: the firm’s today. Sent alone with an unchanged rate, it moves the rate’s start to that day.',
    ),
  availableHoursPerDay: optionalSetting(isAvailableHoursText, AVAILABLE_HOURS_MESSAGE).describe(
    'The hours they are available on a working day, more than 0 and at most 24 (utilisation); left out: unchanged; blank or null: the firm’s.',
  ),
});
export type UpdateMember = z.input<typeof updateMemberSchema>;

export const roleSchema = z.object({
  id: z.string().describe('The role’s id (a UUID).'),
  name: z.string().describe('The role’s name.'),
  permissions: z
    .array(z.string())
    .describe('The permission names it grants (SPEC.md §6), e.g. timeEntry.create; administrator passes every check.'),
  isSystem: z.boolean().describe('True for a role every firm starts with; the built-in Administrator role cannot be changed or deleted.'),
  memberCount: z.number().describe('How many active members hold it.'),
});
export type Role = z.infer<typeof roleSchema>;

export const roleInputSchema = z.strictObject({
  name: requiredText('Role name', 80).describe('The role’s name (at most 80 characters), unique in the firm ignoring case (409).'),
  permissions: z
    .array(z.string().max(80))
    .max(200)
    .describe(
      'The permission names it grants, from get-permission-list (duplicates dropped); an unknown name is refused, and only an administrator may grant administrator.',
    ),
});
export type RoleInput = z.input<typeof roleInputSchema>;

/** The permission names of SPEC.md §6, grouped by resource for the roles page. */
export const permissionGroupSchema = z.object({
  resource: z.string().describe('The resource the names are about, e.g. timeEntry; "Other" holds the special names.'),
  permissions: z
    .array(z.string())
    .describe('Its permission names: the resource itself (view), then .create, .edit, .delete and any approvals.'),
});
