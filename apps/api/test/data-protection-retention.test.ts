import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRetention } from '../src/modules/data-protection/retention.service.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';
import { trustCalls } from './support/trust-fixture.ts';

/** Retention (ADR 92): the monthly review lists what is past its period, an administrator approves, it is anonymised and audited. */
const BASE = '/api/admin/data-protection/retention-reviews';
let fixture: TimeEntryFixture;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

const inFirm = <T>(firmId: string, query: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(firmId, (tx) => rowsOf<T>(tx.execute(query)));

/** A client on file for years whose one matter closed `closedYearsAgo` years ago, with a document still on it. */
async function formerClient(name: string, closedYearsAgo: number, firmId = fixture.firm.firmId) {
  const [client] = await inFirm<{ id: string }>(
    firmId,
    sql`insert into clients (firm_id, client_type, company_name, email, created_at)
      values (${firmId}, 'company', ${name}, 'old@example.ng', now() - interval '12 years') returning id`,
  );
  const [matter] = await inFirm<{ id: string }>(
    firmId,
    sql`insert into matters (firm_id, client_id, matter_name, billing_type, status, matter_open_date, matter_close_date)
      values (${firmId}, ${client!.id}, ${`${name} lease`}, 'Hourly', 'Closed', current_date - interval '11 years',
        current_date - make_interval(years => ${closedYearsAgo})) returning id`,
  );
  return { clientId: client!.id, matterId: matter!.id };
}

describe('the retention review', () => {
  it('lists a client past every period and leaves one with trust money; approval anonymises it, audited; once a month', async () => {
    const due = await formerClient('Old Harbour Ltd', 8);
    const recent = await formerClient('Recent Close Ltd', 2);
    const holding = await formerClient('Trust Holder Ltd', 9);
    const trust = trustCalls(fixture);
    await trust.deposit((await trust.createAccount()).id, { clientId: holding.clientId, matterId: null }, '1000.00');

    const found = await fixture.call('POST', `${BASE}/find-now`, fixture.tokens.admin);
    expect(found.statusCode, found.body).toBe(200);
    const review = found.json().data as { id: string; status: string; items: { recordType: string; recordId: string; reason: string }[] };
    expect(review.status).toBe('pending');
    const listed = review.items.map((item) => item.recordId);
    expect(listed).toContain(due.clientId);
    expect(listed).not.toContain(recent.clientId);
    expect(listed).not.toContain(holding.clientId);
    expect(review.items.find((item) => item.recordId === due.clientId)!.reason).toMatch(/past 7 years for financial records/);

    // The job finds no second review this month.
    expect(await createRetention({ database: fixture.context.database }).findDueReviews()).toBe(1);
    const reviews = await fixture.call('GET', BASE, fixture.tokens.admin);
    expect(reviews.json().data.filter((row: { status: string }) => row.status === 'pending')).toHaveLength(1);

    // Nothing changed before approval.
    const [before] = await inFirm<{ name: string }>(
      fixture.firm.firmId,
      sql`select display_name as name from clients where id = ${due.clientId}`,
    );
    expect(before!.name).toBe('Old Harbour Ltd');

    expect((await fixture.call('POST', `${BASE}/${review.id}/approve`, fixture.tokens.otherAdmin)).statusCode).toBe(404);
    expect((await fixture.call('POST', `${BASE}/${review.id}/approve`, fixture.tokens.feeEarner)).statusCode).toBe(403);
    const approved = await fixture.call('POST', `${BASE}/${review.id}/approve`, fixture.tokens.admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.items.find((item: { recordId: string }) => item.recordId === due.clientId).outcome).toBe('anonymised');
    const [after] = await inFirm<{ name: string; email: string | null }>(
      fixture.firm.firmId,
      sql`select display_name as name, email from clients where id = ${due.clientId}`,
    );
    expect(after).toEqual({ name: expect.stringMatching(/^Erased client /), email: null });
    const [event] = await inFirm<{ details: { anonymisedClients: string[] } }>(
      fixture.firm.firmId,
      sql`select details from audit_events where action = 'retentionReview.approved' and entity_id = ${review.id}`,
    );
    expect(event!.details.anonymisedClients).toContain(due.clientId);
    expect((await fixture.call('POST', `${BASE}/${review.id}/approve`, fixture.tokens.admin)).statusCode).toBe(409);
  });
});
