import { z } from 'zod';
import { optionalMultilineText, requiredText } from '../common/fields.ts';
import { defineRoute } from '../common/route-contract.ts';

/** NDPA 2023 s. 40(2): the regulator is told within 72 hours of the firm becoming aware of a breach. */
export const BREACH_NOTIFY_HOURS = 72;

export const breachSchema = z.object({
  id: z.string().describe('The incident’s id.'),
  title: z.string().describe('What happened, in a line.'),
  description: z.string().describe('What happened, in full.'),
  dataAffected: z.string().describe('What data was affected.'),
  peopleAffected: z.string().describe('Whose data.'),
  discoveredAt: z.string().describe('When the firm found it (ISO 8601).'),
  regulatorDeadline: z.string().describe('When the regulator must have been told: found + 72 hours (ISO 8601).'),
  minutesLeft: z.number().int().describe('Minutes until the deadline (negative: passed), while the regulator is not told.'),
  regulatorNotifiedAt: z.string().nullable().describe('When the regulator was told (ISO 8601).'),
  regulatorNotifiedTo: z.string().nullable().describe('Whom the firm told.'),
  clients: z
    .array(
      z.object({
        clientId: z.string().describe('The client’s id.'),
        name: z.string().describe('The client’s name.'),
        toldAt: z.string().nullable().describe('When the client was told (ISO 8601).'),
      }),
    )
    .describe('The clients to tell.'),
  recordedBy: z.string().nullable().describe('Who recorded it.'),
  timeZone: z.string().describe('The firm’s time zone (IANA): the register shows its moments on the firm’s clock, not the reader’s.'),
});
export type Breach = z.infer<typeof breachSchema>;

const moment = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
      `${label} must be a date and time`,
    );

export const recordBreachSchema = z.strictObject({
  title: requiredText('Title', 200).describe('What happened, in a line; 1 to 200 characters.'),
  description: optionalMultilineText('Description', 5000).describe('What happened, in full; at most 5000 characters.'),
  dataAffected: requiredText('What data', 500).describe('What personal data was affected; 1 to 500 characters.'),
  peopleAffected: requiredText('Whose data', 500).describe('Whose data (which people or groups); 1 to 500 characters.'),
  discoveredAt: moment('When found').describe('When the firm found it (ISO 8601 with its offset).'),
  clientIds: z
    .array(z.uuid({ error: 'Choose clients from the list' }))
    .max(500)
    .default([])
    .describe('The clients to tell.'),
});
export type RecordBreachInput = z.input<typeof recordBreachSchema>;

export const notifyRegulatorSchema = z.strictObject({
  notifiedAt: moment('When told').describe('When the regulator was told (ISO 8601).'),
  notifiedTo: requiredText('Whom', 200).describe('Whom the firm told (the regulator’s office, a named officer); 1 to 200 characters.'),
});

const idParams = z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The incident’s id.') });
const base = '/api/admin/data-protection/breaches';

export const breachContracts = {
  list: defineRoute({ method: 'GET', path: base, response: z.array(breachSchema) }),
  record: defineRoute({ method: 'POST', path: base, body: recordBreachSchema, response: breachSchema, status: 201 }),
  notifyRegulator: defineRoute({
    method: 'POST',
    path: `${base}/:id/notify-regulator`,
    params: idParams,
    body: notifyRegulatorSchema,
    response: breachSchema,
  }),
  clientTold: defineRoute({
    method: 'POST',
    path: `${base}/:id/clients/:clientId/told`,
    params: idParams.extend({ clientId: z.uuid({ error: 'clientId must be a valid id' }).describe('The client’s id.') }),
    response: breachSchema,
  }),
};
