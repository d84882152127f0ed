import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/platform/files/files.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** The demo firm's drafts waiting for pre-bill review: a newcomer finds them with lines the narrative check flags. */
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await seedDemoFirmOnce(context.database, TEST_PASSWORD, createFileStore(context.config.files));
});
afterAll(() => context.close());

describe('the demo firm’s pre-bill review', () => {
  it('has drafts on the fee earners’ matters, flagged for every rule of the narrative check', async () => {
    const token = await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const get = async (url: string) => (await context.app.inject({ method: 'GET', url, headers: bearer(token) })).json().data;
    const drafts = (await get('/api/admin/pre-bill-review/get-drafts?Scope=mine')) as { id: string; flaggedLineCount: number }[];
    // The demo's own invoices include a draft; the review's two are flagged.
    expect(drafts.filter((draft) => draft.flaggedLineCount > 0).length).toBeGreaterThanOrEqual(2);
    const codes = new Set<string>();
    for (const draft of drafts) {
      const { flags } = await get(`/api/admin/pre-bill-review/get-draft/${draft.id}`);
      for (const list of Object.values(flags) as { code: string }[][]) for (const flag of list) codes.add(flag.code);
    }
    expect([...codes].sort()).toEqual(['blockBilling', 'duplicate', 'oldWork', 'overTenHours', 'short']);
  });
});
