import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { advanceSubscriptions } from '../src/modules/subscriptions/subscription-clock.ts';
import { ENDED_DEMO_FIRM, seedEndedDemoFirmOnce } from '../src/seed/demo-ended-firm.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

let context: TestContext;
const today = todayIso();
/** A firm whose today is UTC's, as `today` above is. */
async function seedUtcFirm(): Promise<SeededFirm> {
  const firm = await seedTestFirm(context.database);
  await context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update firms set time_zone = 'UTC' where id = ${firm.firmId}`));
  return firm;
}

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const setSubscription = (firm: SeededFirm, assignments: ReturnType<typeof sql>) =>
  context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update subscriptions set ${assignments} where firm_id = ${firm.firmId}`));
const stateOf = async (firm: SeededFirm) => {
  const [row] = await context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ status: string; plan: string; seats: number; endDate: string }>(
      tx.execute(sql`select s.status, p.code as plan, s.allocated_number_users as seats, to_char(s.end_date, 'YYYY-MM-DD') as "endDate"
        from subscriptions s join plans p on p.id = s.plan_id where s.firm_id = ${firm.firmId}`),
    ),
  );
  return row!;
};

describe('the subscriptions’ daily clock', () => {
  it('ends trials, cancelled periods and unpaid renewals, and leaves everything else', async () => {
    const [fitsFree, tooBig, cancelled, unpaid, dueRenewal, stillTrial] = await Promise.all(Array.from({ length: 6 }, () => seedUtcFirm()));
    const ended = addDays(today, -1);
    const paid = (end: string, status = 'active') =>
      sql`status = ${status}, billing_interval = 'monthly', plan_id = (select id from plans where code = 'standard'), end_date = ${end}`;
    await setSubscription(fitsFree!, sql`end_date = ${ended}`);
    await setSubscription(tooBig!, sql`end_date = ${ended}`);
    await setSubscription(cancelled!, sql`${paid(ended)}, is_cancelled = true`);
    await setSubscription(unpaid!, sql`${paid(addDays(today, -9), 'past_due')}, past_due_since = ${addDays(today, -7)}`);
    await setSubscription(dueRenewal!, paid(ended));
    // The first firm keeps one active user (its 7 open matters are within the free plan's 10): it fits the free plan.
    await context.database.withFirm(fitsFree!.firmId, (tx) =>
      tx.execute(sql`update users set is_active = false where firm_id = ${fitsFree!.firmId} and id <> ${fitsFree!.users.admin.id}`),
    );
    expect(await advanceSubscriptions({ database: context.database, catalogue: context.config.planCatalogue })).toBeGreaterThanOrEqual(4);
    expect(await stateOf(fitsFree!)).toEqual({ status: 'free', plan: 'free', seats: 1, endDate: addDays(today, 36_499) });
    expect(await Promise.all([tooBig, cancelled, unpaid, dueRenewal, stillTrial].map((firm) => stateOf(firm!)))).toMatchObject([
      { status: 'read_only', plan: 'trial' },
      { status: 'read_only', plan: 'standard' },
      { status: 'read_only', plan: 'standard' },
      // A renewal due is charged by the clock's renewals (subscription-payments.test.ts), after these moves.
      { status: 'active', plan: 'standard' },
      { status: 'trialing', plan: 'trial' },
    ]);
  });

  it('moves an ended trial within the free plan’s users and matters to read-only when its documents take more than its storage', async () => {
    const firm = await seedUtcFirm();
    await setSubscription(firm, sql`end_date = ${addDays(today, -1)}`);
    // One active user (the free plan's 1), and 1 GB + 1 byte of documents (its 1,024 MB): a version in the recycle bin counts too.
    await context.database.withFirm(firm.firmId, async (tx) => {
      await tx.execute(sql`update users set is_active = false where firm_id = ${firm.firmId} and id <> ${firm.users.admin.id}`);
      const [folder] = await rowsOf<{ id: string }>(
        tx.execute(sql`insert into document_folders (firm_id, kind, name) values (${firm.firmId}, 'firm', 'Firm documents') returning id`),
      );
      const [document] = await rowsOf<{ id: string }>(
        tx.execute(sql`insert into documents (firm_id, folder_id, name, created_by_user_id, deleted_at)
          values (${firm.firmId}, ${folder!.id}, 'Bundle.pdf', ${firm.users.admin.id}, now()) returning id`),
      );
      await tx.execute(sql`insert into document_versions (firm_id, document_id, version_number, storage_key, file_name, content_type,
          size_bytes, sha256, uploaded_by_user_id, scan_status)
        values (${firm.firmId}, ${document!.id}, 1, 'bundle', 'Bundle.pdf', 'application/pdf', ${1024 * 1024 * 1024 + 1}, ${'0'.repeat(64)},
          ${firm.users.admin.id}, 'clean')`);
    });
    await advanceSubscriptions({ database: context.database, catalogue: context.config.planCatalogue });
    expect(await stateOf(firm)).toMatchObject({ status: 'read_only', plan: 'trial' });
  });

  it('keeps a read-only firm reading and exporting, and refuses its writes with 402 until it pays', async () => {
    const firm = await seedUtcFirm();
    await setSubscription(firm, sql`status = 'read_only'`);
    const token = await signIn(context.app, firm.users.admin.email);
    const read = await context.app.inject({
      method: 'GET',
      url: '/api/admin/client-info/get-clients-list?page=1&size=5',
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(200);
    const write = await context.app.inject({
      method: 'POST',
      url: '/api/admin/practice-area/create-practice-area',
      headers: bearer(token),
      payload: { name: 'Maritime' },
    });
    expect([write.statusCode, write.json().message]).toEqual([402, 'Your subscription has ended. Choose a plan to continue.']);
    const plans = await context.app.inject({ method: 'GET', url: '/api/admin/sub-scription-master/get-plans', headers: bearer(token) });
    expect(plans.statusCode).toBe(200);
  });

  it('seeds a demo firm whose trial ended with more members than the free plan takes: the clock has made it read-only', async () => {
    const { config, database, app } = context;
    expect(await seedEndedDemoFirmOnce(database, TEST_PASSWORD, config.planCatalogue)).toBe(true);
    expect(await seedEndedDemoFirmOnce(database, TEST_PASSWORD, config.planCatalogue)).toBe(false);
    const token = await signIn(app, `admin@${ENDED_DEMO_FIRM.emailDomain}`);
    const info = await app.inject({ method: 'GET', url: '/api/admin/sub-scription-master/get-subscription-info', headers: bearer(token) });
    expect(info.json().data).toMatchObject({ planName: 'Trial', isReadOnly: true, nextBillingDate: null });
    const clients = await app.inject({
      method: 'GET',
      url: '/api/admin/client-info/get-clients-list?page=1&size=5',
      headers: bearer(token),
    });
    expect([clients.statusCode, clients.json().data.totalCount > 0]).toEqual([200, true]);
  });
});
