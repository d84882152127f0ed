import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

/** Settings › General (issue 39): every general setting on one call, each change audited, and the sign-in limits enforced. */
let context: TestContext;
let firm: SeededFirm;
let admin: string;

const settingsOf = async (token: string) => {
  const answer = await context.app.inject({ method: 'GET', url: '/api/admin/firm/settings', headers: bearer(token) });
  expect(answer.statusCode).toBe(200);
  return answer.json().data;
};
const change = (token: string, payload: Record<string, unknown>) =>
  context.app.inject({ method: 'PUT', url: '/api/admin/firm/settings', headers: bearer(token), payload });
const auditActions = async () =>
  (
    await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where firm_id = ${firm.firmId} order by id`)),
    )
  ).map((row) => row.action);
const isSignedIn = async (token: string) =>
  (await context.app.inject({ method: 'GET', url: '/api/me/sessions', headers: bearer(token) })).statusCode === 200;
const sessionIdOf = async (userId: string) => {
  const [row] = await context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ id: string }>(tx.execute(sql`select id::text from sessions where user_id = ${userId} order by created_at desc limit 1`)),
  );
  return row!.id;
};

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  admin = await signIn(context.app, firm.users.admin.email);
});
afterAll(() => context.close());

describe('Settings › General', () => {
  it('answers every general setting, with the sign-in and retention defaults', async () => {
    expect(await settingsOf(admin)).toMatchObject({
      dateFormat: 'DD/MM/YYYY',
      ledesFirmId: null,
      recycleBinRetentionDays: 30,
      suggestsTime: true,
      idleTimeoutMinutes: 480,
      maxSessionHours: 12,
      invoiceNumberPrefix: expect.any(String),
      nextInvoiceNumber: expect.any(Number),
      paymentTermsDays: expect.any(Number),
      trustApprovalThreshold: null,
    });
  });

  it('changes only the fields sent, each through its own part of the product, and audits every change', async () => {
    const before = await settingsOf(admin);
    const auditedBefore = (await auditActions()).length;
    const answer = await change(admin, {
      firmName: 'Adebayo Legal Partners',
      dateFormat: 'D MMM YYYY',
      ledesFirmId: 'ADEBAYO-01',
      paymentTermsDays: 14,
      trustApprovalThreshold: '500000',
      recycleBinRetentionDays: 60,
      suggestsTime: false,
      idleTimeoutMinutes: 60,
      maxSessionHours: 24,
    });
    expect(answer.statusCode).toBe(200);
    const after = answer.json().data;
    expect(after).toEqual({
      ...before,
      firmName: 'Adebayo Legal Partners',
      dateFormat: 'D MMM YYYY',
      ledesFirmId: 'ADEBAYO-01',
      paymentTermsDays: 14,
      trustApprovalThreshold: '500000.00',
      recycleBinRetentionDays: 60,
      suggestsTime: false,
      idleTimeoutMinutes: 60,
      maxSessionHours: 24,
    });
    expect(await settingsOf(admin)).toEqual(after);
    expect((await auditActions()).slice(auditedBefore).sort()).toEqual(
      ['firm.invoiceSettingsUpdated', 'firm.profileUpdated', 'firm.settingsUpdated', 'trustSettings.updated'].sort(),
    );
    // Sending a value it already has changes and audits nothing.
    expect((await change(admin, { dateFormat: 'D MMM YYYY' })).statusCode).toBe(200);
    expect((await auditActions()).length).toBe(auditedBefore + 4);
  });

  it('moves the invoice numbering forward only, and a refusal leaves every other field of the request unchanged', async () => {
    const { nextInvoiceNumber, firmName } = await settingsOf(admin);
    const raised = await change(admin, { nextInvoiceNumber: nextInvoiceNumber + 100 });
    expect(raised.json().data.nextInvoiceNumber).toBe(nextInvoiceNumber + 100);
    const lowered = await change(admin, { firmName: 'Not Saved & Co', nextInvoiceNumber: nextInvoiceNumber + 1 });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json()).toMatchObject({ success: false, message: 'The next invoice number cannot go below one already issued' });
    expect(await settingsOf(admin)).toMatchObject({ firmName, nextInvoiceNumber: nextInvoiceNumber + 100 });
  });

  it('refuses values out of range with the field’s message, and members without updateAccountSettings', async () => {
    const tooShort = await change(admin, { idleTimeoutMinutes: 5 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe('Idle timeout must be between 15 minutes and 24 hours');
    expect((await change(admin, { dateFormat: 'YYYY/DD/MM' })).statusCode).toBe(400);
    expect((await change(admin, { recycleBinRetentionDays: 0 })).statusCode).toBe(400);
    expect((await change(admin, { unknownSetting: true })).statusCode).toBe(400);
    const feeEarner = await signIn(context.app, firm.users.feeEarner.email);
    expect((await context.app.inject({ method: 'GET', url: '/api/admin/firm/settings', headers: bearer(feeEarner) })).statusCode).toBe(403);
    expect((await change(feeEarner, { dateFormat: 'YYYY-MM-DD' })).statusCode).toBe(403);
  });
});

describe('the firm’s sign-in limits', () => {
  it('ends a member’s session after the idle timeout without a request, and after the maximum age however active', async () => {
    expect((await change(admin, { idleTimeoutMinutes: 30, maxSessionHours: 10 })).statusCode).toBe(200);
    const idle = await signIn(context.app, firm.users.billing.email);
    const idleSession = await sessionIdOf(firm.users.billing.id);
    await context.database.db.execute(sql`update sessions set last_active_at = now() - interval '20 minutes' where id = ${idleSession}`);
    expect(await isSignedIn(idle)).toBe(true);
    await context.database.db.execute(sql`update sessions set last_active_at = now() - interval '31 minutes' where id = ${idleSession}`);
    expect(await isSignedIn(idle)).toBe(false);

    const busy = await signIn(context.app, firm.users.billing.email);
    const busySession = await sessionIdOf(firm.users.billing.id);
    await context.database.db.execute(sql`update sessions set created_at = now() - interval '11 hours' where id = ${busySession}`);
    expect(await isSignedIn(busy)).toBe(false);
  });

  it('gives a new session the firm’s maximum age, and a longer idle timeout keeps a quiet session open', async () => {
    expect((await change(admin, { idleTimeoutMinutes: 480, maxSessionHours: 72 })).statusCode).toBe(200);
    const token = await signIn(context.app, firm.users.billing.email);
    const sessionId = await sessionIdOf(firm.users.billing.id);
    const [row] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ hours: number }>(
        tx.execute(
          sql`select round(extract(epoch from expires_at - created_at) / 3600)::int as hours from sessions where id = ${sessionId}`,
        ),
      ),
    );
    expect(row!.hours).toBe(72);
    await context.database.db.execute(sql`update sessions set last_active_at = now() - interval '7 hours' where id = ${sessionId}`);
    expect(await isSignedIn(token)).toBe(true);
  });
});
