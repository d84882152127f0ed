import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGE_TEMPLATE_DEFAULTS, DEFAULT_REMINDER_STEPS, type ClientMessage, type ClientOptIns } from '@matterhorn/shared';
import { clientMessageDeliveryOf, clientUpdatesOf } from '../src/modules/client-messages/client-messages.api.ts';
import { queueClientHearingReminders } from '../src/modules/court-calendar/client-hearing-reminders.ts';
import { sendDueInvoiceReminders } from '../src/modules/invoice-reminders/send-due-reminders.ts';
import { PROGRESS_UPDATE_BASE, setUpCourtUpdateFixture, type CourtUpdateFixture } from './court-updates-fixture.ts';
import { insertCourtUpdate, plusDays, setFirmTimeZone } from './support/court-update-factory.ts';
import { startFakeTermii, startFakeTwilio, type CallbackDelivery } from './support/fake-messaging-providers.ts';
import { outboxTo, recordingMailer } from './support/outbox.ts';
import { bearer, rowsOf, signInToPortal } from './support/test-app.ts';

/**
 * Client updates by SMS and WhatsApp end to end (ADR 90): opt-ins per contact and channel (staff
 * and the client's own), the firm's templates, each module's hook queuing its message once, the
 * matter's log with a retry of a failed message, and one firm never reaching another's.
 */
const termiiKey = `TL${randomBytes(12).toString('hex')}`;
const termiiSecret = randomBytes(16).toString('hex');
const twilioSid = `AC${randomBytes(16).toString('hex')}`;
const twilioToken = randomBytes(16).toString('hex');
const APP_URL = 'http://matterhorn.test';
/** What a court update says in court: none of it may reach a phone. */
const PRIVILEGED = ['came up for mention', 'motion on notice', 'points of law', 'Hon. Justice'];

let fixture: CourtUpdateFixture;
let termii: Awaited<ReturnType<typeof startFakeTermii>>;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let clientId: string;
let matterId: string;
let contactId: string;

const deliver: CallbackDelivery = async (url, payload, headers) => {
  const response = await fixture.context.app.inject({ method: 'POST', url, payload, headers });
  return { statusCode: response.statusCode, json: () => response.json() };
};
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = fixture.tokens.admin) =>
  fixture.call(method, url, token, body);
const base = '/api/admin/client-messages';

async function setOptIns(body: { clientContactId: string | null; phoneNumber: string; sms: boolean; whatsapp: boolean }, token?: string) {
  return admin('POST', `${base}/set-opt-ins`, { clientId, ...body }, token);
}

/** The matter's log through the API, newest first. */
async function logOf(matter = matterId, token = fixture.tokens.admin): Promise<ClientMessage[]> {
  const response = await admin('GET', `${base}/list?MatterId=${matter}&PageSize=100`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.data;
}
const ofTemplate = (log: ClientMessage[], templateKey: string) => log.filter((message) => message.templateKey === templateKey);
const countRows = async (table: 'client_messages' | 'client_message_opt_ins' | 'client_message_templates') =>
  Number(
    (await rowsOf<{ count: string }>(fixture.context.database.db.execute(sql.raw(`select count(*) as count from ${table}`))))[0]?.count,
  );

beforeAll(async () => {
  termii = await startFakeTermii(termiiKey, termiiSecret, deliver);
  twilio = await startFakeTwilio(twilioSid, twilioToken, deliver);
  fixture = await setUpCourtUpdateFixture({
    config: {
      appUrl: APP_URL,
      clientMessaging: {
        termii: {
          apiKey: termiiKey,
          secretKey: termiiSecret,
          smsSender: 'Matterhorn',
          smsChannel: 'dnd',
          whatsappSender: null,
          apiUrl: termii.url,
        },
        twilio: {
          accountSid: twilioSid,
          authToken: twilioToken,
          smsFrom: '+15005550006',
          whatsappFrom: '+14155238886',
          apiUrl: twilio.url,
        },
        retry: { maxAttempts: 2, firstDelaySeconds: 0 },
      },
    },
  });
  ({ id: matterId, clientId } = fixture.references.openMatter);
  const database = fixture.context.database;
  await database.withFirm(fixture.firm.firmId, async (tx) => {
    const [contact] = await rowsOf<{ id: string }>(
      tx.execute(sql`insert into client_contacts (firm_id, client_id, name, email, phone)
        values (${fixture.firm.firmId}, ${clientId}, 'Ngozi Eze', 'ngozi.eze@client.example', '0803 555 0101') returning id`),
    );
    contactId = contact!.id;
  });
});
afterAll(async () => {
  await fixture.context.close();
  await termii.close();
  await twilio.close();
});

describe('opt-ins per contact and channel', () => {
  it('lists the client itself and each contact, none opted in at first', async () => {
    const response = await admin('GET', `${base}/get-opt-ins?ClientId=${clientId}`);
    expect(response.statusCode, response.body).toBe(200);
    const optIns: ClientOptIns = response.json().data;
    expect(optIns.recipients.map((recipient) => recipient.clientContactId)).toEqual([null, contactId]);
    expect(optIns.recipients.every((recipient) => recipient.sms === null && recipient.whatsapp === null)).toBe(true);
  });

  it('queues nothing to a client without an opt-in', async () => {
    const before = await countRows('client_messages');
    await fixture.addCourtUpdate({ isSharedWithClient: true });
    await fixture.context.app.afterResponse.settled();
    expect(await countRows('client_messages')).toBe(before);
  });

  it('refuses a number that cannot be normalised with the reason, and writes nothing', async () => {
    const before = await countRows('client_message_opt_ins');
    const refused = await setOptIns({ clientContactId: contactId, phoneNumber: '0803', sms: true, whatsapp: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('too short to be a phone number for Nigeria');
    const noNumber = await setOptIns({ clientContactId: contactId, phoneNumber: ' ', sms: true, whatsapp: false });
    expect(noNumber.statusCode).toBe(400);
    expect(await countRows('client_message_opt_ins')).toBe(before);
  });

  it('records who opted a contact in and when, per channel, in E.164', async () => {
    const client = await setOptIns({ clientContactId: null, phoneNumber: '0803 111 2222', sms: true, whatsapp: false });
    expect(client.statusCode, client.body).toBe(200);
    const contact = await setOptIns({ clientContactId: contactId, phoneNumber: '+234 805 333 4444', sms: false, whatsapp: true });
    const optIns: ClientOptIns = contact.json().data;
    const [self, ngozi] = optIns.recipients;
    expect(self?.sms).toMatchObject({ isOptedIn: true, phoneNumber: '+2348031112222', recordedBy: 'firm' });
    expect(self?.sms?.recordedByName).toBeTruthy();
    expect(self?.whatsapp).toBeNull();
    expect(ngozi).toMatchObject({ name: 'Ngozi Eze', sms: null, whatsapp: { isOptedIn: true, phoneNumber: '+2348053334444' } });
    expect(optIns.changes).toHaveLength(2);
    // Saving the same choice again records no change.
    const again = await setOptIns({ clientContactId: contactId, phoneNumber: '08053334444', sms: false, whatsapp: true });
    expect((again.json().data as ClientOptIns).changes).toHaveLength(2);
  });

  it('answers 404 for another firm’s client or a contact of another client', async () => {
    expect((await admin('GET', `${base}/get-opt-ins?ClientId=${clientId}`, undefined, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    const other = await admin(
      'POST',
      `${base}/set-opt-ins`,
      { clientId, clientContactId: null, phoneNumber: '08031112222', sms: true, whatsapp: false },
      fixture.tokens.otherAdmin,
    );
    expect(other.statusCode).toBe(404);
    const strayContact = await admin('POST', `${base}/set-opt-ins`, {
      clientId:
        fixture.references.closedMatter.clientId === clientId ? fixture.firm.otherClientId : fixture.references.closedMatter.clientId,
      clientContactId: contactId,
      phoneNumber: '08031112222',
      sms: true,
      whatsapp: false,
    });
    expect(strayContact.statusCode).toBe(404);
  });
});

describe('court updates', () => {
  let courtUpdateId: string;

  it('a shared update and its next date each queue one message per opted-in contact and channel, without what happened in court', async () => {
    courtUpdateId = await fixture.addCourtUpdate({ isSharedWithClient: true, nextAdjournedDate: '2030-06-10' });
    const log = await logOf();
    const shared = ofTemplate(log, 'court-update-shared');
    expect(shared.map((message) => `${message.channel} ${message.to}`).sort()).toEqual(['sms +2348031112222', 'whatsapp +2348053334444']);
    expect(shared.find((message) => message.channel === 'sms')?.provider).toBe('termii');
    expect(shared.find((message) => message.channel === 'whatsapp')?.provider).toBe('twilio');
    const adjourned = ofTemplate(log, 'hearing-adjourned');
    expect(adjourned).toHaveLength(2);
    expect(adjourned[0]?.body).toContain('10/06/2030');
    for (const message of log) {
      expect(message.body).toContain(`${APP_URL}/portal/`);
      for (const words of PRIVILEGED) expect(message.body).not.toContain(words);
    }
  });

  it('saving the update again queues nothing more; a new next date queues its message once', async () => {
    const update = (overrides: Record<string, unknown>) =>
      admin(
        'PUT',
        `${PROGRESS_UPDATE_BASE}/update-court-update/${courtUpdateId}`,
        fixture.courtUpdate({ isSharedWithClient: true, ...overrides }),
      );
    const before = (await logOf()).length;
    const same = await update({ nextAdjournedDate: '2030-06-10' });
    expect(same.statusCode, same.body).toBe(200);
    expect((await logOf()).length).toBe(before);
    expect((await update({ nextAdjournedDate: '2030-07-01' })).statusCode).toBe(200);
    const moved = ofTemplate(await logOf(), 'hearing-adjourned').filter((message) => message.body.includes('01/07/2030'));
    expect(moved).toHaveLength(2);
  });
});

describe('the day-before hearing reminder', () => {
  it('queues tomorrow’s hearings once per contact and channel, however often the job runs', async () => {
    await setFirmTimeZone(fixture.context.database, fixture.firm.firmId, 'UTC');
    const today = new Date().toISOString().slice(0, 10);
    const now = new Date(`${today}T12:00:00Z`);
    const id = await insertCourtUpdate(fixture.context.database, fixture.firm.firmId, {
      matterId,
      courtId: fixture.courts.federal,
      addedByUserId: fixture.firm.users.admin.id,
      nextAdjournedDate: plusDays(today, 1),
    });
    const deps = {
      database: fixture.context.database,
      clientUpdates: clientUpdatesOf({ settings: fixture.context.config.clientMessaging, appUrl: APP_URL }).queue,
    };
    await queueClientHearingReminders(deps, now);
    await queueClientHearingReminders(deps, now);
    const reminders = ofTemplate(await logOf(), 'hearing-reminder');
    expect(reminders).toHaveLength(2);
    expect(reminders[0]?.body).toContain('tomorrow');
    // Before 09:00 nothing is sent (no one is texted at night).
    const earlier = await queueClientHearingReminders(deps, new Date(`${today}T06:00:00Z`));
    expect(earlier).toBe(0);
    expect(id).toBeTruthy();
  });
});

/** An invoice of one flat fee on the matter, issued and sent on 01/02/2030, due on `dueDate`. */
async function sentInvoice(dueDate: string) {
  const token = fixture.tokens.admin;
  const fee = await fixture.call('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', token, {
    clientId,
    matterId,
    userId: fixture.firm.users.feeEarner.id,
    flatFeeDate: '2030-02-01',
    description: 'Advice on the lease',
    amount: '100000.00',
  });
  expect(fee.statusCode, fee.body).toBe(201);
  const draft = await fixture.call('POST', '/api/admin/invoice/create-invoice', token, {
    clientId,
    matterIds: [matterId],
    flatFeeIds: [fee.json().data.id],
    issueDate: '2030-02-01',
    dueDate,
    taxPercent: '0',
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const id = draft.json().data.id as string;
  expect((await fixture.call('POST', `/api/admin/invoice/approve-invoice/${id}`, token, {})).statusCode).toBe(200);
  const sent = await fixture.call('POST', `/api/admin/invoice/send-invoice/${id}`, token, { sentDate: '2030-02-01' });
  expect(sent.statusCode, sent.body).toBe(200);
  return id;
}

describe('invoices', () => {
  it('an invoice sent queues its public link; its due and overdue reminders queue once each', async () => {
    await fixture.context.database.db.execute(sql`update clients set email = 'client@client.example' where id = ${clientId}`);
    const overdueStep = DEFAULT_REMINDER_STEPS.find((step) => step.daysFromDue > 0)!.daysFromDue;
    const today = '2030-03-10';
    await sentInvoice(plusDays(today, -overdueStep));
    const invoiceSent = ofTemplate(await logOf(), 'invoice-sent');
    expect(invoiceSent).toHaveLength(2);
    expect(invoiceSent[0]?.body).toContain(`${APP_URL}/billing/invoice/`);
    await sentInvoice(today);

    const saved = await fixture.call('PUT', '/api/admin/invoice-reminders/update-schedule', fixture.tokens.admin, {
      isEnabled: true,
      steps: DEFAULT_REMINDER_STEPS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await setFirmTimeZone(fixture.context.database, fixture.firm.firmId, 'Africa/Lagos');
    const { outbox } = outboxTo(
      { database: fixture.context.database, appSecret: fixture.context.config.appSecret },
      recordingMailer().mailer,
    );
    const deps = {
      database: fixture.context.database,
      outbox,
      appUrl: APP_URL,
      appSecret: fixture.context.config.appSecret,
      clientUpdates: clientUpdatesOf({ settings: fixture.context.config.clientMessaging, appUrl: APP_URL }).queue,
    };
    await sendDueInvoiceReminders(deps, new Date(`${today}T09:30:00Z`));
    await sendDueInvoiceReminders(deps, new Date(`${today}T10:30:00Z`));
    const log = await logOf();
    const overdue = ofTemplate(log, 'invoice-overdue');
    expect(overdue).toHaveLength(2);
    expect(overdue[0]?.body).toContain('overdue');
    expect(overdue[0]?.body).toContain(`${APP_URL}/billing/invoice/`);
    const due = ofTemplate(log, 'invoice-due');
    expect(due).toHaveLength(2);
    expect(due[0]?.body).toContain('10/03/2030');
    await setFirmTimeZone(fixture.context.database, fixture.firm.firmId, 'UTC');
  });
});

describe('trust requests and portal messages', () => {
  it('a trust request sent queues its link and due date', async () => {
    const [account] = await rowsOf<{ id: string }>(
      fixture.context.database.db.execute(sql`insert into trust_accounts
        (firm_id, name, bank_name, account_number_last4, currency_code, payment_instructions, created_by_user_id)
        values (${fixture.firm.firmId}, 'Client trust', 'Zenith Bank', '4321', 'NGN', 'Pay to Zenith Bank', ${fixture.firm.users.admin.id})
        returning id`),
    );
    const created = await admin('POST', '/api/admin/trust-account/create-trust-request', {
      trustAccountId: account!.id,
      clientId,
      matterId,
      amount: '250000.00',
      dueDate: '2099-12-15',
      note: 'Retainer for the privileged strategy',
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await admin('POST', `/api/admin/trust-account/send-trust-request/${created.json().data.id}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const requests = ofTemplate(await logOf(), 'trust-request');
    expect(requests).toHaveLength(2);
    expect(requests[0]?.body).toContain('15/12/2099');
    expect(requests[0]?.body).toContain(sent.json().data.url);
    expect(requests[0]?.body).not.toContain('privileged strategy');
  });

  it('the firm’s portal messages queue one notice a day per matter, never the message', async () => {
    const send = (body: string) => admin('POST', '/api/admin/client-portal/send-message', { matterId, body });
    expect((await send('Our advice on the privileged settlement figure')).statusCode).toBe(201);
    expect((await send('And a second thought')).statusCode).toBe(201);
    const notices = ofTemplate(await logOf(), 'portal-message');
    expect(notices).toHaveLength(2);
    for (const notice of notices) expect(notice.body).not.toContain('settlement');
  });
});

describe('templates', () => {
  it('answers the defaults, and refuses an unknown placeholder or a message that says not where', async () => {
    const templates = await admin('GET', `${base}/get-templates`);
    expect(templates.statusCode).toBe(200);
    expect(templates.json().data.templates).toHaveLength(Object.keys(CLIENT_MESSAGE_TEMPLATE_DEFAULTS).length);
    const before = await countRows('client_message_templates');
    const unknown = await admin('POST', `${base}/save-template`, {
      templateKey: 'court-update-shared',
      body: 'Outcome: {{outcome}} {{link}}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('{{outcome}}');
    const noLink = await admin('POST', `${base}/save-template`, { templateKey: 'court-update-shared', body: 'News on {{matterName}}' });
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json().message).toContain('{{link}}');
    expect(await countRows('client_message_templates')).toBe(before);
    expect((await admin('GET', `${base}/get-templates`, undefined, fixture.tokens.feeEarner)).statusCode).toBe(403);
  });

  it('sends the firm’s own text, and goes back to the default', async () => {
    const saved = await admin('POST', `${base}/save-template`, {
      templateKey: 'court-update-shared',
      body: 'Hello {{clientName}}, {{firmName}} has news on {{matterName}}: {{link}}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await fixture.addCourtUpdate({
      isSharedWithClient: true,
      nextAdjournedDate: null,
      nextAdjournedTime: null,
      nextAdjournedPurpose: null,
    });
    const shared = ofTemplate(await logOf(), 'court-update-shared');
    expect(shared[0]?.body).toMatch(/^Hello .+ has news on .+: http:\/\/matterhorn\.test\/portal\//);
    const reset = await admin('POST', `${base}/save-template`, { templateKey: 'court-update-shared', body: null });
    expect(
      reset.json().data.templates.find((template: { templateKey: string }) => template.templateKey === 'court-update-shared'),
    ).toMatchObject({
      isDefault: true,
    });
  });
});

describe('the log on the matter and a retry', () => {
  it('retries a failed message once the provider is back, and refuses one that did not fail', async () => {
    const delivery = clientMessageDeliveryOf({
      database: fixture.context.database,
      settings: fixture.context.config.clientMessaging,
      appUrl: APP_URL,
    });
    termii.outage.isDown = true;
    try {
      await fixture.addCourtUpdate({ isSharedWithClient: true, nextAdjournedDate: '2030-09-09' });
      await fixture.context.app.afterResponse.settled();
      for (let run = 0; run < 3; run += 1) await delivery.deliverDue();
    } finally {
      termii.outage.isDown = false;
    }
    const failed = (await logOf()).find((message) => message.status === 'failed' && message.channel === 'sms');
    expect(failed).toMatchObject({ attempts: 2 });
    expect(failed?.lastError).toContain('503');
    const retried = await admin('POST', `${base}/retry/${failed!.id}`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'queued', attempts: 0 });
    await fixture.context.app.afterResponse.settled();
    await delivery.deliverDue();
    expect((await logOf()).find((message) => message.id === failed!.id)).toMatchObject({ status: 'sent', attempts: 1 });
    const again = await admin('POST', `${base}/retry/${failed!.id}`, {});
    expect(again.statusCode).toBe(409);
  });

  it('refuses to retry to a contact who has opted out since', async () => {
    const sms = (await logOf()).find((message) => message.channel === 'sms' && message.status !== 'queued')!;
    await fixture.context.database.db.execute(
      sql`update client_messages set status = 'failed', next_attempt_at = null where id = ${sms.id}`,
    );
    await setOptIns({ clientContactId: null, phoneNumber: '08031112222', sms: false, whatsapp: false });
    const refused = await admin('POST', `${base}/retry/${sms.id}`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('opted out');
    // And no new update goes to them.
    const before = (await logOf()).filter((message) => message.channel === 'sms').length;
    await fixture.addCourtUpdate({ isSharedWithClient: true, nextAdjournedDate: '2031-01-05' });
    expect((await logOf()).filter((message) => message.channel === 'sms').length).toBe(before);
    await setOptIns({ clientContactId: null, phoneNumber: '08031112222', sms: true, whatsapp: false });
  });

  it('answers 404 for another firm’s message and shows another firm nothing of this matter', async () => {
    const [message] = await logOf();
    const retried = await admin('POST', `${base}/retry/${message!.id}`, {}, fixture.tokens.otherAdmin);
    expect(retried.statusCode).toBe(404);
    expect(await logOf(matterId, fixture.tokens.otherAdmin)).toEqual([]);
    const feeEarnerRetry = await admin('POST', `${base}/retry/${message!.id}`, {}, fixture.tokens.feeEarner);
    expect([403, 409]).toContain(feeEarnerRetry.statusCode);
  });
});

describe('the client’s own choice on the portal', () => {
  it('reads and changes the signed-in client’s opt-ins, refusing a bad number with the reason', async () => {
    const portalClient = fixture.firm.portalClient;
    const { token } = await signInToPortal(fixture.context.app, fixture.firm.slug, portalClient.email);
    const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
      fixture.context.app.inject({ method, url: `/api/client-portal/${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
    const read = await call('GET', 'get-message-preferences');
    expect(read.statusCode, read.body).toBe(200);
    const refused = await call('POST', 'save-message-preferences', { phoneNumber: 'call me', sms: true, whatsapp: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('letters');
    const saved = await call('POST', 'save-message-preferences', { phoneNumber: '0809 999 0000', sms: false, whatsapp: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.whatsapp).toMatchObject({ isOptedIn: true, phoneNumber: '+2348099990000', recordedBy: 'client' });
    const staffView: ClientOptIns = (await admin('GET', `${base}/get-opt-ins?ClientId=${portalClient.clientId}`)).json().data;
    expect(staffView.changes[0]).toMatchObject({ channel: 'whatsapp', isOptedIn: true, recordedBy: 'client' });
  });
});
