import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for Termii and Twilio, started by a test on 127.0.0.1 at a random port. Each
 * implements the documented call the API makes to send a message and signs its delivery callbacks
 * as the provider does: Termii's X-Termii-Signature (HMAC-SHA512 of the JSON body with the secret
 * key, hex) and Twilio's X-Twilio-Signature (HMAC-SHA1, with the auth token, of the callback URL
 * followed by the form's fields sorted by name, base64).
 */
export type CallbackDelivery = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ statusCode: number; json(): { success: boolean; message: string; data: { outcome?: string } | null } }>;

type Answer = { status: number; body: unknown };
type Handler = (request: IncomingMessage, body: string, url: URL) => Answer;

async function listen(handler: Handler): Promise<{ server: Server; url: string }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = handler(request, Buffer.concat(chunks).toString('utf8'), new URL(request.url ?? '/', 'http://127.0.0.1'));
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const parse = (text: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
};

export type TermiiMessage = { messageId: string; to: string; from: string; sms: string; channel: string; type: string };

/** Termii: POST /api/sms/send ({ api_key, to, from, sms, type, channel }) answers { message_id, message, balance, user }. */
export async function startFakeTermii(apiKey: string, secretKey: string, deliver: CallbackDelivery) {
  const sent: TermiiMessage[] = [];
  /** Termii out of reach: every send answers 503. */
  const outage = { isDown: false, requests: 0 };
  const { server, url } = await listen((request, text, address) => {
    if (request.method !== 'POST' || address.pathname !== '/api/sms/send') return { status: 404, body: { message: 'Not found' } };
    outage.requests += 1;
    if (outage.isDown) return { status: 503, body: { message: 'Service Unavailable' } };
    const body = parse(text);
    if (!body || body['api_key'] !== apiKey) return { status: 401, body: { message: 'Invalid API key' } };
    const { to, from, sms, type, channel } = body as Record<string, string>;
    if (!to || !/^[1-9][0-9]{7,14}$/.test(to)) return { status: 400, body: { message: 'to must be a number in international format' } };
    if (!from || !sms || type !== 'plain' || !['generic', 'dnd', 'whatsapp'].includes(channel ?? ''))
      return { status: 400, body: { message: 'from, sms, type and channel are required' } };
    const messageId = `${Date.now()}${randomBytes(4).readUInt32BE()}`;
    sent.push({ messageId, to, from, sms, channel: channel!, type });
    return { status: 200, body: { message_id: messageId, message: 'Successfully Sent', balance: 98.5, user: 'Test Firm' } };
  });
  return {
    url,
    sent,
    outage,
    /** Posts a delivery report for a message as Termii does (signed with `signingKey`, the real secret unless a test forges one). */
    report(messageId: string, status: string, signingKey = secretKey) {
      const body = JSON.stringify({
        type: 'outbound',
        id: randomBytes(8).toString('hex'),
        message_id: messageId,
        receiver: sent.find((message) => message.messageId === messageId)?.to ?? '2348031234567',
        sender: 'Matterhorn',
        message: 'text',
        sent_at: '2026-11-28 10:00:00',
        cost: '3.9',
        status,
        channel: 'dnd',
      });
      const signature = createHmac('sha512', signingKey).update(body).digest('hex');
      return deliver('/api/webhooks/client-messages/termii', body, { 'content-type': 'application/json', 'x-termii-signature': signature });
    },
    close: () => close(server),
  };
}

export type TwilioMessage = { sid: string; to: string; from: string; body: string; statusCallback: string | null };

export const twilioSignatureOf = (authToken: string, url: string, fields: URLSearchParams) =>
  createHmac('sha1', authToken)
    .update([...fields.keys()].sort().reduce((text, name) => text + name + (fields.get(name) ?? ''), url))
    .digest('base64');

/** Twilio: POST /2010-04-01/Accounts/{sid}/Messages.json (basic auth; To, From, Body, StatusCallback) answers 201 with the message's sid. */
export async function startFakeTwilio(accountSid: string, authToken: string, deliver: CallbackDelivery) {
  const sent: TwilioMessage[] = [];
  const outage = { isDown: false, requests: 0 };
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const { server, url } = await listen((request, text, address) => {
    if (request.method !== 'POST' || address.pathname !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
    outage.requests += 1;
    if (outage.isDown) return { status: 503, body: { code: 20503, message: 'Service unavailable', status: 503 } };
    if (request.headers.authorization !== expectedAuth) return { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
    const form = new URLSearchParams(text);
    const [to, from, body] = [form.get('To'), form.get('From'), form.get('Body')];
    if (!to || !from || !body) return { status: 400, body: { code: 21604, message: 'A To, From and Body are required', status: 400 } };
    if (to.startsWith('whatsapp:') !== from.startsWith('whatsapp:'))
      return { status: 400, body: { code: 63007, message: 'To and From must both be WhatsApp addresses', status: 400 } };
    if (!/^\+[1-9][0-9]{6,14}$/.test(to.replace(/^whatsapp:/, '')))
      return { status: 400, body: { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 } };
    const sid = `SM${randomBytes(16).toString('hex')}`;
    sent.push({ sid, to, from, body, statusCallback: form.get('StatusCallback') });
    return {
      status: 201,
      body: { sid, account_sid: accountSid, to, from, body, status: 'queued', num_segments: '1', date_created: new Date().toUTCString() },
    };
  });
  return {
    url,
    sent,
    outage,
    /** Posts a status callback to the message's StatusCallback as Twilio does (signed with `signingToken`). */
    report(sid: string, status: string, signingToken = authToken, extra: Record<string, string> = {}) {
      const message = sent.find((candidate) => candidate.sid === sid);
      const callbackUrl = message?.statusCallback ?? 'http://matterhorn.test/api/webhooks/client-messages/twilio';
      const fields = new URLSearchParams({
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: message?.from ?? '+15005550006',
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: message?.to ?? '+447911123456',
        ...extra,
      });
      return deliver(new URL(callbackUrl).pathname, fields.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignatureOf(signingToken, callbackUrl, fields),
      });
    },
    close: () => close(server),
  };
}
