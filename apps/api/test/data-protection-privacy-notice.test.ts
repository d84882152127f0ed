import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_MESSAGES } from '@matterhorn/shared';
import { bearer, lastLinkTo, rowsOf, signIn, signInToPortal, TEST_PASSWORD } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/** The versioned privacy notice (ADR 92): versions published and never edited, consent per portal account and version, sign-up refused without it. */
const BASE = '/api/admin/data-protection/privacy-notice';
let fixture: TimeEntryFixture;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

const portalNotice = (token: string) =>
  fixture.context.app.inject({ method: 'GET', url: '/api/client-portal/privacy-notice', headers: bearer(token) });
const consent = (token: string, version: number) =>
  fixture.context.app.inject({
    method: 'POST',
    url: '/api/client-portal/privacy-notice/consent',
    headers: bearer(token),
    payload: { version },
  });
const publicNotice = (slug: string) =>
  fixture.context.app.inject({ method: 'GET', url: `/api/client-portal/get-privacy-notice?Slug=${slug}` });

async function consentRows(firmId: string) {
  return fixture.context.database.withFirm(firmId, (tx) =>
    rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from privacy_notice_consents`)),
  );
}

/** The firm invites a new client by email; answers the client, the email and the secret from the link. */
async function invitedClient() {
  const email = `privacy.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@client.example`;
  const [client] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ id: string }>(
      tx.execute(sql`insert into clients (firm_id, client_type, first_name, last_name, email)
        values (${fixture.firm.firmId}, 'individual', 'Ngozi', 'Eze', ${email}) returning id`),
    ),
  );
  const clientId = client!.id;
  const invited = await fixture.call('POST', `/api/admin/client-info/invite-to-portal/${clientId}`, fixture.tokens.admin);
  expect(invited.statusCode, invited.body).toBe(200);
  const token = new URL(await lastLinkTo(fixture.context.config, email)).searchParams.get('token')!;
  return { clientId, email, token };
}

const signup = (payload: object) =>
  fixture.context.app.inject({
    method: 'POST',
    url: '/api/client-portal/signup',
    payload: { slug: fixture.firm.slug, password: TEST_PASSWORD, ...payload },
  });

describe('the privacy notice', () => {
  it('asks nothing of a firm that has published none', async () => {
    const answer = await publicNotice(fixture.otherFirm.slug);
    expect(answer.json().data).toEqual({ officer: null, notice: null });
    const session = await signInToPortal(fixture.context.app, fixture.otherFirm.slug, fixture.otherFirm.portalClient.email);
    expect((await portalNotice(session.token)).json().data).toEqual({
      officer: null,
      notice: null,
      consentedAt: null,
      needsConsent: false,
    });
    expect((await publicNotice('no-such-firm')).statusCode).toBe(404);
  });

  it('names the officer and publishes versions 1, 2… never edited; audited by id', async () => {
    const officer = await fixture.call('PUT', `${BASE}/officer`, fixture.tokens.admin, { name: 'Amaka Obi', email: 'DPO@Firm.example' });
    expect(officer.statusCode, officer.body).toBe(200);
    expect(officer.json().data.officer).toEqual({ name: 'Amaka Obi', email: 'dpo@firm.example', phone: null });

    const first = await fixture.call('POST', `${BASE}/versions`, fixture.tokens.admin, {
      body: 'We hold your name and contact details to act for you.',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.versions.map((version: { version: number }) => version.version)).toEqual([1]);
    const same = await fixture.call('POST', `${BASE}/versions`, fixture.tokens.admin, {
      body: 'We hold your name and contact details to act for you.',
    });
    expect(same.statusCode).toBe(400);
    expect((await fixture.call('POST', `${BASE}/versions`, fixture.tokens.admin, { body: '  ' })).statusCode).toBe(400);

    const versionId = first.json().data.versions[0].id as string;
    const edit = fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      tx.execute(sql`update privacy_notice_versions set body = 'changed' where id = ${versionId}`),
    );
    await expect(edit).rejects.toThrow();

    const events = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ action: string; details: Record<string, unknown> }>(
        tx.execute(sql`select action, details from audit_events where entity_id in (${versionId}, ${fixture.firm.firmId})
          and action like 'privacyNotice.%' order by created_at, id`),
      ),
    );
    expect(events.map((event) => event.action)).toEqual(['privacyNotice.officerNamed', 'privacyNotice.published']);
    expect(events[1]!.details).toEqual({ version: 1 });
    expect((await fixture.call('POST', `${BASE}/versions`, fixture.tokens.feeEarner, { body: 'Another' })).statusCode).toBe(403);
  });

  it('refuses sign-up without consent to the current notice, and records it once with the new account', async () => {
    const current = (await publicNotice(fixture.firm.slug)).json().data;
    expect(current.officer.name).toBe('Amaka Obi');
    const invited = await invitedClient();
    const before = (await consentRows(fixture.firm.firmId))[0]!.count;

    const without = await signup({ token: invited.token, email: invited.email });
    expect([without.statusCode, without.json().message]).toEqual([400, PRIVACY_NOTICE_MESSAGES.consentRequired]);
    const stale = await signup({ token: invited.token, email: invited.email, privacyNoticeVersion: current.notice.version + 1 });
    expect([stale.statusCode, stale.json().message]).toEqual([400, PRIVACY_NOTICE_MESSAGES.noticeChanged]);
    expect((await consentRows(fixture.firm.firmId))[0]!.count).toBe(before);

    const created = await signup({ token: invited.token, email: invited.email, privacyNoticeVersion: current.notice.version });
    expect(created.statusCode, created.body).toBe(200);
    const token = created.json().data.token as string;
    const status = (await portalNotice(token)).json().data;
    expect(status).toMatchObject({ needsConsent: false, notice: { version: current.notice.version }, consentedAt: expect.any(String) });

    const consents = await fixture.call('GET', `${BASE}/consents?ClientId=${invited.clientId}`, fixture.tokens.admin);
    expect(consents.json().data).toEqual([
      expect.objectContaining({ email: invited.email, consents: [{ version: current.notice.version, consentedAt: status.consentedAt }] }),
    ]);
  });

  it('shows a signed-in client a new version until they agree; a double submit records one consent', async () => {
    const session = await signInToPortal(fixture.context.app, fixture.firm.slug, fixture.firm.portalClient.email);
    const first = (await portalNotice(session.token)).json().data;
    expect(first.needsConsent).toBe(true);
    expect((await consent(session.token, first.notice.version)).json().data.needsConsent).toBe(false);

    const published = await fixture.call('POST', `${BASE}/versions`, fixture.tokens.admin, { body: 'We now also keep your phone number.' });
    const latest = published.json().data.versions[0];
    expect(latest.version).toBe(first.notice.version + 1);
    const after = (await portalNotice(session.token)).json().data;
    expect(after).toMatchObject({
      needsConsent: true,
      consentedAt: null,
      notice: { version: latest.version, body: 'We now also keep your phone number.' },
    });

    const old = await consent(session.token, first.notice.version);
    expect([old.statusCode, old.json().message]).toEqual([400, PRIVACY_NOTICE_MESSAGES.notCurrent]);
    const before = (await consentRows(fixture.firm.firmId))[0]!.count;
    const answers = await Promise.all([consent(session.token, latest.version), consent(session.token, latest.version)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await consentRows(fixture.firm.firmId))[0]!.count).toBe(before + 1);
    expect((await portalNotice(session.token)).json().data.needsConsent).toBe(false);

    const consents = (
      await fixture.call('GET', `${BASE}/consents?ClientId=${fixture.firm.portalClient.clientId}`, fixture.tokens.admin)
    ).json().data;
    expect(consents[0].consents.map((entry: { version: number }) => entry.version)).toEqual([latest.version, first.notice.version]);
  });

  it('answers another firm’s client as not found, and keeps each firm’s notice its own', async () => {
    const elsewhere = await fixture.call(
      'GET',
      `${BASE}/consents?ClientId=${fixture.otherFirm.portalClient.clientId}`,
      fixture.tokens.admin,
    );
    expect(elsewhere.statusCode).toBe(404);
    const otherSettings = (await fixture.call('GET', BASE, fixture.tokens.otherAdmin)).json().data;
    expect(otherSettings).toEqual({ officer: null, versions: [] });
    const staff = await signIn(fixture.context.app, fixture.firm.users.admin.email);
    expect((await portalNotice(staff)).statusCode).toBe(401);
  });
});
