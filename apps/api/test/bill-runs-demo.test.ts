import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/platform/files/files.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** The demo firm's finished bill run: a newcomer opens Billing › Bill Runs and finds drafts and a skip. */
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await seedDemoFirmOnce(context.database, TEST_PASSWORD, createFileStore(context.config.files));
});
afterAll(() => context.close());

describe('the demo firm’s bill run', () => {
  it('is finished, with two drafts and a matter skipped below the minimum', async () => {
    const token = await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const get = async (url: string) => (await context.app.inject({ method: 'GET', url, headers: bearer(token) })).json().data;
    const runs = (await get('/api/admin/bill-runs/get-runs')) as { id: string; status: string }[];
    expect(runs).toHaveLength(1);
    const run = await get(`/api/admin/bill-runs/get-run/${runs[0]!.id}`);
    expect(run).toMatchObject({ status: 'Finished', total: 3, done: 3, draftedCount: 2, skippedCount: 1 });
    expect(run.results.find((result: { outcome: string }) => result.outcome === 'Skipped')).toMatchObject({ skipReason: 'belowMinimum' });
    for (const result of run.results.filter((row: { outcome: string }) => row.outcome === 'Drafted')) {
      const invoice = await get(`/api/admin/invoice/get-invoice/${result.invoiceId}`);
      expect(invoice).toMatchObject({ status: 'Draft' });
    }
  });
});
