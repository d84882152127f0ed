import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firm: SeededFirm;
beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
});
afterAll(() => context.close());

const permissionsOf = async (app: FastifyInstance, token: string) => {
  const response = await app.inject({ method: 'GET', url: '/api/me/permissions', headers: bearer(token) });
  return response.statusCode === 200 ? (response.json() as string[]) : response.statusCode;
};

/** Changes a role's permissions as the database owner with its triggers off: no notice, no write of this process. */
const setPermissionsUnnoticed = (database: Database, roleId: string, permissions: string[]) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update roles set permissions = ${`{${permissions.join(',')}}`}::text[] where id = ${roleId}`);
  });
const setPermissions = (database: Database, roleId: string, permissions: string[]) =>
  database.db.execute(sql`update roles set permissions = ${`{${permissions.join(',')}}`}::text[] where id = ${roleId}`);
const roleOf = async (database: Database, userId: string) => {
  const result = await database.db.execute(
    sql`select role_id, permissions from users u join roles r on r.id = u.role_id where u.id = ${userId}`,
  );
  const [row] = (result as unknown as { rows: { role_id: string; permissions: string[] }[] }).rows;
  return { roleId: row!.role_id, permissions: row!.permissions };
};

async function eventually<T>(read: () => Promise<T>, expected: T, withinMs = 3000): Promise<void> {
  const until = Date.now() + withinMs;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    last = await read();
  }
  expect(last).toEqual(expected);
}

describe("a session's check kept in memory", () => {
  it('is kept between requests, and forgotten on the notice of a change made outside this process', async () => {
    const token = await signIn(context.app, firm.users.feeEarner.email);
    const role = await roleOf(context.database, firm.users.feeEarner.id);
    const first = await permissionsOf(context.app, token);
    expect(first).toEqual(role.permissions);

    // A change no notice tells of: the kept check still answers.
    await setPermissionsUnnoticed(context.database, role.roleId, ['timeEntry.view']);
    expect(await permissionsOf(context.app, token)).toEqual(role.permissions);

    // A change with its trigger: the notice makes the next check read the role again.
    await setPermissions(context.database, role.roleId, ['timeEntry.view', 'clientInfo']);
    await eventually(() => permissionsOf(context.app, token), ['timeEntry.view', 'clientInfo']);
    await setPermissions(context.database, role.roleId, role.permissions);
    await eventually(() => permissionsOf(context.app, token), role.permissions);
  });

  it("is forgotten, before the answer, after this process's own writes: sign-out, deactivation, a role's permissions", async () => {
    const token = await signIn(context.app, firm.users.billing.email);
    expect(Array.isArray(await permissionsOf(context.app, token))).toBe(true);
    const logout = await context.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await permissionsOf(context.app, token)).toBe(401);

    const memberToken = await signIn(context.app, firm.users.billing.email);
    expect(Array.isArray(await permissionsOf(context.app, memberToken))).toBe(true);
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update sessions set revoked_at = now() where user_id = ${firm.users.billing.id} and revoked_at is null`),
    );
    expect(await permissionsOf(context.app, memberToken)).toBe(401);
  });

  it("is kept across this process's writes that change no session, and forgotten after one that does", async () => {
    const token = await signIn(context.app, firm.users.admin.email);
    const role = await roleOf(context.database, firm.users.admin.id);
    expect(await permissionsOf(context.app, token)).toEqual(role.permissions);
    await setPermissionsUnnoticed(context.database, role.roleId, [...role.permissions, 'unnoticed.permission']);
    try {
      const created = await context.app.inject({
        method: 'POST',
        url: '/api/admin/client-info/create-client',
        headers: bearer(token),
        payload: { clientType: 'company', companyName: 'Kept Check Holdings Ltd' },
      });
      expect(created.statusCode, created.body).toBe(201);
      // A client written in the firm changes no session: the kept check still answers.
      expect(await permissionsOf(context.app, token)).toEqual(role.permissions);

      // A member deactivated in the same firm is a session change: the next check reads the role again.
      await context.database.withFirm(firm.firmId, (tx) =>
        tx.execute(sql`update users set is_active = false where id = ${firm.users.billing.id}`),
      );
      expect(await permissionsOf(context.app, token)).toEqual([...role.permissions, 'unnoticed.permission']);
    } finally {
      await context.database.withFirm(firm.firmId, (tx) =>
        tx.execute(sql`update users set is_active = true where id = ${firm.users.billing.id}`),
      );
      await setPermissions(context.database, role.roleId, role.permissions);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('kept checks across processes (PostgreSQL)', () => {
  const name = `matterhorn_test_${randomBytes(6).toString('hex')}`;
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const url = Object.assign(new URL(serverUrl || 'postgres://localhost/x'), { pathname: `/${name}` }).toString();
  const admin = (statement: string) =>
    (async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        return await client.query(statement);
      } finally {
        await client.end();
      }
    })();
  let databases: Database[];
  let apps: FastifyInstance[];
  let shared: SeededFirm;

  beforeAll(async () => {
    await admin(`create database ${name}`);
    databases = [openDatabase({ databaseUrl: url, poolSize: 5 }), openDatabase({ databaseUrl: url, poolSize: 5 })];
    await databases[0]!.migrate();
    shared = await seedTestFirm(databases[0]!);
    apps = await Promise.all(databases.map((database) => buildApp(context.config, { database })));
    await Promise.all(apps.map((app) => app.ready()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await admin(`drop database if exists ${name} with (force)`);
  });

  it("forgets, on the other process's notice, a session signed out there", async () => {
    const [one, other] = apps as [FastifyInstance, FastifyInstance];
    const token = await signIn(one, shared.users.admin.email);
    await eventually(async () => Array.isArray(await permissionsOf(other, token)), true);
    const logout = await one.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode, logout.body).toBe(200);
    await eventually(() => permissionsOf(other, token), 401, 2000);
  });

  it('keeps nothing while its listening connection is lost, and keeps again once it listens again', async () => {
    const other = apps[1]!;
    const token = await signIn(apps[0]!, shared.users.feeEarner.email);
    const role = await roleOf(databases[0]!, shared.users.feeEarner.id);
    expect(await permissionsOf(other, token)).toEqual(role.permissions);
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = '${name}' and query = 'listen matterhorn_session_changes'`);
    await eventually(async () => databases[1]!.sessionChanges.isHeard(), false, 1000);
    await setPermissionsUnnoticed(databases[0]!, role.roleId, ['clients.view']);
    expect(await permissionsOf(other, token)).toEqual(['clients.view']);
    await eventually(async () => databases[1]!.sessionChanges.isHeard(), true, 5000);
    expect(await permissionsOf(other, token)).toEqual(['clients.view']);
    await setPermissionsUnnoticed(databases[0]!, role.roleId, role.permissions);
    // Heard again: the check read after reconnecting is kept.
    expect(await permissionsOf(other, token)).toEqual(['clients.view']);
  });
});
