import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/lib/mailer.ts';
import { courtCalendarJobs, HEARING_REMINDERS_JOB } from '../src/modules/court-calendar/court-calendar.jobs.ts';
import { sendDueHearingReminders } from '../src/modules/court-calendar/hearing-reminders.ts';
import { createJobQueue } from '../src/platform/jobs/jobs.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { insertCourt, insertCourtUpdate, plusDays, setFirmTimeZone } from './support/court-update-factory.ts';
import { outboxTo, recordingMailer } from './support/outbox.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

let context: TestContext;
const TIME_ZONE = 'Africa/Lagos';
/** 09:00 in Lagos (UTC+1) on 10 March 2030: after the 07:00 sending hour. */
const MORNING = new Date('2030-03-10T08:00:00Z');
const TODAY = '2030-03-10';

async function firmWithHearings(dates: { matter: number; date: string; time?: string }[]) {
  const firm = await seedTestFirm(context.database);
  await setFirmTimeZone(context.database, firm.firmId, TIME_ZONE);
  const courtId = await insertCourt(context.database, firm.firmId, { name: 'High Court', division: 'Ikeja' });
  const ids: string[] = [];
  for (const [index, hearing] of dates.entries())
    ids.push(
      await insertCourtUpdate(context.database, firm.firmId, {
        matterId: firm.matterIds[hearing.matter]!,
        courtId,
        addedByUserId: firm.users.admin.id,
        nextAdjournedDate: hearing.date,
        nextAdjournedTime: hearing.time ?? null,
        suitNumber: `ID/${index + 1}/2030`,
        purpose: 'Hearing',
      }),
    );
  return { firm, ids };
}

/** A run of the reminders job, then of the outbox's delivery job (to this mailer). */
async function run(mailer: { send(email: MailMessage): Promise<void> }, now = MORNING) {
  const { outbox, deliver } = outboxTo({ database: context.database, appSecret: context.config.appSecret }, mailer);
  const queued = await sendDueHearingReminders({ database: context.database, outbox, appUrl: 'http://matterhorn.test' }, now);
  await deliver();
  return queued;
}

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

describe('hearing reminders and digests', () => {
  let firm: SeededFirm;

  beforeAll(async () => {
    ({ firm } = await firmWithHearings([
      { matter: 0, date: plusDays(TODAY, 1), time: '10:00' },
      { matter: 1, date: plusDays(TODAY, 7) },
      { matter: 0, date: plusDays(TODAY, 2) },
    ]));
  });

  it('sends nothing before 07:00 in the firm’s time zone', async () => {
    const { inbox, mailer } = recordingMailer();
    await run(mailer, new Date('2030-03-10T05:30:00Z'));
    expect(inbox.filter((email) => [firm.users.admin.email, firm.users.feeEarner.email].includes(email.to))).toEqual([]);
  });

  it('reminds each fee earner the day before and sends each a digest of tomorrow, once however often it runs', async () => {
    const { inbox, mailer } = recordingMailer();
    await run(mailer);
    await run(mailer);
    const mine = inbox.filter((email) => [firm.users.admin.email, firm.users.feeEarner.email].includes(email.to));
    const subjectsTo = (to: string) =>
      mine
        .filter((email) => email.to === to)
        .map((email) => email.subject)
        .sort();
    for (const to of [firm.users.admin.email, firm.users.feeEarner.email])
      expect(subjectsTo(to)).toEqual([
        expect.stringMatching(/^Hearing tomorrow: .+ \(ID\/1\/2030\)$/),
        "Tomorrow's hearings (11/03/2030): 1 hearing",
      ]);
    const reminder = mine.find((email) => email.subject.startsWith('Hearing tomorrow'))!;
    expect(reminder.subject).toContain('(ID/1/2030)');
    expect(reminder.text).toContain('When: 11/03/2030 at 10:00');
    expect(reminder.text).toContain('Court: High Court, Ikeja');
    expect(reminder.link).toBe('http://matterhorn.test/calendar');
    // The firm has no email of its own: replies, and asks to stop reminders, go to its owner.
    const digest = mine.find((email) => email.subject.startsWith("Tomorrow's hearings"))!;
    for (const email of [reminder, digest]) {
      expect(email.replyTo).toBe(firm.users.admin.email);
      expect(email.unsubscribe).toBe(`mailto:${firm.users.admin.email}?subject=Stop%20these%20reminders`);
    }
  });

  it('follows the firm’s settings: 7 days before, no digest; a deactivated fee earner gets nothing', async () => {
    const { firm: weekly } = await firmWithHearings([
      { matter: 1, date: plusDays(TODAY, 7), time: '09:00' },
      { matter: 0, date: plusDays(TODAY, 1) },
    ]);
    await context.database.withFirm(weekly.firmId, (tx) =>
      tx.execute(sql`insert into court_calendar_settings (firm_id, reminder_days_before, is_daily_digest_enabled)
        values (${weekly.firmId}, '{7}', false)`),
    );
    await context.database.db.execute(sql`update users set is_active = false where id = ${weekly.users.feeEarner.id}`);
    const { inbox, mailer } = recordingMailer();
    await run(mailer);
    const theirs = inbox.filter((email) => [weekly.users.admin.email, weekly.users.feeEarner.email].includes(email.to));
    expect(theirs.map((email) => [email.to, email.subject])).toEqual([
      [weekly.users.admin.email, expect.stringMatching(/^Hearing in 7 days: .+ \(ID\/1\/2030\)$/)],
    ]);
  });

  it('sends no reminder or digest to a fee earner who turned hearing reminders off in My account', async () => {
    const { firm: quiet } = await firmWithHearings([{ matter: 0, date: plusDays(TODAY, 1) }]);
    const token = await signIn(context.app, quiet.users.feeEarner.email);
    const choices = { hearingReminders: false, portalMessages: true, budgetAlerts: true, taskReminders: true, expenseDecisions: true };
    expect(
      (await context.app.inject({ method: 'PUT', url: '/api/me/notifications', headers: bearer(token), payload: choices })).statusCode,
    ).toBe(200);
    const { inbox, mailer } = recordingMailer();
    await run(mailer);
    const to = (email: string) => inbox.filter((message) => message.to === email).length;
    expect([to(quiet.users.feeEarner.email), to(quiet.users.admin.email)]).toEqual([0, 2]);
  });

  it('keeps a reminder whose sending failed in the outbox and sends it on the next delivery, and only that one', async () => {
    const { firm: flaky } = await firmWithHearings([{ matter: 0, date: plusDays(TODAY, 1) }]);
    const failing = recordingMailer({ to: flaky.users.feeEarner.email, times: 2 });
    await run(failing.mailer);
    // The reminder and the digest are recorded as queued (the mail server's refusal undoes nothing)…
    const [records] = await rowsOf<{ reminders: number; digests: number; waiting: number }>(
      context.database.db
        .execute(sql`select (select count(*)::int from hearing_reminders where user_id = ${flaky.users.feeEarner.id}) as reminders,
        (select count(*)::int from hearing_digests where user_id = ${flaky.users.feeEarner.id}) as digests,
        (select count(*)::int from outgoing_messages where recipient = ${flaky.users.feeEarner.email} and status = 'pending') as waiting`),
    );
    expect(records).toEqual({ reminders: 1, digests: 1, waiting: 2 });
    const to = (email: string) => [...failing.inbox].filter((message) => message.to === email).length;
    expect(to(flaky.users.feeEarner.email)).toBe(0);
    // …and the next run sends them, without queuing either again.
    await run(failing.mailer);
    expect(to(flaky.users.feeEarner.email)).toBe(2);
    expect(to(flaky.users.admin.email)).toBe(2);
  });

  it('sends each e-mail once when runs overlap', async () => {
    const { firm: busy } = await firmWithHearings([
      { matter: 0, date: plusDays(TODAY, 1), time: '08:00' },
      { matter: 1, date: plusDays(TODAY, 1), time: '11:00' },
    ]);
    const { inbox, mailer } = recordingMailer();
    await Promise.all(Array.from({ length: 5 }, () => run(mailer)));
    const theirs = inbox.filter((email) => [busy.users.admin.email, busy.users.feeEarner.email].includes(email.to));
    // 2 hearings × 2 fee earners, plus a digest each (of 2 hearings).
    expect(theirs).toHaveLength(6);
    expect(new Set(theirs.map((email) => `${email.to}|${email.subject}`)).size).toBe(6);
    expect(theirs.filter((email) => email.subject.includes('2 hearings'))).toHaveLength(2);
  });
});

describe('the in-process queue (embedded database)', () => {
  it('runs the reminders job when started and when asked, and stops cleanly', async () => {
    // A zone where it is now between 07:00 and 21:00, so the job's own clock sends.
    const zones = ['Pacific/Kiritimati', 'Asia/Tokyo', 'Asia/Dubai', 'Europe/London', 'America/New_York', 'Pacific/Honolulu'];
    const hourIn = (zone: string) =>
      Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const zone = zones.find((candidate) => hourIn(candidate) >= 7 && hourIn(candidate) <= 21)!;
    const firm = await seedTestFirm(context.database);
    await setFirmTimeZone(context.database, firm.firmId, zone);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const courtId = await insertCourt(context.database, firm.firmId, { name: 'Court of Appeal' });
    await insertCourtUpdate(context.database, firm.firmId, {
      matterId: firm.matterIds[0]!,
      courtId,
      addedByUserId: firm.users.admin.id,
      nextAdjournedDate: plusDays(today, 1),
    });
    const { inbox, mailer } = recordingMailer();
    const { outbox, deliver } = outboxTo({ database: context.database, appSecret: context.config.appSecret }, mailer);
    const queue = createJobQueue({ jobs: courtCalendarJobs({ database: context.database, outbox, appUrl: 'http://matterhorn.test' }) });
    await queue.start();
    await queue.enqueue(HEARING_REMINDERS_JOB);
    await queue.stop();
    await deliver();
    const theirs = inbox.filter((email) => [firm.users.admin.email, firm.users.feeEarner.email].includes(email.to));
    expect(theirs).toHaveLength(4);
  });
});
