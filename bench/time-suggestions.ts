import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createTimeSuggestionService } from '../apps/api/src/modules/time-suggestions/time-suggestions.service.ts';
import { seedFirm } from '../apps/api/src/seed/demo-seed.ts';
import type { FirmPrincipal } from '../apps/api/src/plugins/route-access.ts';
import { throwawayDatabase } from './postgres-server.ts';

/**
 * Issue 44's Suggested time targets on PostgreSQL: a member's day holding 500 work records is
 * suggested in ≤ 200 ms p99, and recording one more adds ≤ 1 ms p99 to the request that records it
 * (a progress note saved with the firm's Suggested time off, then on).
 * `npm run time-suggestions -w bench` (DATABASE_URL: a PostgreSQL server; a throwaway database is made on it).
 */
const RECORDS_A_DAY = 500;
const RUNS = 200;
const PASSWORD = 'bench-password-123';
const adminUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

const { url, database, drop } = await throwawayDatabase(adminUrl, 'bench_suggestions');
try {
  await database.migrate();
  const firm = await seedFirm(database, {
    slug: `bench-${Date.now()}`,
    firmName: 'Suggestions Bench',
    emailDomain: 'bench.example',
    password: PASSWORD,
  });
  const userId = firm.users.feeEarner.id;
  // 90 days of 500 records a day for the member (what retention keeps), spread over the firm's matters.
  await database.db.execute(sql`
    insert into work_activities (firm_id, user_id, matter_id, work_date, kind, subject, seconds)
    select ${firm.firmId}, ${userId}, m.ids[1 + n % array_length(m.ids, 1)], current_date - (n / ${RECORDS_A_DAY}),
      (array['documentRead','progressNoteWritten','callLogged','documentUploaded'])[1 + n % 4], 'Record ' || (n % 37), 60 + n % 600
    from (select array_agg(id) as ids from matters where firm_id = ${firm.firmId}) m
    cross join generate_series(0, ${RECORDS_A_DAY * 90 - 1}) n`);
  await database.db.execute(sql`analyze work_activities`);
  const principal: FirmPrincipal = {
    kind: 'firm',
    sessionId: 'bench',
    firmId: firm.firmId,
    userId,
    adminUserId: firm.users.admin.id,
    permissions: ['administrator'],
    isVerified: true,
  } as FirmPrincipal;
  const service = createTimeSuggestionService(database, async () => {
    throw new Error('not in this bench');
  });
  const today = new Date().toISOString().slice(0, 10);

  const listing: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const day = await service.list(principal, today, today);
    listing.push(performance.now() - started);
    if (run === 0) console.log(`a day of ${RECORDS_A_DAY} records: ${day.length} suggestions`);
  }
  // Recording, as a request pays for it: a progress note saved with Suggested time on, then off.
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-suggestions-')),
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    }),
    { database },
  );
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: firm.users.feeEarner.email, password: PASSWORD },
  });
  const token = login.json().data.token as string;
  const saveNote = async (run: number) => {
    const started = performance.now();
    const saved = await app.inject({
      method: 'POST',
      url: '/api/admin/progress-update/create-progress-note',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        matterId: firm.matterIds[0],
        noteDate: today,
        title: `Note ${run}`,
        body: '<p>Attended the client.</p>',
        writingSeconds: 300,
      },
    });
    if (saved.statusCode !== 201) throw new Error(saved.body);
    return performance.now() - started;
  };
  const setFirmSwitch = (isOn: boolean) => database.db.execute(sql`update firms set suggests_time = ${isOn} where id = ${firm.firmId}`);
  for (let run = 0; run < 50; run += 1) await saveNote(run); // warm up
  // Off and on in turns, so the machine's changing load falls on both alike.
  const without: number[] = [];
  const recording: number[] = [];
  for (let run = 0; run < RUNS * 2; run += 1) {
    const isOn = run % 2 === 1;
    await setFirmSwitch(isOn);
    (isOn ? recording : without).push(await saveNote(run));
  }
  await app.close();
  const added = (p: number) => percentile(recording, p) - percentile(without, p);
  console.log(
    `save a note: p50 ${percentile(without, 0.5).toFixed(2)} → ${percentile(recording, 0.5).toFixed(2)} ms, p99 ${percentile(without, 0.99).toFixed(2)} → ${percentile(recording, 0.99).toFixed(2)} ms with the work recorded: +${added(0.99).toFixed(2)} ms at p99 (target 1)`,
  );
  console.log(`suggest a day: p50 ${percentile(listing, 0.5).toFixed(1)} ms, p99 ${percentile(listing, 0.99).toFixed(1)} ms (target 200)`);
} finally {
  // The app closed the database with it.
  await drop();
}
