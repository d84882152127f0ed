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
} as const;

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
  /** The link sent to the new address (no session needed). */
  confirmEmailChange: defineRoute({ method: 'POST', path: '/api/auth/confirm-email-change', body: emailLinkSchema, response: z.null() }),
  /** The link sent to the old address, for 7 days: puts it back and signs every device out. */
  undoEmailChange: defineRoute({ method: 'POST', path: '/api/auth/undo-email-change', body: emailLinkSchema, response: z.null() }),
};
