import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ADMINISTRATOR, timeEntryListQuerySchema } from '@matterhorn/shared';
import { openDatabase, type Database, type Db, type Tx } from '../apps/api/src/db/database.ts';
import * as schema from '../apps/api/src/db/schema/index.ts';
import { findTimeEntryPage } from '../apps/api/src/modules/time-entries/time-entry-list.repository.ts';
import { createTimeEntryListService, requestOf } from '../apps/api/src/modules/time-entries/time-entry-list.service.ts';
import type { FirmPrincipal } from '../apps/api/src/plugins/route-access.ts';
import { generateData, ISSUE4_GENERATE_OPTIONS } from './generate.ts';
import { databaseUrlFor, isReachable, runOnServer } from './postgres-server.ts';

/**
 * `npm run plans:issue4 -w bench`: the plans of the time-entry list's queries at the issue4 scale,
 * on PostgreSQL. It copies no SQL: it calls the list service itself (the page's transaction, the
 * totals, the CSV export) and findTimeEntryPage, on one connection wrapped as a Database whose
 * withFirm switches to the app role and the large firm as database.ts's does, and reads the plan of
 * every statement they run from auto_explain (EXPLAIN ANALYZE, sent back as notices).
 *
 * BENCH_PLAN_DB=<name> reuses a database already loaded at the issue4 scale (kept by an earlier run
 * with BENCH_KEEP_DB=1) instead of loading `matterhorn_bench_plans4`; BENCH_PLAN_VERBOSE=1 prints
 * each whole plan.
 */

const BENCH_DATABASE = 'matterhorn_bench_plans4';
const RUNS = 5;

type Facts = { firmId: string; adminId: string; feeEarnerId: string; busiestMatterId: string };
type Shape = { name: string; run: (database: Database, principal: FirmPrincipal) => Promise<unknown> };

function shapes(facts: Facts): Shape[] {
  const query = (params: Record<string, string>) => timeEntryListQuerySchema.parse(params);
  const filters: [string, Record<string, string>][] = [
    ['fee earner, billable', { TimeEntryUserId: facts.feeEarnerId, IsBillable: '4' }],
    ['one matter', { MatterId: facts.busiestMatterId }],
    ['first page', {}],
  ];
  return [
    ...filters.flatMap(([label, params]): Shape[] => [
      {
        name: `findTimeEntryPage: ${label}`,
        run: (database, principal) =>
          database.withFirm(principal.firmId, (tx) =>
            findTimeEntryPage(tx, principal.firmId, requestOf(principal, query(params)), { page: 1, size: 20 }),
          ),
      },
      { name: `list page (service): ${label}`, run: (database, principal) => list(database).page(principal, query(params)) },
      { name: `totals (service): ${label}`, run: (database, principal) => list(database).totals(principal, query(params)) },
    ]),
    {
      name: 'CSV (service): fee earner',
      run: async (database, principal) => {
        const stream = await list(database).csv(principal, query({ IsDownlodCsv: 'true', TimeEntryUserId: facts.feeEarnerId }));
        for await (const _chunk of stream);
      },
    },
  ];
}

const list = (database: Database) => createTimeEntryListService(database);

/** A Database on one connection: withFirm switches role and firm exactly as database.ts's does. */
function oneConnection(db: Db): Database {
  return {
    kind: 'postgres',
    db,
    withFirm: (firmId, fn) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'matterhorn_app', true), set_config('app.firm_id', ${firmId}, true)`);
        return fn(tx as Tx);
      }),
    withIdentityLookup: () => Promise.reject(new Error('not used by the plans')),
    migrate: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

async function load(url: string) {
  const database = openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await database.migrate();
    console.log(
      `Generating ${ISSUE4_GENERATE_OPTIONS.firms} firms and one of ${ISSUE4_GENERATE_OPTIONS.timeEntries?.largeFirm} time entries…`,
    );
    const data = await generateData(database, { ...ISSUE4_GENERATE_OPTIONS, passwordHash: 'not used' });
    console.log(`  generated in ${(data.milliseconds / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

async function main() {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await isReachable(adminUrl))) throw new Error(`Nothing answers at ${new URL(adminUrl).host} (set BENCH_PG_URL)`);
  const reused = process.env.BENCH_PLAN_DB;
  const name = reused || BENCH_DATABASE;
  const url = databaseUrlFor(adminUrl, name);
  if (!reused) {
    await runOnServer(adminUrl, `drop database if exists ${name} with (force)`);
    await runOnServer(adminUrl, `create database ${name}`);
    await load(url);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const notices: string[] = [];
  client.on('notice', (notice) => notices.push(notice.message ?? ''));
  try {
    const facts = (
      await client.query<Facts>(
        `select u.firm_id as "firmId", u.id as "feeEarnerId",
          (select id from users a where a.firm_id = u.firm_id and a.email like 'admin@%') as "adminId",
          (select matter_id from time_entries t where t.firm_id = u.firm_id and t.deleted_at is null
            group by matter_id order by count(*) desc, matter_id limit 1) as "busiestMatterId"
        from users u where u.email = 'feeearner@firm0.bench.law'`,
      )
    ).rows[0]!;
    const principal: FirmPrincipal = {
      kind: 'firm',
      sessionId: 'plans',
      firmId: facts.firmId,
      userId: facts.adminId,
      adminUserId: facts.adminId,
      permissions: [ADMINISTRATOR],
      isVerified: true,
    };
    const database = oneConnection(drizzle(client, { schema }) as unknown as Db);
    await client.query(`load 'auto_explain'`);
    console.log(
      `\n${'call, as the app role in the large firm'.padEnd(40)} ${'median'.padStart(9)}  statements: plan time, indexes, scans, sorts`,
    );
    for (const shape of shapes(facts)) {
      await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
        set auto_explain.log_buffers = on; set client_min_messages = log`);
      notices.length = 0;
      await shape.run(database, principal);
      await client.query(`set auto_explain.log_min_duration = -1; set client_min_messages = notice`);
      const plans = notices.filter((notice) => !notice.includes('set_config(')).map(parsePlan);
      const times: number[] = [];
      for (let attempt = 0; attempt < RUNS; attempt += 1) {
        const started = performance.now();
        await shape.run(database, principal);
        times.push(performance.now() - started);
      }
      times.sort((left, right) => left - right);
      console.log(`${shape.name.padEnd(40)} ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(6)} ms  ${describe(plans)}`);
      if (process.env.BENCH_PLAN_VERBOSE === '1') for (const plan of plans.slice(0, 4)) console.log(plan.text.replace(/^/gm, '    '));
    }
  } finally {
    await client.end();
    if (reused || process.env.BENCH_KEEP_DB === '1') console.log(`\nKept database ${name}: drop it when done.`);
    else await runOnServer(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

type Plan = { text: string; ms: number };

/** auto_explain's notice: "duration: 1.234 ms  plan:\nQuery Text: …\n<plan>". */
function parsePlan(notice: string): Plan {
  const ms = Number(/duration: ([\d.]+) ms/.exec(notice)?.[1] ?? NaN);
  return { text: notice.replace(/^[\s\S]*?Query Text:[^\n]*\n/, ''), ms };
}

/** Each statement's time and access paths; many statements (the CSV's batches) are summed, with the first's plan. */
function describe(plans: Plan[]): string {
  const one = (plan: Plan) => `${plan.ms.toFixed(1)} ms ${summary(plan)}`;
  if (plans.length <= 4) return plans.map(one).join(' | ');
  const total = plans.reduce((sum, plan) => sum + plan.ms, 0);
  return `${plans.length} statements, ${total.toFixed(0)} ms in all; the first: ${one(plans[0]!)}; the second: ${one(plans[1]!)}`;
}

function summary(plan: Plan): string {
  const indexes = new Set(
    [...plan.text.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map((match) => match[1]),
  );
  const seqScans = new Set([...plan.text.matchAll(/Seq Scan on (\w+)/g)].map((match) => `SEQ SCAN ${match[1]}`));
  const sort = /Sort Method: (\S+ \S+)/.exec(plan.text);
  return `(${[...indexes, ...seqScans, ...(sort ? [`sort: ${sort[1]}`] : [])].join(', ')})`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
