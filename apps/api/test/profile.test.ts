import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionInfoSchema } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let adminToken: string;
let feeEarnerToken: string;
beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  adminToken = await signIn(context.app, firm.users.admin.email);
  feeEarnerToken = await signIn(context.app, firm.users.feeEarner.email);
});
afterAll(() => context.close());

const get = (url: string, token: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/users/get-user-profile', () => {
  it("answers SPEC.md's Profile with the firm as the first business", async () => {
    const response = await get('/api/users/get-user-profile', feeEarnerToken);
    expect(response.statusCode).toBe(200);
    const [profile] = response.json().data;
    expect(profile).toMatchObject({
      id: firm.users.feeEarner.id,
      adminUserId: firm.users.admin.id,
      email: firm.users.feeEarner.email,
      roleName: 'Fee Earner',
      businesses: [
        {
          businessId: firm.firmId,
          adminUserId: firm.users.admin.id,
          currencySymbol: '₦',
          currencyISOCode: 'NGN',
          multicurrency: true,
          portalSlug: firm.slug,
          isSetupComplete: true,
          profilePhoto: null,
        },
      ],
    });
  });
});

describe('GET /api/me/permissions', () => {
  it("is the role's permission names as a bare array", async () => {
    const response = await get(`/api/me/permissions?AdminUserId=${firm.users.admin.id}&BusinessId=${firm.firmId}`, feeEarnerToken);
    expect(response.statusCode).toBe(200);
    const permissions = response.json();
    expect(Array.isArray(permissions)).toBe(true);
    expect(permissions).toContain('timeEntry.create');
    expect(permissions).not.toContain('invoice.approve');
  });

  it('reads the scope parameters in any letter case and refuses a mismatch', async () => {
    const lower = await get(`/api/me/permissions?adminuserid=${firm.users.admin.id}&businessid=${firm.firmId}`, adminToken);
    expect(lower.json()).toEqual(['administrator']);
    const otherFirm = await get(
      `/api/me/permissions?AdminUserId=${firm.users.admin.id}&BusinessId=00000000-0000-4000-8000-000000000000`,
      adminToken,
    );
    expect(otherFirm.statusCode).toBe(403);
    const otherUser = await get(`/api/me/permissions?Adminuserid=${firm.users.feeEarner.id}`, adminToken);
    expect(otherUser.statusCode).toBe(403);
  });
});

describe('GET /api/admin/sub-scription-master/get-subscription-info', () => {
  it('has every field of SPEC.md §3 with DD/MM/YYYY dates', async () => {
    const response = await get(
      `/api/admin/sub-scription-master/get-subscription-info?AdminUserId=${firm.users.admin.id}&BusinessId=${firm.firmId}`,
      adminToken,
    );
    expect(response.statusCode).toBe(200);
    const info = response.json().data;
    expect(Object.keys(info).sort()).toEqual(Object.keys(subscriptionInfoSchema.shape).sort());
    expect(info.planName).toBe('Trial');
    expect(info.subscriptionEndDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(info.totalNumberUsers).toBe(3);
    expect(info.allocatedNumberUsers).toBe(5);
  });

  it('reports a paid NGN plan per seat: its period’s price, the next billing date (the day after it) and amount with VAT, and a scheduled downgrade', async () => {
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(
        sql`update subscriptions set plan_id = (select id from plans where code = 'professional'), status = 'active',
          billing_interval = 'monthly', currency_code = 'NGN', allocated_number_users = 5, start_date = '2026-11-01', end_date = '2026-11-30'`,
      ),
    );
    const info = (await get('/api/admin/sub-scription-master/get-subscription-info', adminToken)).json().data;
    // 5 seats × ₦25,000 (the default catalogue's Professional): ₦125,000 a period, ₦134,375 with 7.5% VAT.
    expect(info).toMatchObject({
      planName: 'Professional',
      isNGNSubscription: true,
      durationInDays: 30,
      allocatedNumberUsers: 5,
      subscriptionAmount: '125000.00',
      ngnAmount: '125000.00',
      rowAmount: '195.00',
      subscriptionEndDate: '30/11/2026',
      nextBillingDate: '01/12/2026',
      nextBillingAmount: '134375.00',
      ngnCurrencySymbol: '₦',
      currencySymbol: '₦',
      downGradePlanInfo: null,
    });
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(
        sql`update subscriptions set scheduled_plan_id = (select id from plans where code = 'standard'), scheduled_interval = 'monthly',
          scheduled_seats = 3`,
      ),
    );
    const scheduled = (await get('/api/admin/sub-scription-master/get-subscription-info', adminToken)).json().data;
    expect(scheduled.downGradePlanInfo).toMatchObject({ planName: 'Standard', effectiveDate: '01/12/2026' });
    // 3 seats × ₦15,000 + VAT from the next billing date.
    expect(scheduled.nextBillingAmount).toBe('48375.00');
    await context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update subscriptions set is_cancelled = true`));
    const cancelled = (await get('/api/admin/sub-scription-master/get-subscription-info', adminToken)).json().data;
    expect([cancelled.nextBillingDate, cancelled.nextBillingAmount]).toEqual([null, null]);
  });
});

describe('dashboard and currencies', () => {
  it("gives the firm's real figures", async () => {
    const summary = (await get('/api/admin/dashboard/get-dashboard-summary', adminToken)).json().data;
    expect(summary).toMatchObject({ activeClientCount: 17, openMatterCount: 7, closedMatterCount: 1, teamMemberCount: 3 });
    expect(summary.mattersByBillingType.map((row: { billingType: string }) => row.billingType).sort()).toEqual([
      'Contingency',
      'Flat Rate',
      'Hourly',
      'Retainer',
    ]);
    expect(summary.recentMatters).toHaveLength(5);
  });

  it('lists currencies with SPEC field names', async () => {
    const currencies = (await get('/api/admin/currency/get-currency-list', adminToken)).json().data;
    expect(currencies).toContainEqual({ id: expect.any(Number), currencyName: 'Nigerian Naira', isoCurrenyCode: 'NGN', symbol: '₦' });
  });
});
