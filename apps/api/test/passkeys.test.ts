import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relyingPartyOf } from '../src/modules/auth/passkeys.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { createSoftwareAuthenticator } from './support/software-authenticator.ts';
import { bearer, createTestApp, seedTestFirm, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** Passkeys for staff (issue 39): added from My account, a sign-in without a password, and the second step after one. */
let context: TestContext;
let firm: SeededFirm;
let authenticator: ReturnType<typeof createSoftwareAuthenticator>;
/** The fee earner's session from before their passkey: once they have one, their password alone asks for it. */
let feeEarner: string;

const post = (url: string, payload: object, token?: string) =>
  context.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const isSignedIn = async (token: string) =>
  (await context.app.inject({ method: 'GET', url: '/api/me/sessions', headers: bearer(token) })).statusCode === 200;

async function addPasskey(token: string, name: string) {
  const ceremony = (await post('/api/auth/mfa/passkey/register-options', {}, token)).json().data;
  const answer = await post(
    '/api/auth/mfa/passkey/register',
    { ticket: ceremony.ticket, name, response: authenticator.create(ceremony.options) },
    token,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { id: string; name: string };
}

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  const { origin, rpID } = relyingPartyOf(context.config.appUrl);
  authenticator = createSoftwareAuthenticator(origin, rpID);
});
afterAll(() => context.close());

describe('passkeys', () => {
  it('adds a passkey from My account and signs in with it alone, once per ceremony', async () => {
    const token = await signIn(context.app, firm.users.feeEarner.email);
    feeEarner = token;
    const added = await addPasskey(token, 'Work laptop');
    const listed = await context.app.inject({ method: 'GET', url: '/api/auth/mfa/passkeys', headers: bearer(token) });
    expect(listed.json().data).toEqual([expect.objectContaining({ id: added.id, name: 'Work laptop', lastUsedAt: null })]);

    const ceremony = (await post('/api/auth/mfa/passkey/sign-in-options', {})).json().data;
    const response = authenticator.get(ceremony.options);
    const signedIn = await post('/api/auth/mfa/passkey/sign-in', { ticket: ceremony.ticket, response });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await isSignedIn(signedIn.json().data.token)).toBe(true);
    // The same answer again is refused: the ticket is spent.
    expect((await post('/api/auth/mfa/passkey/sign-in', { ticket: ceremony.ticket, response })).statusCode).toBe(400);
    // An answer to another ceremony's challenge does not verify.
    const other = (await post('/api/auth/mfa/passkey/sign-in-options', {})).json().data;
    const refused = await post('/api/auth/mfa/passkey/sign-in', { ticket: other.ticket, response: authenticator.get(ceremony.options) });
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'That passkey could not be checked. Try again, or use your password and code',
    ]);
  });

  it('stands for the second step after the password, and the administrator’s reset removes it', async () => {
    const email = firm.users.billing.email;
    const token = await signIn(context.app, email);
    await addPasskey(token, 'Phone');
    const login = await post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(login.json().data).toMatchObject({ step: 'passkey', hasPasskey: true });
    const challenge = login.json().data.challenge as string;

    const ceremony = (await post('/api/auth/mfa/passkey/sign-in-options', { challenge })).json().data;
    expect(ceremony.options.allowCredentials).toHaveLength(1);
    const response = authenticator.get(ceremony.options, ceremony.options.allowCredentials[0].id);
    const verified = await post('/api/auth/mfa/passkey/sign-in', { ticket: ceremony.ticket, response, challenge });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await isSignedIn(verified.json().data.token)).toBe(true);
    const again = (await post('/api/auth/mfa/passkey/sign-in-options', { challenge })).statusCode;
    expect(again).toBe(400);

    // Another member's passkey cannot answer this member's challenge.
    const next = (await post('/api/auth/login', { email, password: TEST_PASSWORD })).json().data.challenge as string;
    const nextCeremony = (await post('/api/auth/mfa/passkey/sign-in-options', { challenge: next })).json().data;
    const feeEarnersKey = await context.app.inject({
      method: 'GET',
      url: '/api/auth/mfa/passkeys',
      headers: bearer(feeEarner),
    });
    expect(feeEarnersKey.json().data).toHaveLength(1);
    const wrongOwner = await post('/api/auth/mfa/passkey/sign-in', {
      ticket: nextCeremony.ticket,
      challenge: next,
      response: authenticator.get(nextCeremony.options),
    });
    expect(wrongOwner.statusCode).toBe(400);

    const admin = await signIn(context.app, firm.users.admin.email);
    const reset = await context.app.inject({
      method: 'POST',
      url: `/api/admin/team/reset-two-step/${firm.users.billing.id}`,
      headers: bearer(admin),
      payload: {},
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post('/api/auth/login', { email, password: TEST_PASSWORD })).json().data).toHaveProperty('token');
  });

  it('removes a passkey, which then signs no one in', async () => {
    const token = feeEarner;
    expect((await post('/api/auth/login', { email: firm.users.feeEarner.email, password: TEST_PASSWORD })).json().data).toMatchObject({
      step: 'passkey',
    });
    const [passkey] = (await context.app.inject({ method: 'GET', url: '/api/auth/mfa/passkeys', headers: bearer(token) })).json().data;
    const other = await signIn(context.app, firm.users.admin.email);
    expect(
      (await context.app.inject({ method: 'DELETE', url: `/api/auth/mfa/passkey/${passkey.id}`, headers: bearer(other) })).statusCode,
    ).toBe(404);
    expect(
      (await context.app.inject({ method: 'DELETE', url: `/api/auth/mfa/passkey/${passkey.id}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    const ceremony = (await post('/api/auth/mfa/passkey/sign-in-options', {})).json().data;
    const refused = await post('/api/auth/mfa/passkey/sign-in', { ticket: ceremony.ticket, response: authenticator.get(ceremony.options) });
    expect(refused.statusCode).toBe(400);
    // With no factor left (and none required by the firm), the password signs in alone again.
    expect((await post('/api/auth/login', { email: firm.users.feeEarner.email, password: TEST_PASSWORD })).json().data).toHaveProperty(
      'token',
    );
  });
});
