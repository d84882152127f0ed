import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_ACCOUNT_MESSAGES, PASSKEY_MESSAGES, TWO_STEP_MESSAGES } from '@matterhorn/shared';
import { relyingPartyOf } from '../src/modules/auth/passkeys.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { createSoftwareAuthenticator } from './support/software-authenticator.ts';
import {
  bearer,
  createTestApp,
  lastLinkTo,
  readOutbox,
  seedTestFirm,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from './support/test-app.ts';

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

async function addPasskey(
  token: string,
  name: string,
  proof: { currentPassword?: string; code?: string } = { currentPassword: TEST_PASSWORD },
) {
  const options = await post('/api/auth/mfa/passkey/register-options', proof, token);
  expect(options.statusCode, options.body).toBe(200);
  const ceremony = options.json().data;
  const response = authenticator.create(ceremony.options);
  const answer = await post('/api/auth/mfa/passkey/register', { ticket: ceremony.ticket, name, response }, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return { ...(answer.json().data as { id: string; name: string }), credentialId: response.id as string };
}

/** The app's code for a later 30-second step: a code already used in this step is refused, as it should be. */
const codeAfter = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

/** Turns the signed-in member's two-step sign-in on: the app's secret and the recovery codes. */
async function turnOnTwoStep(token: string) {
  const secret = (await post('/api/auth/mfa/setup-totp', {}, token)).json().data.secret as string;
  const confirmed = await post('/api/auth/mfa/confirm-totp', { code: await generate({ secret }) }, token);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
}
const passkeysOf = async (token: string) =>
  (await context.app.inject({ method: 'GET', url: '/api/auth/mfa/passkeys', headers: bearer(token) })).json().data as unknown[];

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

  it('is added only for the current password and, with two-step on, a code; the member is e-mailed', async () => {
    const other = await seedTestFirm(context.database);
    const email = other.users.feeEarner.email;
    const token = await signIn(context.app, email);
    // A stolen session alone (no password, or a wrong one) gets no options, so nothing can be registered.
    const bare = await post('/api/auth/mfa/passkey/register-options', {}, token);
    expect(bare.statusCode).toBe(400);
    const wrong = await post('/api/auth/mfa/passkey/register-options', { currentPassword: 'not-the-password' }, token);
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, MY_ACCOUNT_MESSAGES.wrongPassword]);
    expect(await passkeysOf(token)).toEqual([]);

    const { secret, recoveryCodes } = await turnOnTwoStep(token);
    const noCode = await post('/api/auth/mfa/passkey/register-options', { currentPassword: TEST_PASSWORD }, token);
    expect([noCode.statusCode, noCode.json().message]).toEqual([400, PASSKEY_MESSAGES.codeNeeded]);
    const wrongCode = await post('/api/auth/mfa/passkey/register-options', { currentPassword: TEST_PASSWORD, code: '000000' }, token);
    expect([wrongCode.statusCode, wrongCode.json().message]).toEqual([400, TWO_STEP_MESSAGES.invalidCode]);
    expect(await passkeysOf(token)).toEqual([]);

    await addPasskey(token, 'Office desktop', { currentPassword: TEST_PASSWORD, code: await codeAfter(secret, 1) });
    await addPasskey(token, 'Phone', { currentPassword: TEST_PASSWORD, code: recoveryCodes[0]! });
    // A recovery code adds one passkey only.
    const reused = await post('/api/auth/mfa/passkey/register-options', { currentPassword: TEST_PASSWORD, code: recoveryCodes[0]! }, token);
    expect(reused.statusCode).toBe(400);
    expect(await passkeysOf(token)).toHaveLength(2);
    const told = (await readOutbox(context.config)).filter(
      (mail) => mail.to === email && mail.subject === 'A passkey was added to your Matterhorn account',
    );
    expect(told).toHaveLength(2);
    expect(told[1]!.text).toMatch(/A passkey named “Phone” was added to your Matterhorn account on \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  });

  const NEW_PASSWORD = 'a-much-longer-river-stone-lantern';
  /** Each recovery step, done for the member (one whose role may do it); answers the password they sign in with afterwards. */
  type Step = (member: { email: string; id: string; token: string; admin: string }) => Promise<string>;
  const recoverySteps: [string, Step, 'feeEarner' | 'admin'][] = [
    [
      'a password change',
      async ({ token }) => {
        const changed = await post('/api/me/change-password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }, token);
        expect(changed.statusCode, changed.body).toBe(200);
        return NEW_PASSWORD;
      },
      'feeEarner',
    ],
    [
      'a password reset',
      async ({ email }) => {
        await post('/api/auth/forgot-password', { email });
        const secret = (await lastLinkTo(context.config, email)).split('/').at(-1)!;
        expect((await post('/api/auth/reset-password', { token: secret, password: NEW_PASSWORD })).statusCode).toBe(200);
        return NEW_PASSWORD;
      },
      'feeEarner',
    ],
    [
      'an email-change undo',
      async ({ email, token }) => {
        const newEmail = `moved.${Date.now()}@elsewhere.example`;
        expect((await post('/api/me/change-email', { newEmail, currentPassword: TEST_PASSWORD }, token)).statusCode).toBe(200);
        const tokenOf = async (to: string) => new URL(await lastLinkTo(context.config, to)).searchParams.get('token');
        expect((await post('/api/auth/confirm-email-change', { token: await tokenOf(newEmail) })).statusCode).toBe(200);
        expect((await post('/api/auth/undo-email-change', { token: await tokenOf(email) })).statusCode).toBe(200);
        return TEST_PASSWORD;
      },
      'admin',
    ],
    [
      'signing out of every other device',
      async ({ token }) => {
        const signedOut = await context.app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: bearer(token) });
        expect(signedOut.statusCode, signedOut.body).toBe(200);
        return TEST_PASSWORD;
      },
      'feeEarner',
    ],
    [
      'an administrator signing the member out everywhere',
      async ({ id, admin }) => {
        expect((await post(`/api/admin/team/sign-out-everywhere/${id}`, {}, admin)).statusCode).toBe(200);
        return TEST_PASSWORD;
      },
      'feeEarner',
    ],
  ];

  it.each(recoverySteps)('after %s, no passkey signs in and no remembered browser skips the second step', async (_, recover, who) => {
    const other = await seedTestFirm(context.database);
    const { email, id } = other.users[who];
    const token = await signIn(context.app, email);
    const { secret, recoveryCodes } = await turnOnTwoStep(token);
    const { credentialId } = await addPasskey(token, 'Added with a stolen session', {
      currentPassword: TEST_PASSWORD,
      code: await codeAfter(secret, 1),
    });
    const { challenge } = (await post('/api/auth/login', { email, password: TEST_PASSWORD })).json().data;
    const remembered = await post('/api/auth/mfa/verify', { challenge, code: recoveryCodes[0]!, rememberBrowser: true });
    const cookie = String(remembered.headers['set-cookie']).split(';')[0]!;
    const login = (password: string) =>
      context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { cookie } });
    expect((await login(TEST_PASSWORD)).json().data).toHaveProperty('token');

    const password = await recover({ email, id, token, admin: await signIn(context.app, other.users.admin.email) });

    const ceremony = (await post('/api/auth/mfa/passkey/sign-in-options', {})).json().data;
    const refused = await post('/api/auth/mfa/passkey/sign-in', {
      ticket: ceremony.ticket,
      response: authenticator.get(ceremony.options, credentialId),
    });
    expect(refused.statusCode).toBe(400);
    expect((await login(password)).json().data).toEqual({ challenge: expect.any(String), step: 'verify' });
    expect((await readOutbox(context.config)).filter((mail) => mail.to === email).map((mail) => mail.subject)).toContain(
      'Your passkeys were removed',
    );
  });
});
