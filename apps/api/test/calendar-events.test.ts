import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueEventReminders } from '../src/modules/calendar/calendar.service.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { outboxTo, recordingMailer } from './support/outbox.ts';
import { bearer, createTestApp, readOutbox, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

/** The firm calendar's events (issue 40): recurrence on the firm's clock, invitations with .ics, tasks beside them, moves, reminders. */
let context: TestContext;
let firm: SeededFirm;
let other: SeededFirm;
let admin: string;
let feeEarner: string;
const BASE = '/api/admin/calendar';

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  context.app.inject({ method, url: `${BASE}${url}`, headers: bearer(token), payload });

/** The .ics attached to the newest email to `to` whose subject starts so, read by ical.js. */
async function invitationTo(to: string, subject: string) {
  await readOutbox(context.config);
  const folder = join(context.config.dataDir, 'outbox');
  const names = (await readdir(folder)).filter((name) => name.endsWith('.eml')).sort();
  for (const name of names.reverse()) {
    const mail = await simpleParser(await readFile(join(folder, name)));
    if (mail.to && 'text' in mail.to && mail.to.text === to && mail.subject?.startsWith(subject)) {
      const ics = mail.attachments.find((attachment) => attachment.filename === 'invite.ics')!;
      return { mail, ics: new ICAL.Component(ICAL.parse(ics.content.toString('utf8'))) };
    }
  }
  throw new Error(`No "${subject}" email to ${to}`);
}

beforeAll(async () => {
  context = await createTestApp();
  [firm, other] = [await seedTestFirm(context.database), await seedTestFirm(context.database)];
  await context.database.db.execute(sql`update firms set time_zone = 'Europe/London' where id = ${firm.firmId}`);
  [admin, feeEarner] = [await signIn(context.app, firm.users.admin.email), await signIn(context.app, firm.users.feeEarner.email)];
});
afterAll(() => context.close());

describe('calendar events', () => {
  let weeklyId: string;

  it('creates a weekly meeting on the firm’s clock and emails the attendee an invitation with the .ics', async () => {
    const made = await call('POST', '/create-event', {
      title: 'Case review',
      kind: 'Meeting',
      matterId: firm.matterIds[0],
      attendeeIds: [firm.users.admin.id, firm.users.feeEarner.id],
      location: 'Boardroom',
      videoLink: 'https://meet.example.com/case-review',
      start: '2026-03-16T09:00',
      end: '2026-03-16T10:00',
      recurrence: 'FREQ=WEEKLY;COUNT=4',
      reminderMinutesBefore: 60,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().message).toBe('Event created');
    weeklyId = made.json().data.id;
    expect(made.json().data).toMatchObject({
      title: 'Case review',
      start: '2026-03-16T09:00',
      end: '2026-03-16T10:00',
      recurrence: 'FREQ=WEEKLY;COUNT=4',
    });

    // The creator is not invited by email; the fee earner is, with a calendar file that repeats on London's clock.
    const { mail, ics } = await invitationTo(firm.users.feeEarner.email, 'Invitation: Case review');
    expect(mail.text).toContain('Where: Boardroom');
    expect(ics.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = ics.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/London');
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe('2026-03-16T09:00:00');
    expect(String(vevent.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;COUNT=4');
    expect(vevent.getAllProperties('attendee').map((attendee) => String(attendee.getFirstValue()))).toContain(
      `mailto:${firm.users.feeEarner.email}`,
    );
  });

  it('answers a range with the occurrences (09:00 local, their instants across the clock change) and the tasks due', async () => {
    await context.app.inject({
      method: 'POST',
      url: '/api/admin/tasks/create-task',
      headers: bearer(admin),
      payload: { title: 'File the defence', assigneeIds: [firm.users.feeEarner.id], dueDate: '2026-03-31', dueTime: '16:00' },
    });
    const range = await call('GET', '/get-events?From=2026-03-20&To=2026-04-10', undefined, feeEarner);
    expect(range.statusCode, range.body).toBe(200);
    const { timeZone, events, tasks } = range.json().data;
    expect(timeZone).toBe('Europe/London');
    expect(events.map((event: { start: string; startsAt: string }) => [event.start, event.startsAt])).toEqual([
      ['2026-03-23T09:00', '2026-03-23T09:00:00.000Z'],
      ['2026-03-30T09:00', '2026-03-30T08:00:00.000Z'],
      ['2026-04-06T09:00', '2026-04-06T08:00:00.000Z'],
    ]);
    expect(tasks.map((task: { title: string; dueTime: string }) => [task.title, task.dueTime])).toEqual([['File the defence', '16:00']]);
    // Mine: the billing clerk attends nothing.
    const billing = await signIn(context.app, firm.users.billing.email);
    expect((await call('GET', '/get-events?From=2026-03-20&To=2026-04-10&Scope=mine', undefined, billing)).json().data.events).toEqual([]);
    expect((await call('GET', '/get-events?From=2026-01-01&To=2026-12-31')).statusCode).toBe(400);
  });

  it('puts the member’s events (repeating on the firm’s clock) and open tasks in their calendar feed', async () => {
    // Ten days from the firm's today: inside the feed whenever the test runs.
    const [{ day }] = (await rowsOf<{ day: string }>(
      context.database.db.execute(sql`select to_char((now() at time zone 'Europe/London')::date + 10, 'YYYY-MM-DD') as day`),
    )) as [{ day: string }];
    await call('POST', '/create-event', {
      title: 'Partners’ meeting',
      attendeeIds: [firm.users.feeEarner.id],
      start: `${day}T09:00`,
      end: `${day}T10:00`,
      recurrence: 'FREQ=WEEKLY',
    });
    await context.app.inject({
      method: 'POST',
      url: '/api/admin/tasks/create-task',
      headers: bearer(admin),
      payload: { title: 'Serve the notice', assigneeIds: [firm.users.feeEarner.id], dueDate: day, dueTime: '16:00' },
    });
    await context.app.inject({
      method: 'POST',
      url: '/api/admin/tasks/create-task',
      headers: bearer(admin),
      payload: { title: 'File before midnight', assigneeIds: [firm.users.feeEarner.id], dueDate: day, dueTime: '23:45' },
    });
    const feed = await context.app.inject({
      method: 'POST',
      url: '/api/admin/progress-update/calendar-feed',
      headers: bearer(feeEarner),
      payload: { scope: 'mine' },
    });
    expect(feed.statusCode, feed.body).toBe(201);
    const text = (await context.app.inject({ method: 'GET', url: new URL(feed.json().data.url).pathname })).body;
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    const review = events.find((event) => event.getFirstPropertyValue('summary') === 'Partners’ meeting')!;
    expect(String(review.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY');
    expect(review.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/London');
    const task = events.find((event) => event.getFirstPropertyValue('summary') === 'Task: Serve the notice')!;
    expect(String(task.getFirstPropertyValue('dtstart'))).toBe(`${day}T16:00:00`);
    // A task due late in the evening stays on its own day in the member's calendar app.
    const late = events.find((event) => event.getFirstPropertyValue('summary') === 'Task: File before midnight')!;
    expect(String(late.getFirstPropertyValue('dtstart'))).toBe(`${day}T23:45:00`);
    const lateEnd = late.getFirstPropertyValue('dtend') as ICAL.Time;
    expect(lateEnd.subtractDate(late.getFirstPropertyValue('dtstart') as ICAL.Time).toSeconds()).toBe(15 * 60);
  });

  it('refuses an end before its start, a rule finer than a day, and another firm’s matter or event', async () => {
    const base = { title: 'Bad', start: '2026-05-01T10:00', end: '2026-05-01T09:00' };
    expect((await call('POST', '/create-event', base)).json().errors).toEqual({ end: 'The end must be after the start' });
    const minutely = await call('POST', '/create-event', { ...base, end: '2026-05-01T11:00', recurrence: 'FREQ=MINUTELY' });
    expect([minutely.statusCode, Object.keys(minutely.json().errors)]).toEqual([400, ['recurrence']]);
    expect((await call('POST', '/create-event', { ...base, end: '2026-05-01T11:00', matterId: other.matterIds[0] })).statusCode).toBe(404);
    const otherAdmin = await signIn(context.app, other.users.admin.email);
    expect((await call('GET', `/get-event/${weeklyId}`, undefined, otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', `/move-event/${weeklyId}`, { deltaMinutes: 60 }, otherAdmin)).statusCode).toBe(404);
  });

  it('moves the whole series by a drag’s minutes and tells the attendees; deleting it sends the cancellation', async () => {
    const moved = await call('POST', `/move-event/${weeklyId}`, { deltaMinutes: 90, durationMinutes: 30 });
    expect(moved.json().data).toMatchObject({ start: '2026-03-16T10:30', end: '2026-03-16T11:00' });
    const { ics: changed } = await invitationTo(firm.users.feeEarner.email, 'Changed: Case review');
    expect(String(changed.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstart'))).toBe('2026-03-16T10:30:00');
    expect((await call('DELETE', `/delete-event/${weeklyId}`)).json().message).toBe('Event deleted');
    const { ics: cancelled } = await invitationTo(firm.users.feeEarner.email, 'Cancelled: Case review');
    expect(cancelled.getFirstPropertyValue('method')).toBe('CANCEL');
    expect((await call('GET', `/get-event/${weeklyId}`)).statusCode).toBe(404);
  });

  it('reminds the attendees once before each occurrence', async () => {
    // Twelve hours from now on London's clock, a reminder a day before: due now.
    const [{ start, end }] = (await rowsOf<{ start: string; end: string }>(
      context.database.db
        .execute(sql`select to_char(now() at time zone 'Europe/London' + interval '12 hours', 'YYYY-MM-DD"T"HH24:MI') as start,
        to_char(now() at time zone 'Europe/London' + interval '12 hours 30 minutes', 'YYYY-MM-DD"T"HH24:MI') as end`),
    )) as [{ start: string; end: string }];
    const made = await call('POST', '/create-event', {
      title: 'Client call',
      attendeeIds: [firm.users.feeEarner.id],
      start,
      end,
      recurrence: 'FREQ=DAILY;COUNT=3',
      reminderMinutesBefore: 1440,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { inbox, mailer } = recordingMailer();
    const run = async () => {
      const { outbox, deliver } = outboxTo({ database: context.database, appSecret: context.config.appSecret }, mailer);
      await sendDueEventReminders({ database: context.database, outbox, appUrl: 'http://matterhorn.test' });
      await deliver();
    };
    await Promise.all([run(), run()]);
    await run();
    const reminders = inbox.filter((email) => email.subject.startsWith('Reminder: Client call'));
    expect(reminders.map((email) => email.to)).toEqual([firm.users.feeEarner.email]);
  });
});
