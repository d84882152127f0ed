import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database.ts';
import { hashPassword } from '../src/lib/secrets.ts';
import { rowsOf, signIn, TEST_PASSWORD } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

export const PROGRESS_UPDATE_BASE = '/api/admin/progress-update';

export type CourtUpdateFixture = TimeEntryFixture & {
  courts: { federal: string; lagos: string };
  otherCourt: string;
  /** Adds a court update through the API as the firm's administrator; its id. */
  addCourtUpdate(overrides?: Record<string, unknown>): Promise<string>;
  courtUpdate(overrides?: Record<string, unknown>): Record<string, unknown>;
};

/** Two seeded firms (time-entry fixture) with a couple of courts each. */
export async function setUpCourtUpdateFixture(options: Parameters<typeof setUpTimeEntryFixture>[0] = {}): Promise<CourtUpdateFixture> {
  const fixture = await setUpTimeEntryFixture(options);
  const addCourt = async (token: string, body: Record<string, unknown>) => {
    const response = await fixture.call('POST', `${PROGRESS_UPDATE_BASE}/courts`, token, body);
    if (response.statusCode !== 201) throw new Error(`Court not added: ${response.body}`);
    return response.json().data.id as string;
  };
  const courts = {
    federal: await addCourt(fixture.tokens.admin, { name: 'Federal High Court', division: 'Lagos Judicial Division' }),
    lagos: await addCourt(fixture.tokens.admin, { name: 'High Court of Lagos State', division: 'Ikeja Division' }),
  };
  const otherCourt = await addCourt(fixture.tokens.otherAdmin, { name: 'Court of Appeal', division: 'Lagos Division' });
  const courtUpdate = (overrides: Record<string, unknown> = {}) => ({
    matterId: fixture.references.openMatter.id,
    courtId: courts.federal,
    suitNumber: 'FHC/L/CS/1234/2025',
    judge: 'Hon. Justice A. Okon',
    hearingDate: '2025-05-06',
    appearanceUserIds: [fixture.firm.users.admin.id, fixture.firm.users.feeEarner.id],
    outcome: 'Matter came up for mention.\nAdjourned for hearing of the motion on notice.',
    nextAdjournedDate: '2025-06-10',
    nextAdjournedTime: '09:30',
    nextAdjournedPurpose: 'Hearing of motion on notice',
    nextSteps: 'File a reply on points of law',
    ...overrides,
  });
  const addCourtUpdate = async (overrides: Record<string, unknown> = {}) => {
    const response = await fixture.call(
      'POST',
      `${PROGRESS_UPDATE_BASE}/create-court-update`,
      fixture.tokens.admin,
      courtUpdate(overrides),
    );
    if (response.statusCode !== 201) throw new Error(`Court update not added: ${response.body}`);
    return response.json().data.id as string;
  };
  return { ...fixture, courts, otherCourt, addCourtUpdate, courtUpdate };
}

/** The firm's court update rows (deleted ones included), appearances, courts and their audit events: what a refused request leaves as it was. */
export async function countCourtUpdateRows(database: Database, firmId: string) {
  const [row] = await database.withFirm(firmId, (tx) =>
    rowsOf<Record<string, number | string>>(
      tx.execute(sql`select (select count(*)::int from court_updates) as updates,
        (select count(*)::int from court_updates where deleted_at is not null) as deleted,
        (select count(*)::int from court_update_appearances) as appearances,
        (select count(*)::int from courts) as courts,
        (select count(*)::int from audit_events) as events,
        (select coalesce(max(updated_at)::text, '') from court_updates) as "lastUpdate"`),
    ),
  );
  return row!;
}

/** A member of the firm whose role's permissions a test sets before each call (a role change counts on the next request). */
export async function addProbeMember(fixture: TimeEntryFixture) {
  const email = `probe@${fixture.firm.slug}.example`;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const firmId = fixture.firm.firmId;
  await fixture.context.database.withFirm(firmId, async (tx) => {
    await tx.execute(sql`insert into roles (firm_id, name, permissions) values (${firmId}, 'Probe', '{}')`);
    await tx.execute(sql`insert into users (firm_id, email, name, password_hash, role_id, email_verified_at)
      values (${firmId}, ${email}, 'Probe Member', ${passwordHash}, (select id from roles where name = 'Probe'), now())`);
  });
  const token = await signIn(fixture.context.app, email);
  const grant = (permissions: string[]) =>
    fixture.context.database.withFirm(firmId, (tx) =>
      tx.execute(sql`update roles set permissions = ${`{${permissions.join(',')}}`}::text[] where name = 'Probe'`),
    );
  return { token, grant };
}
