import { setTimeout as sleep } from 'node:timers/promises';
import type { Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/database.ts';
import type { RunningServer } from './child-servers.ts';
import type { GeneratedData } from './generate.ts';
import { format, type Check, type Download, type Measurement, type SkippedScenario, type Timing } from './report.ts';

/** What issue4.ts, issue4-csv.ts and issue4-timer.ts share: the targets, the run's context, skipping and settling. */
export const ISSUE4_TARGETS = { listP99Ms: 25, minShareOfBare: 0.7, timerP99Ms: 15, csvSeconds: 3, csvRssGrowthMiB: 100 };

export const TIME_ENTRY_LIST = '/api/admin/time-entry';

export type Request = { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> };

export type Issue4Context = {
  baseUrl: string;
  /** The large firm's administrator's bearer token. */
  adminToken: string;
  data: GeneratedData;
  /** The API under test: its process's memory is read during the CSV download. */
  app: RunningServer;
  databaseUrl: string;
  /** `GET /api/…` for every route /api/docs/json lists. */
  routes: Set<string>;
  hello: Result;
  settings: { connections: number; durationSeconds: number; warmupSeconds: number };
  signIn: (email: string) => Promise<string>;
  measure: (url: string, scenario: string, tokens?: string[], request?: Request) => Promise<Result>;
  summarize: (result: Result, hello: Result) => Measurement;
  /**
   * A list scenario as issue 34 reads it: closed-loop (as measure), then open-loop at the offered
   * rate, then the same path and query on the statement server (its statement alone, both ways) when
   * it serves that path. Answers the route's row (with its share of the statement's requests/s) and
   * the statement's row.
   */
  measureList: (url: string, scenario: string, request: Request) => Promise<Measurement[]>;
};

export type Issue4Results = {
  results: Measurement[];
  downloads: Download[];
  skipped: SkippedScenario[];
  /** Issue 15's timed runs and checks. */
  timings?: Timing[];
  checks?: Check[];
};

/**
 * Waits until no query of an earlier scenario still runs in the bench database: a request
 * autocannon gave up on (after 10 s) keeps running in the server, and would otherwise load the
 * next scenario and count in its memory.
 */
export async function settle(databaseUrl: string, before: string) {
  const database = openDatabase({ databaseUrl, poolSize: 1 });
  const started = performance.now();
  try {
    for (;;) {
      const result = (await database.db.execute(
        sql`select count(*)::int as "running" from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' and state <> 'idle' and pid <> pg_backend_pid()`,
      )) as unknown as { rows: { running: number }[] };
      const running = result.rows[0]?.running ?? 0;
      if (running === 0 || performance.now() - started > 120_000) {
        if (performance.now() - started > 1000)
          console.log(
            `  (waited ${format((performance.now() - started) / 1000, 0)} s before ${before} for earlier queries; ${running} still running)`,
          );
        return;
      }
      await sleep(250);
    }
  } finally {
    await database.close();
  }
}

export const skip = (skipped: SkippedScenario[], scenario: string, reason: string) => {
  skipped.push({ scenario, reason });
  console.log(`  ${scenario.padEnd(40)} skipped: ${reason}`);
};
