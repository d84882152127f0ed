import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** Signed-in devices (issue 39): a member's open sessions, signing one or the others out, and an administrator's sign-out everywhere. */
let context: TestContext;
let firm: SeededFirm;
let other: SeededFirm;

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const signInWith = async (email: string, userAgent: string) => {
  const answer = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  return answer.json().data.token as string;
};
const call = (token: string, method: 'GET' | 'DELETE' | 'POST', url: string) =>
  context.app.inject({ method, url, headers: bearer(token), ...(method === 'POST' ? { payload: {} } : {}) });
const devicesOf = async (token: string) =>
  (await call(token, 'GET', '/api/me/sessions')).json().data as {
    id: string;
    userAgent: string;
    ipAddress: string;
    isThisDevice: boolean;
    lastActiveAt: string;
  }[];
const isSignedIn = async (token: string) => (await call(token, 'GET', '/api/me/sessions')).statusCode === 200;

beforeAll(async () => {
  context = await createTestApp();
  [firm, other] = [await seedTestFirm(context.database), await seedTestFirm(context.database)];
});
afterAll(() => context.close());

describe('signed-in devices', () => {
  it('lists the member’s own open sessions with their browser, address and last activity, this one marked', async () => {
    const laptop = await signInWith(firm.users.billing.email, FIREFOX);
    const phone = await signInWith(firm.users.billing.email, IPHONE);
    await signIn(context.app, firm.users.admin.email);
    const devices = await devicesOf(laptop);
    expect(devices.map((device) => [device.userAgent, device.isThisDevice])).toEqual(
      expect.arrayContaining([
        [FIREFOX, true],
        [IPHONE, false],
      ]),
    );
    expect(devices).toHaveLength(2);
    expect(devices[0]!.ipAddress).toBe('127.0.0.1');
    // Last active: written after an answer when the stored moment is five minutes old or more; a fresh one costs no write.
    const phoneSession = devices.find((device) => !device.isThisDevice)!;
    const lastActiveOfPhone = async () =>
      new Date((await devicesOf(laptop)).find((device) => device.id === phoneSession.id)!.lastActiveAt).getTime();
    const fresh = await lastActiveOfPhone();
    await devicesOf(phone);
    await context.app.afterResponse.settled();
    expect(await lastActiveOfPhone()).toBe(fresh);
    await context.database.db.execute(sql`update sessions set last_active_at = now() - interval '1 hour' where id = ${phoneSession.id}`);
    const before = await lastActiveOfPhone();
    await devicesOf(phone);
    await context.app.afterResponse.settled();
    expect((await lastActiveOfPhone()) - before).toBeGreaterThan(55 * 60 * 1000);

    const signedOut = await call(laptop, 'DELETE', `/api/me/sessions/${phoneSession.id}`);
    expect(signedOut.json().data).toEqual({ signedOut: 1 });
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    // Another member's session, or one already ended, is not found.
    const [adminSession] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ id: string }>(tx.execute(sql`select id::text from sessions where user_id = ${firm.users.admin.id} limit 1`)),
    );
    expect((await call(laptop, 'DELETE', `/api/me/sessions/${adminSession!.id}`)).statusCode).toBe(404);
    expect((await call(laptop, 'DELETE', `/api/me/sessions/${phoneSession.id}`)).statusCode).toBe(404);
  });

  it('signs out every other session, keeping this one', async () => {
    const [desk, home, tablet] = [
      await signInWith(firm.users.feeEarner.email, FIREFOX),
      await signInWith(firm.users.feeEarner.email, FIREFOX),
      await signInWith(firm.users.feeEarner.email, IPHONE),
    ];
    expect((await call(desk, 'DELETE', '/api/me/sessions')).json().data).toEqual({ signedOut: 2 });
    expect([await isSignedIn(desk), await isSignedIn(home), await isSignedIn(tablet)]).toEqual([true, false, false]);
  });

  it('lets an administrator sign a member out everywhere (audited), in their own firm only', async () => {
    const member = await signInWith(firm.users.feeEarner.email, IPHONE);
    const admin = await signIn(context.app, firm.users.admin.email);
    expect((await call(member, 'POST', `/api/admin/team/sign-out-everywhere/${firm.users.admin.id}`)).statusCode).toBe(403);
    const foreign = await call(
      await signIn(context.app, other.users.admin.email),
      'POST',
      `/api/admin/team/sign-out-everywhere/${firm.users.feeEarner.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    const everywhere = await call(admin, 'POST', `/api/admin/team/sign-out-everywhere/${firm.users.feeEarner.id}`);
    expect(everywhere.statusCode, everywhere.body).toBe(200);
    expect(everywhere.json().data.signedOut).toBeGreaterThanOrEqual(2);
    expect(await isSignedIn(member)).toBe(false);
    expect(await isSignedIn(admin)).toBe(true);
    const [audit] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ actor: string; entity: string }>(
        tx.execute(
          sql`select actor_user_id as actor, entity_id as entity from audit_events where action = 'teamMember.signedOutEverywhere'`,
        ),
      ),
    );
    expect(audit).toEqual({ actor: firm.users.admin.id, entity: firm.users.feeEarner.id });
  });
});
