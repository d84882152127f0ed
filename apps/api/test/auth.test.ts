import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@matterhorn/shared';
import { createLinkSecret } from '../src/lib/secrets.ts';
import { defaultChartFor } from '../src/platform/ledger/default-chart.ts';
import { insertAuthToken } from '../src/modules/auth/auth.repository.ts';
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
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'POST', url, payload: payload as object, headers });
let emailCounter = 0;
const uniqueEmail = () => `person${emailCounter++}.${Date.now()}@newfirm.example`;

async function signUp(email = uniqueEmail()) {
  const response = await post('/api/auth/signup', { firmName: 'Okafor Chambers', name: 'Ngozi Okafor', email, password: TEST_PASSWORD });
  return { response, email };
}

describe('sign-up and verification', () => {
  it('creates a firm, its administrator and a 14-day Trial; the emailed link verifies and signs in', async () => {
    const { response, email } = await signUp();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: AUTH_MESSAGES.signedUp, data: null });

    // Signed in with the password before verifying: the profile, but not the firm's data.
    const unverified = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(unverified.json().data).toMatchObject({ isVerified: false, isFirmSetUp: false });
    const dashboard = await context.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/get-dashboard-summary',
      headers: bearer(unverified.json().data.token),
    });
    expect(dashboard.statusCode).toBe(403);

    const link = await lastLinkTo(context.config, email);
    expect(link).toMatch(/^http:\/\/matterhorn\.test\/verification\?token=/);
    const verified = await post('/api/auth/verify-email', { token: new URL(link).searchParams.get('token') });
    expect(verified.json()).toMatchObject({
      success: true,
      message: AUTH_MESSAGES.emailVerified,
      data: { isVerified: true, isFirmSetUp: false },
    });
    const token = verified.json().data.token as string;

    const permissions = await context.app.inject({ method: 'GET', url: '/api/me/permissions', headers: bearer(token) });
    expect(permissions.json()).toEqual(['administrator']);
    const subscription = await context.app.inject({
      method: 'GET',
      url: '/api/admin/sub-scription-master/get-subscription-info',
      headers: bearer(token),
    });
    expect(subscription.json().data).toMatchObject({ planName: 'Trial', durationInDays: 14, totalNumberUsers: 1 });
    // The new firm's books: the default chart of accounts (ADR 0046; no country yet), nothing posted.
    const books = await context.app.inject({ method: 'GET', url: '/api/admin/accounting/get-trial-balance', headers: bearer(token) });
    expect(books.json().data).toMatchObject({ totalDebit: '0.00', totalCredit: '0.00', isBalanced: true });
    const chart = defaultChartFor(null);
    expect(books.json().data.accounts.map((account: { number: string }) => account.number)).toEqual(
      chart.map((account) => account.number).sort(),
    );
    expect(chart.filter((account) => account.code)).toHaveLength(18);

    const again = await post('/api/auth/verify-email', { token: new URL(link).searchParams.get('token') });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.invalidToken);

    const login = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(login.json().data).toMatchObject({ isVerified: true, isFirmSetUp: false });
  });

  it('answers a sign-up with an existing email exactly like a new one, creates nothing and tells the owner', async () => {
    const { email } = await signUp();
    const users = async () =>
      (await rowsOf<{ count: number }>(context.database.db.execute(sql`select count(*)::int as count from users`)))[0]!.count;
    const before = await users();
    const { response: existing } = await signUp(email.toUpperCase());
    const { response: fresh } = await signUp();
    expect(existing.statusCode).toBe(fresh.statusCode);
    expect(existing.json()).toEqual(fresh.json());
    expect(await users()).toBe(before + 1);
    const toOwner = (await readOutbox(context.config)).filter((message) => message.to === email);
    expect(toOwner.map((message) => message.subject)).toEqual([
      'Verify your Matterhorn account',
      'Someone tried to create a Matterhorn account with your email',
    ]);
    // The owner's own password still signs in: nothing about the account changed.
    await signIn(context.app, email);
  });

  it('two simultaneous sign-ups with one email create one account and answer alike', async () => {
    const email = uniqueEmail();
    const results = await Promise.all([signUp(email), signUp(email)]);
    expect(results.map((result) => result.response.statusCode)).toEqual([201, 201]);
    const [row] = await rowsOf<{ count: number }>(
      context.database.db.execute(sql`select count(*)::int as count from users where email = ${email}`),
    );
    expect(row!.count).toBe(1);
  });

  it('enforces the password length and names the problem', async () => {
    const response = await post('/api/auth/signup', { firmName: 'X', name: 'Y', email: uniqueEmail(), password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Password must be at least 12 characters');
    const long = await post('/api/auth/signup', {
      firmName: 'X',
      name: 'Y',
      email: uniqueEmail(),
      password: 'plum-orchard-zebra-kettle-lantern-quietly-marble-teacup-ferry-47',
    });
    expect(long.statusCode).toBe(201);
  });

  it('resends verification with the same answer whether or not the account exists', async () => {
    const { email } = await signUp();
    const known = await post('/api/auth/resend-verification', { email });
    const unknown = await post('/api/auth/resend-verification', { email: 'nobody@nowhere.example' });
    expect(known.json()).toEqual(unknown.json());
    expect((await readOutbox(context.config)).filter((message) => message.to === email)).toHaveLength(2);
  });
});

describe('sign-in', () => {
  it('rejects a wrong password without saying which part was wrong', async () => {
    const firm = await seedTestFirm(context.database);
    const wrong = await post('/api/auth/login', { email: firm.users.admin.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/login', { email: 'ghost@nowhere.example', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidLogin);
  });

  it('logs out: the token stops working at once', async () => {
    const firm = await seedTestFirm(context.database);
    const token = await signIn(context.app, firm.users.admin.email);
    expect((await context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(token) })).statusCode).toBe(200);
    expect((await post('/api/auth/logout', undefined, bearer(token))).statusCode).toBe(200);
    const after = await context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: 'You are unauthorized', code: 'UNAUTHORIZED', data: null });
  });

  it('refuses a tampered or foreign-signed token', async () => {
    const firm = await seedTestFirm(context.database);
    const token = await signIn(context.app, firm.users.admin.email);
    const tampered = `${token.slice(0, -2)}xx`;
    expect((await context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(tampered) })).statusCode).toBe(
      401,
    );
  });

  it('limits sign-in attempts per address', async () => {
    const limited = await createTestApp({ authRequestsPerMinutePerAddress: 3 });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        statuses.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email: 'x@y.example', password: 'whatever-it-is' },
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('password reset', () => {
  it('gives the same answer for known and unknown emails and emails a single-use link', async () => {
    const firm = await seedTestFirm(context.database);
    const email = firm.users.feeEarner.email;
    const oldToken = await signIn(context.app, email);
    const known = await post('/api/auth/forgot-password', { email });
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@nowhere.example' });
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(AUTH_MESSAGES.forgotPassword);

    const link = await lastLinkTo(context.config, email);
    const secret = link.split('/').at(-1)!;
    const newPassword = 'a-brand-new-password';
    expect((await post('/api/auth/reset-password', { token: secret, password: newPassword })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token: secret, password: 'another-new-password' })).statusCode).toBe(400);

    // The old password and the old sessions are gone; the new password works.
    expect((await post('/api/auth/login', { email, password: TEST_PASSWORD })).statusCode).toBe(400);
    expect((await context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(oldToken) })).statusCode).toBe(
      401,
    );
    await signIn(context.app, email, newPassword);
  });

  it('refuses an expired reset link', async () => {
    const firm = await seedTestFirm(context.database);
    await post('/api/auth/forgot-password', { email: firm.users.admin.email });
    // The link is made after the answer: wait for its email before ageing it.
    const secret = (await lastLinkTo(context.config, firm.users.admin.email)).split('/').at(-1)!;
    await context.database.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 minute' where email = ${firm.users.admin.email}`,
    );
    const response = await post('/api/auth/reset-password', { token: secret, password: 'a-brand-new-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.invalidToken);
  });
});

describe('joining a team', () => {
  async function invite(firmId: string, email: string) {
    const { secret, secretHash } = createLinkSecret();
    await context.database.withFirm(firmId, async (tx) => {
      const [role] = await rowsOf<{ id: string }>(tx.execute(sql`select id from roles where name = 'Fee Earner'`));
      await insertAuthToken(tx, {
        firmId,
        purpose: 'invitation',
        tokenHash: secretHash,
        email,
        roleId: role!.id,
        lifetimeMinutes: 60 * 24 * 7,
      });
    });
    return secret;
  }

  it('shows the invitation, then creates a verified member with the invited role', async () => {
    const firm = await seedTestFirm(context.database);
    const email = uniqueEmail();
    const invitationId = await invite(firm.firmId, email);
    const invitation = await context.app.inject({ method: 'GET', url: `/api/auth/invitation/${invitationId}` });
    expect(invitation.json().data).toEqual({ firmName: expect.stringContaining('Test Firm'), email, roleName: 'Fee Earner' });

    const joined = await post('/api/auth/join-team', { invitationId, name: 'Bola Tinubu', password: TEST_PASSWORD });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data).toMatchObject({ isVerified: true });
    const permissions = await context.app.inject({ method: 'GET', url: '/api/me/permissions', headers: bearer(joined.json().data.token) });
    expect(permissions.json()).toContain('timeEntry.create');
    expect(permissions.json()).not.toContain('administrator');

    const reuse = await post('/api/auth/join-team', { invitationId, name: 'Someone Else', password: TEST_PASSWORD });
    expect(reuse.statusCode).toBe(404);
  });

  it("refuses to go past the plan's seats", async () => {
    const firm = await seedTestFirm(context.database);
    await context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update subscriptions set allocated_number_users = 3`));
    const invitationId = await invite(firm.firmId, uniqueEmail());
    const response = await post('/api/auth/join-team', { invitationId, name: 'One Too Many', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('used all 3 seats');
  });

  it('answers an unknown invitation as not found', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/auth/invitation/not-a-real-invitation' });
    expect(response.statusCode).toBe(404);
  });
});
