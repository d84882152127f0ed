import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import {
  countTimeEntryRows,
  markBilled,
  setUpTimeEntryFixture,
  TIME_ENTRY_BASE as base,
  type TimeEntryFixture,
} from './support/time-entry-fixtures.ts';

let fixture: TimeEntryFixture;
/** A second matter of the open matter's client. */
let sameClientMatterId: string;
const PERMISSION_DENIED = "You don't have permission to perform this action. Please contact your admin to provide access";
const LOCKED = 'This time entry is on an invoice: its date, client, matter and duration cannot change';

beforeAll(async () => {
  // These tests check amounts and locks on exact durations; billing-increments.test.ts covers rounding.
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  const { firmId } = fixture.firm;
  const [matter] = await fixture.context.database.withFirm(firmId, (tx) =>
    rowsOf<{ id: string }>(
      tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type)
        values (${firmId}, ${fixture.references.openMatter.clientId}, 'Rent review', 'Hourly') returning id`),
    ),
  );
  sameClientMatterId = matter!.id;
});
afterAll(() => fixture.context.close());

const entry = (overrides: Record<string, unknown> = {}) => ({
  clientId: fixture.references.openMatter.clientId,
  matterId: fixture.references.openMatter.id,
  activityId: fixture.references.activityIds[1],
  isBillable: 4,
  timeEntryUserId: fixture.firm.users.feeEarner.id,
  description: 'Call with the client about the lease renewal',
  timeEntryDate: '2025-04-02',
  duration: '0.75',
  userRate: '50000',
  exchangeRate: '1',
  ...overrides,
});
type Saved = { id: string; [key: string]: unknown };
async function createEntry(overrides: Record<string, unknown> = {}, token = fixture.tokens.admin): Promise<Saved> {
  const response = await fixture.call('POST', base, token, entry(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
const put = (id: string, body: unknown, token = fixture.tokens.admin) => fixture.call('PUT', `${base}/${id}`, token, body);
const get = (id: string, token = fixture.tokens.admin) => fixture.call('GET', `${base}/${id}`, token);
const remove = (id: string, token = fixture.tokens.admin) => fixture.call('DELETE', `${base}/${id}`, token);
const snapshot = () => countTimeEntryRows(fixture.context.database, fixture.firm.firmId);
const auditActions = async (id: string) =>
  (
    await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where entity_id = ${id} order by id`)),
    )
  ).map((row) => row.action);

describe('GET /api/admin/time-entry/{id}', () => {
  it('answers the entry; a malformed id is 400, an unknown or other firm’s id 404', async () => {
    const saved = await createEntry();
    const response = await get(saved.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Time entry', data: saved });

    expect((await get('not-an-id')).statusCode).toBe(400);
    expect((await get('not-an-id')).json().message).toBe('Id is required');
    const missing = await get('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Time entry not found');
    const otherFirm = await get(saved.id, fixture.tokens.otherAdmin);
    expect(otherFirm.statusCode).toBe(404);
    expect(otherFirm.body).not.toContain('Call with the client');
  });

  it("shows a fee earner their own entries but not a colleague's; Billing (timeEntry.viewAll) sees every entry", async () => {
    const own = await createEntry();
    const colleagues = await createEntry({ timeEntryUserId: fixture.firm.users.admin.id });
    expect((await get(own.id, fixture.tokens.feeEarner)).statusCode).toBe(200);
    expect((await get(colleagues.id, fixture.tokens.feeEarner)).statusCode).toBe(404);
    expect((await get(colleagues.id, fixture.tokens.billing)).statusCode).toBe(200);
  });
});

describe('PUT /api/admin/time-entry/{id}', () => {
  it('changes every field, recomputes the amounts and records an audit event', async () => {
    const saved = await createEntry();
    const other = fixture.references.matters[1]!;
    const response = await put(saved.id, {
      ...entry({ clientId: other.clientId, matterId: other.id, duration: '2.25', userRate: '1000.50', timeEntryDate: '2025-04-03' }),
      id: saved.id,
      description: 'Drafted the share purchase agreement',
      utbmsTaskCode: 'L210',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Time entry updated');
    expect(response.json().data).toMatchObject({
      id: saved.id,
      matterId: other.id,
      matterName: other.matterName,
      duration: '2.2500',
      timeEntryDate: '2025-04-03',
      userRate: '1000.50',
      totalAmount: '2251.13',
      homeTotalAmount: '2251.13',
      description: 'Drafted the share purchase agreement',
      utbmsTaskCode: 'L210',
      createdAt: saved.createdAt,
    });
    expect((await get(saved.id)).json().data).toEqual(response.json().data);
    expect(await auditActions(saved.id)).toEqual(['timeEntry.created', 'timeEntry.updated']);
  });

  it('refuses bad input, unknown ids and another firm’s references with 4xx and changes nothing', async () => {
    const saved = await createEntry();
    const before = await snapshot();
    const cases: [string, unknown, number, string][] = [
      [saved.id, entry({ duration: '25' }), 400, 'Duration must be at most 24 hours'],
      [saved.id, entry({ activityId: undefined }), 400, 'Activity is required'],
      [saved.id, entry({ matterId: fixture.otherReferences.openMatter.id }), 404, 'Matter not found'],
      [saved.id, entry({ clientId: fixture.references.matters[1]!.clientId }), 400, 'The matter does not belong to the chosen client'],
      ['00000000-0000-4000-8000-000000000000', entry(), 404, 'Time entry not found'],
      ['12345', entry(), 400, 'Id is required'],
    ];
    for (const [id, body, status, message] of cases) {
      const response = await put(id, body);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
    expect((await get(saved.id)).json().data).toEqual(saved);
  });

  it('needs timeEntry.edit; a fee earner edits only their own entries and cannot give them to someone else', async () => {
    const own = await createEntry({}, fixture.tokens.feeEarner);
    const colleagues = await createEntry({ timeEntryUserId: fixture.firm.users.admin.id });
    const billing = await put(own.id, entry(), fixture.tokens.billing);
    expect(billing.statusCode).toBe(403);
    expect(billing.json().message).toBe(PERMISSION_DENIED);
    expect((await put(colleagues.id, entry({ timeEntryUserId: fixture.firm.users.admin.id }), fixture.tokens.feeEarner)).statusCode).toBe(
      404,
    );
    const handOver = await put(own.id, entry({ timeEntryUserId: fixture.firm.users.admin.id }), fixture.tokens.feeEarner);
    expect(handOver.statusCode).toBe(403);
    expect(handOver.json().message).toBe('You can only record time for yourself');
    const edited = await put(own.id, entry({ description: 'Corrected note' }), fixture.tokens.feeEarner);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.description).toBe('Corrected note');
  });

  it.each(['invoice', 'status'] as const)(
    'keeps the date, client, matter and duration of an entry billed by %s, but lets its description change',
    async (how) => {
      const saved = await createEntry();
      await markBilled(fixture.context.database, saved.id, how);
      expect((await get(saved.id)).json().data).toMatchObject({ isLocked: true });
      const other = fixture.references.matters[1]!;
      const before = await snapshot();
      for (const change of [
        { timeEntryDate: '2025-04-05' },
        { duration: '0.7501' },
        { matterId: sameClientMatterId },
        { clientId: other.clientId, matterId: other.id },
      ]) {
        const response = await put(saved.id, entry(change));
        expect(response.statusCode, JSON.stringify(change)).toBe(409);
        expect(response.json().message).toBe(LOCKED);
      }
      expect(await snapshot()).toEqual(before);
      const described = await put(saved.id, entry({ duration: '0.7500', description: 'Call with the client (billed)' }));
      expect(described.statusCode, described.body).toBe(200);
      expect(described.json().data).toMatchObject({ description: 'Call with the client (billed)', isLocked: true, duration: '0.7500' });

      const deleted = await remove(saved.id);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().message).toBe('This time entry is on an invoice and cannot be deleted');
      expect((await get(saved.id)).statusCode).toBe(200);
    },
  );

  it('refuses more time on a matter closed since, but still lets the description change', async () => {
    const [matter] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(sql`insert into matters (firm_id, client_id, matter_name, billing_type)
          values (${fixture.firm.firmId}, ${fixture.firm.otherClientId}, 'Probate of the late Mr Okonkwo', 'Hourly') returning id`),
      ),
    );
    const saved = await createEntry({ clientId: fixture.firm.otherClientId, matterId: matter!.id });
    await fixture.context.database.db.execute(
      sql`update matters set status = 'Closed', matter_close_date = current_date where id = ${matter!.id}`,
    );
    const body = entry({ clientId: fixture.firm.otherClientId, matterId: matter!.id });
    const longer = await put(saved.id, { ...body, duration: '3' });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().message).toBe('Time cannot be recorded on a closed matter');
    expect((await put(saved.id, { ...body, description: 'Final account prepared' })).statusCode).toBe(200);
  });

  it('keeps an activity deleted since the entry was saved, but refuses switching to a deleted one', async () => {
    const [activity] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(sql`insert into activity_types (firm_id, activity_type) values (${fixture.firm.firmId}, 'Travel') returning id`),
      ),
    );
    const saved = await createEntry({ activityId: activity!.id });
    await fixture.context.database.db.execute(sql`update activity_types set deleted_at = now() where id = ${activity!.id}`);
    expect((await put(saved.id, entry({ activityId: activity!.id, description: 'Travel to court' }))).statusCode).toBe(200);
    const other = await createEntry();
    const switched = await put(other.id, entry({ activityId: activity!.id }));
    expect(switched.statusCode).toBe(404);
    expect(switched.json().message).toBe('Activity not found');
  });
});

describe('PUT /api/admin/time-entry/{id}: a billable entry sent without a rate (issue 35)', () => {
  const NO_RATE = 'Rate is required: neither this fee earner nor this matter has an hourly rate set';
  const setDefaultRate = (rate: string | null) =>
    fixture.context.database.db.execute(sql`update users set default_hourly_rate = ${rate} where id = ${fixture.firm.users.feeEarner.id}`);

  it('takes the fee earner’s rate for the matter, blank or 0 alike, and values the entry at it', async () => {
    const saved = await createEntry();
    // Not assigned to this matter, which has no rate of its own: the fee earner's default rate.
    const moved = await put(saved.id, entry({ matterId: sameClientMatterId, userRate: '' }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ matterId: sameClientMatterId, userRate: '45000.00', totalAmount: '33750.00' });

    const notBillable = await put(saved.id, entry({ matterId: sameClientMatterId, isBillable: 2, userRate: '0' }));
    expect(notBillable.json().data).toMatchObject({ isBillable: 2, userRate: '0.00', totalAmount: '0.00' });
    const billableAgain = await put(saved.id, entry({ matterId: sameClientMatterId, userRate: '0' }));
    expect(billableAgain.statusCode, billableAgain.body).toBe(200);
    expect(billableAgain.json().data).toMatchObject({ isBillable: 4, userRate: '45000.00', totalAmount: '33750.00' });
  });

  it('refuses it with 400 on the rate field when no rate is set at all, and leaves the entry as it was', async () => {
    const saved = await createEntry();
    await setDefaultRate(null);
    try {
      const before = await snapshot();
      const refused = await put(saved.id, entry({ matterId: sameClientMatterId, userRate: undefined }));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ message: NO_RATE, code: 'VALIDATION_FAILED', errors: { userRate: NO_RATE } });
      expect(await snapshot()).toEqual(before);
      expect((await get(saved.id)).json().data).toEqual(saved);
      // On a matter where the fee earner has a rate, the same change goes through.
      const kept = await put(saved.id, entry({ userRate: undefined, description: 'Rate left to the matter' }));
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().data).toMatchObject({ userRate: '50000.00', description: 'Rate left to the matter' });
    } finally {
      await setDefaultRate('45000.00');
    }
  });
});

describe('DELETE /api/admin/time-entry/{id}', () => {
  it('soft-deletes: gone from view and list, kept in the table with who deleted it, audited', async () => {
    const saved = await createEntry({ description: 'Entered by mistake' });
    const response = await remove(saved.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Time entry deleted', data: null });
    expect((await get(saved.id)).statusCode).toBe(404);
    expect((await remove(saved.id)).statusCode).toBe(404);
    expect((await put(saved.id, entry())).statusCode).toBe(404);
    const list = await fixture.call('GET', `${base}?GeneralSearchText=${encodeURIComponent('Entered by mistake')}`, fixture.tokens.admin);
    expect(list.json().data.totalCount).toBe(0);
    const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ deleted: boolean; deleted_by_user_id: string }>(
        tx.execute(sql`select deleted_at is not null as deleted, deleted_by_user_id from time_entries where id = ${saved.id}`),
      ),
    );
    expect(row).toEqual({ deleted: true, deleted_by_user_id: fixture.firm.users.admin.id });
    expect(await auditActions(saved.id)).toEqual(['timeEntry.created', 'timeEntry.deleted']);
  });

  it("needs timeEntry.delete; a fee earner cannot delete a colleague's entry; another firm gets 404", async () => {
    const colleagues = await createEntry({ timeEntryUserId: fixture.firm.users.admin.id });
    const before = await snapshot();
    const billing = await remove(colleagues.id, fixture.tokens.billing);
    expect(billing.statusCode).toBe(403);
    expect(billing.json().message).toBe(PERMISSION_DENIED);
    expect((await remove(colleagues.id, fixture.tokens.feeEarner)).statusCode).toBe(404);
    expect((await remove(colleagues.id, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await remove('nope', fixture.tokens.admin)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/admin/time-entry/get-time-entry-matter-rate', () => {
  const rate = (matterId: string, userId: string, token = fixture.tokens.admin) =>
    fixture.call('GET', `${base}/get-time-entry-matter-rate?matterId=${matterId}&UserId=${userId}`, token);

  it("answers the fee earner's rate on the matter, else their default rate, else the matter's, as money text", async () => {
    const { matters } = fixture.references;
    const { users } = fixture.firm;
    const assigned = await rate(matters[0]!.id, users.admin.id);
    expect(assigned.json()).toEqual({ success: true, message: 'Rate', data: { amount: '80000.00' } });
    expect((await rate(matters[0]!.id, users.billing.id)).json().data.amount).toBe('30000.00');
    await fixture.context.database.db.execute(sql`update users set default_hourly_rate = null where id = ${users.billing.id}`);
    await fixture.context.database.db.execute(sql`update matters set hourly_rate = 12500.5 where id = ${matters[0]!.id}`);
    expect((await rate(matters[0]!.id, users.billing.id)).json().data.amount).toBe('12500.50');
    expect((await rate(matters[1]!.id, users.billing.id)).json().data.amount).toBe('0.00');
    expect((await rate(matters[0]!.id, users.feeEarner.id, fixture.tokens.feeEarner)).json().data.amount).toBe('50000.00');
  });

  it('refuses bad ids (400), other firms’ matters and users (404) and other fee earners’ rates to a fee earner (403)', async () => {
    const { matters } = fixture.references;
    const { users } = fixture.firm;
    const malformed = await rate('x', users.admin.id);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Matter is required');
    const noUser = await fixture.call('GET', `${base}/get-time-entry-matter-rate?matterId=${matters[0]!.id}`, fixture.tokens.admin);
    expect(noUser.json().message).toBe('User is required');
    expect((await rate(fixture.otherReferences.matters[0]!.id, users.admin.id)).statusCode).toBe(404);
    expect((await rate(matters[0]!.id, fixture.otherFirm.users.admin.id)).json().message).toBe('User not found');
    const someoneElse = await rate(matters[0]!.id, users.admin.id, fixture.tokens.feeEarner);
    expect(someoneElse.statusCode).toBe(403);
  });
});
