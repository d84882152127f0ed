import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_UPDATE_BASE, setUpCourtUpdateFixture, type CourtUpdateFixture } from './court-updates-fixture.ts';
import { rowsOf } from './support/test-app.ts';
import { TIME_ENTRY_BASE } from './support/time-entry-fixtures.ts';

/**
 * Issue 46: a court update, progress note or time entry written on a phone with no connection is
 * sent when the connection returns, under the Idempotency-Key it was given when written. The app
 * may send it more than once (two tabs, the app reopened mid-send, a reply lost on a weak
 * connection): the server makes one record and answers every replay with the first result.
 */
let fixture: CourtUpdateFixture;
beforeAll(async () => {
  fixture = await setUpCourtUpdateFixture({ billingIncrement: '0' });
});
afterAll(() => fixture.context.close());

const count = async (query: ReturnType<typeof sql>) => {
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) => rowsOf<{ n: number }>(tx.execute(query)));
  return row!.n;
};

const kinds = [
  {
    kind: 'court update',
    url: `${PROGRESS_UPDATE_BASE}/create-court-update`,
    body: (marker: string) => fixture.courtUpdate({ suitNumber: marker, nextAdjournedDate: '2025-06-10' }),
    rows: (marker: string) => count(sql`select count(*)::int as n from court_updates where suit_number = ${marker}`),
  },
  {
    kind: 'progress note',
    url: `${PROGRESS_UPDATE_BASE}/create-progress-note`,
    body: (marker: string) => ({
      matterId: fixture.references.openMatter.id,
      noteDate: '2025-05-06',
      title: marker,
      body: '<p>Written in court.</p>',
    }),
    rows: (marker: string) => count(sql`select count(*)::int as n from progress_notes where title = ${marker}`),
  },
  {
    kind: 'time entry',
    url: TIME_ENTRY_BASE,
    body: (marker: string) => timeEntry({ description: marker }),
    rows: (marker: string) => timeEntryRows(marker),
  },
];

function timeEntryRows(marker: string) {
  return count(sql`select count(*)::int as n from time_entries where description = ${marker}`);
}

function timeEntry(overrides: Record<string, unknown> = {}) {
  return {
    clientId: fixture.references.openMatter.clientId,
    matterId: fixture.references.openMatter.id,
    activityId: fixture.references.activityIds[0],
    isBillable: 4,
    timeEntryUserId: fixture.firm.users.feeEarner.id,
    description: 'Attended court for the mention',
    timeEntryDate: '2025-05-06',
    duration: '2.5',
    userRate: '80000.00',
    exchangeRate: '1',
    ...overrides,
  };
}

const send = (url: string, body: unknown, key: string) =>
  fixture.call('POST', url, fixture.tokens.feeEarner, body, { 'idempotency-key': key });

describe('a write kept offline, sent again under its key', () => {
  it.each(kinds)('$kind: three sends at once and one after make one record, each answered with it', async ({ url, body, rows }) => {
    const marker = `Offline ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    // PGlite serves one connection, so there the three queue; on PostgreSQL they race for the key.
    const together = await Promise.all([send(url, body(marker), key), send(url, body(marker), key), send(url, body(marker), key)]);
    const later = await send(url, body(marker), key);
    const answers = [...together, later];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((answer) => answer.json().data.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replay'] === 'true')).toHaveLength(3);
    expect(await rows(marker)).toBe(1);
  });

  it('a time entry whose matter was closed meanwhile comes back refused with the reason, every time, and writes nothing', async () => {
    const marker = `Offline ${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const closed = fixture.references.closedMatter;
    const body = timeEntry({ description: marker, clientId: closed.clientId, matterId: closed.id });
    const [first, second] = await Promise.all([send(TIME_ENTRY_BASE, body, key), send(TIME_ENTRY_BASE, body, key)]);
    for (const answer of [first!, second!]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, message: 'Time cannot be recorded on a closed matter' });
    }
    expect(await timeEntryRows(marker)).toBe(0);
    // Nothing was stored under the key: the fee earner's corrected entry (another matter) goes under it.
    const corrected = await send(TIME_ENTRY_BASE, timeEntry({ description: marker }), key);
    expect(corrected.statusCode).toBe(201);
    expect(corrected.headers['idempotent-replay']).toBeUndefined();
    expect(await timeEntryRows(marker)).toBe(1);
  });
});
