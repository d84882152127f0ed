import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/database.ts';

/** The PostgreSQL server side of the run: is it there, and a throwaway database on it. */

export function isReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 5432) });
    const finish = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.setTimeout(2_000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** Runs one statement outside any transaction (CREATE/DROP DATABASE need that). */
export async function runOnServer(adminUrl: string, statement: string) {
  const admin = openDatabase({ databaseUrl: adminUrl, poolSize: 1 });
  try {
    await admin.db.execute(statement);
  } finally {
    await admin.close();
  }
}

/**
 * A new database on the server for one bench run (named `${prefix}_<time>`, not yet migrated): its
 * URL for servers the bench starts, and drop() to delete it once the run has closed it.
 */
export async function throwawayDatabase(adminUrl: string, prefix: string) {
  if (!(await isReachable(adminUrl))) throw new Error(`No PostgreSQL at ${adminUrl}`);
  const name = `${prefix}_${Date.now()}`;
  await runOnServer(adminUrl, `create database ${name}`);
  const url = databaseUrlFor(adminUrl, name);
  return { url, database: openDatabase({ databaseUrl: url }), drop: () => runOnServer(adminUrl, `drop database if exists ${name}`) };
}

export function databaseUrlFor(adminUrl: string, databaseName: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** The generator's facts, kept beside the rows it wrote (BENCH_REUSE_DATABASE): no table, nothing to reuse. */
export const GENERATED_TABLE = 'bench_generated';

export async function hasGeneratedData(url: string): Promise<boolean> {
  const database = openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const result = (await database.db.execute(sql`select to_regclass(${GENERATED_TABLE}) is not null as "found"`)) as unknown as {
      rows: { found: boolean }[];
    };
    return result.rows[0]?.found === true;
  } catch {
    // The database does not exist yet.
    return false;
  } finally {
    await database.close();
  }
}
