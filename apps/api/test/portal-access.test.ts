import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type PortalAccount, PORTAL_SIGN_IN_MESSAGES } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import {
  bearer,
  createTestApp,
  lastLinkTo,
  readOutbox,
  rowsOf,
  seedTestFirm,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let admin: string;
beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  admin = await signIn(context.app, firm.users.admin.email);
});
afterAll(() => context.close());

const post = (url: string, payload?: object, headers?: Record<string, string>) =>
  context.app.inject({ method: 'POST', url, payload, headers });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A company client with two contact people, each with their own email. */
async function companyWithContacts(of: SeededFirm = firm) {
  const id = unique();
  const emails = { own: `office.${id}@acme.example`, ada: `ada.${id}@acme.example`, bayo: `bayo.${id}@acme.example` };
  const [client] = await rowsOf<{ id: string }>(
    context.database.withFirm(of.firmId, (tx) =>
      tx.execute(sql`insert into clients (firm_id, client_type, company_name, email)
        values (${of.firmId}, 'company', ${`Acme ${id}`}, ${emails.own}) returning id`),
    ),
  );
  const contacts = await rowsOf<{ id: string; email: string }>(
    context.database.withFirm(of.firmId, (tx) =>
      tx.execute(sql`insert into client_contacts (firm_id, client_id, name, email)
        values (${of.firmId}, ${client!.id}, 'Ada Obi', ${emails.ada}), (${of.firmId}, ${client!.id}, 'Bayo Ade', ${emails.bayo})
        returning id, email`),
    ),
  );
  const contactOf = (email: string) => contacts.find((contact) => contact.email === email)!.id;
  return { clientId: client!.id, emails, ada: contactOf(emails.ada), bayo: contactOf(emails.bayo) };
}

async function invite(clientId: string, contactId?: string, token = admin): Promise<PortalAccount[]> {
  const response = await post(
    '/api/admin/client-portal/invite-portal-account',
    { clientId, ...(contactId ? { contactId } : {}) },
    bearer(token),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Opens the invitation emailed to `email` and creates the account; returns the portal session. */
async function signUp(email: string) {
  const link = new URL(await lastLinkTo(context.config, email));
  const response = await post('/api/client-portal/signup', {
    slug: firm.slug,
    token: link.searchParams.get('token'),
    email,
    password: TEST_PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { token: string; clientId: string };
}

const login = (email: string, slug = firm.slug) => post('/api/client-portal/login', { slug, email, password: TEST_PASSWORD });
const portalMatters = (token: string) =>
  context.app.inject({ method: 'GET', url: '/api/client-portal/get-client-portal-matters', headers: bearer(token) });
const accountsOf = async (clientId: string): Promise<PortalAccount[]> => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/admin/client-portal/get-portal-accounts?ClientId=${clientId}`,
    headers: bearer(admin),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const change = (action: 'disable' | 'enable' | 'remove' | 'reset-authenticator', accountId: string, token = admin) =>
  post(`/api/admin/client-portal/${action}-portal-account/${accountId}`, undefined, bearer(token));

describe('portal access per contact', () => {
  it('invites each contact and the client, each signs in with their own email and sees the same client', async () => {
    const company = await companyWithContacts();
    await invite(company.clientId, company.ada);
    await invite(company.clientId, company.bayo);
    const invited = await invite(company.clientId);
    expect(invited.map(({ email, contactName, status, lastSignInAt }) => ({ email, contactName, status, lastSignInAt }))).toEqual([
      { email: company.emails.ada, contactName: 'Ada Obi', status: 'Invited', lastSignInAt: null },
      { email: company.emails.bayo, contactName: 'Bayo Ade', status: 'Invited', lastSignInAt: null },
      { email: company.emails.own, contactName: null, status: 'Invited', lastSignInAt: null },
    ]);

    const ada = await signUp(company.emails.ada);
    const bayo = await signUp(company.emails.bayo);
    expect(ada.clientId).toBe(company.clientId);
    expect(bayo.clientId).toBe(company.clientId);
    for (const email of [company.emails.ada, company.emails.bayo]) expect((await login(email)).statusCode).toBe(200);

    const accounts = await accountsOf(company.clientId);
    expect(accounts.map((account) => account.status)).toEqual(['Active', 'Active', 'Invited']);
    expect(accounts[0]!.lastSignInAt).not.toBeNull();
    expect(accounts[2]!.lastSignInAt).toBeNull();
    const audit = await rowsOf<{ action: string }>(
      context.database.withFirm(firm.firmId, (tx) =>
        tx.execute(
          sql`select action from audit_events where action = 'portalAccount.invited' and details->>'clientId' = ${company.clientId}`,
        ),
      ),
    );
    expect(audit).toHaveLength(3);
  });

  it('shows each portal account of one client its own name and email, and the client they act for', async () => {
    const company = await companyWithContacts();
    await invite(company.clientId, company.ada);
    await invite(company.clientId, company.bayo);
    await invite(company.clientId);
    const profileOf = async (email: string) => {
      const { token } = await signUp(email);
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/client-portal/get-client-portal-profileinfo',
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const [profile] = response.json().data;
      return { name: profile.name, email: profile.email, clientName: profile.clientName, clientId: profile.clientId };
    };
    // Issue 64: a client's second contact was welcomed by the first's name and shown the first's email.
    const clientName = expect.stringMatching(/^Acme /);
    expect(await profileOf(company.emails.ada)).toEqual({
      name: 'Ada Obi',
      email: company.emails.ada,
      clientName,
      clientId: company.clientId,
    });
    expect(await profileOf(company.emails.bayo)).toEqual({
      name: 'Bayo Ade',
      email: company.emails.bayo,
      clientName,
      clientId: company.clientId,
    });
    const own = await profileOf(company.emails.own);
    expect(own).toEqual({ name: own.clientName, email: company.emails.own, clientName, clientId: company.clientId });
  });

  it('refuses a contact of another client, another firm, and an email already on another client', async () => {
    const company = await companyWithContacts();
    const other = await companyWithContacts();
    const wrongContact = await post(
      '/api/admin/client-portal/invite-portal-account',
      { clientId: company.clientId, contactId: other.ada },
      bearer(admin),
    );
    expect(wrongContact.statusCode).toBe(404);
    const elsewhere = await companyWithContacts(otherFirm);
    const otherFirmClient = await post('/api/admin/client-portal/invite-portal-account', { clientId: elsewhere.clientId }, bearer(admin));
    expect(otherFirmClient.statusCode).toBe(404);
    const foreignAdmin = await signIn(context.app, otherFirm.users.admin.email);
    const [account] = await invite(company.clientId, company.ada);
    expect((await change('disable', account!.id, foreignAdmin)).statusCode).toBe(404);
    expect((await accountsOf(company.clientId))[0]!.status).toBe('Invited');

    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update client_contacts set email = ${company.emails.ada} where id = ${other.bayo}`),
    );
    const taken = await post(
      '/api/admin/client-portal/invite-portal-account',
      { clientId: other.clientId, contactId: other.bayo },
      bearer(admin),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('This email already has portal access for another client');
  });

  it('disabling ends the sessions at once and refuses sign-in; re-enabling restores sign-in but not the old sessions', async () => {
    const company = await companyWithContacts();
    await invite(company.clientId, company.ada);
    await invite(company.clientId, company.bayo);
    const ada = await signUp(company.emails.ada);
    const bayo = await signUp(company.emails.bayo);
    const [adaAccount] = await accountsOf(company.clientId);

    const disabled = await change('disable', adaAccount!.id);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data[0].status).toBe('Disabled');
    expect((await portalMatters(ada.token)).statusCode).toBe(401);
    expect((await portalMatters(bayo.token)).statusCode).toBe(200);
    const refused = await login(company.emails.ada);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(AUTH_MESSAGES.invalidLogin);

    expect((await change('enable', adaAccount!.id)).json().data[0].status).toBe('Active');
    expect((await portalMatters(ada.token)).statusCode).toBe(401);
    const again = await login(company.emails.ada);
    expect(again.statusCode).toBe(200);
    expect((await portalMatters(again.json().data.token)).statusCode).toBe(200);
  });

  it('removing ends access for good and keeps the row for the audit trail', async () => {
    const company = await companyWithContacts();
    await invite(company.clientId, company.ada);
    const ada = await signUp(company.emails.ada);
    const [account] = await accountsOf(company.clientId);
    expect((await change('remove', account!.id)).json().data[0].status).toBe('Removed');
    expect((await portalMatters(ada.token)).statusCode).toBe(401);
    expect((await login(company.emails.ada)).statusCode).toBe(400);
    const enable = await change('enable', account!.id);
    expect(enable.statusCode).toBe(400);
    expect(enable.json().message).toBe('This portal account was removed');
    expect((await accountsOf(company.clientId)).map((row) => row.status)).toEqual(['Removed']);
    const audit = await rowsOf<{ action: string }>(
      context.database.withFirm(firm.firmId, (tx) =>
        tx.execute(sql`select action from audit_events where entity_id = ${account!.id} order by id`),
      ),
    );
    expect(audit.map((row) => row.action)).toEqual(['portalAccount.removed']);
  });

  it('a fee earner without clientInfo.edit cannot change portal access', async () => {
    const company = await companyWithContacts();
    const [account] = await invite(company.clientId, company.ada);
    const [role] = await rowsOf<{ id: string }>(
      context.database.withFirm(firm.firmId, (tx) =>
        tx.execute(
          sql`insert into roles (firm_id, name, permissions) values (${firm.firmId}, ${`Reader ${unique()}`}, array['clientInfo']::text[]) returning id`,
        ),
      ),
    );
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update users set role_id = ${role!.id} where email = ${firm.users.feeEarner.email}`),
    );
    const reader = await signIn(context.app, firm.users.feeEarner.email);
    expect((await change('disable', account!.id, reader)).statusCode).toBe(403);
    expect((await accountsOf(company.clientId))[0]!.status).toBe('Invited');
  });
});

describe('the emailed sign-in link', () => {
  async function activeContact() {
    const company = await companyWithContacts();
    await invite(company.clientId, company.ada);
    await signUp(company.emails.ada);
    return company;
  }
  const requestLink = (email: string) => post('/api/client-portal/request-sign-in-link', { slug: firm.slug, email });
  const signInWith = (token: string) => post('/api/client-portal/sign-in-with-link', { slug: firm.slug, token });
  const linkSecretFor = async (email: string) => (await lastLinkTo(context.config, email)).split('/').at(-1)!;

  it('signs in once with the link, records the sign-in and stores only a hash', async () => {
    const company = await activeContact();
    const answer = await requestLink(company.emails.ada);
    expect(answer.json()).toEqual({ success: true, message: PORTAL_SIGN_IN_MESSAGES.signInLinkSent, data: null });
    const link = await lastLinkTo(context.config, company.emails.ada);
    expect(link).toMatch(new RegExp(`^http://matterhorn.test/portal/${firm.slug}/sign-in/[\\w-]{43}$`));
    const secret = link.split('/').at(-1)!;
    const stored = await rowsOf<{ token_hash: string; expires_in: number }>(
      context.database.db.execute(
        sql`select token_hash, extract(epoch from expires_at - created_at)::int as expires_in from auth_tokens
          where purpose = 'portal_sign_in_link' and email = ${company.emails.ada}`,
      ),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toContain(secret);
    expect(stored[0]!.expires_in).toBe(15 * 60);

    await context.database.db.execute(sql`update portal_accounts set last_sign_in_at = null where email = ${company.emails.ada}`);
    const session = await signInWith(secret);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().data).toEqual({ token: expect.any(String), clientId: company.clientId, company: firm.slug });
    expect((await portalMatters(session.json().data.token)).statusCode).toBe(200);
    expect((await accountsOf(company.clientId))[0]!.lastSignInAt).not.toBeNull();

    const reused = await signInWith(secret);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(PORTAL_SIGN_IN_MESSAGES.signInLinkInvalid);
  });

  it('expires after 15 minutes and never works on another firm’s portal', async () => {
    const company = await activeContact();
    await requestLink(company.emails.ada);
    const secret = await linkSecretFor(company.emails.ada);
    expect((await post('/api/client-portal/sign-in-with-link', { slug: otherFirm.slug, token: secret })).statusCode).toBe(400);
    // Move the clock: the link was made 16 minutes ago, so its 15 minutes are over.
    await context.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 minute' where purpose = 'portal_sign_in_link' and email = ${company.emails.ada}`,
    );
    const expired = await signInWith(secret);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PORTAL_SIGN_IN_MESSAGES.signInLinkInvalid);
  });

  it('answers the same for an unknown, an invited-only and a disabled email, and sends them nothing', async () => {
    const company = await activeContact();
    await invite(company.clientId, company.bayo);
    const [adaAccount] = await accountsOf(company.clientId);
    await change('disable', adaAccount!.id);
    const before = (await readOutbox(context.config)).length;
    const answers = await Promise.all(
      [`nobody.${unique()}@acme.example`, company.emails.bayo, company.emails.ada].map((email) => requestLink(email)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ success: true, message: PORTAL_SIGN_IN_MESSAGES.signInLinkSent, data: null });
    }
    expect((await readOutbox(context.config)).length).toBe(before);
  });

  it('a link asked for before the account was disabled no longer signs in', async () => {
    const company = await activeContact();
    await requestLink(company.emails.ada);
    const secret = await linkSecretFor(company.emails.ada);
    const [account] = await accountsOf(company.clientId);
    await change('disable', account!.id);
    await change('enable', account!.id);
    expect((await signInWith(secret)).statusCode).toBe(400);
  });
});

describe('rate limits on the link', () => {
  it('limits link requests per address like the other portal sign-in calls', async () => {
    const limited = await createTestApp({ authRequestsPerMinutePerAddress: 2 });
    try {
      const seeded = await seedTestFirm(limited.database);
      const ask = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/client-portal/request-sign-in-link',
          payload: { slug: seeded.slug, email: seeded.portalClient.email },
        });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('two-step sign-in (authenticator app) when the firm requires it', () => {
  const requireTotp = (requiresTotp: boolean) =>
    context.app.inject({
      method: 'PUT',
      url: '/api/admin/client-portal/update-sign-in-settings',
      payload: { requiresTotp },
      headers: bearer(admin),
    });
  const enrol = (challenge: string) => post('/api/client-portal/totp/enrol', { slug: firm.slug, challenge });
  const verifyCode = (challenge: string, code: string) => post('/api/client-portal/totp/verify', { slug: firm.slug, challenge, code });
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  /** A contact signed up on a firm that now requires an app: their first challenge and the secret being set up. */
  async function contactSettingUpAnApp() {
    const company = await companyWithContacts();
    await invite(company.clientId, company.ada);
    await signUp(company.emails.ada);
    await requireTotp(true);
    const { challenge } = (await login(company.emails.ada)).json().data;
    const { secret } = (await enrol(challenge)).json().data as { secret: string };
    return { company, challenge: challenge as string, secret };
  }

  it('asks for enrolment after the password, issues no session before the code, then asks for a code every time', async () => {
    const company = await companyWithContacts();
    await invite(company.clientId, company.ada);
    await signUp(company.emails.ada);
    expect((await requireTotp(true)).json().data).toEqual({ requiresTotp: true });
    try {
      const first = await login(company.emails.ada);
      expect(first.statusCode).toBe(200);
      const step = first.json().data;
      expect(step).toEqual({ challenge: expect.any(String), step: 'enrol', company: firm.slug });
      expect(step).not.toHaveProperty('token');
      expect((await portalMatters(step.challenge)).statusCode).toBe(401);

      const enrolment = (await enrol(step.challenge)).json().data;
      expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
      const [stored] = await rowsOf<{ totp_secret: string }>(
        context.database.db.execute(sql`select totp_secret from portal_accounts where email = ${company.emails.ada}`),
      );
      expect(stored!.totp_secret).not.toContain(enrolment.secret);

      const code = await generate({ secret: enrolment.secret });
      const wrong = await verifyCode(step.challenge, wrongCodeFor(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(PORTAL_SIGN_IN_MESSAGES.invalidCode);
      expect((await accountsOf(company.clientId))[0]!.hasAuthenticator).toBe(false);

      const session = await verifyCode(step.challenge, code);
      expect(session.statusCode, session.body).toBe(200);
      expect((await portalMatters(session.json().data.token)).statusCode).toBe(200);
      expect((await accountsOf(company.clientId))[0]!.hasAuthenticator).toBe(true);
      // The challenge worked once.
      expect((await verifyCode(step.challenge, code)).json().message).toBe(PORTAL_SIGN_IN_MESSAGES.secondFactorExpired);

      const next = (await login(company.emails.ada)).json().data;
      expect(next.step).toBe('verify');
      // Once confirmed, the secret is never shown again.
      expect((await enrol(next.challenge)).statusCode).toBe(400);
      // The code already used does not work a second time, even within its 30 seconds.
      const replayed = await verifyCode(next.challenge, code);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().message).toBe(PORTAL_SIGN_IN_MESSAGES.invalidCode);
      const nextCode = await generate({ secret: enrolment.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      expect((await verifyCode(next.challenge, nextCode)).statusCode).toBe(200);

      // The emailed link is a first factor too.
      await post('/api/client-portal/request-sign-in-link', { slug: firm.slug, email: company.emails.ada });
      const secret = (await lastLinkTo(context.config, company.emails.ada)).split('/').at(-1)!;
      const viaLink = (await post('/api/client-portal/sign-in-with-link', { slug: firm.slug, token: secret })).json().data;
      expect(viaLink).toEqual({ challenge: expect.any(String), step: 'verify', company: firm.slug });
    } finally {
      await requireTotp(false);
    }
  });

  it('resets a lost authenticator: the app is forgotten, sessions end, the client is told and sets up a new one', async () => {
    try {
      const { company, challenge, secret } = await contactSettingUpAnApp();
      const session = (await verifyCode(challenge, await generate({ secret }))).json().data.token as string;
      const [account] = await accountsOf(company.clientId);
      expect(account!.hasAuthenticator).toBe(true);

      const feeEarner = await signIn(context.app, firm.users.feeEarner.email);
      expect((await change('reset-authenticator', account!.id, feeEarner)).statusCode).toBe(403);
      const foreign = await signIn(context.app, otherFirm.users.admin.email);
      expect((await change('reset-authenticator', account!.id, foreign)).statusCode).toBe(404);
      expect((await portalMatters(session)).statusCode).toBe(200);

      const reset = await change('reset-authenticator', account!.id);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json().data[0]).toMatchObject({ id: account!.id, hasAuthenticator: false, status: 'Active' });
      expect((await portalMatters(session)).statusCode).toBe(401);
      const told = (await readOutbox(context.config)).filter((email) => email.to === company.emails.ada).at(-1);
      expect(told!.subject).toMatch(/reset your authenticator app$/);
      const audit = await rowsOf<{ actorUserId: string }>(
        context.database.withFirm(firm.firmId, (tx) =>
          tx.execute(
            sql`select actor_user_id as "actorUserId" from audit_events where action = 'portalAccount.authenticatorReset' and entity_id = ${account!.id}`,
          ),
        ),
      );
      expect(audit).toEqual([{ actorUserId: firm.users.admin.id }]);
      // Nothing left to reset.
      const again = await change('reset-authenticator', account!.id);
      expect([again.statusCode, again.json().message]).toEqual([400, 'This portal account has no authenticator app set up']);

      // The password still comes first; then a new app is set up, and the old one's codes no longer work.
      const next = (await login(company.emails.ada)).json().data;
      expect(next.step).toBe('enrol');
      const fresh = (await enrol(next.challenge)).json().data;
      const oldCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      expect((await verifyCode(next.challenge, oldCode)).statusCode).toBe(400);
      expect((await verifyCode(next.challenge, await generate({ secret: fresh.secret }))).statusCode).toBe(200);
    } finally {
      await requireTotp(false);
    }
  });

  it('slows wrong codes down: after five, even the right code waits', async () => {
    try {
      const { challenge, secret } = await contactSettingUpAnApp();
      const code = await generate({ secret });
      for (let attempt = 0; attempt < 5; attempt++) expect((await verifyCode(challenge, wrongCodeFor(code))).statusCode).toBe(400);
      const blocked = await verifyCode(challenge, code);
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json().message).toBe(PORTAL_SIGN_IN_MESSAGES.invalidCode);
    } finally {
      await requireTotp(false);
    }
  });

  it('only members who may change account settings change the rule, and it is audited', async () => {
    const feeEarner = await signIn(context.app, firm.users.feeEarner.email);
    const refused = await context.app.inject({
      method: 'PUT',
      url: '/api/admin/client-portal/update-sign-in-settings',
      payload: { requiresTotp: true },
      headers: bearer(feeEarner),
    });
    expect(refused.statusCode).toBe(403);
    await requireTotp(true);
    await requireTotp(false);
    const audit = await rowsOf<{ action: string }>(
      context.database.withFirm(firm.firmId, (tx) =>
        tx.execute(sql`select action from audit_events where action = 'portalSignInSettings.updated'`),
      ),
    );
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});
