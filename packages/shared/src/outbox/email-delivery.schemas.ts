import { z } from 'zod';

/**
 * How the latest email about an invoice, a trust request or a team invitation fared: pending
 * (queued or being retried), sent, or failed for good (the screen shows "Email failed — Retry").
 */
export const emailDeliveryStatusSchema = z.enum(['pending', 'sent', 'failed']);
export type EmailDeliveryStatus = z.infer<typeof emailDeliveryStatusSchema>;

export const emailDeliverySchema = z.object({
  aboutId: z.string(),
  recipient: z.string(),
  status: emailDeliveryStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
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
    ),
});

/** The things an email may be about, as their paths name them. */
export const EMAIL_SUBJECT_PATHS = { invoice: 'invoice', trustRequest: 'trust-request', teamInvitation: 'team-invitation' } as const;

export const EMAIL_DELIVERY_MESSAGES = {
  failed: 'Email failed',
  retried: 'Email queued again',
  nothingToRetry: 'There is no failed email to retry',
} as const;
