import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ClientMessagingSettings } from '../../config.ts';
import {
  headerOf,
  postToProvider,
  ProviderUnavailableError,
  type CallbackReading,
  type DeliveryReport,
  type MessagingProvider,
} from './messaging-providers.ts';

type TermiiSettings = NonNullable<ClientMessagingSettings['termii']>;

const sendAnswer = z.object({ message_id: z.union([z.string(), z.number()]).transform(String) });
const report = z.object({ message_id: z.union([z.string(), z.number()]).transform(String), status: z.string() });

/**
 * Termii (developers.termii.com): POST {api}/api/sms/send with the API key in the body, the number
 * in international form without +, and the route as channel (dnd or generic for SMS, whatsapp).
 * Its delivery reports carry X-Termii-Signature, the HMAC-SHA512 of the raw body with the secret key.
 */
export function createTermiiProvider(settings: TermiiSettings): MessagingProvider {
  return {
    name: 'termii',
    channels: [...(settings.smsSender ? (['sms'] as const) : []), ...(settings.whatsappSender ? (['whatsapp'] as const) : [])],
    async send({ channel, to, body }) {
      const from = channel === 'whatsapp' ? settings.whatsappSender : settings.smsSender;
      const answer = await postToProvider('Termii', `${settings.apiUrl}/api/sms/send`, {
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          api_key: settings.apiKey,
          to: to.replace(/^\+/, ''),
          from,
          sms: body,
          type: 'plain',
          channel: channel === 'whatsapp' ? 'whatsapp' : settings.smsChannel,
        }),
      });
      const parsed = sendAnswer.safeParse(answer);
      // Taken (2xx) but no id to follow it by: trying again may send twice, so it is recorded as unavailable only when nothing came back.
      if (!parsed.success) throw new ProviderUnavailableError('Termii answered without a message_id');
      return { providerMessageId: parsed.data.message_id };
    },
    readCallback({ rawBody, headers }): CallbackReading {
      const signature = headerOf(headers, 'x-termii-signature');
      if (!signature || !isSignedBy(settings.secretKey, rawBody, signature)) return { kind: 'badSignature' };
      const parsed = report.safeParse(parseJson(rawBody));
      if (!parsed.success) return { kind: 'ignored' };
      const status = statusOf(parsed.data.status);
      return status
        ? {
            kind: 'report',
            report: { providerMessageId: parsed.data.message_id, status, error: status === 'delivered' ? null : parsed.data.status },
          }
        : { kind: 'ignored' };
    },
  };
}

export function termiiSignatureOf(secretKey: string, rawBody: Buffer): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

function isSignedBy(secretKey: string, rawBody: Buffer, signature: string): boolean {
  const expected = Buffer.from(termiiSignatureOf(secretKey, rawBody));
  const given = Buffer.from(signature.trim().toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/** Termii's statuses ("DELIVERED | Message delivered to handset", "DND Active on Phone Number", "Message Failed", "Message Sent"…). */
function statusOf(text: string): DeliveryReport['status'] | null {
  const status = text.toLowerCase();
  if (status.startsWith('delivered')) return 'delivered';
  if (status.includes('dnd') || status.includes('rejected') || status.includes('expired') || status.includes('undelivered'))
    return 'undelivered';
  if (status.includes('failed')) return 'failed';
  if (status.includes('sent')) return 'sent';
  return null;
}
