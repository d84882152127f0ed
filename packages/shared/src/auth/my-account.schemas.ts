import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { emailSchema, newPasswordSchema, passwordSchema, personNameSchema, tokenSchema } from './auth.schemas.ts';

/** A member's photo travels as a data URL (the page shrinks it to an avatar first); 100 KiB is plenty. */
export const PHOTO_MAX_LENGTH = 140_000;

export const MY_ACCOUNT_MESSAGES = {
  wrongPassword: 'Current password is incorrect',
  sameEmail: 'That is already your sign-in email',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  emailChangeSent: 'Check the new address: we have sent it a link to confirm the change.',
  emailChanged: 'Your sign-in email has been changed.',
  emailChangeUndone: 'Your sign-in email is back as it was, and every device has been signed out. Choose a new password to be safe.',
  notificationsSaved: 'Notification choices saved',
} as const;

/**
 * The emails a member may choose not to receive (issue 39's notification choices). Emails about the
 * account's safety (a password or sign-in email changed, failed sign-ins, a reset) always go.
 */
export const NOTIFICATION_CHOICES = [
  {
    key: 'hearingReminders',
    label: 'Hearing reminders',
    description: 'The day before a hearing on a matter you are assigned to (when the firm sends them).',
  },
  {
    key: 'portalMessages',
    label: 'Client portal messages',
    description: 'A digest of unread messages clients sent on the portal about your matters.',
  },
  {
    key: 'budgetAlerts',
    label: 'Matter budget alerts',
    description: 'When a matter you are responsible for reaches its budget’s alert level or goes over it.',
  },
  {
    key: 'taskReminders',
    label: 'Task reminders',
    description: 'Before a task assigned to you is due, when the task asks for a reminder.',
  },
  {
    key: 'expenseDecisions',
    label: 'Expense request decisions',
    description: 'When an expense you asked to be approved is approved or rejected.',
  },
] as const;
export type NotificationChoiceKey = (typeof NOTIFICATION_CHOICES)[number]['key'];

/** My account's own details (issue 39): the name the firm sees and the photo beside it. */
export const myAccountSchema = z.object({
  name: z.string().describe('The member’s name.'),
  email: z.string().describe('The member’s sign-in email.'),
  photo: z.string().nullable().describe('The member’s photo as a data URL, or null (their initials show instead).'),
  pendingEmail: z.string().nullable().describe('A new sign-in email waiting for its confirmation link to be opened, or null.'),
});
export type MyAccount = z.infer<typeof myAccountSchema>;

export const myAccountInputSchema = z.strictObject({
  name: personNameSchema.describe('The member’s name (at most 120 characters).'),
  photo: z
    .string()
    .max(PHOTO_MAX_LENGTH, 'Photo must be smaller than 100 KB')
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, 'Photo must be a PNG, JPEG or WebP image')
    .nullable()
    .optional()
    .describe('The photo as a base64 data URL of a PNG, JPEG or WebP image under 100 KB; null removes it; left out: unchanged.'),
});
export type MyAccountInput = z.input<typeof myAccountInputSchema>;

export const changePasswordSchema = z.strictObject({
  currentPassword: passwordSchema.describe('The member’s current password.'),
  newPassword: newPasswordSchema.describe('The new password: long and hard to guess (the same rules as sign-up).'),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changeEmailSchema = z.strictObject({
  newEmail: emailSchema.describe('The new sign-in email; a link to confirm the change goes to it (valid 24 hours).'),
  currentPassword: passwordSchema.describe('The member’s current password, to prove it is them.'),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** Each email of NOTIFICATION_CHOICES: true when the member receives it (the default), false when they opted out. */
export const notificationChoicesSchema = z.strictObject({
  hearingReminders: z
    .boolean({ error: 'Hearing reminders must be true or false' })
    .describe('The day-before hearing reminders and digest.'),
  portalMessages: z
    .boolean({ error: 'Client portal messages must be true or false' })
    .describe('The digest of unread client portal messages.'),
  budgetAlerts: z
    .boolean({ error: 'Matter budget alerts must be true or false' })
    .describe('Alerts when a matter reaches or exceeds its budget.'),
  taskReminders: z.boolean({ error: 'Task reminders must be true or false' }).describe('Reminders of tasks assigned to the member.'),
  expenseDecisions: z
    .boolean({ error: 'Expense request decisions must be true or false' })
    .describe('The approval or rejection of the member’s own expense requests.'),
});
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

const emailLinkSchema = z.strictObject({ token: tokenSchema.describe('The secret from the emailed link (single use).') });

const otherSessionsEndedSchema = z.object({ otherSessionsEnded: z.number().int().describe('How many other sessions were signed out.') });

export const myAccountContracts = {
  view: defineRoute({ method: 'GET', path: '/api/me/account', response: myAccountSchema }),
  update: defineRoute({ method: 'PUT', path: '/api/me/account', body: myAccountInputSchema, response: myAccountSchema }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/me/change-password',
    body: changePasswordSchema,
    response: otherSessionsEndedSchema,
  }),
  changeEmail: defineRoute({ method: 'POST', path: '/api/me/change-email', body: changeEmailSchema, response: z.null() }),
  notifications: defineRoute({ method: 'GET', path: '/api/me/notifications', response: notificationChoicesSchema }),
  updateNotifications: defineRoute({
    method: 'PUT',
    path: '/api/me/notifications',
    body: notificationChoicesSchema,
    response: notificationChoicesSchema,
  }),
  /** The link sent to the new address (no session needed). */
  confirmEmailChange: defineRoute({ method: 'POST', path: '/api/auth/confirm-email-change', body: emailLinkSchema, response: z.null() }),
  /** The link sent to the old address, for 7 days: puts it back and signs every device out. */
  undoEmailChange: defineRoute({ method: 'POST', path: '/api/auth/undo-email-change', body: emailLinkSchema, response: z.null() }),
};
