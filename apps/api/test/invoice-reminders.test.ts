import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_STEPS } from '@matterhorn/shared';
import { issueFlatFeeInvoice } from './support/issued-invoice.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/** The reminder schedule, its preview, disputes and clients' choices through their calls. */

let fixture: TimeEntryFixture;
let invoice: { id: string; invoiceNumber: string; clientId: string };
const BASE = '/api/admin/invoice-reminders';

async function auditCount(action: string) {
  const [row] = await fixture.context.database.withFirm(fixture.firm.firmId, (tx) =>
    rowsOf<{ count: number }>(tx.execute(sql`select count(*)::int as count from audit_events where action = ${action}`)),
  );
  return row!.count;
}

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
  invoice = await issueFlatFeeInvoice(fixture, { amount: '480000.00', matter: fixture.references.openMatter, issueDate: '2030-01-10' });
});
afterAll(() => fixture.context.close());

describe('the reminder schedule', () => {
  it('starts as the default steps, switched off', async () => {
    const answer = await fixture.call('GET', `${BASE}/get-schedule`, fixture.tokens.billing);
    expect(answer.statusCode, answer.body).toBe(200);
    const schedule = answer.json().data;
    expect(schedule).toMatchObject({ isEnabled: false, isDefault: true, updatedAt: null });
    expect(schedule.steps.map((step: { label: string }) => step.label)).toEqual([
      '7 days before due',
      'On the due date',
      '7 days overdue',
      '14 days overdue',
      '30 days overdue',
    ]);
  });

  it('is saved by whoever approves invoices, steps ordered by day, audited', async () => {
    const steps = [
      { ...DEFAULT_REMINDER_STEPS[2]!, isEnabled: false },
      { ...DEFAULT_REMINDER_STEPS[0]!, subject: 'Soon: {{ invoiceNumber }}' },
    ];
    // Billing edits invoices but does not approve them.
    const refused = await fixture.call('PUT', `${BASE}/update-schedule`, fixture.tokens.billing, { isEnabled: true, steps });
    expect(refused.statusCode).toBe(403);
    const saved = await fixture.call('PUT', `${BASE}/update-schedule`, fixture.tokens.admin, { isEnabled: true, steps });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Reminder schedule saved');
    expect(saved.json().data).toMatchObject({
      isEnabled: true,
      isDefault: false,
      steps: [
        { daysFromDue: -7, subject: 'Soon: {{ invoiceNumber }}', isEnabled: true },
        { daysFromDue: 7, label: '7 days overdue', isEnabled: false },
      ],
    });
    expect(await auditCount('firm.reminderScheduleUpdated')).toBe(1);
  });

  it('refuses two steps on one day and unknown merge fields, saying which, and writes nothing', async () => {
    const before = (await fixture.call('GET', `${BASE}/get-schedule`, fixture.tokens.admin)).json().data;
    const twice = await fixture.call('PUT', `${BASE}/update-schedule`, fixture.tokens.admin, {
      isEnabled: true,
      steps: [DEFAULT_REMINDER_STEPS[1], { ...DEFAULT_REMINDER_STEPS[1], subject: 'Again' }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Two steps are “On the due date”: each day may have one step');
    const unknown = await fixture.call('PUT', `${BASE}/update-schedule`, fixture.tokens.admin, {
      isEnabled: true,
      steps: [{ ...DEFAULT_REMINDER_STEPS[3], body: 'Dear {{clientName}}, pay {{amountOwed}}' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      '{{amountOwed}} is not a merge field (in the step “14 days overdue”); use one of the fields listed under the template',
    );
    const far = await fixture.call('PUT', `${BASE}/update-schedule`, fixture.tokens.admin, {
      isEnabled: true,
      steps: [{ ...DEFAULT_REMINDER_STEPS[0], daysFromDue: -91 }],
    });
    expect(far.statusCode).toBe(400);
    expect((await fixture.call('GET', `${BASE}/get-schedule`, fixture.tokens.admin)).json().data).toEqual(before);
  });

  it('previews a template filled with a real invoice', async () => {
    const answer = await fixture.call('POST', `${BASE}/preview-template`, fixture.tokens.billing, {
      daysFromDue: 14,
      subject: 'Overdue: {{invoiceNumber}} ({{daysOverdue}} days)',
      body: 'Dear {{clientName}},\n\n{{amountDue}} was due on {{dueDate}}. {{firmName}}',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const preview = answer.json().data;
    expect(preview).toMatchObject({
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      subject: `Overdue: ${invoice.invoiceNumber} (14 days)`,
    });
    expect(preview.body).toMatch(/^Dear .+,\n\nNGN 480,000\.00 was due on \d\d\/\d\d\/2030\. Test Firm /);
    const elsewhere = await fixture.call('POST', `${BASE}/preview-template`, fixture.tokens.otherAdmin, {
      daysFromDue: 0,
      subject: 'x',
      body: 'y',
      invoiceId: invoice.id,
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('a disputed invoice', () => {
  it('is marked with a required note by whoever edits invoices, audited, and shown on its reminders', async () => {
    const url = `${BASE}/set-invoice-dispute/${invoice.id}`;
    expect((await fixture.call('PUT', url, fixture.tokens.admin, { note: '   ' })).statusCode).toBe(400);
    expect((await fixture.call('PUT', url, fixture.tokens.otherAdmin, { note: 'Not ours' })).statusCode).toBe(404);
    expect(await auditCount('invoice.disputed')).toBe(0);
    const marked = await fixture.call('PUT', url, fixture.tokens.admin, { note: 'The client says the fee was agreed at half' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.dispute).toMatchObject({
      note: 'The client says the fee was agreed at half',
      disputedByName: expect.any(String),
    });
    const twice = await fixture.call('PUT', url, fixture.tokens.admin, { note: 'Again' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This invoice is already marked as disputed']);
    expect(await auditCount('invoice.disputed')).toBe(1);
    const list = await fixture.call('GET', `/api/admin/invoice/get-invoice-list?page=1&size=50`, fixture.tokens.admin);
    expect(list.json().data.data.find((row: { id: string }) => row.id === invoice.id)).toMatchObject({ isDisputed: true });
  });

  it('is cleared, audited with the note it had; clearing again says it is not disputed', async () => {
    const cleared = await fixture.call('DELETE', `${BASE}/clear-invoice-dispute/${invoice.id}`, fixture.tokens.admin);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.dispute).toBeNull();
    const again = await fixture.call('DELETE', `${BASE}/clear-invoice-dispute/${invoice.id}`, fixture.tokens.admin);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This invoice is not marked as disputed']);
    expect(await auditCount('invoice.disputeCleared')).toBe(1);
  });

  it('cannot be a draft: only an issued invoice with money due is chased', async () => {
    const fee = await fixture.call('POST', '/api/admin/expense-flat-fees-info/create-flat-fee', fixture.tokens.admin, {
      clientId: fixture.references.openMatter.clientId,
      matterId: fixture.references.openMatter.id,
      userId: fixture.firm.users.feeEarner.id,
      flatFeeDate: '2030-01-10',
      description: 'Draft',
      amount: '100.00',
    });
    const created = await fixture.call('POST', '/api/admin/invoice/create-invoice', fixture.tokens.admin, {
      clientId: fixture.references.openMatter.clientId,
      matterIds: [fixture.references.openMatter.id],
      flatFeeIds: [fee.json().data.id],
      issueDate: '2030-01-10',
      taxPercent: '0',
    });
    const refused = await fixture.call('PUT', `${BASE}/set-invoice-dispute/${created.json().data.id}`, fixture.tokens.admin, { note: 'x' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'Only an issued invoice with money due can be marked as disputed']);
  });
});

describe('a client’s reminder choice', () => {
  it('is set by staff who edit clients, audited once per change, and 404 for another firm’s client', async () => {
    const url = `${BASE}/set-client-choice/${invoice.clientId}`;
    expect((await fixture.call('PUT', url, fixture.tokens.otherAdmin, { isOptedOut: true })).statusCode).toBe(404);
    const set = await fixture.call('PUT', url, fixture.tokens.admin, { isOptedOut: true });
    expect([set.statusCode, set.json().data]).toEqual([200, { clientId: invoice.clientId, isOptedOut: true }]);
    await fixture.call('PUT', url, fixture.tokens.admin, { isOptedOut: true });
    expect(await auditCount('client.reminderChoiceChanged')).toBe(1);
    const read = await fixture.call('GET', `${BASE}/get-client-choice/${invoice.clientId}`, fixture.tokens.feeEarner);
    expect(read.json().data.isOptedOut).toBe(true);
    const panel = await fixture.call('GET', `${BASE}/get-invoice-reminders/${invoice.id}`, fixture.tokens.admin);
    expect(panel.json().data).toMatchObject({ isClientOptedOut: true, isScheduleEnabled: true, reminders: [] });
  });
});
