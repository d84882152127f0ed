import { z } from 'zod';
import { emailSchema } from '../auth/auth.schemas.ts';
import { optionalMoneyText, requiredText, uuidField } from '../common/fields.ts';

/** SPEC.md §3 User ('Entered By'): id and name, plus what the team page shows. */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  defaultHourlyRate: z.string().nullable(),
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
