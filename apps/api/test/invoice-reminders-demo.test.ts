import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/platform/files/files.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/** The demo firm's reminders (issue 44 §4): a newcomer finds them switched on, a disputed invoice, and one already reminded. */
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await seedDemoFirmOnce(context.database, TEST_PASSWORD, createFileStore(context.config.files));
});
afterAll(() => context.close());

describe('the demo firm’s invoice reminders', () => {
  it('has the schedule on, one disputed invoice with its note and none sent, and an overdue invoice reminded on each step’s day', async () => {
    const token = await signIn(context.app, `admin@${DEMO_FIRM.emailDomain}`);
    const get = async (url: string) => (await context.app.inject({ method: 'GET', url, headers: bearer(token) })).json().data;
    expect(await get('/api/admin/invoice-reminders/get-schedule')).toMatchObject({ isEnabled: true, isDefault: false });
    const invoices = (await get('/api/admin/invoice/get-invoice-list?page=1&size=100')).data as { id: string; isDisputed: boolean }[];
    const disputed = invoices.filter((invoice) => invoice.isDisputed);
    expect(disputed).toHaveLength(1);
    const panels = await Promise.all(invoices.map((invoice) => get(`/api/admin/invoice-reminders/get-invoice-reminders/${invoice.id}`)));
    const disputedPanel = panels.find((panel) => panel.invoiceId === disputed[0]!.id);
    expect(disputedPanel.dispute.note).toMatch(/agreed at ₦250,000/);
    expect(disputedPanel.reminders).toEqual([]);
    const reminded = panels.find((panel) => panel.reminders.length >= 4);
    expect(reminded.reminders.map((reminder: { label: string }) => reminder.label)).toEqual([
      '14 days overdue',
      '7 days overdue',
      'On the due date',
      '7 days before due',
    ]);
  });
});
