import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { createQuickLineService } from '../apps/api/src/modules/time-entries/quick-line.service.ts';
import { seedFirm } from '../apps/api/src/seed/demo-seed.ts';
import { seedPrincipalOf } from '../apps/api/src/seed/seeded-firm.ts';
import { databaseUrlFor, isReachable, runOnServer } from './postgres-server.ts';

/**
 * Quick add's matching (issue 44): a firm with 5,000 matters answers a line in a few ms on
 * PostgreSQL, beside other firms holding as many (migration 0097's trigram index is led by the firm).
 * Timed as the route runs it: one read-only transaction of withFirm, three or four index probes and
 * one scoring query.
 * Names are "A v B", "A Holdings – lease" and the like from common Nigerian and English surnames, so
 * a first word is shared by many matters, as in a real firm.
 * `npm run quick-add-match -w bench` (DATABASE_URL: a PostgreSQL server; a throwaway database is made on it).
 */
const MATTERS_PER_FIRM = Number(process.env['BENCH_QUICK_ADD_MATTERS'] ?? 5_000);
const FIRMS = Number(process.env['BENCH_QUICK_ADD_FIRMS'] ?? 5);
const TARGET_P50_MS = 10;
const ROUNDS = 400;
const adminUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const SURNAMES = [
  'Adeyemi',
  'Bello',
  'Okafor',
  'Okonkwo',
  'Nwosu',
  'Eze',
  'Obi',
  'Balogun',
  'Abubakar',
  'Ibrahim',
  'Ogunleye',
  'Chukwu',
  'Danjuma',
  'Fashola',
  'Lawal',
  'Mohammed',
  'Nnamdi',
  'Olawale',
  'Sanusi',
  'Uche',
  'Whitfield',
  'Holloway',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Davies',
  'Evans',
];
const SUBJECTS = [
  'lease renewal',
  'land dispute',
  'share purchase',
  'employment claim',
  'debt recovery',
  'probate',
  'appeal',
  'trademark registration',
  'loan facility',
  'tenancy',
];
const LINES = [
  'Adeyemi v Bello drafted statement of claim',
  'Okafor lease renewal reviewed the draft',
  'Smith v Jones appeal call with client',
  'Balogun Holdings land dispute site visit',
  'Xylophone drafted nothing at all',
  'Whitfield probate letters of administration',
  'Eze v Obi filed the motion',
  'Taylor debt recovery demand letter',
];

if (!(await isReachable(adminUrl))) throw new Error(`No PostgreSQL at ${adminUrl}`);
const name = `bench_quick_add_${Date.now()}`;
await runOnServer(adminUrl, `create database ${name}`);
const database = openDatabase({ databaseUrl: databaseUrlFor(adminUrl, name) });
try {
  await database.migrate();
  const firms = [];
  for (let index = 0; index < FIRMS; index++) {
    const firm = await seedFirm(database, {
      slug: `bench-quick-${index}-${Date.now()}`,
      firmName: `Quick Add Bench ${index}`,
      emailDomain: `quick${index}.bench.example`,
      password: 'bench-password-123',
    });
    firms.push(firm);
    // Set-based: "A v B" for every pair of surnames, the rest cycle through surnames and subjects; every seventh is closed.
    await database.db.execute(sql`
      insert into matters (firm_id, client_id, matter_number, matter_name, billing_type, status)
      select ${firm.firmId}, cs.ids[1 + n % array_length(cs.ids, 1)], 'MAT-' || lpad((1000 + n)::text, 5, '0'),
             case when n <= 900 then s.names[1 + n % 30] || ' v ' || s.names[1 + (n / 30) % 30]
                  when n % 2 = 0 then s.names[1 + (n / 2) % 30] || ' Holdings – ' || s.subjects[1 + (n / 60) % 10]
                  else s.subjects[1 + n % 10] || ' for ' || s.names[1 + (n / 10) % 30] || ' ' || n
             end,
             'Hourly', case when n % 7 = 0 then 'Closed' else 'Open' end
        from (select array_agg(id order by id) as ids from clients where firm_id = ${firm.firmId}) cs
        cross join (select ${sql.param(SURNAMES)}::text[] as names, ${sql.param(SUBJECTS)}::text[] as subjects) s
        cross join generate_series(1, ${MATTERS_PER_FIRM}) n`);
  }
  // As autovacuum leaves a live table: the gin indexes' pending lists merged, statistics taken.
  await database.db.execute(sql`vacuum analyze matters`);
  const quickLine = createQuickLineService(database);
  const principal = seedPrincipalOf(firms[0]!);
  for (const line of LINES) await quickLine.match(principal, line);

  const timings: number[] = [];
  const perLine = new Map<string, number[]>();
  const samples: Record<string, unknown> = {};
  for (let round = 0; round < ROUNDS; round++) {
    const line = LINES[round % LINES.length]!;
    const started = performance.now();
    const answer = await quickLine.match(principal, line);
    const elapsed = performance.now() - started;
    timings.push(elapsed);
    perLine.set(line, [...(perLine.get(line) ?? []), elapsed]);
    samples[line] ??= {
      candidates: answer.candidates.length,
      best: answer.candidates[0]?.matterName ?? null,
      isClearWinner: answer.isClearWinner,
      narrative: answer.narrative,
      p50Ms: 0,
    };
  }
  timings.sort((a, b) => a - b);
  for (const [line, times] of perLine) {
    times.sort((a, b) => a - b);
    (samples[line] as { p50Ms: number }).p50Ms = Number(times[Math.floor(times.length / 2)]!.toFixed(2));
  }
  const at = (fraction: number) => Number(timings[Math.min(timings.length - 1, Math.floor(timings.length * fraction))]!.toFixed(2));
  console.log(
    JSON.stringify(
      {
        firms: FIRMS,
        mattersPerFirm: MATTERS_PER_FIRM,
        rounds: ROUNDS,
        ms: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) },
        targetP50Ms: TARGET_P50_MS,
        verdict: at(0.5) <= TARGET_P50_MS ? 'met' : 'missed',
        samples,
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
  // BENCH_KEEP=1 keeps the database, to look at the plans with psql.
  if (process.env['BENCH_KEEP'] === '1') console.log(`kept database ${name}`);
  else await runOnServer(adminUrl, `drop database if exists ${name}`);
}
