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

type TwilioSettings = NonNullable<ClientMessagingSettings['twilio']>;

const sendAnswer = z.object({ sid: z.string().min(1) });

/**
 * Twilio's Messages API: POST {api}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From,
 * Body and StatusCallback, basic auth with the account SID and auth token; WhatsApp numbers carry
 * a "whatsapp:" prefix. Its status callbacks are signed: X-Twilio-Signature is the base64
 * HMAC-SHA1, with the auth token, of the callback's full URL followed by each POST field, sorted
 * by name, as name then value.
 */
export function createTwilioProvider(settings: TwilioSettings, statusCallbackUrl: string): MessagingProvider {
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    channels: [...(settings.smsFrom ? (['sms'] as const) : []), ...(settings.whatsappFrom ? (['whatsapp'] as const) : [])],
    async send({ channel, to, body }) {
      const prefix = channel === 'whatsapp' ? 'whatsapp:' : '';
      const from = channel === 'whatsapp' ? settings.whatsappFrom : settings.smsFrom;
      const answer = await postToProvider(
        'Twilio',
        `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
        {
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            To: `${prefix}${to}`,
            From: `${prefix}${from ?? ''}`,
            Body: body,
            StatusCallback: statusCallbackUrl,
          }).toString(),
        },
      );
      const parsed = sendAnswer.safeParse(answer);
      if (!parsed.success) throw new ProviderUnavailableError('Twilio answered without a message sid');
      return { providerMessageId: parsed.data.sid };
    },
    readCallback({ rawBody, headers }): CallbackReading {
      const fields = new URLSearchParams(rawBody.toString('utf8'));
      const signature = headerOf(headers, 'x-twilio-signature');
      if (!signature || !isSignedBy(settings.authToken, statusCallbackUrl, fields, signature)) return { kind: 'badSignature' };
      const sid = fields.get('MessageSid');
      const status = statusOf(fields.get('MessageStatus') ?? '');
      if (!sid || !status) return { kind: 'ignored' };
      const errorCode = fields.get('ErrorCode');
      return {
        kind: 'report',
        report: { providerMessageId: sid, status, error: errorCode ? `Twilio error ${errorCode}` : status === 'delivered' ? null : status },
      };
    },
  };
}

/** Twilio's signature of a form-encoded request to url. */
export function twilioSignatureOf(authToken: string, url: string, fields: URLSearchParams): string {
  const names = [...new Set(fields.keys())].sort();
  const signed = names.reduce(
    (text, name) =>
      text +
      fields
        .getAll(name)
        .map((value) => name + value)
        .join(''),
    url,
  );
  return createHmac('sha1', authToken).update(Buffer.from(signed, 'utf8')).digest('base64');
}

function isSignedBy(authToken: string, url: string, fields: URLSearchParams, signature: string): boolean {
  const expected = Buffer.from(twilioSignatureOf(authToken, url, fields));
  const given = Buffer.from(signature.trim());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Twilio's MessageStatus: interim ones (queued, accepted, sending, scheduled) change nothing. */
function statusOf(status: string): DeliveryReport['status'] | null {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}
