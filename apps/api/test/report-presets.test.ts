import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPreset } from '@matterhorn/shared';
import { sendDueReports } from '../src/modules/reports/report-schedule.ts';
import { outboxTo, recordingMailer } from './support/outbox.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

/** Saved report filters per user (POST save-preset, GET get-presets) and their weekly or monthly e-mails (schedule-preset). */
let fixture: TimeEntryFixture;
const base = '/api/admin/reports';
const asAdmin = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  fixture.call(method, `${base}/${path}`, fixture.tokens.admin, body);

beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

async function saved(name: string, query: Record<string, string>): Promise<ReportPreset> {
  const response = await asAdmin('POST', 'save-preset', { report: 'work-in-progress', name, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('report presets', () => {
  it('saves a report’s filters under a name, replaces them under the same name, and lists the user’s own', async () => {
    const first = await saved('Lagoon matters', { ClientId: fixture.references.openMatter.clientId, Level: 'entries', Page: '3' });
    expect(first.query).toEqual({ ClientId: fixture.references.openMatter.clientId });
    const replaced = await saved('Lagoon matters', { Period: 'last-month' });
    expect(replaced.id).toBe(first.id);
    expect(replaced.query).toEqual({ Period: 'last-month' });

    const listed = await asAdmin('GET', 'get-presets?Report=work-in-progress');
    expect(listed.json().data.map((preset: ReportPreset) => preset.name)).toEqual(['Lagoon matters']);
    const otherFirm = await fixture.call('GET', `${base}/get-presets`, fixture.tokens.otherAdmin);
    expect(otherFirm.json().data).toEqual([]);
    const feeEarner = await fixture.call('GET', `${base}/get-presets`, fixture.tokens.feeEarner);
    expect(feeEarner.statusCode).toBe(403);
  });

  it('refuses filters the report does not take, and reports that do not exist', async () => {
    const badDates = await asAdmin('POST', 'save-preset', { report: 'work-in-progress', name: 'Bad', query: { From: '2026-13-01' } });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json().message).toBe('From must be a date (YYYY-MM-DD)');
    const noReport = await asAdmin('POST', 'save-preset', { report: 'nonsense', name: 'Bad', query: {} });
    expect(noReport.statusCode).toBe(400);
    const [count] = await rowsOf<{ count: number }>(
      fixture.context.database.db.execute(sql`select count(*)::int as count from report_presets where name = 'Bad'`),
    );
    expect(count!.count).toBe(0);
  });

  it('schedules a preset to recipients who may read it, and the job e-mails it as PDF and CSV on its day, once', async () => {
    const preset = await saved('Monthly WIP', { Period: 'last-month' });
    const refused = await asAdmin('POST', `schedule-preset/${preset.id}`, {
      schedule: 'monthly',
      recipientUserIds: [fixture.otherFirm.users.admin.id],
    });
    expect(refused.statusCode).toBe(400);
    const noOne = await asAdmin('POST', `schedule-preset/${preset.id}`, { schedule: 'weekly', recipientUserIds: [] });
    expect(noOne.json().message).toBe('Choose at least one recipient');

    const scheduled = await asAdmin('POST', `schedule-preset/${preset.id}`, {
      schedule: 'monthly',
      recipientUserIds: [fixture.firm.users.admin.id],
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().data.nextRunOn).toMatch(/^\d{4}-\d{2}-01$/);

    const { inbox, mailer } = recordingMailer();
    const { outbox, deliver } = outboxTo({ database: fixture.context.database, appSecret: fixture.context.config.appSecret }, mailer);
    const run = () => sendDueReports({ database: fixture.context.database, outbox, appUrl: 'http://matterhorn.test' });
    expect(await run()).toBe(0); // not due yet

    await fixture.context.database.db.execute(sql`update report_presets set next_run_on = current_date - 1 where id = ${preset.id}`);
    expect(await run()).toBe(1);
    expect(await run()).toBe(0); // moved on to its next day: sent once
    await deliver();
    const email = inbox.find((message) => message.subject.startsWith('Work in progress: Monthly WIP'))!;
    expect(email.to).toBe(fixture.firm.users.admin.email);
    expect(email.attachments?.map((attachment) => attachment.contentType)).toEqual(['application/pdf', 'text/csv; charset=utf-8']);
    expect(email.attachments![1]!.content.toString()).toContain('Formula');

    const stopped = await asAdmin('POST', `schedule-preset/${preset.id}`, { schedule: null, recipientUserIds: [] });
    expect(stopped.json().data).toMatchObject({ schedule: null, nextRunOn: null });
  });

  it('sends a preset now to its recipients, or to the user when it has none', async () => {
    const preset = await saved('Right now', {});
    const sent = await asAdmin('POST', `send-preset/${preset.id}`);
    expect(sent.statusCode, sent.body).toBe(200);
    const [queued] = await rowsOf<{ count: number }>(
      fixture.context.database.db.execute(
        sql`select count(*)::int as count from outgoing_messages where recipient = ${fixture.firm.users.admin.email} and subject like 'Work in progress: Right now%'`,
      ),
    );
    expect(queued!.count).toBe(1);
  });

  it('answers not found for another user’s or firm’s preset', async () => {
    const preset = await saved('Mine', {});
    const other = await fixture.call('POST', `${base}/delete-preset/${preset.id}`, fixture.tokens.otherAdmin);
    expect(other.statusCode).toBe(404);
    const deleted = await asAdmin('POST', `delete-preset/${preset.id}`);
    expect(deleted.statusCode).toBe(200);
  });
});
