import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TIMERS_PER_USER, parseTimerTotal, SPEC_MESSAGES, TIMER_MESSAGES, type Timer, type TimerTotal } from '@matterhorn/shared';
import { seedDemoTimers } from '../src/seed/demo-timers.ts';
import { rowsOf } from './support/test-app.ts';
import { setUpTimeEntryFixture, type TimeEntryFixture } from './support/time-entry-fixtures.ts';

let fixture: TimeEntryFixture;
beforeAll(async () => {
  fixture = await setUpTimeEntryFixture();
});
afterAll(() => fixture.context.close());

const base = '/api/admin/time-entry-log';
const matter = (index: number) => fixture.references.matters[index]!.id;

const list = async (token = fixture.tokens.feeEarner): Promise<Timer[]> => {
  const response = await fixture.call('GET', `${base}/get-timers`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const add = (body: object, token = fixture.tokens.feeEarner, headers: Record<string, string> = {}) =>
  fixture.call('POST', `${base}/add-timer`, token, body, headers);
const switchTo = (id: string, token = fixture.tokens.feeEarner) => fixture.call('POST', `${base}/switch-timer/${id}`, token);
const remove = (id: string, token = fixture.tokens.feeEarner) => fixture.call('DELETE', `${base}/delete-timer/${id}`, token);
const spec = async (name: 'get-total-hours' | 'start-entry' | 'pause-entry', token = fixture.tokens.feeEarner): Promise<TimerTotal> => {
  const response = await fixture.call('POST', `${base}/${name}`, token, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const added = async (matterId: string, description = '') => {
  const response = await add({ matterId, description });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Timer[];
};
const current = (timers: Timer[]) => timers.find((timer) => timer.isCurrent);

const inFirm = <T>(query: ReturnType<typeof sql>) =>
  fixture.context.database.withFirm(fixture.firm.firmId, (tx) => rowsOf<T>(tx.execute(query)));
const openLogsOf = async (userId: string) =>
  (await inFirm<{ n: number }>(sql`select count(*)::int as n from time_entry_logs where user_id = ${userId} and paused_at is null`))[0]!.n;
const timerCountOf = async (userId: string) =>
  (await inFirm<{ n: number }>(sql`select count(*)::int as n from timers where user_id = ${userId}`))[0]!.n;
/** Test time travel: the running timer has run `seconds` longer. */
const rewindRunning = (userId: string, seconds: number) =>
  inFirm(
    sql`update time_entry_logs set started_at = started_at - make_interval(secs => ${seconds}) where user_id = ${userId} and paused_at is null`,
  );

beforeEach(async () => {
  const { users } = fixture.firm;
  await inFirm(sql`delete from timers where user_id in (${users.feeEarner.id}, ${users.admin.id}, ${users.billing.id})`);
});

describe('several timers', () => {
  it('adds a timer for a matter: it becomes current and runs, the one that ran pauses with its time, and SPEC’s total follows it', async () => {
    await spec('start-entry');
    await rewindRunning(fixture.firm.users.feeEarner.id, 60);
    const timers = await added(matter(0), 'Draft the witness statement');
    expect(timers).toHaveLength(2);
    const [plain, drafting] = timers;
    expect(plain).toMatchObject({ matterId: null, matterName: null, isCurrent: false, isStarted: false });
    expect(plain!.seconds).toBeGreaterThanOrEqual(60);
    expect(drafting).toMatchObject({
      matterId: matter(0),
      matterName: fixture.references.matters[0]!.matterName,
      clientId: fixture.references.matters[0]!.clientId,
      description: 'Draft the witness statement',
      isCurrent: true,
      isStarted: true,
    });
    const total = await spec('get-total-hours');
    expect(total).toMatchObject({ isStarted: true, subject: { matterId: matter(0), description: 'Draft the witness statement' } });
    expect(parseTimerTotal(total.totalTime)).toBeLessThan(60);
    expect(await openLogsOf(fixture.firm.users.feeEarner.id)).toBe(1);
  });

  it('switching makes the chosen timer current and running and pauses the other; switching to the running one changes nothing', async () => {
    const [first] = await added(matter(0), 'Research');
    await rewindRunning(fixture.firm.users.feeEarner.id, 120);
    const second = current(await added(matter(1), 'Call the client'))!;
    const switched = await switchTo(first!.id);
    expect(switched.statusCode, switched.body).toBe(200);
    const timers: Timer[] = switched.json().data;
    expect(timers.map((timer) => [timer.id, timer.isCurrent, timer.isStarted])).toEqual([
      [first!.id, true, true],
      [second.id, false, false],
    ]);
    expect(timers[0]!.seconds).toBeGreaterThanOrEqual(120);
    const logs = (
      await inFirm<{ n: number }>(sql`select count(*)::int as n from time_entry_logs where user_id = ${fixture.firm.users.feeEarner.id}`)
    )[0]!.n;
    expect((await switchTo(first!.id)).statusCode).toBe(200);
    expect(
      (
        await inFirm<{ n: number }>(sql`select count(*)::int as n from time_entry_logs where user_id = ${fixture.firm.users.feeEarner.id}`)
      )[0]!.n,
    ).toBe(logs);
    // SPEC's pause and continue act on the current timer only.
    expect((await spec('pause-entry')).subject?.description).toBe('Research');
    expect((await list()).every((timer) => !timer.isStarted)).toBe(true);
    expect((await spec('start-entry')).subject?.description).toBe('Research');
    expect((await list()).map((timer) => timer.isStarted)).toEqual([true, false]);
  });

  it('delete-time-entry-logs and a save from the timer discard the current timer only; the others stay, and Start Timer begins a plain one', async () => {
    const [kept] = await added(matter(0), 'Kept');
    await added(matter(1), 'Discarded');
    expect((await fixture.call('POST', `${base}/delete-time-entry-logs`, fixture.tokens.feeEarner)).statusCode).toBe(200);
    expect(await spec('get-total-hours')).toEqual({ totalTime: '00:00:00', totalTimeInDouble: 0, isStarted: false });
    expect((await list()).map((timer) => [timer.id, timer.isCurrent, timer.isStarted])).toEqual([[kept!.id, false, false]]);

    expect((await spec('start-entry')).isStarted).toBe(true);
    const withPlain = await list();
    expect(withPlain).toHaveLength(2);
    expect(current(withPlain)).toMatchObject({ matterId: null, isStarted: true });

    const saved = await fixture.call('POST', '/api/admin/time-entry', fixture.tokens.feeEarner, {
      clientId: fixture.references.openMatter.clientId,
      matterId: fixture.references.openMatter.id,
      activityId: fixture.references.activityIds[0],
      isBillable: 4,
      timeEntryUserId: fixture.firm.users.feeEarner.id,
      description: 'From the plain timer',
      timeEntryDate: '2025-03-14',
      duration: '0.1',
      userRate: '100.00',
      exchangeRate: '1',
      ManualTimeEntry: false,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await list()).map((timer) => [timer.id, timer.isCurrent])).toEqual([[kept!.id, false]]);
  });

  it(`refuses an ${MAX_TIMERS_PER_USER + 1}th timer with 409 and writes nothing; "bill this" is refused alike but still switches to a kept timer`, async () => {
    for (let index = 0; index < MAX_TIMERS_PER_USER; index++) await added(matter(index % 2), `Step ${index + 1}`);
    const before = await list();
    const refused = await add({ matterId: matter(0), description: 'One too many' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, TIMER_MESSAGES.atCap]);
    const billThis = await fixture.call('POST', `${base}/start-entry`, fixture.tokens.feeEarner, {
      matterId: matter(0),
      description: 'New',
    });
    expect([billThis.statusCode, billThis.json().message]).toEqual([409, TIMER_MESSAGES.atCap]);
    expect(await list()).toHaveLength(MAX_TIMERS_PER_USER);
    expect(current(await list())!.id).toBe(current(before)!.id);

    const kept = await fixture.call('POST', `${base}/start-entry`, fixture.tokens.feeEarner, {
      matterId: matter(0),
      description: 'Step 1',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(current(await list())!.id).toBe(before[0]!.id);
    // Discarding one makes room again.
    expect((await remove(before[3]!.id)).statusCode).toBe(200);
    expect((await add({ matterId: matter(0) })).statusCode).toBe(201);
  });

  it('discards a timer and its time: the current one leaves the header idle, another leaves the running one running', async () => {
    const [first] = await added(matter(0), 'First');
    const second = current(await added(matter(1), 'Second'))!;
    const afterOther = await remove(first!.id);
    expect(afterOther.statusCode, afterOther.body).toBe(200);
    expect(afterOther.json().data).toEqual([expect.objectContaining({ id: second.id, isCurrent: true, isStarted: true })]);
    const afterCurrent = await remove(second.id);
    expect(afterCurrent.json()).toMatchObject({ success: true, message: 'Timer discarded', data: [] });
    expect(await spec('get-total-hours')).toEqual({ totalTime: '00:00:00', totalTimeInDouble: 0, isStarted: false });
    expect(
      (
        await inFirm<{ n: number }>(sql`select count(*)::int as n from time_entry_logs where user_id = ${fixture.firm.users.feeEarner.id}`)
      )[0]!.n,
    ).toBe(0);
  });

  it('an Idempotency-Key makes a double-submitted New timer start one timer', async () => {
    const headers = { 'idempotency-key': `add-timer-${Date.now()}` };
    const first = await add({ matterId: matter(0), description: 'Once' }, fixture.tokens.feeEarner, headers);
    const second = await add({ matterId: matter(0), description: 'Once' }, fixture.tokens.feeEarner, headers);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replay']).toBe('true');
    expect(await list()).toHaveLength(1);
  });
});

describe('the demo', () => {
  it('gives the fee earner two paused timers on different matters: the header holds 25 minutes, the menu one more', async () => {
    await seedDemoTimers(fixture.context.database, fixture.firm);
    const timers = await list();
    expect(timers).toHaveLength(2);
    expect(new Set(timers.map((timer) => timer.matterId)).size).toBe(2);
    expect(timers.every((timer) => !timer.isStarted && timer.matterName !== null)).toBe(true);
    expect(await spec('get-total-hours')).toMatchObject({
      totalTime: '00:25:00',
      isStarted: false,
      subject: { matterId: fixture.firm.matterIds[0] },
    });
  });
});

describe('a matter sent to the recycle bin', () => {
  it('leaves its timer without a matter, and purging the matter discards the timer with its time', async () => {
    const [made] = await inFirm<{ id: string }>(
      sql`insert into matters (firm_id, client_id, matter_name, billing_type)
          values (${fixture.firm.firmId}, ${fixture.references.matters[0]!.clientId}, 'Timed then binned', 'Hourly') returning id`,
    );
    const [timed] = await added(made!.id, 'Drafting');
    expect((await fixture.call('DELETE', `/api/admin/matter-master/delete-matter/${made!.id}`, fixture.tokens.admin)).statusCode).toBe(200);
    expect((await list()).find((timer) => timer.id === timed!.id)).toMatchObject({ matterId: null, matterName: null, isCurrent: true });
    expect((await spec('get-total-hours')).subject).toBeUndefined();
    const purged = await fixture.call('DELETE', `/api/admin/recycle-bin/purge/${made!.id}`, fixture.tokens.admin, {
      confirmName: 'Timed then binned',
    });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(await list()).toEqual([]);
    expect(await openLogsOf(fixture.firm.users.feeEarner.id)).toBe(0);
  });
});

describe('refusals', () => {
  it('refuses a matter that is missing, another firm’s or in the recycle bin, and starts nothing', async () => {
    const missing = await add({ description: 'No matter' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, TIMER_MESSAGES.matterRequired]);
    const theirs = await add({ matterId: fixture.otherReferences.matters[0]!.id });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, 'Matter not found']);
    const binned = fixture.references.matters.at(-1)!.id;
    await inFirm(sql`update matters set deleted_at = now() where id = ${binned}`);
    try {
      expect((await add({ matterId: binned })).statusCode).toBe(404);
    } finally {
      await inFirm(sql`update matters set deleted_at = null where id = ${binned}`);
    }
    expect((await add({ matterId: matter(0), extra: true })).statusCode).toBe(400);
    expect(await timerCountOf(fixture.firm.users.feeEarner.id)).toBe(0);
  });

  it("answers 404 for a colleague's or another firm's timer, and changes nothing", async () => {
    const [mine] = await added(matter(0), 'Mine');
    for (const token of [fixture.tokens.admin, fixture.tokens.otherAdmin]) {
      expect((await switchTo(mine!.id, token)).statusCode).toBe(404);
      expect((await remove(mine!.id, token)).statusCode).toBe(404);
    }
    expect(await list(fixture.tokens.admin)).toEqual([]);
    expect(await list()).toEqual([expect.objectContaining({ id: mine!.id, isCurrent: true, isStarted: true })]);
    expect((await switchTo('not-a-timer')).statusCode).toBe(400);
  });

  it("lists with timeEntry alone (the Billing role), and needs timeEntry.create to change: SPEC's message, nothing written", async () => {
    const [mine] = await added(matter(0), 'Mine');
    expect(await list(fixture.tokens.billing)).toEqual([]);
    for (const response of [
      await add({ matterId: matter(0) }, fixture.tokens.billing),
      await switchTo(mine!.id, fixture.tokens.billing),
      await remove(mine!.id, fixture.tokens.billing),
    ]) {
      expect([response.statusCode, response.json().message]).toEqual([403, SPEC_MESSAGES.noPermission]);
    }
    expect(await timerCountOf(fixture.firm.users.billing.id)).toBe(0);
    expect((await fixture.context.app.inject({ method: 'GET', url: `${base}/get-timers` })).statusCode).toBe(401);
  });
});

/**
 * Tabs and double clicks at once. On PGlite the calls queue on its one connection; on the
 * PostgreSQL server (TEST_DATABASE_URL) they truly race, and the member's advisory lock decides.
 */
describe(`concurrent calls (${process.env.TEST_DATABASE_URL ? 'PostgreSQL server: real races' : 'PGlite: serialised'})`, () => {
  it(`${MAX_TIMERS_PER_USER + 3} simultaneous adds leave exactly ${MAX_TIMERS_PER_USER} timers, one current and one running`, async () => {
    const responses = await Promise.all(
      Array.from({ length: MAX_TIMERS_PER_USER + 3 }, (_, index) => add({ matterId: matter(index % 2), description: `Race ${index}` })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(MAX_TIMERS_PER_USER).fill(201), 409, 409, 409]);
    const timers = await list();
    expect(timers).toHaveLength(MAX_TIMERS_PER_USER);
    expect(timers.filter((timer) => timer.isCurrent)).toHaveLength(1);
    expect(await openLogsOf(fixture.firm.users.feeEarner.id)).toBe(1);
  });

  it('switches, starts and pauses racing each other leave one current timer and at most one running', async () => {
    const ids = [(await added(matter(0), 'A'))[0]!.id, current(await added(matter(1), 'B'))!.id, current(await added(matter(0), 'C'))!.id];
    const calls = Array.from({ length: 18 }, (_, index) =>
      index % 3 === 2
        ? fixture.call('POST', `${base}/${index % 2 ? 'pause-entry' : 'start-entry'}`, fixture.tokens.feeEarner)
        : switchTo(ids[index % 3]!),
    );
    expect((await Promise.all(calls)).map((response) => response.statusCode)).toEqual(Array(18).fill(200));
    const timers = await list();
    expect(timers.filter((timer) => timer.isCurrent)).toHaveLength(1);
    expect(timers.filter((timer) => timer.isStarted).length).toBeLessThanOrEqual(1);
    expect(await openLogsOf(fixture.firm.users.feeEarner.id)).toBeLessThanOrEqual(1);
    // The one running is the current one.
    for (const timer of timers) if (timer.isStarted) expect(timer.isCurrent).toBe(true);
  });
});
