import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/** The breach register (ADR 92): the 72-hour deadline from when it was found, the regulator told, the clients told, tenancy. */
const BASE = '/api/admin/data-protection/breaches';
let fixture: TimeEntryFixture;

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('the breach register', () => {
  it('counts the regulator’s 72 hours from when the breach was found, and records when and whom the firm told', async () => {
    const clientId = fixture.references.openMatter.clientId;
    const discoveredAt = hoursAgo(30);
    const recorded = await fixture.call('POST', BASE, fixture.tokens.admin, {
      title: 'Laptop stolen from a car',
      dataAffected: 'Client files on the laptop (names, addresses, matter documents)',
      peopleAffected: 'Clients of the litigation team',
      discoveredAt,
      clientIds: [clientId],
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const breach = recorded.json().data;
    expect(breach.regulatorDeadline).toBe(new Date(Date.parse(discoveredAt) + 72 * 3_600_000).toISOString());
    // 42 hours left, less the seconds the call took.
    expect(breach.minutesLeft).toBeGreaterThanOrEqual(42 * 60 - 2);
    expect(breach.minutesLeft).toBeLessThanOrEqual(42 * 60);
    expect(breach.clients).toEqual([{ clientId, name: expect.any(String), toldAt: null }]);

    const late = await fixture.call('POST', BASE, fixture.tokens.admin, {
      title: 'Email sent to the wrong client',
      dataAffected: 'An invoice',
      peopleAffected: 'One client',
      discoveredAt: hoursAgo(80),
    });
    expect(late.json().data.minutesLeft).toBeLessThan(-7 * 60);

    const early = await fixture.call('POST', `${BASE}/${breach.id}/notify-regulator`, fixture.tokens.admin, {
      notifiedAt: hoursAgo(40),
      notifiedTo: 'Nigeria Data Protection Commission',
    });
    expect([early.statusCode, early.json().message]).toEqual([400, 'When told cannot be before the breach was found']);
    const told = await fixture.call('POST', `${BASE}/${breach.id}/notify-regulator`, fixture.tokens.admin, {
      notifiedAt: hoursAgo(1),
      notifiedTo: 'Nigeria Data Protection Commission',
    });
    expect(told.statusCode, told.body).toBe(200);
    expect(told.json().data.regulatorNotifiedTo).toBe('Nigeria Data Protection Commission');
    expect(
      (
        await fixture.call('POST', `${BASE}/${breach.id}/notify-regulator`, fixture.tokens.admin, {
          notifiedAt: hoursAgo(1),
          notifiedTo: 'NDPC',
        })
      ).statusCode,
    ).toBe(409);

    const clientTold = await fixture.call('POST', `${BASE}/${breach.id}/clients/${clientId}/told`, fixture.tokens.admin);
    expect(clientTold.json().data.clients[0].toldAt).not.toBeNull();

    const events = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
      rowsOf<{ action: string; details: { withinDeadline?: boolean } }>(
        tx.execute(sql`select action, details from audit_events where entity_id = ${breach.id} order by created_at, id`),
      ),
    );
    expect(events.map((event) => event.action)).toEqual(['breach.recorded', 'breach.regulatorNotified', 'breach.clientTold']);
    expect(events[1]!.details.withinDeadline).toBe(true);
  });

  it('refuses another firm’s client and answers another firm’s breach as not found; administrators only', async () => {
    const otherClient = fixture.otherReferences.openMatter.clientId;
    const body = { title: 'Phishing', dataAffected: 'Email addresses', peopleAffected: 'Clients', discoveredAt: hoursAgo(2) };
    const refused = await fixture.call('POST', BASE, fixture.tokens.admin, { ...body, clientIds: [otherClient] });
    expect([refused.statusCode, refused.json().message]).toEqual([404, 'Client not found']);
    expect((await fixture.call('POST', BASE, fixture.tokens.feeEarner, body)).statusCode).toBe(403);
    const future = await fixture.call('POST', BASE, fixture.tokens.admin, { ...body, discoveredAt: '2099-01-01T10:00:00Z' });
    expect(future.statusCode).toBe(400);

    const mine = (await fixture.call('POST', BASE, fixture.tokens.admin, body)).json().data;
    const elsewhere = await fixture.call('POST', `${BASE}/${mine.id}/notify-regulator`, fixture.tokens.otherAdmin, {
      notifiedAt: hoursAgo(1),
      notifiedTo: 'NDPC',
    });
    expect(elsewhere.statusCode).toBe(404);
    const list = await fixture.call('GET', BASE, fixture.tokens.otherAdmin);
    expect(list.json().data.map((row: { id: string }) => row.id)).not.toContain(mine.id);
  });
});
