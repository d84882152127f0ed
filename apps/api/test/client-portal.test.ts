import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import {
  bearer,
  createTestApp,
  lastLinkTo,
  readOutbox,
  rowsOf,
  seedTestFirm,
  signIn,
  signInToPortal,
  TEST_PASSWORD,
  type TestContext,
} from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
});
afterAll(() => context.close());

const post = (url: string, payload: object) => context.app.inject({ method: 'POST', url, payload });

/** The firm invites the client as a fee earner would; returns the secret from the emailed link. */
async function inviteToPortal(of: SeededFirm, clientId: string, email: string): Promise<string> {
  const staff = await signIn(context.app, of.users.feeEarner.email);
  const invited = await context.app.inject({
    method: 'POST',
    url: `/api/admin/client-info/invite-to-portal/${clientId}`,
    headers: bearer(staff),
  });
  expect(invited.statusCode, invited.body).toBe(200);
  const link = new URL(await lastLinkTo(context.config, email));
  expect(link.pathname).toBe(`/portal/${of.slug}/signup`);
  return link.searchParams.get('token')!;
}

describe('client portal sign-in', () => {
  it("signs a client in and shows their name with the firm's name", async () => {
    const session = await signInToPortal(context.app, firm.slug, firm.portalClient.email);
    expect(session.clientId).toBe(firm.portalClient.clientId);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/client-portal/get-client-portal-profileinfo?Slug=${firm.slug}&ClientId=${session.clientId}`,
      headers: bearer(session.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        clientId: firm.portalClient.clientId,
        name: 'Kemi Adebayo',
        email: firm.portalClient.email,
        clientName: 'Kemi Adebayo',
        company: firm.slug,
        firmName: expect.stringContaining('Test Firm'),
        firmLogo: null,
      },
    ]);
  });

  it("never signs a client in on another firm's slug", async () => {
    const response = await post('/api/client-portal/login', {
      slug: otherFirm.slug,
      email: firm.portalClient.email,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Email or password is incorrect');
  });

  it('answers an unknown slug as not found', async () => {
    const response = await post('/api/client-portal/login', {
      slug: 'no-such-firm',
      email: firm.portalClient.email,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(404);
    const branding = await context.app.inject({ method: 'GET', url: '/api/client-portal/get-firm-branding?Slug=no-such-firm' });
    expect(branding.statusCode).toBe(404);
  });

  it('shows public branding for a known slug', async () => {
    const branding = await context.app.inject({ method: 'GET', url: `/api/client-portal/get-firm-branding?slug=${firm.slug}` });
    expect(branding.json().data).toEqual({ firmName: expect.stringContaining('Test Firm'), firmLogo: null, company: firm.slug });
  });

  it("refuses another client's profile and every firm-side route", async () => {
    const session = await signInToPortal(context.app, firm.slug, firm.portalClient.email);
    const other = await context.app.inject({
      method: 'GET',
      url: `/api/client-portal/get-client-portal-profileinfo?Slug=${firm.slug}&ClientId=${firm.otherClientId}`,
      headers: bearer(session.token),
    });
    expect(other.statusCode).toBe(404);
    const wrongSlug = await context.app.inject({
      method: 'GET',
      url: `/api/client-portal/get-client-portal-profileinfo?Slug=${otherFirm.slug}`,
      headers: bearer(session.token),
    });
    expect(wrongSlug.statusCode).toBe(404);
    const firmSide = await context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(session.token) });
    expect(firmSide.statusCode).toBe(401);
  });

  it('lets an invited client sign up once, and only with the link emailed to them', async () => {
    const email = `invited.${Date.now()}@client.example`;
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update clients set email = ${email} where id = ${firm.otherClientId}`),
    );
    const token = await inviteToPortal(firm, firm.otherClientId, email);
    const signup = await post('/api/client-portal/signup', { slug: firm.slug, token, email, password: TEST_PASSWORD });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().data).toMatchObject({ clientId: firm.otherClientId, company: firm.slug });
    const twice = await post('/api/client-portal/signup', { slug: firm.slug, token, email, password: TEST_PASSWORD });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(AUTH_MESSAGES.portalInvitationInvalid);
    await signInToPortal(context.app, firm.slug, email);
  });

  it('resets a portal password through a single-use link on the same slug', async () => {
    const email = firm.portalClient.email;
    const known = await post('/api/client-portal/forgot-password', { slug: firm.slug, email });
    const unknown = await post('/api/client-portal/forgot-password', { slug: firm.slug, email: 'ghost@client.example' });
    expect(known.json()).toEqual(unknown.json());
    const link = await lastLinkTo(context.config, email);
    expect(link).toContain(`/portal/${firm.slug}/reset-password/`);
    const secret = link.split('/').at(-1)!;
    expect(
      (await post('/api/client-portal/reset-password', { slug: otherFirm.slug, token: secret, password: 'portal-password-new' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/client-portal/reset-password', { slug: firm.slug, token: secret, password: 'portal-password-new' })).statusCode,
    ).toBe(200);
    await signInToPortal(context.app, firm.slug, email, 'portal-password-new');
  });

  it('ends the portal session when portal access is revoked', async () => {
    const second = await seedTestFirm(context.database);
    const session = await signInToPortal(context.app, second.slug, second.portalClient.email);
    await context.database.withFirm(second.firmId, (tx) =>
      tx.execute(sql`update clients set is_portal_enabled = false where id = ${second.portalClient.clientId}`),
    );
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/client-portal/get-client-portal-profileinfo',
      headers: bearer(session.token),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('portal invitations carry a secret (no account takeover by knowing an email)', () => {
  async function invitedClient(of: SeededFirm) {
    const email = `invitee.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@client.example`;
    const [client] = await rowsOf<{ id: string }>(
      context.database.withFirm(of.firmId, (tx) =>
        tx.execute(sql`insert into clients (firm_id, client_type, first_name, last_name, email)
          values (${of.firmId}, 'individual', 'Tolu', 'Invitee', ${email}) returning id`),
      ),
    );
    return { clientId: client!.id, email };
  }
  const portalAccounts = async () =>
    (await rowsOf<{ count: number }>(context.database.db.execute(sql`select count(*)::int as count from portal_accounts`)))[0]!.count;

  it('refuses sign-up without the link, with one answer for a client, a stranger and a taken email', async () => {
    const invited = await invitedClient(firm);
    await inviteToPortal(firm, invited.clientId, invited.email);
    const before = await portalAccounts();
    const attempts = [
      { slug: firm.slug, email: invited.email, password: TEST_PASSWORD, token: 'guessed-token' },
      { slug: firm.slug, email: 'stranger@client.example', password: TEST_PASSWORD, token: 'guessed-token' },
      { slug: firm.slug, email: firm.portalClient.email, password: TEST_PASSWORD, token: 'guessed-token' },
    ];
    const answers = await Promise.all(attempts.map((payload) => post('/api/client-portal/signup', payload)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ success: false, message: AUTH_MESSAGES.portalInvitationInvalid, code: 'INVALID_TOKEN', data: null });
    }
    const withoutToken = await Promise.all(
      [invited.email, 'stranger@client.example'].map((email) =>
        post('/api/client-portal/signup', { slug: firm.slug, email, password: TEST_PASSWORD }),
      ),
    );
    expect(withoutToken[0]!.statusCode).toBe(400);
    expect(withoutToken[0]!.json()).toEqual(withoutToken[1]!.json());
    expect(await portalAccounts()).toBe(before);
  });

  it("refuses someone else's link, a link on another firm's slug and an expired link", async () => {
    const invited = await invitedClient(firm);
    const token = await inviteToPortal(firm, invited.clientId, invited.email);
    const other = await post('/api/client-portal/signup', {
      slug: firm.slug,
      token,
      email: 'attacker@client.example',
      password: TEST_PASSWORD,
    });
    expect(other.json().message).toBe(AUTH_MESSAGES.portalInvitationInvalid);
    const elsewhere = await post('/api/client-portal/signup', {
      slug: otherFirm.slug,
      token,
      email: invited.email,
      password: TEST_PASSWORD,
    });
    expect(elsewhere.json().message).toBe(AUTH_MESSAGES.portalInvitationInvalid);

    await context.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 minute' where client_id = ${invited.clientId}`,
    );
    const expired = await post('/api/client-portal/signup', { slug: firm.slug, token, email: invited.email, password: TEST_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AUTH_MESSAGES.portalInvitationInvalid);
  });

  it('stores only a hash of the secret; a newer invitation or revoked access voids the older link', async () => {
    const invited = await invitedClient(firm);
    const first = await inviteToPortal(firm, invited.clientId, invited.email);
    const [stored] = await rowsOf<{ token_hash: string }>(
      context.database.db.execute(
        sql`select token_hash from auth_tokens where client_id = ${invited.clientId} order by created_at limit 1`,
      ),
    );
    expect(stored!.token_hash).not.toContain(first);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const second = await inviteToPortal(firm, invited.clientId, invited.email);
    const stale = await post('/api/client-portal/signup', { slug: firm.slug, token: first, email: invited.email, password: TEST_PASSWORD });
    expect(stale.json().message).toBe(AUTH_MESSAGES.portalInvitationInvalid);

    const staff = await signIn(context.app, firm.users.admin.email);
    await context.app.inject({ method: 'POST', url: `/api/admin/client-info/revoke-portal/${invited.clientId}`, headers: bearer(staff) });
    const revoked = await post('/api/client-portal/signup', {
      slug: firm.slug,
      token: second,
      email: invited.email,
      password: TEST_PASSWORD,
    });
    expect(revoked.json().message).toBe(AUTH_MESSAGES.portalInvitationInvalid);
  });

  it('refuses a guessable password with the reason, and the link still works afterwards', async () => {
    const invited = await invitedClient(firm);
    const token = await inviteToPortal(firm, invited.clientId, invited.email);
    const weak = await post('/api/client-portal/signup', { slug: firm.slug, token, email: invited.email, password: invited.email });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ password: expect.stringContaining('too easy to guess') });
    expect(
      (await post('/api/client-portal/signup', { slug: firm.slug, token, email: invited.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const email = (await readOutbox(context.config)).filter((message) => message.to === invited.email).at(-1)!;
    expect(email.text).toContain('expires in 7 days');
  });
});

describe("the portal overview lists the client's own matters", () => {
  // Fresh firms: earlier tests change the shared firms' portal passwords.
  let firm: SeededFirm;
  let otherFirm: SeededFirm;
  beforeAll(async () => {
    firm = await seedTestFirm(context.database);
    otherFirm = await seedTestFirm(context.database);
  });
  const mattersOf = (token: string, query = '') =>
    context.app.inject({ method: 'GET', url: `/api/client-portal/get-client-portal-matters${query}`, headers: bearer(token) });

  it("lists only this client's open and closed matters in this firm, with their fee earners", async () => {
    const [closedMatterId, deletedMatterId] = firm.matterIds.slice(-2) as [string, string];
    await context.database.withFirm(firm.firmId, async (tx) => {
      await tx.execute(sql`update matters set client_id = ${firm.portalClient.clientId}, status = 'Closed', matter_close_date = current_date
        where id = ${closedMatterId}`);
      await tx.execute(sql`update matters set client_id = ${firm.portalClient.clientId}, deleted_at = now() where id = ${deletedMatterId}`);
    });
    const expected = await rowsOf<{ matter_id: string; matter_number: string; matter_name: string; status: string; fee_earners: string[] }>(
      context.database.withFirm(firm.firmId, (tx) =>
        tx.execute(sql`select m.id as matter_id, m.matter_number, m.matter_name, m.status,
            array(select u.name from matter_assignees a join users u on u.id = a.user_id where a.matter_id = m.id order by u.name) as fee_earners
          from matters m where m.client_id = ${firm.portalClient.clientId} and m.deleted_at is null
          order by m.status = 'Open' desc, m.matter_open_date desc, m.matter_name`),
      ),
    );
    expect(expected.map((row) => row.status)).toEqual(expect.arrayContaining(['Open', 'Closed']));

    const session = await signInToPortal(context.app, firm.slug, firm.portalClient.email);
    const response = await mattersOf(session.token, `?Slug=${firm.slug}&ClientId=${session.clientId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(
      expected.map((row) => ({
        matterId: row.matter_id,
        matterNumber: row.matter_number,
        matterName: row.matter_name,
        status: row.status,
        feeEarners: row.fee_earners,
      })),
    );
    expect(response.json().data.map((matter: { matterId: string }) => matter.matterId)).not.toContain(deletedMatterId);
    expect(response.json().data.every((matter: { feeEarners: string[] }) => matter.feeEarners.length > 0)).toBe(true);
  });

  it("never shows another client's or another firm's matters, whatever the query names", async () => {
    const mine = await signInToPortal(context.app, otherFirm.slug, otherFirm.portalClient.email);
    const answer = await mattersOf(mine.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const own = answer.json().data as { matterId: string }[];
    const [row] = await rowsOf<{ ids: string[] }>(
      context.database.withFirm(otherFirm.firmId, (tx) =>
        tx.execute(
          sql`select array(select id from matters where client_id = ${otherFirm.portalClient.clientId} and deleted_at is null) as ids`,
        ),
      ),
    );
    expect(own.map((matter) => matter.matterId).sort()).toEqual([...row!.ids].sort());
    for (const id of firm.matterIds) expect(own.map((matter) => matter.matterId)).not.toContain(id);

    expect((await mattersOf(mine.token, `?ClientId=${otherFirm.otherClientId}`)).statusCode).toBe(404);
    expect((await mattersOf(mine.token, `?Slug=${firm.slug}`)).statusCode).toBe(404);
    expect((await mattersOf(mine.token, `?ClientId=${firm.portalClient.clientId}`)).statusCode).toBe(404);
    const staff = await signIn(context.app, otherFirm.users.admin.email);
    expect((await mattersOf(staff)).statusCode).toBe(401);
    expect((await context.app.inject({ method: 'GET', url: '/api/client-portal/get-client-portal-matters' })).statusCode).toBe(401);
  });
});
