import { z } from 'zod';

/**
 * How the latest email about an invoice, a trust request or a team invitation fared: pending
 * (queued or being retried), sent, or failed for good (the screen shows "Email failed — Retry").
 */
export const emailDeliveryStatusSchema = z.enum(['pending', 'sent', 'failed']);
export type EmailDeliveryStatus = z.infer<typeof emailDeliveryStatusSchema>;

export const emailDeliverySchema = z.object({
  aboutId: z.string().describe('The invoice, trust request or team invitation the email is about (one of the ids asked).'),
  recipient: z.string().describe('The address the email goes to.'),
  status: emailDeliveryStatusSchema.describe(
    'pending (queued, or waiting to be tried again), sent, or failed (given up after its attempts: retry it to queue it again).',
  ),
  attempts: z.number().int().describe('How many times sending was tried since it was queued (a retry starts again from 0).'),
  lastError: z
    .string()
    .nullable()
    .describe(
      'Why the last attempt failed (the mailer’s message, at most 500 characters); null once sent, or when no attempt has failed since queued.',
    ),
  createdAt: z.string().describe('When the email was queued (ISO 8601 UTC).'),
  sentAt: z.string().nullable().describe('When the mail server accepted it (ISO 8601 UTC); null until sent.'),
});
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

export const emailDeliveryQuerySchema = z.object({
  ids: z
    .string({ error: 'ids is required' })
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.uuid({ error: 'Each id must be a valid id' }))
        .min(1, { error: 'ids is required' })
        .max(200),
    )
    .describe('The things to look up, as comma-separated ids (1–200); one without any email is left out of the answer.'),
});

/** The things an email may be about, as their paths name them. */
export const EMAIL_SUBJECT_PATHS = { invoice: 'invoice', trustRequest: 'trust-request', teamInvitation: 'team-invitation' } as const;

export const EMAIL_DELIVERY_MESSAGES = {
  failed: 'Email failed',
  retried: 'Email queued again',
  nothingToRetry: 'There is no failed email to retry',
} as const;
