import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ADMINISTRATOR } from '@matterhorn/shared';
import { openDatabase, type Database, type Db, type Tx } from '../apps/api/src/db/database.ts';
import * as schema from '../apps/api/src/db/schema/index.ts';
import type { FirmPrincipal } from '../apps/api/src/plugins/route-access.ts';
import { generateData, type GenerateOptions } from './generate.ts';
import { databaseUrlFor, isReachable, runOnServer } from './postgres-server.ts';

/**
 * What `plans.ts` (issue 3's lists) and `plans-issue4.ts` (the time-entry list) share: they copy no
 * SQL, but call the services themselves on one connection wrapped as a Database whose withFirm
 * switches to the app role and the firm as database.ts's does, and read the plan of every statement
 * they run from auto_explain (EXPLAIN ANALYZE, sent back as notices).
 *
 * BENCH_PLAN_DB=<name> reuses a database already loaded at the scale (kept by an earlier run with
 * BENCH_KEEP_DB=1); BENCH_PLAN_VERBOSE=1 prints each whole plan (of a shape's first 4 statements, or
 * BENCH_PLAN_MAX); BENCH_PLAN_ONLY=<text> runs only the shapes whose name holds the text.
 */

const RUNS = 5;

export type Shape = { name: string; run: (database: Database, principal: FirmPrincipal) => Promise<unknown> };
type Plan = { text: string; ms: number };

/** A Database on one connection: withFirm switches role and firm exactly as database.ts's does. */
function oneConnection(db: Db, settings: Record<string, string>): Database {
  const database: Database = {
    kind: 'postgres',
    db,
    openRequest: () => Promise.reject(new Error('the plans read services, not requests')),
    withFirmFromReplica: (firmId, fn, options) => database.withFirm(firmId, fn, options),
    withFirm: (firmId, fn, options) =>
      db.transaction(async (tx) => {
        const values = { ...settings, ...options?.settings, role: 'matterhorn_app', 'app.firm_id': firmId };
        await tx.execute(
          sql`select ${sql.join(
            Object.entries(values).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
            sql`, `,
          )}`,
        );
        return fn(tx as Tx);
      }),
    withIdentityLookup: () => Promise.reject(new Error('not used by the plans')),
    migrate: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return database;
}

async function load(url: string, options: Omit<GenerateOptions, 'passwordHash'>) {
  const database = openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await database.migrate();
    console.log(`Generating ${options.firms} firms and the large one…`);
    const data = await generateData(database, { ...options, passwordHash: 'not used' });
    console.log(`  generated in ${(data.milliseconds / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

/**
 * Loads (or reuses) a database at the scale, finds the facts the shapes need as the owner, and
 * prints each shape's median time and the plans of the statements it ran.
 */
export async function explainShapes<Facts extends { firmId: string; adminId: string }>(plans: {
  database: string;
  generate: Omit<GenerateOptions, 'passwordHash'>;
  facts: string;
  shapes: (facts: Facts) => Shape[];
  settings?: Record<string, string>;
}) {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await isReachable(adminUrl))) throw new Error(`Nothing answers at ${new URL(adminUrl).host} (set BENCH_PG_URL)`);
  const reused = process.env.BENCH_PLAN_DB;
  const name = reused || plans.database;
  const url = databaseUrlFor(adminUrl, name);
  if (!reused) {
    await runOnServer(adminUrl, `drop database if exists ${name} with (force)`);
    await runOnServer(adminUrl, `create database ${name}`);
    await load(url, plans.generate);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const notices: string[] = [];
  client.on('notice', (notice) => notices.push(notice.message ?? ''));
  try {
    const facts = (await client.query<Facts>(plans.facts)).rows[0]!;
    const principal: FirmPrincipal = {
      kind: 'firm',
      sessionId: 'plans',
      firmId: facts.firmId,
      userId: facts.adminId,
      adminUserId: facts.adminId,
      permissions: [ADMINISTRATOR],
      isVerified: true,
    };
    const database = oneConnection(drizzle(client, { schema }) as unknown as Db, plans.settings ?? {});
    await client.query(`load 'auto_explain'`);
    console.log(
      `\n${'call, as the app role in the large firm'.padEnd(40)} ${'median'.padStart(9)}  statements: plan time, indexes, scans, sorts`,
    );
    const only = process.env.BENCH_PLAN_ONLY ?? '';
    for (const shape of plans.shapes(facts).filter((candidate) => candidate.name.includes(only))) {
      await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
        set auto_explain.log_buffers = on; set client_min_messages = log`);
      notices.length = 0;
      await shape.run(database, principal);
      await client.query(`set auto_explain.log_min_duration = -1; set client_min_messages = notice`);
      const explained = notices.filter((notice) => !notice.includes('set_config(')).map(parsePlan);
      const times: number[] = [];
      for (let attempt = 0; attempt < RUNS; attempt += 1) {
        const started = performance.now();
        await shape.run(database, principal);
        times.push(performance.now() - started);
      }
      times.sort((left, right) => left - right);
      console.log(`${shape.name.padEnd(40)} ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(6)} ms  ${describe(explained)}`);
      if (process.env.BENCH_PLAN_VERBOSE === '1')
        for (const plan of explained.slice(0, Number(process.env.BENCH_PLAN_MAX ?? 4))) console.log(plan.text.replace(/^/gm, '    '));
    }
  } finally {
    await client.end();
    if (reused || process.env.BENCH_KEEP_DB === '1') console.log(`\nKept database ${name}: drop it when done.`);
    else await runOnServer(adminUrl, `drop database if exists ${name} with (force)`);
  }
}

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
  const buffers = [...plan.text.matchAll(/Buffers: shared hit=(\d+)/g)].map((match) => Number(match[1]));
  return `(${[...indexes, ...seqScans, ...(sort ? [`sort: ${sort[1]}`] : []), `${buffers[0] ?? 0} buffers`].join(', ')})`;
}

export const runMain = (main: () => Promise<void>) =>
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
