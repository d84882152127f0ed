import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SPEC_MESSAGES, type MyTime } from '@matterhorn/shared';
import { hashPassword } from '../src/lib/secrets.ts';
import { todayInTimeZone, weekDatesOf } from '../src/modules/dashboard/my-time-week.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, seedTestFirm, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
const tokens = { admin: '', feeEarner: '', billing: '', clerk: '', otherAdmin: '' };

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  const clerkEmail = `clerk@${firm.slug}.example`;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  await context.database.withFirm(firm.firmId, async (tx) => {
    await tx.execute(sql`insert into roles (firm_id, name, permissions) values (${firm.firmId}, 'Clerk', '{clientInfo}')`);
    await tx.execute(sql`insert into users (firm_id, email, name, password_hash, role_id, email_verified_at)
      values (${firm.firmId}, ${clerkEmail}, 'Clerk', ${passwordHash}, (select id from roles where name = 'Clerk'), now())`);
  });
  tokens.admin = await signIn(context.app, firm.users.admin.email);
  tokens.feeEarner = await signIn(context.app, firm.users.feeEarner.email);
  tokens.billing = await signIn(context.app, firm.users.billing.email);
  tokens.clerk = await signIn(context.app, clerkEmail);
  tokens.otherAdmin = await signIn(context.app, otherFirm.users.admin.email);
});
afterAll(() => context.close());

beforeEach(async () => {
  for (const seeded of [firm, otherFirm]) {
    await context.database.withFirm(seeded.firmId, async (tx) => {
      await tx.execute(sql`delete from time_entries`);
      await tx.execute(sql`update firms set time_zone = 'Africa/Lagos'`);
    });
  }
});

const url = '/api/admin/dashboard/get-my-time';
const get = (token: string, query = '') => context.app.inject({ method: 'GET', url: `${url}${query}`, headers: bearer(token) });

async function myTime(token = tokens.admin): Promise<MyTime> {
  const response = await get(token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

type Entry = {
  date: string;
  hours: string;
  isBillable?: 2 | 4;
  homeTotal?: string;
  userId?: string;
  status?: number;
  onInvoice?: boolean;
  deleted?: boolean;
  seeded?: SeededFirm;
};

/** A time entry written straight to the table: this suite is about the dashboard's sums, not the entry rules. */
async function insertEntry({ date, hours, isBillable = 4, homeTotal = '0.00', status = 3, onInvoice, deleted, ...rest }: Entry) {
  const seeded = rest.seeded ?? firm;
  const userId = rest.userId ?? seeded.users.admin.id;
  await context.database.withFirm(seeded.firmId, (tx) =>
    tx.execute(sql`insert into time_entries (firm_id, client_id, matter_id, activity_type_id, user_id, is_billable,
        time_entry_date, duration, user_rate, foreign_user_rate, total_amount, foreign_total_amount, home_total_amount,
        status, invoice_id, deleted_at)
      select m.firm_id, m.client_id, m.id, (select id from activity_types limit 1), ${userId}, ${isBillable},
        ${date}, ${hours}, 0, 0, ${homeTotal}, ${homeTotal}, ${homeTotal},
        ${status}, ${onInvoice ? sql`gen_random_uuid()` : sql`null`}, ${deleted ? sql`now()` : sql`null`}
      from matters m where m.id = ${seeded.matterIds[0]!}`),
  );
}

const thisWeek = (timeZone = 'Africa/Lagos') => weekDatesOf(todayInTimeZone(timeZone).today);
const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const zeroDay = (date: string) => ({ date, billableHours: '0.0000', nonBillableHours: '0.0000' });

describe('GET /api/admin/dashboard/get-my-time', () => {
  it("answers the firm's week, Monday to Sunday, at zero when nothing was recorded", async () => {
    const week = thisWeek();
    expect(await myTime()).toEqual({
      timeZone: 'Africa/Lagos',
      today: todayInTimeZone('Africa/Lagos').today,
      weekStart: week[0],
      weekEnd: week[6],
      days: week.map(zeroDay),
      weekBillableHours: '0.0000',
      weekNonBillableHours: '0.0000',
      weekTotalHours: '0.0000',
      unbilledHours: '0.0000',
      unbilledAmount: '0.00',
      currencySymbol: '₦',
    });
    expect(new Date(`${week[0]}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('adds billable and non-billable hours per day exactly, and only this week', async () => {
    const week = thisWeek();
    const lastSundayIso = addDays(week[0]!, -1);
    const nextMondayIso = addDays(week[6]!, 1);
    await insertEntry({ date: week[0]!, hours: '1.5000', homeTotal: '112500.00' });
    await insertEntry({ date: week[0]!, hours: '0.3333', homeTotal: '25000.00' });
    await insertEntry({ date: week[0]!, hours: '0.2500', isBillable: 2 });
    await insertEntry({ date: week[2]!, hours: '2.1667', homeTotal: '162502.50', status: 5, onInvoice: true });
    await insertEntry({ date: week[6]!, hours: '0.0001', isBillable: 2 });
    await insertEntry({ date: lastSundayIso, hours: '3.0000', homeTotal: '225000.00' });
    await insertEntry({ date: nextMondayIso, hours: '4.0000', isBillable: 2 });

    const answer = await myTime();
    expect(answer.days).toEqual([
      { date: week[0], billableHours: '1.8333', nonBillableHours: '0.2500' },
      zeroDay(week[1]!),
      { date: week[2], billableHours: '2.1667', nonBillableHours: '0.0000' },
      zeroDay(week[3]!),
      zeroDay(week[4]!),
      zeroDay(week[5]!),
      { date: week[6], billableHours: '0.0000', nonBillableHours: '0.0001' },
    ]);
    expect(answer).toMatchObject({ weekBillableHours: '4.0000', weekNonBillableHours: '0.2501', weekTotalHours: '4.2501' });
    // Unbilled: billable, status 3, on no invoice, any week; the billed entry and non-billable time are left out.
    expect(answer).toMatchObject({ unbilledHours: '4.8333', unbilledAmount: '362500.00' });
  });

  it('leaves out deleted entries, billed ones from the unbilled figures, and colleagues’ time', async () => {
    const [monday] = thisWeek();
    await insertEntry({ date: monday!, hours: '5.0000', homeTotal: '500.00', deleted: true });
    await insertEntry({ date: monday!, hours: '1.0000', homeTotal: '100.00', onInvoice: true });
    await insertEntry({ date: monday!, hours: '1.0000', homeTotal: '100.00', status: 5 });
    await insertEntry({ date: monday!, hours: '7.0000', homeTotal: '700.00', userId: firm.users.feeEarner.id });
    const mine = await myTime();
    expect(mine.days[0]).toEqual({ date: monday, billableHours: '2.0000', nonBillableHours: '0.0000' });
    expect(mine).toMatchObject({ unbilledHours: '0.0000', unbilledAmount: '0.00' });
    const theirs = await myTime(tokens.feeEarner);
    expect(theirs.days[0]).toEqual({ date: monday, billableHours: '7.0000', nonBillableHours: '0.0000' });
    expect(theirs).toMatchObject({ unbilledHours: '7.0000', unbilledAmount: '700.00' });
  });

  it("uses the firm's time zone for the week, and UTC for one the runtime does not know", async () => {
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      await context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update firms set time_zone = ${timeZone}`));
      const answer = await myTime();
      expect([answer.timeZone, answer.today, answer.weekStart]).toEqual([timeZone, todayInTimeZone(timeZone).today, thisWeek(timeZone)[0]]);
    }
    await context.database.withFirm(firm.firmId, (tx) => tx.execute(sql`update firms set time_zone = 'Mars/Olympus_Mons'`));
    const answer = await myTime();
    expect([answer.timeZone, answer.today]).toEqual(['UTC', new Date().toISOString().slice(0, 10)]);
  });

  it("never shows another firm's time", async () => {
    const [monday] = thisWeek();
    await insertEntry({ date: monday!, hours: '3.0000', homeTotal: '300.00', seeded: otherFirm, userId: otherFirm.users.admin.id });
    expect((await myTime()).weekTotalHours).toBe('0.0000');
    expect((await myTime(tokens.otherAdmin)).weekTotalHours).toBe('3.0000');
    const mismatch = await get(tokens.otherAdmin, `?AdminUserId=${firm.users.admin.id}&BusinessId=${firm.firmId}`);
    expect(mismatch.statusCode).toBe(403);
  });

  it('needs timeEntry: readable by the Billing role, refused to a role without it, and needs a session', async () => {
    expect((await get(tokens.billing)).statusCode).toBe(200);
    const refused = await get(tokens.clerk);
    expect([refused.statusCode, refused.json().message]).toEqual([403, SPEC_MESSAGES.noPermission]);
    expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('the week arithmetic', () => {
  it.each([
    ['2025-03-10', '2025-03-10', '2025-03-16'], // a Monday
    ['2025-03-16', '2025-03-10', '2025-03-16'], // a Sunday
    ['2025-03-12', '2025-03-10', '2025-03-16'],
    ['2024-12-31', '2024-12-30', '2025-01-05'], // across a new year
    ['2024-02-29', '2024-02-26', '2024-03-03'], // a leap day
  ])('%s lies in the week %s to %s', (date, monday, sunday) => {
    const week = weekDatesOf(date);
    expect(week).toHaveLength(7);
    expect([week[0], week[6]]).toEqual([monday, sunday]);
    expect(week).toContain(date);
  });

  it.each([
    ['2025-03-09T23:30:00Z', 'Africa/Lagos', '2025-03-10'], // already Monday in Lagos (UTC+1)
    ['2025-03-10T08:00:00Z', 'America/Los_Angeles', '2025-03-10'],
    ['2025-03-10T06:00:00Z', 'America/Los_Angeles', '2025-03-09'], // still Sunday there
    ['2025-03-10T10:30:00Z', 'Pacific/Kiritimati', '2025-03-11'], // UTC+14
    ['2025-03-10T10:30:00Z', 'UTC', '2025-03-10'],
  ])('at %s in %s it is %s', (instant, timeZone, today) => {
    expect(todayInTimeZone(timeZone, new Date(instant))).toEqual({ today, timeZone });
  });

  it('falls back to UTC for an unknown time zone', () => {
    expect(todayInTimeZone('Nowhere/Atlantis', new Date('2025-03-10T23:59:00Z'))).toEqual({ today: '2025-03-10', timeZone: 'UTC' });
  });
});
