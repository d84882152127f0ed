import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_REQUEST_MESSAGES } from '@matterhorn/shared';
import { applyDepositToTrustRequest, draftTopUpTrustRequest } from '../src/modules/trust-requests/trust-requests.api.ts';
import type { FirmPrincipal } from '../src/plugins/route-access.ts';
import { readOutbox, rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { trustCalls } from './support/trust-fixture.ts';
import { csvRowsOf } from './support/csv-download.ts';

const base = '/api/admin/trust-account';
const clientEmail = 'kemi.retainer@client.example';
const FIRM_ADDRESS = '17 Hidden Marker Road, Ikoyi';
const FIRM_PHONE = '+234 800 555 0199';
/** Far enough ahead never to be in the past (a request cannot be due before the firm's today). */
const DUE_DATE = '2099-12-15';
let fixture: TimeEntryFixture;
let accountId: string;
let otherAccountId: string;
let otherClientMatter: { id: string; clientId: string };

const admin = () => fixture.tokens.admin;
const matter = () => fixture.references.openMatter;
const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token = admin(), headers: Record<string, string> = {}) =>
  fixture.call(method, `${base}/${path}`, token, body, headers);
const anonymous = (slug: string) => fixture.context.app.inject({ method: 'GET', url: `/api/public/trust-request/${slug}` });

async function insertTrustAccount(firmId: string, userId: string, name: string, last4: string) {
  const [row] = await rowsOf<{ id: string }>(
    fixture.context.database.db.execute(sql`insert into trust_accounts
      (firm_id, name, bank_name, account_number_last4, currency_code, payment_instructions, created_by_user_id)
      values (${firmId}, ${name}, 'Zenith Bank', ${last4}, 'NGN', 'Pay to Zenith Bank, Client Trust Account, quoting the request number', ${userId})
      returning id`),
  );
  return row!.id;
}

const setApprovalRequired = (required: boolean) =>
  fixture.context.database.db.execute(sql`insert into trust_settings (firm_id, require_request_approval)
    values (${fixture.firm.firmId}, ${required})
    on conflict (firm_id) do update set require_request_approval = excluded.require_request_approval`);

const requestBody = (overrides: Record<string, unknown> = {}) => ({
  trustAccountId: accountId,
  clientId: matter().clientId,
  matterId: matter().id,
  amount: '250000.00',
  dueDate: DUE_DATE,
  note: 'Retainer for the lease dispute',
  ...overrides,
});

async function draft(overrides: Record<string, unknown> = {}, token = admin()) {
  const response = await call('POST', 'create-trust-request', requestBody(overrides), token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; requestNumber: string; status: string };
}

async function countRows() {
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ requests: number; audits: number; lastUpdate: string }>(
      tx.execute(sql`select (select count(*)::int from trust_requests) as requests,
        (select count(*)::int from audit_events) as audits,
        (select coalesce(max(updated_at)::text, '') from trust_requests) as "lastUpdate"`),
    ),
  );
  return row!;
}

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  accountId = await insertTrustAccount(fixture.firm.firmId, fixture.firm.users.admin.id, 'Client Trust Account', '4821');
  otherAccountId = await insertTrustAccount(fixture.otherFirm.firmId, fixture.otherFirm.users.admin.id, 'Other Trust', '9999');
  otherClientMatter = fixture.references.matters.find((candidate) => candidate.clientId !== matter().clientId)!;
  const database = fixture.context.database.db;
  await database.execute(sql`update clients set email = ${clientEmail} where id = ${matter().clientId}`);
  await database.execute(sql`update firms set address = ${FIRM_ADDRESS}, phone = ${FIRM_PHONE} where id = ${fixture.firm.firmId}`);
  // The client holds 40,000.00 on the matter and 5,000.00 in general funds, deposited as a firm deposits them (so the books tie out).
  const trust = trustCalls(fixture);
  await trust.deposit(accountId, { clientId: matter().clientId, matterId: matter().id }, '40000.00');
  await trust.deposit(accountId, { clientId: matter().clientId, matterId: null }, '5000.00');
});
afterAll(() => fixture.context.close());

describe('drafting a trust request', () => {
  it('saves a numbered draft and shows it', async () => {
    const created = await draft();
    expect(created).toMatchObject({ status: 'Draft', requestNumber: expect.stringMatching(/^TRQ-\d{5}$/) });
    const shown = await call('GET', `get-trust-request/${created.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      amount: '250000.00',
      paidAmount: '0.00',
      balanceDue: '250000.00',
      dueDate: DUE_DATE,
      note: 'Retainer for the lease dispute',
      trustAccountName: 'Client Trust Account',
      currencySymbol: '₦',
      matterId: matter().id,
      statusLabel: 'Draft',
      isApprovalRequired: false,
    });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await countRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '0' }, TRUST_REQUEST_MESSAGES.amountPositive],
      [{ amount: '12.345' }, 'Amount must be an amount with at most 2 decimals'],
      [{ dueDate: '' }, 'Due date is required'],
      [{ dueDate: '2026-02-30' }, 'Due date must be a date (YYYY-MM-DD)'],
      [{ clientId: '' }, 'Client is required'],
      [{ matterId: otherClientMatter.id }, TRUST_REQUEST_MESSAGES.matterNotOfClient],
      [{ trustAccountId: otherAccountId }, 'Trust account not found'],
      [{ clientId: fixture.otherReferences.openMatter.clientId, matterId: null }, 'Client not found'],
      [{ surprise: true }, ''],
    ];
    for (const [overrides, message] of cases) {
      const response = await call('POST', 'create-trust-request', requestBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    }
    expect(await countRows()).toEqual(before);
  });

  it('changes a draft, and only a draft', async () => {
    const created = await draft();
    const changed = await call('PUT', `update-trust-request/${created.id}`, requestBody({ amount: '1,000.50', matterId: null }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ amount: '1000.50', matterId: null, status: 'Draft' });
    expect((await call('POST', `send-trust-request/${created.id}`, {})).statusCode).toBe(200);
    const refused = await call('PUT', `update-trust-request/${created.id}`, requestBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TRUST_REQUEST_MESSAGES.notDraft);
  });

  it('never stores a sent link to replay an Idempotency-Key: a retried send issues a new link', async () => {
    const created = await draft();
    const key = `send-${randomUUID()}`;
    const first = await call('POST', `send-trust-request/${created.id}`, {}, admin(), { 'idempotency-key': key });
    const second = await call('POST', `send-trust-request/${created.id}`, {}, admin(), { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.headers['idempotent-replay']).toBeUndefined();
    expect(second.json().data.url).not.toBe(first.json().data.url);
    const stored = await fixture.context.database.db.execute(sql`select count(*)::int as count from idempotency_keys where key = ${key}`);
    expect((stored as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(0);
  });

  it('one request for a retried create with the same Idempotency-Key', async () => {
    const before = await countRows();
    const key = `trq-${randomUUID()}`;
    const first = await call('POST', 'create-trust-request', requestBody(), admin(), { 'idempotency-key': key });
    const second = await call('POST', 'create-trust-request', requestBody(), admin(), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await countRows()).requests).toBe(before.requests + 1);
  });
});

describe('permissions', () => {
  it('refuses members without the trust request permissions', async () => {
    const created = await draft();
    const feeEarner = fixture.tokens.feeEarner;
    const billing = fixture.tokens.billing;
    expect((await call('POST', 'create-trust-request', requestBody(), feeEarner)).statusCode).toBe(403);
    expect((await call('POST', `submit-trust-request/${created.id}`, {}, feeEarner)).statusCode).toBe(403);
    expect((await call('GET', 'get-trust-requests', undefined, feeEarner)).statusCode).toBe(403);
    // Billing may read, draft and submit, but not change, approve, send or cancel.
    expect((await call('GET', `get-trust-request/${created.id}`, undefined, billing)).statusCode).toBe(200);
    expect((await call('PUT', `update-trust-request/${created.id}`, requestBody(), billing)).statusCode).toBe(403);
    expect((await call('POST', `send-trust-request/${created.id}`, {}, billing)).statusCode).toBe(403);
    expect((await call('POST', `approve-trust-request/${created.id}`, {}, billing)).statusCode).toBe(403);
    expect((await call('POST', `cancel-trust-request/${created.id}`, { reason: 'x' }, billing)).statusCode).toBe(403);
  });

  it("answers 404 for another firm's request, and changes nothing", async () => {
    const created = await draft();
    const other = fixture.tokens.otherAdmin;
    const before = await countRows();
    expect((await call('GET', `get-trust-request/${created.id}`, undefined, other)).statusCode).toBe(404);
    expect((await call('PUT', `update-trust-request/${created.id}`, requestBody(), other)).statusCode).toBe(404);
    expect((await call('POST', `send-trust-request/${created.id}`, {}, other)).statusCode).toBe(404);
    expect((await call('POST', `cancel-trust-request/${created.id}`, { reason: 'Mine now' }, other)).statusCode).toBe(404);
    expect((await call('POST', `approve-trust-request/${created.id}`, {}, other)).statusCode).toBe(404);
    const list = await call('GET', 'get-trust-requests', undefined, other);
    expect(list.json().data.data.map((row: { id: string }) => row.id)).not.toContain(created.id);
    expect(await countRows()).toEqual(before);
  });
});

describe('approval (two people)', () => {
  it('asks for approval before sending when the firm requires it; the creator cannot approve', async () => {
    await setApprovalRequired(true);
    try {
      const own = await draft();
      const refused = await call('POST', `send-trust-request/${own.id}`, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(TRUST_REQUEST_MESSAGES.needsApproval);
      const submitted = await call('POST', `submit-trust-request/${own.id}`, {});
      expect(submitted.json().data).toMatchObject({ status: 'AwaitingApproval', statusLabel: 'Awaiting approval', isApproved: false });
      expect((await call('POST', `submit-trust-request/${own.id}`, {})).statusCode).toBe(409);
      expect((await call('POST', `send-trust-request/${own.id}`, {})).statusCode).toBe(409);
      const ownApproval = await call('POST', `approve-trust-request/${own.id}`, {});
      expect(ownApproval.statusCode).toBe(409);
      expect(ownApproval.json().message).toBe(TRUST_REQUEST_MESSAGES.ownApproval);

      // Billing drafts it; the administrator (a second person) approves it; then it can be sent.
      const byBilling = await draft({}, fixture.tokens.billing);
      expect((await call('POST', `submit-trust-request/${byBilling.id}`, {}, fixture.tokens.billing)).statusCode).toBe(200);
      expect((await call('POST', `approve-trust-request/${byBilling.id}`, {}, fixture.tokens.billing)).statusCode).toBe(403);
      const approved = await call('POST', `approve-trust-request/${byBilling.id}`, {});
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data).toMatchObject({ isApproved: true, statusLabel: 'Approved, ready to send' });
      expect((await call('POST', `approve-trust-request/${byBilling.id}`, {})).statusCode).toBe(409);
      const sent = await call('POST', `send-trust-request/${byBilling.id}`, {});
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data.request.status).toBe('Sent');
    } finally {
      await setApprovalRequired(false);
    }
  });

  it('has no submit step when the firm does not require approval', async () => {
    const created = await draft();
    const response = await call('POST', `submit-trust-request/${created.id}`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TRUST_REQUEST_MESSAGES.approvalNotRequired);
  });
});

async function firmTodayOf(firmId: string) {
  const [row] = await rowsOf<{ today: string }>(
    fixture.context.database.db.execute(sql`select to_char((now() at time zone coalesce(time_zone, 'UTC'))::date, 'YYYY-MM-DD') as today
      from firms where id = ${firmId}`),
  );
  return row!.today;
}

describe('the due date', () => {
  const firmToday = () => firmTodayOf(fixture.firm.firmId);
  const shifted = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('cannot be in the firm’s past, on create or change; today is allowed; a draft past its date is not sent', async () => {
    const today = await firmToday();
    const before = await countRows();
    const refused = await call('POST', 'create-trust-request', requestBody({ dueDate: shifted(today, -1) }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: TRUST_REQUEST_MESSAGES.dueDateInPast,
      errors: { dueDate: TRUST_REQUEST_MESSAGES.dueDateInPast },
    });
    expect(await countRows()).toEqual(before);

    const dueToday = await draft({ dueDate: today });
    const changed = await call('PUT', `update-trust-request/${dueToday.id}`, requestBody({ dueDate: shifted(today, -30) }));
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(TRUST_REQUEST_MESSAGES.dueDateInPast);
    expect((await call('GET', `get-trust-request/${dueToday.id}`)).json().data.dueDate).toBe(today);

    // A draft whose day has gone by (written before the rule, or left unsent) must be given a new date first.
    await fixture.context.database.db.execute(sql`update trust_requests set due_date = ${shifted(today, -1)} where id = ${dueToday.id}`);
    const late = await call('POST', `send-trust-request/${dueToday.id}`, {});
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(TRUST_REQUEST_MESSAGES.draftDueDatePassed);
    expect((await call('GET', `get-trust-request/${dueToday.id}`)).json().data.status).toBe('Draft');
  });
});

describe('sending and the public link', () => {
  it('emails the client a link that works signed out and shows only this request', async () => {
    const other = await draft({ amount: '777.77', note: 'A different request entirely' });
    const created = await draft();
    const sent = await call('POST', `send-trust-request/${created.id}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const { slug, url, emailedTo, request } = sent.json().data;
    expect(slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url).toBe(`http://matterhorn.test/billing/trust-accounting/${slug}`);
    expect(emailedTo).toBe(clientEmail);
    expect(request).toMatchObject({ status: 'Sent', sentToEmail: clientEmail });

    // The email about this request: queued emails are delivered together, so "the last file" is not it.
    const mails = (await readOutbox(fixture.context.config)).filter(
      (message) => message.to === clientEmail && message.subject.includes(created.requestNumber),
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.link).toBe(url);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('₦250,000.00');
    // Dates in an email read as on screen (DD/MM/YYYY), never ISO.
    expect(mail.text).toContain('by 15/12/2099.');
    expect(mail.text).not.toContain(DUE_DATE);

    // Only the slug's hash is stored.
    const [stored] = await rowsOf<{ slugHash: string }>(
      fixture.context.database.db.execute(sql`select slug_hash as "slugHash" from trust_requests where id = ${created.id}`),
    );
    expect(stored!.slugHash).toBe(createHash('sha256').update(slug).digest('hex'));

    const page = await anonymous(slug);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toEqual({
      firm: { name: expect.any(String), logo: null },
      requestNumber: created.requestNumber,
      status: 'Sent',
      statusLabel: 'Sent',
      clientName: expect.any(String),
      matter: { matterNumber: expect.any(String), name: matter() && expect.any(String) },
      currencySymbol: '₦',
      amount: '250000.00',
      paidAmount: '0.00',
      balanceDue: '250000.00',
      dueDate: DUE_DATE,
      note: 'Retainer for the lease dispute',
      bank: {
        accountName: 'Client Trust Account',
        bankName: 'Zenith Bank',
        accountNumberMasked: '••••4821',
        paymentInstructions: 'Pay to Zenith Bank, Client Trust Account, quoting the request number',
      },
      trustBalance: '40000.00',
    });
    for (const hidden of [
      other.requestNumber,
      'A different request entirely',
      FIRM_ADDRESS,
      FIRM_PHONE,
      fixture.firm.users.admin.email,
      accountId,
    ])
      expect(page.body).not.toContain(hidden);
  });

  it("shows the client's whole balance in the account when the request names no matter", async () => {
    const created = await draft({ matterId: null });
    const { slug } = (await call('POST', `send-trust-request/${created.id}`, {})).json().data;
    const page = (await anonymous(slug)).json().data;
    expect(page.matter).toBeNull();
    expect(page.trustBalance).toBe('45000.00');
  });

  it('sending again replaces the link: the old one answers 404', async () => {
    const created = await draft();
    const first = (await call('POST', `send-trust-request/${created.id}`, {})).json().data.slug;
    const second = (await call('POST', `send-trust-request/${created.id}`, { toEmail: 'accounts@client.example' })).json().data;
    expect(second.emailedTo).toBe('accounts@client.example');
    expect((await anonymous(first)).statusCode).toBe(404);
    expect((await anonymous(second.slug)).statusCode).toBe(200);
  });

  it('counts each email sent as its sender’s work on the matter in Suggested time; general funds and an opted-out sender count none', async () => {
    const emailsSent = async () =>
      (
        await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
          rowsOf<{ subject: string; seconds: number; matterId: string }>(
            tx.execute(sql`select subject, seconds, matter_id as "matterId" from work_activities
              where kind = 'emailSent' and user_id = ${fixture.firm.users.admin.id} order by occurred_at`),
          ),
        )
      ).filter((row) => row.subject.startsWith('request for funds'));
    const before = (await emailsSent()).length;
    const created = await draft();
    expect((await call('POST', `send-trust-request/${created.id}`, {})).statusCode).toBe(200);
    expect((await call('POST', `send-trust-request/${created.id}`, { toEmail: 'accounts@client.example' })).statusCode).toBe(200);
    expect((await emailsSent()).slice(before)).toEqual([
      { subject: `request for funds ${created.requestNumber} to the client`, seconds: 360, matterId: matter().id },
      { subject: `request for funds ${created.requestNumber} to accounts@client.example`, seconds: 360, matterId: matter().id },
    ]);
    const today = (
      await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        rowsOf<{ today: string }>(tx.execute(sql`select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from firms`)),
      )
    )[0]!.today;
    const suggestions = await fixture.call('GET', `/api/admin/time-suggestions/get-suggestions?from=${today}&to=${today}`, admin());
    const onMatter = (suggestions.json().data as { matterId: string; narrative: string }[]).find((row) => row.matterId === matter().id);
    expect(onMatter?.narrative).toMatch(new RegExp(`(^E|; e)mailed request for funds ${created.requestNumber} to the client`));

    const general = await draft({ matterId: null });
    expect((await call('POST', `send-trust-request/${general.id}`, {})).statusCode).toBe(200);
    expect(await emailsSent()).toHaveLength(before + 2);

    const preferences = (suggestsTime: boolean) =>
      fixture.call('PUT', '/api/admin/time-suggestions/update-preferences', admin(), { suggestsTime });
    expect((await preferences(false)).statusCode).toBe(200);
    try {
      const unrecorded = await draft();
      expect((await call('POST', `send-trust-request/${unrecorded.id}`, {})).statusCode).toBe(200);
      expect(await emailsSent()).toEqual([]);
    } finally {
      await preferences(true);
    }
  });

  it('answers 404 for an unknown or malformed slug', async () => {
    expect((await anonymous('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await anonymous('not-a-slug')).statusCode).toBe(404);
  });
});

const principal = (): FirmPrincipal => ({
  kind: 'firm',
  sessionId: '',
  firmId: fixture.firm.firmId,
  userId: fixture.firm.users.admin.id,
  adminUserId: fixture.firm.users.admin.id,
  permissions: [],
  isVerified: true,
});

describe('cancelling and paying', () => {
  it('cancels with a reason; the public page then shows it cancelled, without bank details', async () => {
    const created = await draft();
    const { slug } = (await call('POST', `send-trust-request/${created.id}`, {})).json().data;
    const before = await countRows();
    const noReason = await call('POST', `cancel-trust-request/${created.id}`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Reason is required');
    expect(await countRows()).toEqual(before);
    const cancelled = await call('POST', `cancel-trust-request/${created.id}`, { reason: 'Client paid the court directly' });
    expect(cancelled.json().data).toMatchObject({ status: 'Cancelled', cancelReason: 'Client paid the court directly' });
    expect((await call('POST', `cancel-trust-request/${created.id}`, { reason: 'again' })).statusCode).toBe(409);
    expect((await call('POST', `send-trust-request/${created.id}`, {})).statusCode).toBe(409);
    const page = (await anonymous(slug)).json().data;
    expect(page).toMatchObject({ status: 'Cancelled', statusLabel: 'Cancelled', bank: null });
  });

  it('a deposit against the request settles it; a paid request cannot be cancelled', async () => {
    const created = await draft({ amount: '1000.00' });
    const { slug } = (await call('POST', `send-trust-request/${created.id}`, {})).json().data;
    const deposit = (amount: string) =>
      fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
        applyDepositToTrustRequest(tx, principal(), created.id, {
          trustAccountId: accountId,
          clientId: matter().clientId,
          matterId: matter().id,
          amount,
          transactionId: randomUUID(),
        }),
      );
    await deposit('400.00');
    expect((await anonymous(slug)).json().data).toMatchObject({ status: 'PartlyPaid', paidAmount: '400.00', balanceDue: '600.00' });
    await deposit('600.00');
    expect((await call('GET', `get-trust-request/${created.id}`)).json().data).toMatchObject({ status: 'Paid', balanceDue: '0.00' });
    const refused = await call('POST', `cancel-trust-request/${created.id}`, { reason: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TRUST_REQUEST_MESSAGES.paidNotCancellable);
  });
});

describe('evergreen top-ups', () => {
  it('a drafted top-up shows in the list for its fee earner and goes through the same send', async () => {
    const today = await firmTodayOf(fixture.firm.firmId);
    const id = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      draftTopUpTrustRequest(
        tx,
        principal(),
        { trustAccountId: accountId, clientId: matter().clientId, matterId: matter().id },
        // The firm's today, as the minimum-balance check passes it (a draft due in the past is not sent).
        { minimumBalance: '50000.00', balance: '40000.00', today },
      ),
    );
    expect(id).not.toBeNull();
    const shown = (await call('GET', `get-trust-request/${id}`)).json().data;
    expect(shown).toMatchObject({ isTopUp: true, status: 'Draft', amount: '10000.00', assignedUserName: expect.any(String) });
    const listed = (await call('GET', `get-trust-requests?MatterId=${matter().id}&size=100`)).json().data.data;
    expect(listed.find((row: { id: string }) => row.id === id)).toMatchObject({ isTopUp: true });
    expect((await call('POST', `send-trust-request/${id}`, {})).json().data.request.status).toBe('Sent');
  });
});

describe('the list', () => {
  it('filters by status, client, matter and account, and downloads CSV', async () => {
    const created = await draft({ note: 'Listed request' });
    const all = (await call('GET', `get-trust-requests?TrustAccountId=${accountId}&size=100`)).json().data;
    expect(all.isApprovalRequired).toBe(false);
    expect(all.data.map((row: { id: string }) => row.id)).toContain(created.id);
    const drafts = (await call('GET', `get-trust-requests?Status=Draft&MatterId=${matter().id}&size=100`)).json().data;
    expect(drafts.data.length).toBeGreaterThan(0);
    expect(drafts.data.every((row: { status: string; matterId: string }) => row.status === 'Draft' && row.matterId === matter().id)).toBe(
      true,
    );
    const none = (await call('GET', `get-trust-requests?ClientId=${otherClientMatter.clientId}`)).json().data;
    expect(none).toMatchObject({ data: [], totalCount: 0 });
    expect((await call('GET', 'get-trust-requests?Status=Pending')).statusCode).toBe(400);
    const csv = await call('GET', `get-trust-requests?IsDownlodCsv=true&Status=Draft`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csvRowsOf(csv);
    expect(rows[0]).toEqual([
      'Number',
      'Client',
      'Matter',
      'Trust account',
      'Currency',
      'Amount',
      'Paid',
      'Due date',
      'Status',
      'Note',
      'Sent to',
      'Created by',
      'Created',
    ]);
    const row = rows.find((cells) => cells[0] === created.requestNumber)!;
    expect(row[4]).toBe('NGN');
    expect(row[7]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    // Created: a moment in the firm's time zone, not a UTC instant ("2026-11-10T09:12:44.000Z").
    expect(row[12]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(csv.body).not.toContain(',Sent,');
  });
});
