import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_STEP_MESSAGES } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, readOutbox, rowsOf, seedTestFirm, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/**
 * Two-step sign-in for the firm's staff (issue 39): an authenticator app (TOTP) with single-use
 * recovery codes, a remembered browser, a firm that requires it, and an administrator's reset.
 */
let context: TestContext;
let firm: SeededFirm;
let other: SeededFirm;

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'POST', url, payload, headers });
const login = (email: string, headers: Record<string, string> = {}) => post('/api/auth/login', { email, password: TEST_PASSWORD }, headers);
/** The app's code for the next 30-second step: a code already used in this step is refused, as it should be. */
const codeAfter = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  other = await seedTestFirm(context.database);
});
afterAll(() => context.close());

describe('two-step sign-in for staff', () => {
  let secret: string;
  let recoveryCodes: string[];

  it('is set up from the account with the app’s first code, which answers ten recovery codes', async () => {
    const token = await signIn(context.app, firm.users.feeEarner.email);
    const setup = await context.app.inject({ method: 'POST', url: '/api/auth/mfa/setup-totp', headers: bearer(token) });
    expect(setup.statusCode, setup.body).toBe(200);
    secret = setup.json().data.secret;
    expect(setup.json().data.otpauthUrl).toContain(encodeURIComponent(firm.users.feeEarner.email));
    expect(setup.json().data.qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await post('/api/auth/mfa/confirm-totp', { code: '000000' }, bearer(token));
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, TWO_STEP_MESSAGES.invalidCode]);
    const confirmed = await post('/api/auth/mfa/confirm-totp', { code: await generate({ secret }) }, bearer(token));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    recoveryCodes = confirmed.json().data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    recoveryCodes.forEach((code) => expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/));
    const status = await context.app.inject({ method: 'GET', url: '/api/auth/mfa/status', headers: bearer(token) });
    expect(status.json().data).toEqual({ isOn: true, recoveryCodesLeft: 10, isRequiredByFirm: false });
    // Only hashes are kept.
    const [stored] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ hashes: string }>(tx.execute(sql`select string_agg(code_hash, ',') as hashes from user_recovery_codes`)),
    );
    for (const code of recoveryCodes) expect(stored!.hashes).not.toContain(code.replace('-', ''));
  });

  it('asks for the app’s code after the password, and a code is used once', async () => {
    const first = await login(firm.users.feeEarner.email);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ challenge: expect.any(String), step: 'verify' });
    expect(first.json().data.token).toBeUndefined();
    const { challenge } = first.json().data;
    const wrong = await post('/api/auth/mfa/verify', { challenge, code: '123456' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, TWO_STEP_MESSAGES.invalidCode]);
    const code = await codeAfter(secret, 1);
    const signedIn = await post('/api/auth/mfa/verify', { challenge, code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ token: expect.any(String), isVerified: true });
    expect(signedIn.json().data.recoveryCodes).toBeUndefined();
    const me = await context.app.inject({ method: 'GET', url: '/api/auth/mfa/status', headers: bearer(signedIn.json().data.token) });
    expect(me.statusCode).toBe(200);
    // The challenge is spent, and the same code never signs in again.
    expect((await post('/api/auth/mfa/verify', { challenge, code })).json().message).toBe(TWO_STEP_MESSAGES.expired);
    const again = (await login(firm.users.feeEarner.email)).json().data.challenge;
    expect((await post('/api/auth/mfa/verify', { challenge: again, code })).json().message).toBe(TWO_STEP_MESSAGES.invalidCode);
  });

  it('takes a recovery code once instead of the app’s, and remembers the browser for that authenticator', async () => {
    const { challenge } = (await login(firm.users.feeEarner.email)).json().data;
    const recovered = await post('/api/auth/mfa/verify', { challenge, code: recoveryCodes[0]!.toUpperCase(), rememberBrowser: true });
    expect(recovered.statusCode, recovered.body).toBe(200);
    const cookie = String(recovered.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^matterhorn_two_step=/);
    expect(String(recovered.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    const reused = await post('/api/auth/mfa/verify', {
      challenge: (await login(firm.users.feeEarner.email)).json().data.challenge,
      code: recoveryCodes[0]!,
    });
    expect(reused.json().message).toBe(TWO_STEP_MESSAGES.invalidCode);
    // The remembered browser skips the second step; another browser does not; a forged cookie neither.
    expect((await login(firm.users.feeEarner.email, { cookie })).json().data).toMatchObject({ token: expect.any(String) });
    expect((await login(firm.users.feeEarner.email)).json().data.step).toBe('verify');
    expect((await login(firm.users.feeEarner.email, { cookie: `${cookie.slice(0, -3)}abc` })).json().data.step).toBe('verify');
    const token = await signIn(context.app, firm.users.admin.email);
    const status = await context.app.inject({ method: 'GET', url: '/api/auth/mfa/status', headers: bearer(token) });
    expect(status.json().data.isOn).toBe(false);

    // An administrator's reset (a lost phone): forgotten, the member e-mailed, and the remembered browser asks again.
    const team = (
      await context.app.inject({ method: 'GET', url: '/api/admin/team-member-details/get-all-user', headers: bearer(token) })
    ).json().data;
    expect(team.find((member: { id: string }) => member.id === firm.users.feeEarner.id).hasTwoStep).toBe(true);
    const foreign = await post(
      `/api/admin/team/reset-two-step/${firm.users.feeEarner.id}`,
      {},
      bearer(await signIn(context.app, other.users.admin.email)),
    );
    expect(foreign.statusCode).toBe(404);
    const reset = await post(`/api/admin/team/reset-two-step/${firm.users.feeEarner.id}`, {}, bearer(token));
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await readOutbox(context.config)).filter((mail) => mail.to === firm.users.feeEarner.email).at(-1)?.subject).toBe(
      'Your two-step sign-in was reset',
    );
    expect((await login(firm.users.feeEarner.email, { cookie })).json().data).toMatchObject({ token: expect.any(String) });
    const [audit] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ actor: string }>(tx.execute(sql`select actor_user_id as actor from audit_events where action = 'teamMember.twoStepReset'`)),
    );
    expect(audit!.actor).toBe(firm.users.admin.id);
  });

  it('when the firm requires it, a member without an app sets one up at sign-in, and cannot turn it off', async () => {
    const admin = await signIn(context.app, firm.users.admin.email);
    const profile = (
      await context.app.inject({ method: 'GET', url: '/api/admin/business/get-firm-profile', headers: bearer(admin) })
    ).json().data;
    const required = await context.app.inject({
      method: 'PUT',
      url: '/api/admin/business/update-firm-profile',
      headers: bearer(admin),
      payload: {
        firmName: profile.firmName,
        portalSlug: profile.portalSlug,
        country: profile.country,
        homeCurrencyId: profile.homeCurrencyId,
        multicurrency: profile.multicurrency,
        timeZone: profile.timeZone,
        requireTwoStep: true,
      },
    });
    expect(required.statusCode, required.body).toBe(200);
    expect(required.json().data.requireTwoStep).toBe(true);

    const first = (await login(firm.users.billing.email)).json().data;
    expect(first.step).toBe('enrol');
    const setup = await post('/api/auth/mfa/enrol', { challenge: first.challenge });
    expect(setup.statusCode, setup.body).toBe(200);
    const signedIn = await post('/api/auth/mfa/verify', {
      challenge: first.challenge,
      code: await generate({ secret: setup.json().data.secret }),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.recoveryCodes).toHaveLength(10);
    const token = signedIn.json().data.token;
    const status = await context.app.inject({ method: 'GET', url: '/api/auth/mfa/status', headers: bearer(token) });
    expect(status.json().data).toMatchObject({ isOn: true, isRequiredByFirm: true });
    const off = await post('/api/auth/mfa/turn-off', { code: await codeAfter(setup.json().data.secret, 1) }, bearer(token));
    expect([off.statusCode, off.json().message]).toEqual([409, TWO_STEP_MESSAGES.requiredByFirm]);
    // Enrolling again with the spent challenge, or for a member who has an app, is refused.
    expect((await post('/api/auth/mfa/enrol', { challenge: first.challenge })).statusCode).toBe(400);
  });
});
