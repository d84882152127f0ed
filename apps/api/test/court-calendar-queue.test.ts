import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.ts';
import type { MailMessage } from '../src/lib/mailer.ts';
import { courtCalendarJobs, HEARING_REMINDERS_JOB } from '../src/modules/court-calendar/court-calendar.jobs.ts';
import { createJobQueue, type JobQueue } from '../src/platform/jobs/jobs.ts';
import { OUTBOX_DELIVERY_JOB, outboxJobs } from '../src/platform/outbox/outbox.jobs.ts';
import { outboxTo } from './support/outbox.ts';
import { insertCourt, insertCourtUpdate, plusDays, setFirmTimeZone } from './support/court-update-factory.ts';
import { createTestApp, readOutbox, rowsOf, seedTestFirm, type TestContext } from './support/test-app.ts';

/**
 * The pg-boss queue on a PostgreSQL server: jobs outlive the process that enqueued them, and two
 * app processes working the same queue queue each reminder once and deliver each email once. The jobs read the real clock, so
 * the firms are put in a time zone where it is now daytime (after the 07:00 sending hour).
 */
let context: TestContext;
const ZONES = ['Pacific/Kiritimati', 'Asia/Tokyo', 'Asia/Dubai', 'Europe/London', 'America/New_York', 'Pacific/Honolulu'];
const hourIn = (zone: string) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
const ZONE = ZONES.find((zone) => hourIn(zone) >= 7 && hourIn(zone) <= 21)!;
const todayInZone = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());

/** `delayMs`: each send takes this long, so a run lasts long enough for the other process's worker to join in. */
function recordingMailer(delayMs = 0) {
  const inbox: MailMessage[] = [];
  const send = async (email: MailMessage) => {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    inbox.push(email);
  };
  return { inbox, mailer: { send } };
}

/** A firm whose two fee earners have `count` hearings tomorrow: 2 × count reminders and 2 digests. */
async function firmWithHearingsTomorrow(count: number) {
  const firm = await seedTestFirm(context.database);
  await setFirmTimeZone(context.database, firm.firmId, ZONE);
  const courtId = await insertCourt(context.database, firm.firmId, { name: 'High Court' });
  for (let index = 0; index < count; index += 1)
    await insertCourtUpdate(context.database, firm.firmId, {
      matterId: firm.matterIds[index % 2]!,
      courtId,
      addedByUserId: firm.users.admin.id,
      nextAdjournedDate: plusDays(todayInZone(), 1),
      suitNumber: `Q/${index}/2030`,
    });
  return { firm, emails: [firm.users.admin.email, firm.users.feeEarner.email] };
}

/** The reminders job and the outbox's delivery job (to this mailer), as server.ts schedules them. */
const queueOf = (mailer: { send(email: MailMessage): Promise<void> }, options: { runsJobs?: boolean } = {}) => {
  const { outbox, delivery } = outboxTo({ database: context.database, appSecret: context.config.appSecret }, mailer);
  return createJobQueue({
    databaseUrl: context.databaseUrl,
    jobs: [...courtCalendarJobs({ database: context.database, outbox, appUrl: 'http://matterhorn.test' }), ...outboxJobs(delivery)],
    pollingIntervalSeconds: 0.5,
    ...options,
  });
};

/** Asks the queue to deliver until no email to these addresses waits in the outbox. */
async function deliverAll(queue: JobQueue, emails: string[]) {
  await queue.enqueue(OUTBOX_DELIVERY_JOB);
  await waitFor(async () => {
    const [waiting] = await rowsOf<{ n: number }>(
      context.database.db.execute(
        sql`select count(*)::int as n from outgoing_messages where status = 'pending' and recipient = any(${`{${emails.join(',')}}`}::text[])`,
      ),
    );
    if (waiting!.n > 0) await queue.enqueue(OUTBOX_DELIVERY_JOB);
    return waiting!.n === 0;
  }, 'the outbox to be delivered');
}

/** Jobs of the reminders queue not yet finished. */
const pendingJobs = async () =>
  (
    await rowsOf<{ n: number }>(
      context.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${HEARING_REMINDERS_JOB} and state in ('created', 'retry', 'active')`,
      ),
    )
  )[0]!.n;

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the pg-boss job queue (PostgreSQL server)', () => {
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context?.close());

  it('sends after a restart a job enqueued before the process stopped', async () => {
    const { emails } = await firmWithHearingsTomorrow(1);
    const before = recordingMailer();
    const stopping = queueOf(before.mailer, { runsJobs: false });
    await stopping.start();
    await stopping.enqueue(HEARING_REMINDERS_JOB);
    await stopping.stop();
    expect(before.inbox).toEqual([]);
    expect(await pendingJobs()).toBeGreaterThan(0);

    const after = recordingMailer();
    const restarted = queueOf(after.mailer);
    await restarted.start();
    try {
      await waitFor(async () => (await pendingJobs()) === 0, 'the enqueued job to run');
      await deliverAll(restarted, emails);
    } finally {
      await restarted.stop();
    }
    expect(after.inbox.filter((email) => emails.includes(email.to))).toHaveLength(4);
  }, 90_000);

  describe('across two app processes', () => {
    let child: ChildProcess;
    let childDataDir: string;
    let queue: JobQueue;

    const freePort = () =>
      new Promise<number>((resolve) => {
        const server = createServer();
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as { port: number };
          server.close(() => resolve(port));
        });
      });

    beforeAll(async () => {
      childDataDir = await mkdtemp(join(tmpdir(), 'matterhorn-jobs-process-'));
      const port = await freePort();
      child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/server.ts')], {
        env: {
          ...process.env,
          DATABASE_URL: context.databaseUrl!,
          APP_SECRET: context.config.appSecret,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: childDataDir,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'silent',
          JOBS_ENABLED: 'true',
          WEB_DIST_DIR: join(childDataDir, 'no-web'),
        },
        stdio: 'ignore',
      });
      await waitFor(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (response) => response.ok,
            () => false,
          ),
        'the second app process to start',
      );
      // Its queue has connected (pg-boss names its connections) before this process's starts.
      await waitFor(
        async () =>
          (
            await rowsOf<{ n: number }>(
              context.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where application_name = 'matterhorn-jobs'`),
            )
          )[0]!.n > 0,
        "the second process's job queue",
      );
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }, 90_000);
    afterAll(async () => {
      await queue?.stop();
      child?.kill('SIGTERM');
      await new Promise((resolve) => (child?.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      await rm(childDataDir, { recursive: true, force: true });
    }, 60_000);

    /**
     * One round: a new firm's 15 hearings tomorrow, 8 runs of the reminders job shared by the two
     * processes. Every round must send each reminder and digest exactly once; whether both processes
     * took part in it is up to pg-boss's polling, so it is answered, not asserted.
     */
    async function round() {
      const { emails } = await firmWithHearingsTomorrow(15);
      const sentHereBefore = here.inbox.length;
      for (let index = 0; index < 8; index += 1) await queue.enqueue(HEARING_REMINDERS_JOB);
      await waitFor(async () => (await pendingJobs()) === 0, 'every job to run');
      await deliverAll(queue, emails);
      const sentHere = here.inbox.slice(sentHereBefore).filter((email) => emails.includes(email.to));
      const sentThere = (await readOutbox({ dataDir: childDataDir } as AppConfig)).filter((email) => emails.includes(email.to));
      const all = [...sentHere, ...sentThere].map((email) => `${email.to} | ${email.subject}`);
      expect(all).toHaveLength(2 * 15 + 2);
      expect(new Set(all).size).toBe(all.length);
      return sentHere.length > 0 && sentThere.length > 0;
    }

    const here = recordingMailer(100);

    it('sends each reminder and digest exactly once, also when both processes work the same hearings', async () => {
      queue = queueOf(here.mailer);
      await queue.start();
      // A round proves the claims only if both processes sent some of it: one process taking every
      // job, which happens now and then (all five rounds, in one of three runs in one session), is retried
      // with a new firm, up to ten rounds.
      let overlapped = false;
      for (let attempt = 0; attempt < 10 && !overlapped; attempt += 1) overlapped = await round();
      expect(overlapped, 'no round had both processes sending').toBe(true);
      const [records] = await rowsOf<{ n: number }>(context.database.db.execute(sql`select count(*)::int as n from hearing_reminders`));
      expect(records!.n).toBeGreaterThanOrEqual(30);
    }, 240_000);
  });
});
