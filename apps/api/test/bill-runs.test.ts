import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillRunDetail } from '@matterhorn/shared';
import { runWaitingBillRuns } from '../src/modules/bill-runs/bill-runs.api.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, TIME_ENTRY_BASE, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

const base = '/api/admin/bill-runs';
let fixture: TimeEntryFixture;
let matterIds: string[];
let clientOf: Map<string, string>;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture({ billingIncrement: '0' });
  matterIds = fixture.firm.matterIds;
  clientOf = new Map(fixture.references.matters.map((matter) => [matter.id, matter.clientId]));
});
afterAll(() => fixture.context.close());

const admin = () => fixture.tokens.admin;
const database = () => fixture.context.database;
const firmId = () => fixture.firm.firmId;

async function timeEntry(matterId: string, date: string, duration = '2', userRate = '50000.00') {
  const response = await fixture.call('POST', TIME_ENTRY_BASE, admin(), {
    clientId: clientOf.get(matterId),
    matterId,
    activityId: fixture.references.activityIds[0],
    isBillable: 4,
    timeEntryUserId: fixture.firm.users.feeEarner.id,
    description: 'Drafted the statement of claim',
    timeEntryDate: date,
    duration,
    userRate,
    exchangeRate: '1',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

const filters = (overrides: Record<string, unknown> = {}) => ({ workUpTo: '2025-06-30', ...overrides });

async function start(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fixture.call('POST', `${base}/start`, admin(), body, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as BillRunDetail;
}

/** The job's run, as the queue would make it, then the run as the page polls it. */
async function finished(runId: string) {
  await fixture.context.app.afterResponse.settled();
  await runWaitingBillRuns({ database: database() });
  const response = await fixture.call('GET', `${base}/get-run/${runId}`, admin());
  expect(response.statusCode, response.body).toBe(200);
  const run = response.json().data as BillRunDetail;
  expect(run.status).toBe('Finished');
  return run;
}

const count = async (table: 'invoices' | 'bill_runs') => {
  const [row] = await database().withFirm(firmId(), (tx) =>
    rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from ${sql.identifier(table)} where firm_id = ${firmId()}`)),
  );
  return row!.count;
};

const linesOf = async (invoiceId: string) => {
  const rows = await database().withFirm(firmId(), (tx) =>
    rowsOf<{ itemId: string; matterId: string }>(
      tx.execute(sql`select item_id as "itemId", matter_id as "matterId" from invoice_lines where invoice_id = ${invoiceId}`),
    ),
  );
  return rows;
};

describe('a bill run', () => {
  it('drafts one invoice per matter of the work dated on or before the day, and skips a matter below the minimum', async () => {
    const [first, second] = [matterIds[0]!, matterIds[4]!];
    const early = await timeEntry(first, '2025-03-01');
    const late = await timeEntry(first, '2025-08-01');
    await timeEntry(second, '2025-03-02', '0.5', '1000.00');

    const preview = await fixture.call('POST', `${base}/preview`, admin(), filters({ matterIds: [first, second] }));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ invoiceCount: 2, matterCount: 2, unbilledAmount: '100500.00', currencyCode: 'NGN' });

    const run = await start(filters({ matterIds: [first, second], minimumUnbilled: '10000' }));
    expect(run).toMatchObject({ total: 2, status: 'Queued' });
    const done = await finished(run.id);
    expect(done).toMatchObject({ done: 2, draftedCount: 1, skippedCount: 1 });
    const drafted = done.results.find((result) => result.matterId === first)!;
    expect(drafted).toMatchObject({ outcome: 'Drafted', invoiceTotal: '100000.00', skipReason: null });
    expect((await linesOf(drafted.invoiceId!)).map((line) => line.itemId)).toEqual([early]);
    expect((await linesOf(drafted.invoiceId!)).map((line) => line.itemId)).not.toContain(late);
    expect(done.results.find((result) => result.matterId === second)).toMatchObject({ outcome: 'Skipped', skipReason: 'belowMinimum' });
  });

  it('started again over the same matters drafts nothing twice: its work is already on a draft', async () => {
    const invoicesBefore = await count('invoices');
    const run = await start(filters({ matterIds: [matterIds[0]!] }));
    const done = await finished(run.id);
    expect(done.results).toEqual([expect.objectContaining({ outcome: 'Skipped', skipReason: 'alreadyOnDraft' })]);
    expect(await count('invoices')).toBe(invoicesBefore);
  });

  it('drafts one invoice over a per-client client’s matters, and says why a chosen matter with no work is skipped', async () => {
    const [hourly, flat] = [matterIds[4]!, matterIds[1]!];
    // The flat-rate matter becomes a second matter of the hourly matter's client, who prefers one invoice.
    await database().db.execute(sql`update matters set client_id = ${clientOf.get(hourly)} where id = ${flat}`);
    clientOf.set(flat, clientOf.get(hourly)!);
    await database().db.execute(sql`update clients set billing_preference = 'perClient' where id = ${clientOf.get(hourly)}`);
    await timeEntry(flat, '2025-04-01', '1', '20000.00');
    const run = await start(filters({ matterIds: [hourly, flat, matterIds[5]!] }));
    expect(run.total).toBe(2);
    const done = await finished(run.id);
    const perClient = done.results.find((result) => result.matterId === null)!;
    expect(perClient).toMatchObject({ outcome: 'Drafted', matterCount: 2, invoiceTotal: '20500.00' });
    expect(new Set((await linesOf(perClient.invoiceId!)).map((line) => line.matterId))).toEqual(new Set([hourly, flat]));
    expect(done.results.find((result) => result.matterId === matterIds[5])).toMatchObject({
      outcome: 'Skipped',
      skipReason: 'nothingUnbilled',
    });
  });

  it('skips an hourly matter whose billable time has no rate', async () => {
    const matter = matterIds[0]!;
    const entry = await timeEntry(matter, '2025-05-01');
    await database().db.execute(sql`update time_entries set user_rate = 0, home_total_amount = 0 where id = ${entry}`);
    const done = await finished((await start(filters({ matterIds: [matter] }))).id);
    expect(done.results[0]).toMatchObject({ outcome: 'Skipped', skipReason: 'noRate' });
  });

  it('filters by fee earner, practice area and billing type', async () => {
    const other = await fixture.call('POST', `${base}/preview`, admin(), filters({ billingType: 'Retainer' }));
    expect(other.json().data.invoiceCount).toBe(0);
    const byEarner = await fixture.call('POST', `${base}/preview`, admin(), filters({ feeEarnerId: fixture.firm.users.billing.id }));
    expect(byEarner.json().data.invoiceCount).toBe(0);
    const [area] = await database().withFirm(firmId(), (tx) =>
      rowsOf<{ id: string }>(tx.execute(sql`select practice_area_id as id from matter_practice_areas where matter_id = ${matterIds[0]!}`)),
    );
    const byArea = await fixture.call('POST', `${base}/preview`, admin(), filters({ practiceAreaId: area!.id }));
    expect(byArea.json().data.targets.map((target: { matterId: string }) => target.matterId)).toEqual([matterIds[0]]);
  });

  it('starts once for a start sent twice with the same Idempotency-Key', async () => {
    await timeEntry(matterIds[2]!, '2025-02-01');
    const runsBefore = await count('bill_runs');
    const headers = { 'idempotency-key': 'bill-run-double-0001' };
    const first = await start(filters({ matterIds: [matterIds[2]!] }), headers);
    const second = await start(filters({ matterIds: [matterIds[2]!] }), headers);
    expect(second.id).toBe(first.id);
    expect(await count('bill_runs')).toBe(runsBefore + 1);
    await finished(first.id);
  });

  it('lists the firm’s runs, newest first', async () => {
    const response = await fixture.call('GET', `${base}/get-runs`, admin());
    expect(response.statusCode).toBe(200);
    const runs = response.json().data as { createdAt: string; total: number }[];
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect([...runs].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(runs);
  });
});

describe('concurrent bill runs over the same matters', () => {
  it('draft each item once: the second finds it on the first’s draft', async () => {
    const matter = matterIds[6]!;
    const entries = await Promise.all(['2025-01-10', '2025-01-11', '2025-01-12'].map((date) => timeEntry(matter, date)));
    const [one, two] = [await start(filters({ matterIds: [matter] })), await start(filters({ matterIds: [matter] }))];
    await fixture.context.app.afterResponse.settled();
    await Promise.all([runWaitingBillRuns({ database: database() }), runWaitingBillRuns({ database: database() })]);
    const results = await Promise.all([one, two].map((run) => finished(run.id)));
    const outcomes = results.map((run) => run.results[0]!);
    expect(outcomes.map((result) => result.outcome).sort()).toEqual(['Drafted', 'Skipped']);
    expect(outcomes.find((result) => result.outcome === 'Skipped')!.skipReason).toBe('alreadyOnDraft');
    const [held] = await database().withFirm(firmId(), (tx) =>
      rowsOf<{ invoices: number }>(
        tx.execute(
          sql`select count(distinct invoice_id)::int as invoices from time_entries where id = any(${`{${entries.join(',')}}`}::uuid[])`,
        ),
      ),
    );
    expect(held!.invoices).toBe(1);
  });
});

describe('refusals', () => {
  it('answers 404 for another firm’s run, and for another firm’s matter in the filters, creating nothing', async () => {
    const runs = (await fixture.call('GET', `${base}/get-runs`, admin())).json().data as { id: string }[];
    const other = await fixture.call('GET', `${base}/get-run/${runs[0]!.id}`, fixture.tokens.otherAdmin);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false, message: 'Bill run not found' });
    const before = await count('bill_runs');
    const foreign = await fixture.call('POST', `${base}/start`, admin(), filters({ matterIds: [fixture.otherFirm.matterIds[0]] }));
    expect(foreign.statusCode).toBe(404);
    expect(await count('bill_runs')).toBe(before);
  });

  it('answers 403 to a member without invoice.create', async () => {
    const response = await fixture.call('POST', `${base}/start`, fixture.tokens.feeEarner, filters());
    expect(response.statusCode).toBe(403);
  });

  it('answers 400 for bad filters and for a run with nothing to draft', async () => {
    for (const body of [{}, filters({ workUpTo: '2025-02-31' }), filters({ billingType: 'Weekly' }), filters({ minimumUnbilled: '-5' })]) {
      const response = await fixture.call('POST', `${base}/start`, admin(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const empty = await fixture.call('POST', `${base}/start`, admin(), filters({ workUpTo: '2000-01-01' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No client or matter matches these filters with unbilled work');
  });
});
