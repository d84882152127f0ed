import { z } from 'zod';
import type { CountryCode } from 'libphonenumber-js';
import { requiredText } from '../common/fields.ts';
import { normalisePhoneNumber } from './phone-numbers.ts';

export const CLIENT_MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export const CLIENT_MESSAGE_PROVIDERS = ['termii', 'twilio'] as const;
/** queued → sent (the provider took it) → delivered | undelivered | failed; failed also when every attempt to hand it over failed. */
export const CLIENT_MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'undelivered'] as const;

export const clientMessageChannelSchema = z.enum(CLIENT_MESSAGE_CHANNELS).describe('sms or whatsapp.');
export const clientMessageProviderSchema = z.enum(CLIENT_MESSAGE_PROVIDERS).describe('termii or twilio.');
export const clientMessageStatusSchema = z
  .enum(CLIENT_MESSAGE_STATUSES)
  .describe('queued, sent, delivered, failed or undelivered (the provider’s last word, from its verified callback).');

export type ClientMessageChannel = z.infer<typeof clientMessageChannelSchema>;
export type ClientMessageProvider = z.infer<typeof clientMessageProviderSchema>;
export type ClientMessageStatus = z.infer<typeof clientMessageStatusSchema>;

/** A phone number as typed, answered in E.164; one that cannot be normalised is refused with the reason. */
export const phoneNumberSchema = (defaultCountry: CountryCode | null = null) =>
  z
    .string()
    .max(40)
    .transform((text, context) => {
      const result = normalisePhoneNumber(text, defaultCountry);
      if (result.ok) return result.e164;
      context.addIssue({ code: 'custom', message: result.reason });
      return z.NEVER;
    });

export const clientMessageSchema = z.object({
  id: z.uuid().describe('The message’s id.'),
  matterId: z.uuid().nullable().describe('The matter the message is about, if any.'),
  clientContactId: z.uuid().nullable().describe('The client contact it went to, if any.'),
  channel: clientMessageChannelSchema,
  to: z.string().describe('The number in E.164.'),
  templateKey: z.string().describe('Which message this is (test, hearing-reminder…).'),
  body: z.string().describe('The text sent: never privileged content, only that something waits and where.'),
  provider: clientMessageProviderSchema,
  providerMessageId: z.string().nullable().describe('The provider’s id for the message once it took it.'),
  status: clientMessageStatusSchema,
  attempts: z.number().int().describe('How many times it was handed to the provider.'),
  lastError: z.string().nullable().describe('Why the last attempt or the delivery failed.'),
  nextAttemptAt: z.string().nullable().describe('When it is tried again while queued.'),
  createdAt: z.string().describe('When it was queued (ISO 8601).'),
  sentAt: z.string().nullable().describe('When the provider took it, or null.'),
  statusAt: z.string().nullable().describe('When the provider last reported its status.'),
});
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const clientMessageListQuerySchema = z.object({
  MatterId: z.uuid().optional().describe('Only this matter’s messages.'),
  Status: clientMessageStatusSchema.optional(),
  PageNumber: z.coerce.number().int().min(1).default(1).describe('From 1.'),
  PageSize: z.coerce.number().int().min(1).max(100).default(25).describe('1–100.'),
});

export const clientMessageListSchema = z.object({
  data: z.array(clientMessageSchema).describe('One page of messages, newest first.'),
  page: z.number().int().describe('The page answered, from 1.'),
  size: z.number().int().describe('Messages per page.'),
  totalCount: z.number().int().describe('Messages matching, across all pages.'),
});

/** A test message to check the firm's provider: a fixed text, never the firm's business. */
export const sendTestClientMessageSchema = z.object({
  to: requiredText('Phone number', 40).describe(
    'The number to send to, as typed (at most 40 characters): normalised with the firm’s country.',
  ),
  channel: clientMessageChannelSchema,
});

export const messagingProvidersSchema = z.object({
  providers: z
    .array(
      z.object({
        provider: clientMessageProviderSchema,
        channels: z.array(clientMessageChannelSchema).describe('The channels it is configured for.'),
      }),
    )
    .describe('The providers configured by environment variables (none: messaging is off).'),
  chosen: clientMessageProviderSchema.nullable().describe('The provider this firm’s messages go through (Termii first for Nigeria).'),
});

export const webhookOutcomeSchema = z.object({
  outcome: z.string().describe('What the callback did: updated, unchanged (a repeat or an older status) or unknown (no message of ours).'),
});

export const CLIENT_MESSAGE_MESSAGES = {
  queued: 'Test message queued',
  notConfigured: 'No SMS or WhatsApp provider is configured for this channel',
  requeued: 'Message queued again',
  notRetryable: 'Only a failed or undelivered message can be sent again',
  noLongerOptedIn: 'The contact has since opted out of messages on this channel, or changed number',
} as const;
