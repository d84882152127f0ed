import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../src/lib/mailer.ts';
import { encryptSecret } from '../src/lib/secrets.ts';
import { createOutboxDelivery, retryAtOf } from '../src/platform/outbox/outbox-delivery.ts';
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver.ts';
import { deliverOutbox, rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/**
 * Emails are outbox rows written in the business transaction and sent after it commits, against a
 * real (tiny) SMTP server that can be told to refuse: three attempts, no wait between them.
 */
let smtp: SmtpReceiver;
let fixture: TimeEntryFixture;
const MAX_ATTEMPTS = 3;
const clientEmail = 'outbox.client@client.example';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  fixture = await setUpTimeEntryFixture({
    billingIncrement: '0',
    config: { smtpUrl: smtp.url, emailRetry: { maxAttempts: MAX_ATTEMPTS, firstRetryMs: 0 } },
  });
  await fixture.context.database.db.execute(
    sql`update clients set email = ${clientEmail} where id = ${fixture.references.openMatter.clientId}`,
  );
  // Room for every invitation this file makes.
  await fixture.context.database.db.execute(
    sql`update subscriptions set allocated_number_users = 50 where firm_id = ${fixture.firm.firmId}`,
  );
});
afterAll(async () => {
  await fixture.context.close();
  await smtp.close();
});

const admin = () => fixture.tokens.admin;
const app = () => fixture.context.app;
const delivered = (to: string) => smtp.messages.filter((message) => message.includes(`To: ${to}`));

async function messagesTo(to: string) {
  return rowsOf<{ status: string; attempts: number; lastError: string | null; hasContent: boolean }>(
    fixture.context.database.db.execute(sql`select status, attempts, last_error as "lastError", sealed_content is not null as "hasContent"
      from outgoing_messages where recipient = ${to} order by created_at`),
  );
}

/** Delivery runs until nothing is due: each a run of the job, as the queue would make them. */
async function deliverUntilSettled() {
  for (let run = 0; run < MAX_ATTEMPTS + 1; run += 1) await deliverOutbox(app());
}

async function roleId(name: string) {
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string }>(tx.execute(sql`select id from roles where name = ${name}`)),
  );
  return row!.id;
}

async function invite(email: string) {
  const response = await fixture.call('POST', '/api/admin/team-member-details/invite-user', admin(), {
    email,
    roleId: await roleId('Fee Earner'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string };
}

const deliveryOf = async (path: string, id: string, token = admin()) => {
  const response = await fixture.call('GET', `/api/admin/email-delivery/${path}?ids=${id}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data[0] as { status: string; attempts: number; lastError: string | null; recipient: string } | undefined;
};

describe('the outbox', () => {
  it('sends nothing queued in a business transaction that rolls back', async () => {
    const to = 'rolled.back@client.example';
    const write = fixture.context.database.withFirm(fixture.firm.firmId, async (tx) => {
      await app().outbox.queue(tx, fixture.firm.firmId, {
        to,
        subject: 'Never sent',
        sender: 'firm',
        paragraphs: ['This write is undone.'],
        why: 'a test queued it',
      });
      throw new Error('The business rule refused after the email was queued');
    });
    await expect(write).rejects.toThrow(/business rule/);
    await deliverUntilSettled();
    expect(await messagesTo(to)).toEqual([]);
    expect(delivered(to)).toEqual([]);
  });

  it('sends an email once its transaction commits, and keeps no copy of what it said', async () => {
    const email = 'new.member@firm.example';
    await invite(email);
    await deliverOutbox(app());
    expect(delivered(email)).toHaveLength(1);
    expect(await messagesTo(email)).toEqual([{ status: 'sent', attempts: 1, lastError: null, hasContent: false }]);
  });

  it('delivers on its own once the answer is out, with no job run asked for', async () => {
    const email = 'prompt.member@firm.example';
    await invite(email);
    await vi.waitFor(() => expect(delivered(email)).toHaveLength(1), { timeout: 20_000, interval: 100 });
  });

  it('sends a message sealed before emails were laid out, its text as the paragraphs', async () => {
    const to = 'sealed.before@client.example';
    const sealed = encryptSecret(
      JSON.stringify({ text: 'Written before the layout.\n\nhttp://matterhorn.test/old-link', link: 'http://matterhorn.test/old-link' }),
      fixture.context.config.appSecret,
      'outgoing-message',
    );
    await fixture.context.database.db.execute(sql`insert into outgoing_messages (firm_id, recipient, subject, sealed_content)
      values (${fixture.firm.firmId}, ${to}, 'An old email', ${sealed})`);
    await deliverOutbox(app());
    expect(await messagesTo(to)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    const [message] = delivered(to);
    expect(message).toContain('Written before the layout.');
    expect(message).toContain('Matterhorn sent this email.');
    expect(message).toContain('Content-Type: text/html');
  });

  it('waits between retries, twice as long each time, and gives up after the last attempt', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const policy = { maxAttempts: 4, firstRetryMs: 60_000 };
    expect([1, 2, 3, 4].map((attempts) => retryAtOf(policy, attempts, now)?.toISOString() ?? null)).toEqual([
      '2030-01-01T00:01:00.000Z',
      '2030-01-01T00:02:00.000Z',
      '2030-01-01T00:04:00.000Z',
      null,
    ]);
  });
});

describe('a mail server that refuses', () => {
  it('leaves the invitation made, fails its email after the last retry, and sends it on Retry once the server is back', async () => {
    const email = 'refused.member@firm.example';
    smtp.isRefusing = true;
    const invitation = await invite(email);
    await deliverUntilSettled();
    // The business write stands: the invitation is listed; its email failed for good after every attempt.
    const listed = await fixture.call('GET', '/api/admin/team-member-details/get-invitations', admin());
    expect(listed.json().data.map((row: { id: string }) => row.id)).toContain(invitation.id);
    expect(delivered(email)).toEqual([]);
    expect(await deliveryOf('team-invitation', invitation.id)).toMatchObject({
      recipient: email,
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: expect.stringMatching(/554|Relay access denied/),
    });

    smtp.isRefusing = false;
    const retried = await fixture.call('POST', `/api/admin/email-delivery/team-invitation/${invitation.id}/retry`, admin());
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'pending', attempts: 0 });
    await deliverOutbox(app());
    expect(delivered(email)).toHaveLength(1);
    expect(await deliveryOf('team-invitation', invitation.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    // Nothing failed is left to retry.
    const again = await fixture.call('POST', `/api/admin/email-delivery/team-invitation/${invitation.id}/retry`, admin());
    expect(again.statusCode).toBe(404);
  });

  it('does not wait a retry out before it is due', async () => {
    const email = 'patient.member@firm.example';
    smtp.isRefusing = true;
    const slow = { maxAttempts: MAX_ATTEMPTS, firstRetryMs: 60_000 };
    // The app's own policy retries at once (tests); this delivery waits a minute, as the default does.
    const delivery = createOutboxDelivery({
      database: fixture.context.database,
      mailer: createMailer({
        smtpUrl: smtp.url,
        from: 'no-reply@matterhorn.test',
        dataDir: fixture.context.config.dataDir,
        logger: app().log,
      }),
      outbox: app().outbox,
      retry: slow,
    });
    await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      app().outbox.queue(tx, fixture.firm.firmId, {
        to: email,
        subject: 'A patient email',
        sender: 'firm',
        paragraphs: ['Sent on the second try.'],
        why: 'a test queued it',
      }),
    );
    await delivery.deliverDue();
    await delivery.deliverDue();
    expect(await messagesTo(email)).toMatchObject([{ status: 'pending', attempts: 1 }]);
    smtp.isRefusing = false;
    await delivery.deliverDue(new Date(Date.now() + 61_000));
    expect(await messagesTo(email)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('leaves a trust request sent, shows its failed email to whoever sees the request, and lets whoever may send it retry', async () => {
    const [account] = await rowsOf<{ id: string }>(
      fixture.context.database.db.execute(sql`insert into trust_accounts
        (firm_id, name, bank_name, account_number_last4, currency_code, payment_instructions, created_by_user_id)
        values (${fixture.firm.firmId}, 'Client Trust Account', 'Zenith Bank', '4821', 'NGN', 'Pay to Zenith Bank', ${fixture.firm.users.admin.id})
        returning id`),
    );
    const created = await fixture.call('POST', '/api/admin/trust-account/create-trust-request', admin(), {
      trustAccountId: account!.id,
      clientId: fixture.references.openMatter.clientId,
      matterId: fixture.references.openMatter.id,
      amount: '250000.00',
      dueDate: '2099-12-15',
      note: 'Retainer',
    });
    expect(created.statusCode, created.body).toBe(201);
    const requestId = created.json().data.id as string;
    smtp.isRefusing = true;
    const sent = await fixture.call('POST', `/api/admin/trust-account/send-trust-request/${requestId}`, admin(), {});
    expect(sent.statusCode, sent.body).toBe(200);
    await deliverUntilSettled();
    const shown = await fixture.call('GET', `/api/admin/trust-account/get-trust-request/${requestId}`, admin());
    expect(shown.json().data.status).toBe('Sent');
    expect(await deliveryOf('trust-request', requestId)).toMatchObject({ recipient: clientEmail, status: 'failed' });
    // Another firm's admin sees no delivery and cannot retry it.
    expect(await deliveryOf('trust-request', requestId, fixture.tokens.otherAdmin)).toBeUndefined();
    const foreign = await fixture.call('POST', `/api/admin/email-delivery/trust-request/${requestId}/retry`, fixture.tokens.otherAdmin);
    expect(foreign.statusCode).toBe(404);

    smtp.isRefusing = false;
    const retried = await fixture.call('POST', `/api/admin/email-delivery/trust-request/${requestId}/retry`, admin());
    expect(retried.statusCode, retried.body).toBe(200);
    await deliverOutbox(app());
    expect(await deliveryOf('trust-request', requestId)).toMatchObject({ status: 'sent' });
    expect(delivered(clientEmail).some((message) => message.includes('Request for funds'))).toBe(true);
  });

  it('leaves an invoice sent when its email is refused, and delivers the PDF on Retry', async () => {
    const entry = await fixture.call('POST', TIME_ENTRY_BASE, admin(), {
      clientId: fixture.references.openMatter.clientId,
      matterId: fixture.references.openMatter.id,
      activityId: fixture.references.activityIds[0],
      isBillable: 4,
      timeEntryUserId: fixture.firm.users.admin.id,
      description: 'Reviewed the lease',
      timeEntryDate: '2025-03-14',
      duration: '1.5',
      userRate: '80000.00',
      exchangeRate: '1',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const draft = await fixture.call('POST', '/api/admin/invoice/create-invoice', admin(), {
      clientId: fixture.references.openMatter.clientId,
      matterIds: [fixture.references.openMatter.id],
      timeEntryIds: [entry.json().data.id],
      issueDate: '2025-06-01',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const invoiceId = draft.json().data.id as string;
    smtp.isRefusing = true;
    const sent = await fixture.call('POST', `/api/admin/invoice/send-invoice/${invoiceId}`, admin(), {});
    expect(sent.statusCode, sent.body).toBe(200);
    await deliverUntilSettled();
    const shown = await fixture.call('GET', `/api/admin/invoice/get-invoice/${invoiceId}`, admin());
    expect(shown.json().data.status).toBe('Sent');
    expect(await deliveryOf('invoice', invoiceId)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });

    smtp.isRefusing = false;
    // A fee earner may not send invoices, so may not retry one; billing may.
    const feeEarner = await fixture.call('POST', `/api/admin/email-delivery/invoice/${invoiceId}/retry`, fixture.tokens.feeEarner);
    expect(feeEarner.statusCode).toBe(403);
    const retried = await fixture.call('POST', `/api/admin/email-delivery/invoice/${invoiceId}/retry`, fixture.tokens.billing);
    expect(retried.statusCode, retried.body).toBe(200);
    await deliverOutbox(app());
    expect(await deliveryOf('invoice', invoiceId)).toMatchObject({ status: 'sent' });
    const message = delivered(clientEmail).find((candidate) => candidate.includes('Subject: Invoice '));
    expect(message).toContain('application/pdf');
  });
});
