import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGE_MESSAGES, type ClientMessage } from '@matterhorn/shared';
import { clientMessageDeliveryOf } from '../src/modules/client-messages/client-messages.api.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { startFakeTermii, startFakeTwilio, twilioSignatureOf, type CallbackDelivery } from './support/fake-messaging-providers.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

/**
 * Client updates by SMS and WhatsApp (ADR 89) against local stand-ins for Termii and Twilio that
 * implement the call the API makes and sign their delivery callbacks as the providers do.
 */
const termiiKey = `TL${randomBytes(12).toString('hex')}`;
const termiiSecret = randomBytes(16).toString('hex');
const twilioSid = `AC${randomBytes(16).toString('hex')}`;
const twilioToken = randomBytes(16).toString('hex');
const MAX_ATTEMPTS = 3;

let context: TestContext;
let termii: Awaited<ReturnType<typeof startFakeTermii>>;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let lagos: SeededFirm;
let london: SeededFirm;
let lagosAdmin: Record<string, string>;
let londonAdmin: Record<string, string>;
let delivery: ReturnType<typeof clientMessageDeliveryOf>;

const deliver: CallbackDelivery = async (url, payload, headers) => {
  const response = await context.app.inject({ method: 'POST', url, payload, headers });
  return { statusCode: response.statusCode, json: () => response.json() };
};

beforeAll(async () => {
  termii = await startFakeTermii(termiiKey, termiiSecret, deliver);
  twilio = await startFakeTwilio(twilioSid, twilioToken, deliver);
  context = await createTestApp({
    clientMessaging: {
      termii: {
        apiKey: termiiKey,
        secretKey: termiiSecret,
        smsSender: 'Matterhorn',
        smsChannel: 'dnd',
        whatsappSender: null,
        apiUrl: termii.url,
      },
      twilio: { accountSid: twilioSid, authToken: twilioToken, smsFrom: '+15005550006', whatsappFrom: '+14155238886', apiUrl: twilio.url },
      retry: { maxAttempts: MAX_ATTEMPTS, firstDelaySeconds: 0 },
    },
  });
  delivery = clientMessageDeliveryOf({
    database: context.database,
    settings: context.config.clientMessaging,
    appUrl: context.config.appUrl,
  });
  lagos = await seedTestFirm(context.database);
  london = await seedTestFirm(context.database);
  await context.database.db.execute(sql`update firms set country = 'United Kingdom' where id = ${london.firmId}`);
  lagosAdmin = bearer(await signIn(context.app, lagos.users.admin.email));
  londonAdmin = bearer(await signIn(context.app, london.users.admin.email));
});
afterAll(async () => {
  await context.close();
  await termii.close();
  await twilio.close();
});

const sendTest = (headers: Record<string, string>, to: string, channel: 'sms' | 'whatsapp') =>
  context.app.inject({ method: 'POST', url: '/api/admin/client-messages/send-test', headers, payload: { to, channel } });

/** The runs the request asked for, then one more: whoever runs first sends, the other finds nothing due. */
async function deliverQueued() {
  await context.app.afterResponse.settled();
  await delivery.deliverDue();
}

async function logOf(headers: Record<string, string>, query = ''): Promise<ClientMessage[]> {
  const response = await context.app.inject({ method: 'GET', url: `/api/admin/client-messages/list${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.data;
}
const messageIn = async (headers: Record<string, string>, id: string) => (await logOf(headers)).find((row) => row.id === id);

const countMessages = async () =>
  Number((await rowsOf<{ count: string }>(context.database.db.execute(sql`select count(*) as count from client_messages`)))[0]?.count);

describe('sending through Termii (a firm in Nigeria)', () => {
  it('normalises the number with the firm’s country, hands the message over after commit and records the provider’s id', async () => {
    const response = await sendTest(lagosAdmin, '0803 123 4567', 'sms');
    expect(response.statusCode, response.body).toBe(201);
    const queued: ClientMessage = response.json().data;
    expect(queued).toMatchObject({ to: '+2348031234567', provider: 'termii', channel: 'sms', status: 'queued', templateKey: 'test' });
    await deliverQueued();
    const received = termii.sent.filter((message) => message.to === '2348031234567');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'Matterhorn', channel: 'dnd', type: 'plain', sms: queued.body });
    const sent = await messageIn(lagosAdmin, queued.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: received[0]!.messageId, lastError: null });
    expect(sent?.sentAt).not.toBeNull();
  });

  it('a signed delivery report moves the message to delivered; a repeat or an older status changes nothing', async () => {
    const queued: ClientMessage = (await sendTest(lagosAdmin, '+234 805 000 1111', 'sms')).json().data;
    await deliverQueued();
    const { providerMessageId } = (await messageIn(lagosAdmin, queued.id))!;
    const delivered = await termii.report(providerMessageId!, 'DELIVERED | Message delivered to handset');
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().data?.outcome).toBe('updated');
    expect(await messageIn(lagosAdmin, queued.id)).toMatchObject({ status: 'delivered' });
    expect((await termii.report(providerMessageId!, 'DELIVERED')).json().data?.outcome).toBe('unchanged');
    expect((await termii.report(providerMessageId!, 'Message Sent')).json().data?.outcome).toBe('unchanged');
    expect(await messageIn(lagosAdmin, queued.id)).toMatchObject({ status: 'delivered' });
  });

  it('a report with a bad signature is refused and changes nothing', async () => {
    const queued: ClientMessage = (await sendTest(lagosAdmin, '08050002222', 'sms')).json().data;
    await deliverQueued();
    const before = await messageIn(lagosAdmin, queued.id);
    const forged = await termii.report(before!.providerMessageId!, 'DND Active on Phone Number', 'not-the-secret');
    expect(forged.statusCode).toBe(403);
    expect(await messageIn(lagosAdmin, queued.id)).toEqual(before);
    const unsigned = await context.app.inject({
      method: 'POST',
      url: '/api/webhooks/client-messages/termii',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message_id: before!.providerMessageId, status: 'Message Failed' }),
    });
    expect(unsigned.statusCode).toBe(403);
    expect(await messageIn(lagosAdmin, queued.id)).toEqual(before);
  });

  it('a signed report for a message id of no message of ours answers 200 and changes nothing', async () => {
    const before = await countMessages();
    const answer = await termii.report('999999999999', 'DELIVERED');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data?.outcome).toBe('unknown');
    expect(await countMessages()).toBe(before);
  });

  it('a provider that is down never blocks the write: the message is retried with backoff, then failed with the reason', async () => {
    termii.outage.isDown = true;
    const requestsBefore = termii.outage.requests;
    try {
      const response = await sendTest(lagosAdmin, '0809 111 2233', 'sms');
      expect(response.statusCode, response.body).toBe(201);
      const queued: ClientMessage = response.json().data;
      await context.app.afterResponse.settled();
      for (let run = 0; run < MAX_ATTEMPTS + 2; run += 1) await delivery.deliverDue();
      const failed = await messageIn(lagosAdmin, queued.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, providerMessageId: null, nextAttemptAt: null });
      expect(failed?.lastError).toContain('503');
      expect(termii.outage.requests - requestsBefore).toBe(MAX_ATTEMPTS);
    } finally {
      termii.outage.isDown = false;
    }
  });
});

describe('delivery runs at the same time', () => {
  it('hand each message over once', async () => {
    const numbers = ['08031110001', '08031110002', '08031110003', '08031110004', '08031110005'];
    const ids: string[] = [];
    for (const number of numbers) ids.push(((await sendTest(lagosAdmin, number, 'sms')).json().data as ClientMessage).id);
    await Promise.all([delivery.deliverDue(), delivery.deliverDue(), delivery.deliverDue(), context.app.afterResponse.settled()]);
    await delivery.deliverDue();
    for (const number of numbers) expect(termii.sent.filter((message) => message.to === `234${number.slice(1)}`)).toHaveLength(1);
    const log = await logOf(lagosAdmin);
    for (const id of ids) expect(log.find((row) => row.id === id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('sending through Twilio (a firm elsewhere)', () => {
  it('sends WhatsApp with the whatsapp: prefix and its status callback URL, and a signed callback records delivery', async () => {
    const response = await sendTest(londonAdmin, '07911 123456', 'whatsapp');
    expect(response.statusCode, response.body).toBe(201);
    const queued: ClientMessage = response.json().data;
    expect(queued).toMatchObject({ to: '+447911123456', provider: 'twilio', channel: 'whatsapp' });
    await deliverQueued();
    const received = twilio.sent.find((message) => message.to === 'whatsapp:+447911123456');
    expect(received).toMatchObject({
      from: 'whatsapp:+14155238886',
      body: queued.body,
      statusCallback: 'http://matterhorn.test/api/webhooks/client-messages/twilio',
    });
    expect(await messageIn(londonAdmin, queued.id)).toMatchObject({ status: 'sent', providerMessageId: received!.sid });

    expect((await twilio.report(received!.sid, 'sending')).json().data?.outcome).toBe('ignored');
    const answer = await twilio.report(received!.sid, 'delivered');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data?.outcome).toBe('updated');
    expect(await messageIn(londonAdmin, queued.id)).toMatchObject({ status: 'delivered' });
  });

  it('an undelivered callback records Twilio’s error code', async () => {
    const queued: ClientMessage = (await sendTest(londonAdmin, '+44 7911 123457', 'sms')).json().data;
    await deliverQueued();
    const sid = (await messageIn(londonAdmin, queued.id))!.providerMessageId!;
    expect(twilio.sent.find((message) => message.sid === sid)).toMatchObject({ to: '+447911123457', from: '+15005550006' });
    await twilio.report(sid, 'undelivered', twilioToken, { ErrorCode: '30003' });
    expect(await messageIn(londonAdmin, queued.id)).toMatchObject({ status: 'undelivered', lastError: 'Twilio error 30003' });
  });

  it('a callback signed with another token, or with a field changed after signing, is refused and changes nothing', async () => {
    const queued: ClientMessage = (await sendTest(londonAdmin, '07911 123458', 'sms')).json().data;
    await deliverQueued();
    const before = (await messageIn(londonAdmin, queued.id))!;
    expect((await twilio.report(before.providerMessageId!, 'delivered', 'another-token')).statusCode).toBe(403);
    const fields = new URLSearchParams({ MessageSid: before.providerMessageId!, MessageStatus: 'sent' });
    const signature = twilioSignatureOf(twilioToken, 'http://matterhorn.test/api/webhooks/client-messages/twilio', fields);
    fields.set('MessageStatus', 'failed');
    const tampered = await context.app.inject({
      method: 'POST',
      url: '/api/webhooks/client-messages/twilio',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: fields.toString(),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await messageIn(londonAdmin, queued.id)).toEqual(before);
  });

  it('a signed callback for an unknown sid answers 200 and changes nothing', async () => {
    const before = await countMessages();
    const answer = await twilio.report(`SM${randomBytes(16).toString('hex')}`, 'delivered');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data?.outcome).toBe('unknown');
    expect(await countMessages()).toBe(before);
  });
});

describe('bad input and tenancy', () => {
  it('refuses a number that cannot be normalised with the reason, and writes nothing', async () => {
    const before = await countMessages();
    const response = await sendTest(lagosAdmin, '0803', 'sms');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('too short to be a phone number for Nigeria');
    expect(await countMessages()).toBe(before);
  });

  it('lists the configured providers with their channels and the one the firm’s messages go through', async () => {
    const providers = await context.app.inject({ method: 'GET', url: '/api/admin/client-messages/get-providers', headers: lagosAdmin });
    expect(providers.json().data).toMatchObject({
      providers: [
        { provider: 'termii', channels: ['sms'] },
        { provider: 'twilio', channels: ['sms', 'whatsapp'] },
      ],
      chosen: 'termii',
    });
  });

  it('a firm sees only its own messages', async () => {
    const lagosLog = await logOf(lagosAdmin);
    const londonLog = await logOf(londonAdmin);
    expect(lagosLog.length).toBeGreaterThan(0);
    expect(londonLog.length).toBeGreaterThan(0);
    expect(lagosLog.every((row) => row.provider === 'termii')).toBe(true);
    expect(londonLog.every((row) => row.provider === 'twilio')).toBe(true);
    const lagosIds = new Set(lagosLog.map((row) => row.id));
    expect(londonLog.some((row) => lagosIds.has(row.id))).toBe(false);
    expect(await logOf(londonAdmin, `?MatterId=${lagos.matterIds[0]}`)).toEqual([]);
    expect((await logOf(lagosAdmin, '?Status=failed')).every((row) => row.status === 'failed')).toBe(true);
  });

  it('refuses the log and the test message without a sign-in', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/admin/client-messages/list' })).statusCode).toBe(401);
    expect((await sendTest({}, '08031234567', 'sms')).statusCode).toBe(401);
  });
});

describe('with no provider configured', () => {
  it('answers 409 to a test message and writes nothing: messaging is off until its environment variables are set', async () => {
    const bare = await createTestApp();
    try {
      const firm = await seedTestFirm(bare.database);
      const headers = bearer(await signIn(bare.app, firm.users.admin.email));
      const response = await bare.app.inject({
        method: 'POST',
        url: '/api/admin/client-messages/send-test',
        headers,
        payload: { to: '08031234567', channel: 'sms' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(CLIENT_MESSAGE_MESSAGES.notConfigured);
      const [row] = await rowsOf<{ count: string }>(bare.database.db.execute(sql`select count(*) as count from client_messages`));
      expect(Number(row?.count)).toBe(0);
      const providers = await bare.app.inject({ method: 'GET', url: '/api/admin/client-messages/get-providers', headers });
      expect(providers.json().data).toEqual({ providers: [], chosen: null });
    } finally {
      await bare.close();
    }
  });
});
