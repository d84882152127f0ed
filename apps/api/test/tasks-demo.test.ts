import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/platform/files/files.ts';
import { DEMO_FIRM, seedDemoFirmOnce } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, signIn, TEST_PASSWORD, type TestContext } from './support/test-app.ts';

/**
 * The demo firm's tasks and calendar (issue 40) and suggested time (issue 44): a newcomer sees a fee
 * earner's day on /tasks, the dashboard, /calendar and the Suggested time tab.
 */
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
  await seedDemoFirmOnce(context.database, TEST_PASSWORD, createFileStore(context.config.files));
});
afterAll(() => context.close());

describe('the demo firm’s day', () => {
  it('gives the fee earner an overdue task, two due today, a task list, and a weekly case review on the calendar', async () => {
    const token = await signIn(context.app, `feeearner@${DEMO_FIRM.emailDomain}`);
    const get = (url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });
    const today = (await get('/api/admin/tasks/get-tasks?Scope=mine&Due=today')).json().data;
    expect(today.data).toHaveLength(2);
    expect(today.overdueCount).toBe(1);
    expect((await get('/api/admin/tasks/get-task-lists')).json().data.map((list: { name: string }) => list.name)).toEqual([
      'New litigation matter',
    ]);
    const [{ from, to }] = (await rowsOf<{ from: string; to: string }>(
      context.database.db.execute(sql`select to_char(current_date, 'YYYY-MM-DD') as from, to_char(current_date + 14, 'YYYY-MM-DD') as to`),
    )) as [{ from: string; to: string }];
    const calendar = (await get(`/api/admin/calendar/get-events?From=${from}&To=${to}&Scope=mine`)).json().data;
    expect(calendar.events.filter((event: { title: string }) => event.title === 'Weekly case review').length).toBeGreaterThanOrEqual(2);
    expect(calendar.events.map((event: { title: string }) => event.title)).toContain('Consultation: boundary dispute');
  });

  it('proposes the fee earner’s week of work as suggested time, today’s reading and call included', async () => {
    const token = await signIn(context.app, `feeearner@${DEMO_FIRM.emailDomain}`);
    const get = (url: string) => context.app.inject({ method: 'GET', url, headers: bearer(token) });
    const [{ from, to }] = (await rowsOf<{ from: string; to: string }>(
      context.database.db.execute(
        sql`select to_char(current_date - 6, 'YYYY-MM-DD') as from, to_char(current_date + 1, 'YYYY-MM-DD') as to`,
      ),
    )) as [{ from: string; to: string }];
    const week = (await get(`/api/admin/time-suggestions/get-suggestions?from=${from}&to=${to}`)).json().data as { narrative: string }[];
    expect(week.length).toBeGreaterThanOrEqual(4);
    expect(week.map((suggestion) => suggestion.narrative)).toEqual(
      expect.arrayContaining(["Reviewed Lease v3.docx; wrote progress note 'Adjourned to 12/01/2027'", 'Call with Mrs Adeyemi']),
    );
    expect((await get('/api/admin/time-suggestions/get-count')).json().data.count).toBeGreaterThanOrEqual(4);
  });
});
