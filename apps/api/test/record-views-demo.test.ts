import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/platform/files/files.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** The demo firm's "who looked" (ADR 92): the portal client's records, viewed this week by the demo's members. */
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await seedDemoFirmOnce(context.database, TEST_PASSWORD, createFileStore(context.config.files));
  // The whole demo firm is seeded: a minute on a quiet machine, more on a loaded one.
}, 180_000);
afterAll(() => context.close());

describe('the demo firm’s who looked', () => {
  it('shows the administrator who looked at the portal client’s matter, documents and trust ledger, newest first', async () => {
    const token = await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const get = (url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });
    // The portal client (client@…), whose matter, documents and ledger the demo's members looked at.
    const [portal] = await rowsOf<{ clientId: string }>(
      context.database.db.execute(
        sql`select client_id as "clientId" from portal_accounts where email = ${`client@${DEMO_FIRM.emailDomain}`}`,
      ),
    );
    const answer = (await get(`/api/admin/record-views?ClientId=${portal!.clientId}&PageSize=100`)).json().data as {
      data: { userName: string; recordType: string; recordName: string | null }[];
    };
    const kinds = new Set(answer.data.map((view) => view.recordType));
    expect([...kinds].sort()).toEqual(['document', 'documentList', 'matter', 'trustLedger']);
    expect(new Set(answer.data.map((view) => view.userName)).size).toBeGreaterThanOrEqual(3);
    expect(answer.data.every((view) => view.recordName !== null)).toBe(true);
  });
});
