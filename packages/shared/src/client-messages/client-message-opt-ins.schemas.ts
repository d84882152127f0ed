import { z } from 'zod';
import { controlCharactersMessage, SINGLE_LINE_PATTERN } from '../common/text-characters.ts';
import { clientMessageChannelSchema } from './client-message.schemas.ts';

/**
 * Whether a client's contact takes client updates by SMS and by WhatsApp (ADR 90): each change is
 * kept (who recorded it, staff or the client on the portal, and when); the newest is the one that
 * counts. A recipient is one of the client's contact people, or the client itself (clientContactId null).
 */
export const optInStateSchema = z.object({
  isOptedIn: z.boolean().describe('True when the contact takes messages on this channel.'),
  phoneNumber: z.string().nullable().describe('The number messages go to, in E.164.'),
  recordedAt: z.string().describe('When it was recorded (ISO 8601).'),
  recordedByName: z.string().describe('Who recorded it: a member of the firm, or the client on the portal.'),
  recordedBy: z.enum(['firm', 'client']).describe('firm (staff) or client (on the portal).'),
});
export type OptInState = z.infer<typeof optInStateSchema>;

export const optInRecipientSchema = z.object({
  clientContactId: z.uuid().nullable().describe('The contact person, or null for the client itself.'),
  name: z.string().describe('The contact’s (or the client’s) name.'),
  phone: z.string().nullable().describe('The phone written on the contact or client record, as typed.'),
  sms: optInStateSchema.nullable().describe('The SMS opt-in, or null when never recorded (no messages).'),
  whatsapp: optInStateSchema.nullable().describe('The WhatsApp opt-in, or null when never recorded (no messages).'),
});
export type OptInRecipient = z.infer<typeof optInRecipientSchema>;

export const optInChangeSchema = z.object({
  id: z.uuid().describe('The change’s id.'),
  clientContactId: z.uuid().nullable().describe('The contact person, or null for the client itself.'),
  name: z.string().describe('Whose opt-in it is.'),
  channel: clientMessageChannelSchema,
  isOptedIn: z.boolean().describe('Opted in (true) or out (false).'),
  phoneNumber: z.string().nullable().describe('The number, in E.164.'),
  recordedAt: z.string().describe('When (ISO 8601).'),
  recordedByName: z.string().describe('Who.'),
  recordedBy: z.enum(['firm', 'client']).describe('firm (staff) or client (on the portal).'),
});
export type OptInChange = z.infer<typeof optInChangeSchema>;

export const clientOptInsSchema = z.object({
  recipients: z.array(optInRecipientSchema).describe('The client itself, then each contact person.'),
  changes: z.array(optInChangeSchema).describe('Every change recorded, newest first (at most 50).'),
});
export type ClientOptIns = z.infer<typeof clientOptInsSchema>;

export const clientOptInsQuerySchema = z.object({
  ClientId: z.uuid({ error: 'ClientId must be a valid id' }).describe('The client.'),
});

const channelsFields = {
  phoneNumber: z
    .string({ error: 'Phone number must be text' })
    .max(40, 'Phone number must be at most 40 characters')
    .regex(SINGLE_LINE_PATTERN, controlCharactersMessage('Phone number'))
    .describe('The mobile number as typed: normalised to E.164 with the firm’s country; refused with the reason when it cannot be.'),
  sms: z.boolean().describe('Take client updates by SMS.'),
  whatsapp: z.boolean().describe('Take client updates by WhatsApp.'),
};

/** Staff record a contact's choice (as the contact told them). */
export const setClientOptInsSchema = z.object({
  clientId: z.uuid({ error: 'Client is required' }).describe('The client.'),
  clientContactId: z.uuid().nullable().describe('The contact person, or null for the client itself.'),
  ...channelsFields,
});
export type SetClientOptIns = z.infer<typeof setClientOptInsSchema>;

/** The client changes their own choice on the portal. */
export const setPortalOptInsSchema = z.object(channelsFields);
export type SetPortalOptIns = z.infer<typeof setPortalOptInsSchema>;

export const portalOptInsSchema = optInRecipientSchema;
export type PortalOptIns = OptInRecipient;

export const OPT_IN_MESSAGES = {
  saved: 'Message preferences saved',
  numberRequired: 'Enter the mobile number the messages go to',
  contactNotFound: 'Contact not found',
} as const;
