import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
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

/** My account (issue 39): name and photo, a password change that signs the other devices out, and an email change confirmed by link with a 7-day undo. */
let context: TestContext;
let firm: SeededFirm;
let other: SeededFirm;

const NEW_PASSWORD = 'a-much-longer-river-stone-lantern';
const PHOTO = 'data:image/png;base64,iVBORw0KGgo=';

const call = (token: string | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
const isSignedIn = async (token: string) => (await call(token, 'GET', '/api/me/account')).statusCode === 200;
const signsInWith = async (email: string, password: string) =>
  (await context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode === 200;
const tokenOf = (link: string) => new URL(link).searchParams.get('token');

beforeAll(async () => {
  context = await createTestApp();
  [firm, other] = [await seedTestFirm(context.database), await seedTestFirm(context.database)];
});
afterAll(() => context.close());

describe('My account', () => {
  it('changes the member’s name and photo, and keeps the photo when it is left out', async () => {
    const token = await signIn(context.app, firm.users.billing.email);
    const saved = await call(token, 'PUT', '/api/me/account', { name: 'Ngozi Okafor', photo: PHOTO });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ name: 'Ngozi Okafor', email: firm.users.billing.email, photo: PHOTO, pendingEmail: null });
    expect((await call(token, 'PUT', '/api/me/account', { name: 'Ngozi A. Okafor' })).json().data.photo).toBe(PHOTO);
    expect((await call(token, 'PUT', '/api/me/account', { name: 'Ngozi A. Okafor', photo: null })).json().data.photo).toBeNull();
    const refused = await call(token, 'PUT', '/api/me/account', { name: 'N', photo: 'data:text/html;base64,PHA+' });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Photo must be a PNG, JPEG or WebP image']);
    expect((await call(token, 'PUT', '/api/me/account', { name: '  ' })).statusCode).toBe(400);
  });

  it('keeps the member’s notification choices: every optional email on until they turn it off', async () => {
    const token = await signIn(context.app, firm.users.billing.email);
    const all = { hearingReminders: true, portalMessages: true, budgetAlerts: true, taskReminders: true, expenseDecisions: true };
    expect((await call(token, 'GET', '/api/me/notifications')).json().data).toEqual(all);
    const saved = await call(token, 'PUT', '/api/me/notifications', { ...all, portalMessages: false, budgetAlerts: false });
    expect([saved.statusCode, saved.json().message]).toEqual([200, 'Notification choices saved']);
    expect((await call(token, 'GET', '/api/me/notifications')).json().data).toEqual({ ...all, portalMessages: false, budgetAlerts: false });
    // Another member's choices are their own.
    const theirs = await signIn(context.app, firm.users.admin.email);
    expect((await call(theirs, 'GET', '/api/me/notifications')).json().data).toEqual(all);
    const refused = await call(token, 'PUT', '/api/me/notifications', { ...all, hearingReminders: 'no' });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Hearing reminders must be true or false']);
    expect((await call(token, 'PUT', '/api/me/notifications', { ...all, passwordChanges: false })).statusCode).toBe(400);
    expect((await call(token, 'GET', '/api/me/notifications')).json().data.budgetAlerts).toBe(false);
  });

  it('changes the password with the current one, signs the other devices out and emails the member', async () => {
    const email = firm.users.feeEarner.email;
    const [here, elsewhere] = [await signIn(context.app, email), await signIn(context.app, email)];
    const wrong = await call(here, 'POST', '/api/me/change-password', { currentPassword: 'not-it', newPassword: NEW_PASSWORD });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'Current password is incorrect']);
    const weak = await call(here, 'POST', '/api/me/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(await signsInWith(email, TEST_PASSWORD)).toBe(true);

    const changed = await call(here, 'POST', '/api/me/change-password', { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Your password has been changed. Your other devices have been signed out.');
    expect(changed.json().data.otherSessionsEnded).toBeGreaterThanOrEqual(2);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect(await signsInWith(email, TEST_PASSWORD)).toBe(false);
    expect(await signsInWith(email, NEW_PASSWORD)).toBe(true);
    expect((await readOutbox(context.config)).filter((mail) => mail.to === email).at(-1)?.subject).toBe(
      'Your Matterhorn password was changed',
    );
  });

  it('moves the sign-in email only once the link at the new address is opened, and the old address can undo it', async () => {
    const oldEmail = firm.users.admin.email;
    const newEmail = 'chioma.adebayo@new-chambers.example';
    const token = await signIn(context.app, oldEmail);
    const wrong = await call(token, 'POST', '/api/me/change-email', { newEmail, currentPassword: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    const asked = await call(token, 'POST', '/api/me/change-email', {
      newEmail: 'Chioma.Adebayo@New-Chambers.example',
      currentPassword: TEST_PASSWORD,
    });
    expect([asked.statusCode, asked.json().message]).toEqual([200, 'Check the new address: we have sent it a link to confirm the change.']);
    expect((await call(token, 'GET', '/api/me/account')).json().data).toMatchObject({ email: oldEmail, pendingEmail: newEmail });
    expect(await signsInWith(newEmail, TEST_PASSWORD)).toBe(false);

    const confirmLink = await lastLinkTo(context.config, newEmail);
    expect(new URL(confirmLink).pathname).toBe('/confirm-email-change');
    const confirmed = await call(null, 'POST', '/api/auth/confirm-email-change', { token: tokenOf(confirmLink) });
    expect([confirmed.statusCode, confirmed.json().message]).toEqual([200, 'Your sign-in email has been changed.']);
    expect((await call(null, 'POST', '/api/auth/confirm-email-change', { token: tokenOf(confirmLink) })).statusCode).toBe(400);
    expect(await signsInWith(newEmail, TEST_PASSWORD)).toBe(true);
    expect(await signsInWith(oldEmail, TEST_PASSWORD)).toBe(false);
    expect((await call(token, 'GET', '/api/me/account')).json().data).toMatchObject({ email: newEmail, pendingEmail: null });

    // The old address is told, with a link that takes the account back and signs every device out.
    const undoLink = await lastLinkTo(context.config, oldEmail);
    expect(new URL(undoLink).pathname).toBe('/undo-email-change');
    const undone = await call(null, 'POST', '/api/auth/undo-email-change', { token: tokenOf(undoLink) });
    expect(undone.statusCode).toBe(200);
    expect(await isSignedIn(token)).toBe(false);
    expect(await signsInWith(oldEmail, TEST_PASSWORD)).toBe(true);
    expect(await signsInWith(newEmail, TEST_PASSWORD)).toBe(false);
    expect((await call(null, 'POST', '/api/auth/undo-email-change', { token: tokenOf(undoLink) })).statusCode).toBe(400);
  });

  it('answers the same for an address that already has an account, changes nothing and tells that address', async () => {
    const token = await signIn(context.app, firm.users.admin.email);
    const taken = other.users.admin.email;
    const asked = await call(token, 'POST', '/api/me/change-email', { newEmail: taken, currentPassword: TEST_PASSWORD });
    expect([asked.statusCode, asked.json().message]).toEqual([200, 'Check the new address: we have sent it a link to confirm the change.']);
    expect((await call(token, 'GET', '/api/me/account')).json().data.pendingEmail).toBeNull();
    const told = (await readOutbox(context.config)).filter((mail) => mail.to === taken).at(-1);
    expect(told?.subject).toBe('Someone tried to move a Matterhorn account to your email');
    expect(told?.link).toBeFalsy();
    const same = await call(token, 'POST', '/api/me/change-email', { newEmail: firm.users.admin.email, currentPassword: TEST_PASSWORD });
    expect([same.statusCode, same.json().message]).toEqual([400, 'That is already your sign-in email']);
  });

  it('needs changeEmail to change the email (the default Fee Earner role has not)', async () => {
    const token = await signIn(context.app, firm.users.feeEarner.email, NEW_PASSWORD);
    const answer = await call(token, 'POST', '/api/me/change-email', { newEmail: 'elsewhere@example.com', currentPassword: NEW_PASSWORD });
    expect(answer.statusCode).toBe(403);
  });
});
