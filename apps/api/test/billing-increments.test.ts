import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_INCREMENT_MESSAGE } from '@matterhorn/shared';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE as base, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

const PROFILE = '/api/admin/business';
let fixture: TimeEntryFixture;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

const entry = (overrides: Record<string, unknown> = {}) => ({
  clientId: fixture.references.openMatter.clientId,
  matterId: fixture.references.openMatter.id,
  activityId: fixture.references.activityIds[0],
  isBillable: 4,
  timeEntryUserId: fixture.firm.users.admin.id,
  description: 'Telephone call with the client',
  timeEntryDate: '2025-05-02',
  duration: '0.0019',
  userRate: '300.00',
  exchangeRate: '1',
  ...overrides,
});

async function setIncrement(billingIncrement: unknown, token = fixture.tokens.admin) {
  const profile = (await fixture.call('GET', `${PROFILE}/get-firm-profile`, fixture.tokens.admin)).json().data;
  return fixture.call('PUT', `${PROFILE}/update-firm-profile`, token, { ...profile, billingIncrement });
}

async function storedRow(id: string) {
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ duration: string; recorded: string; total: string }>(
      tx.execute(
        sql`select duration::text as duration, recorded_duration::text as recorded, home_total_amount::text as total from time_entries where id = ${id}`,
      ),
    ),
  );
  return row!;
}

describe('billing increments (PRODUCT.md module 5, ABA Formal Opinion 93-379)', () => {
  it('a new firm bills in 0.1 h: a 7-second timer saved from the timer bills 0.1 h, and its amount follows the billed hours', async () => {
    expect((await fixture.call('GET', `${PROFILE}/get-firm-profile`, fixture.tokens.admin)).json().data.billingIncrement).toBe('0.1');
    expect((await fixture.call('POST', '/api/admin/time-entry-log/start-entry', fixture.tokens.admin, {})).statusCode).toBe(200);
    const response = await fixture.call('POST', base, fixture.tokens.admin, entry({ ManualTimeEntry: false }));
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json().data;
    expect(saved).toMatchObject({ recordedDuration: '0.0019', duration: '0.1000', totalAmount: '30.00', homeTotalAmount: '30.00' });
    expect(await storedRow(saved.id)).toEqual({ duration: '0.1000', recorded: '0.0019', total: '30.00' });
    const timer = await fixture.call('POST', '/api/admin/time-entry-log/get-total-hours', fixture.tokens.admin, {});
    expect(timer.json().data.isStarted).toBe(false);
  });

  it.each([
    ['0', '0.0019', '0.0019', '0.57'],
    ['0.01', '0.0019', '0.0100', '3.00'],
    ['0.05', '0.0019', '0.0500', '15.00'],
    ['0.1', '0.1001', '0.2000', '60.00'],
    ['0.25', '1.26', '1.5000', '450.00'],
    ['0.25', '1.5', '1.5000', '450.00'],
  ])('at %s h, %s h recorded is billed as %s h (%s at 300.00 an hour)', async (increment, recorded, billed, amount) => {
    expect((await setIncrement(increment)).statusCode).toBe(200);
    const response = await fixture.call('POST', base, fixture.tokens.admin, entry({ duration: recorded }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      recordedDuration: recorded.includes('.') ? recorded.padEnd(6, '0') : recorded,
      duration: billed,
    });
    expect(response.json().data.totalAmount).toBe(amount);
  });

  it('an edit that keeps the recorded hours is not rounded again, even after the firm changed its increment', async () => {
    await setIncrement('0.1');
    const created = (await fixture.call('POST', base, fixture.tokens.admin, entry({ duration: '0.0019' }))).json().data;
    expect(created.duration).toBe('0.1000');
    await setIncrement('0.25');
    // The popup sends back the recorded hours it shows.
    const edited = await fixture.call(
      'PUT',
      `${base}/${created.id}`,
      fixture.tokens.admin,
      entry({ duration: created.recordedDuration, description: 'Call, and a note of it', userRate: '400.00' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ duration: '0.1000', recordedDuration: '0.0019', totalAmount: '40.00' });
    // New recorded hours are rounded once, with today's increment.
    const changed = await fixture.call('PUT', `${base}/${created.id}`, fixture.tokens.admin, entry({ duration: '0.3' }));
    expect(changed.json().data).toMatchObject({ duration: '0.5000', recordedDuration: '0.3000', totalAmount: '150.00' });
    const again = await fixture.call('PUT', `${base}/${created.id}`, fixture.tokens.admin, entry({ duration: '0.3000' }));
    expect(again.json().data).toMatchObject({ duration: '0.5000', recordedDuration: '0.3000' });
  });

  it('the list answers billed and recorded hours', async () => {
    await setIncrement('0.1');
    const created = (
      await fixture.call('POST', base, fixture.tokens.admin, entry({ duration: '0.0019', description: 'Listed call' }))
    ).json().data;
    const list = await fixture.call('GET', `${base}?page=1&size=100`, fixture.tokens.admin);
    const row = list.json().data.data.find((item: { id: string }) => item.id === created.id);
    expect(row).toMatchObject({ duration: '0.1000', recordedDuration: '0.0019' });
  });

  it('the setting takes only the listed increments, needs updateAccountSettings, and leaving it out keeps it', async () => {
    await setIncrement('0.05');
    for (const wrong of ['0.2', '1', 0.1, '', null, 'none']) {
      const response = await setIncrement(wrong);
      expect(response.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(response.json().message).toBe(BILLING_INCREMENT_MESSAGE);
    }
    const forbidden = await setIncrement('0.25', fixture.tokens.feeEarner);
    expect(forbidden.statusCode).toBe(403);
    const profile = (await fixture.call('GET', `${PROFILE}/get-firm-profile`, fixture.tokens.admin)).json().data;
    const { billingIncrement, ...withoutIncrement } = profile;
    expect(billingIncrement).toBe('0.05');
    const kept = await fixture.call('PUT', `${PROFILE}/update-firm-profile`, fixture.tokens.admin, withoutIncrement);
    expect(kept.json().data.billingIncrement).toBe('0.05');
    const otherFirm = (await fixture.call('GET', `${PROFILE}/get-firm-profile`, fixture.tokens.otherAdmin)).json().data;
    expect(otherFirm.billingIncrement).toBe('0.1');
  });
});
