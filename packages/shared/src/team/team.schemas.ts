import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas.ts';
import { optionalMoneyText, requiredText, uuidField } from '../common/fields.ts';

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
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  defaultHourlyRate: z.string().nullable(),
  /** The firm's short code for the member (TK-001): LEDES's TIMEKEEPER_ID. */
  timekeeperCode: z.string(),
  ledesClassification: z.enum(LEDES_CLASSIFICATIONS).nullable(),
  isActive: z.boolean(),
  isOwner: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamQuerySchema = z.object({
  AdminUserId: z.string().optional(),
  BusinessId: z.string().optional(),
  IsForInvoiceApproval: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'true'),
  IsForTrustRequestApproval: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'true'),
  IncludeInactive: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'true'),
});

export const inviteMemberSchema = z.strictObject({ email: emailSchema, roleId: uuidField('Role') });
export type InviteMember = z.input<typeof inviteMemberSchema>;

export const invitationSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  roleName: z.string(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

export const updateMemberSchema = z.strictObject({
  name: requiredText('Name', 120),
  roleId: uuidField('Role'),
  defaultHourlyRate: optionalMoneyText('Default hourly rate'),
  /** Left out, it stays as it was; null clears it. */
  ledesClassification: z.enum(LEDES_CLASSIFICATIONS, { error: 'Choose a LEDES classification from the list' }).nullish(),
});
export type UpdateMember = z.input<typeof updateMemberSchema>;

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  isSystem: z.boolean(),
  memberCount: z.number(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleInputSchema = z.strictObject({
  name: requiredText('Role name', 80),
  permissions: z.array(z.string().max(80)).max(200),
});
export type RoleInput = z.input<typeof roleInputSchema>;

/** The permission names of SPEC.md §6, grouped by resource for the roles page. */
export const permissionGroupSchema = z.object({ resource: z.string(), permissions: z.array(z.string()) });
