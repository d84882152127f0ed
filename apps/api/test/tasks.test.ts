import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueTaskReminders } from '../src/modules/tasks/tasks.service.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { outboxTo, recordingMailer } from './support/outbox.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

/** Tasks and task lists (issue 40): a member's to-do list on matters or on its own, reminders, templates applied to a matter. */
let context: TestContext;
let firm: SeededFirm;
let other: SeededFirm;
let admin: string;
let feeEarner: string;
let today: string;
const BASE = '/api/admin/tasks';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  context.app.inject({ method, url: `${BASE}${url}`, headers: bearer(token), payload });
const plusDays = (date: string, days: number) => {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
};
const titles = (answer: { json(): { data: { data: { title: string }[] } } }) =>
  answer
    .json()
    .data.data.map((task) => task.title)
    .sort();

beforeAll(async () => {
  context = await createTestApp();
  [firm, other] = [await seedTestFirm(context.database), await seedTestFirm(context.database)];
  [admin, feeEarner] = [await signIn(context.app, firm.users.admin.email), await signIn(context.app, firm.users.feeEarner.email)];
  const [row] = await context.database.withFirm(firm.firmId, (tx) =>
    rowsOf<{ today: string }>(
      tx.execute(sql`select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from firms where id = ${firm.firmId}`),
    ),
  );
  today = row!.today;
});
afterAll(() => context.close());

describe('tasks', () => {
  it('creates a task on a matter for its assignees, refuses bad references with the field named, and keeps each firm’s own', async () => {
    const made = await call('POST', '/create-task', {
      title: 'File the statement of claim',
      description: 'Three copies, with the exhibits.',
      matterId: firm.matterIds[0],
      assigneeIds: [firm.users.feeEarner.id, firm.users.admin.id],
      dueDate: plusDays(today, 2),
      dueTime: '14:30',
      priority: 'High',
      reminderMinutesBefore: 1440,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().message).toBe('Task created');
    const task = made.json().data;
    expect(task).toMatchObject({
      title: 'File the statement of claim',
      matterId: firm.matterIds[0],
      dueDate: plusDays(today, 2),
      dueTime: '14:30',
      priority: 'High',
      status: 'To do',
      isOverdue: false,
      reminderMinutesBefore: 1440,
      completedAt: null,
    });
    expect(task.assignees.map((person: { id: string }) => person.id).sort()).toEqual([firm.users.admin.id, firm.users.feeEarner.id].sort());
    expect(task.matterName).toEqual(expect.any(String));

    const timeOnly = await call('POST', '/create-task', { title: 'Call the registry', dueTime: '09:00' });
    expect([timeOnly.statusCode, timeOnly.json().errors]).toEqual([400, { dueTime: 'Choose a due date for the due time' }]);
    const theirs = await call('POST', '/create-task', { title: 'Theirs', matterId: other.matterIds[0] });
    expect(theirs.statusCode).toBe(404);
    const stranger = await call('POST', '/create-task', { title: 'Stranger', assigneeIds: [other.users.admin.id] });
    expect([stranger.statusCode, stranger.json().message]).toEqual([400, 'Assignees must be active members of the firm']);
    const otherAdmin = await signIn(context.app, other.users.admin.email);
    expect((await call('GET', `/get-task/${task.id}`, undefined, otherAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `/delete-task/${task.id}`, undefined, otherAdmin)).statusCode).toBe(404);
  });

  it('lists the member’s tasks or the firm’s, by due date, with the overdue count and filters', async () => {
    const make = (title: string, extra: object) => call('POST', '/create-task', { title, ...extra });
    await make('Overdue: serve the writ', { assigneeIds: [firm.users.feeEarner.id], dueDate: plusDays(today, -1) });
    await make('Today: brief counsel', { assigneeIds: [firm.users.feeEarner.id], dueDate: today, dueTime: '23:59' });
    await make('Someday: tidy the file', { assigneeIds: [firm.users.feeEarner.id] });
    await make('Admin’s own', { assigneeIds: [firm.users.admin.id], dueDate: plusDays(today, -3) });

    const mine = await call('GET', '/get-tasks?Scope=mine&Status=Open', undefined, feeEarner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.data.map((task: { title: string }) => task.title)).toEqual([
      'Overdue: serve the writ',
      'Today: brief counsel',
      'File the statement of claim',
      'Someday: tidy the file',
    ]);
    expect(mine.json().data.overdueCount).toBe(1);
    expect(titles(await call('GET', '/get-tasks?Scope=mine&Due=overdue', undefined, feeEarner))).toEqual(['Overdue: serve the writ']);
    expect(titles(await call('GET', '/get-tasks?Scope=mine&Due=today', undefined, feeEarner))).toEqual(['Today: brief counsel']);
    expect(titles(await call('GET', '/get-tasks?Scope=mine&Due=none', undefined, feeEarner))).toEqual(['Someday: tidy the file']);
    expect(titles(await call('GET', `/get-tasks?Scope=all&AssigneeId=${firm.users.admin.id}`))).toEqual([
      'Admin’s own',
      'File the statement of claim',
    ]);
    const all = await call('GET', '/get-tasks?Scope=all&Search=serve');
    expect([titles(all), all.json().data.overdueCount]).toEqual([['Overdue: serve the writ'], 2]);
    expect((await call('GET', '/get-tasks?Due=yesterday')).statusCode).toBe(400);
  });

  it('marks a task done with who and when, reopens it, changes it with the trail, and deletes it', async () => {
    const task = (
      await call('POST', '/create-task', { title: 'Draft the engagement letter', assigneeIds: [firm.users.feeEarner.id] })
    ).json().data;
    const done = await call('POST', `/set-task-status/${task.id}`, { status: 'Done' }, feeEarner);
    expect(done.json().data).toMatchObject({ status: 'Done', completedByName: expect.any(String) });
    expect(done.json().data.completedAt).not.toBeNull();
    const reopened = await call('PUT', `/update-task/${task.id}`, {
      title: 'Draft the engagement letter (v2)',
      assigneeIds: [firm.users.admin.id],
      status: 'In progress',
      priority: 'Urgent',
    });
    expect(reopened.json().data).toMatchObject({
      status: 'In progress',
      completedAt: null,
      priority: 'Urgent',
      assignees: [{ id: firm.users.admin.id }],
    });
    expect((await call('DELETE', `/delete-task/${task.id}`)).json().message).toBe('Task deleted');
    expect((await call('GET', `/get-task/${task.id}`)).statusCode).toBe(404);
    const trail = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ action: string }>(tx.execute(sql`select action from audit_events where entity_id = ${task.id} order by id`)),
    );
    expect(trail.map((row) => row.action)).toEqual(['task.created', 'task.statusChanged', 'task.updated', 'task.deleted']);
  });

  it('keeps task lists and applies one to a matter: due dates from the start day, to the matter’s fee earners by default', async () => {
    const list = await call('POST', '/create-task-list', {
      name: 'New litigation matter',
      items: [
        { title: 'Open the file and run the conflict check', dueInDays: 0, priority: 'High' },
        { title: 'Serve the originating process', dueInDays: 14 },
        { title: 'Diary the limitation date', dueInDays: null },
      ],
    });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json().data.id;
    expect((await call('POST', '/create-task-list', { name: 'Empty', items: [] })).json().message).toBe(
      'Add at least one task to the list',
    );
    const changed = await call('PUT', `/update-task-list/${listId}`, {
      name: 'New litigation matter',
      items: [...list.json().data.items].reverse().map(({ title, dueInDays, priority }) => ({ title, dueInDays, priority })),
    });
    expect(changed.json().data.items.map((item: { title: string }) => item.title)[0]).toBe('Diary the limitation date');

    const applied = await call('POST', `/apply-task-list/${listId}`, { matterId: firm.matterIds[1], startDate: '2027-01-04' });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json().message).toBe('3 tasks added to the matter');
    const due = Object.fromEntries(
      applied.json().data.map((task: { title: string; dueDate: string | null }) => [task.title, task.dueDate]),
    );
    expect(due).toEqual({
      'Open the file and run the conflict check': '2027-01-04',
      'Serve the originating process': '2027-01-18',
      'Diary the limitation date': null,
    });
    const [feeEarners] = await context.database.withFirm(firm.firmId, (tx) =>
      rowsOf<{ ids: string[] }>(
        tx.execute(
          sql`select coalesce(array_agg(user_id::text order by user_id), '{}') as ids from matter_assignees where matter_id = ${firm.matterIds[1]}`,
        ),
      ),
    );
    for (const task of applied.json().data)
      expect(task.assignees.map((person: { id: string }) => person.id).sort()).toEqual(feeEarners!.ids);
    expect((await call('GET', '/get-task-lists')).json().data.map((item: { name: string }) => item.name)).toContain(
      'New litigation matter',
    );
    expect((await call('DELETE', `/delete-task-list/${listId}`)).statusCode).toBe(200);
    expect((await call('POST', `/apply-task-list/${listId}`, { matterId: firm.matterIds[1] })).statusCode).toBe(404);
  });

  it('reminds the assignees once before a task is due, and not one who turned task reminders off', async () => {
    const task = (
      await call('POST', '/create-task', {
        title: 'Pay the filing fee',
        matterId: firm.matterIds[0],
        assigneeIds: [firm.users.admin.id, firm.users.feeEarner.id],
        dueDate: plusDays(today, 1),
        dueTime: '23:00',
        reminderMinutesBefore: 2880,
      })
    ).json().data;
    await context.app.inject({
      method: 'PUT',
      url: '/api/me/notifications',
      headers: bearer(feeEarner),
      payload: { hearingReminders: true, portalMessages: true, budgetAlerts: true, taskReminders: false, expenseDecisions: true },
    });
    const { inbox, mailer } = recordingMailer();
    const run = async () => {
      const { outbox, deliver } = outboxTo({ database: context.database, appSecret: context.config.appSecret }, mailer);
      await sendDueTaskReminders({ database: context.database, outbox, appUrl: 'http://matterhorn.test' });
      await deliver();
    };
    await Promise.all([run(), run()]);
    const reminders = inbox.filter((email) => email.subject.endsWith('Pay the filing fee'));
    expect(reminders.map((email) => email.to)).toEqual([firm.users.admin.email]);
    expect(reminders[0]!.text).toContain('Matter:');
    expect(reminders[0]!.link).toBe('http://matterhorn.test/tasks');
    // A new due moment is reminded again.
    await call('PUT', `/update-task/${task.id}`, {
      title: 'Pay the filing fee',
      matterId: firm.matterIds[0],
      assigneeIds: [firm.users.admin.id],
      dueDate: plusDays(today, 1),
      dueTime: '22:00',
      reminderMinutesBefore: 2880,
    });
    await run();
    expect(inbox.filter((email) => email.subject.endsWith('Pay the filing fee'))).toHaveLength(2);
  });
});
