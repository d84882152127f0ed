import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

const permissionsOf = async (app: FastifyInstance, token: string) => {
  const response = await app.inject({ method: 'GET', url: '/api/me/permissions', headers: bearer(token) });
  return response.statusCode === 200 ? (response.json() as string[]) : response.statusCode;
};

const roleOf = async (database: Database, userId: string) => {
  const [row] = await rowsOf<{ roleId: string; name: string; permissions: string[] }>(
    database.db.execute(
      sql`select r.id as "roleId", r.name, r.permissions from users u join roles r on r.id = u.role_id where u.id = ${userId}`,
    ),
  );
  return row!;
};

const updateRole = (app: FastifyInstance, token: string, role: { roleId: string; name: string }, permissions: string[]) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/admin-roles/update-role/${role.roleId}`,
    headers: bearer(token),
    payload: { name: role.name, permissions },
  });

describe('a session is checked in the database on every request', () => {
  let context: TestContext;
  let firm: SeededFirm;
  beforeAll(async () => {
    context = await createTestApp();
    firm = await seedTestFirm(context.database);
  });
  afterAll(() => context.close());

  it("sees a role's changed permissions on the very next request, even a change made outside the API", async () => {
    const token = await signIn(context.app, firm.users.feeEarner.email);
    const role = await roleOf(context.database, firm.users.feeEarner.id);
    expect(await permissionsOf(context.app, token)).toEqual(role.permissions);
    await context.database.db.execute(sql`update roles set permissions = ${'{timeEntry.view}'}::text[] where id = ${role.roleId}`);
    expect(await permissionsOf(context.app, token)).toEqual(['timeEntry.view']);
    await context.database.db.execute(
      sql`update roles set permissions = ${`{${role.permissions.join(',')}}`}::text[] where id = ${role.roleId}`,
    );
    expect(await permissionsOf(context.app, token)).toEqual(role.permissions);
  });

  it('refuses a signed-out session and a revoked one on the very next request', async () => {
    const token = await signIn(context.app, firm.users.billing.email);
    expect(Array.isArray(await permissionsOf(context.app, token))).toBe(true);
    const logout = await context.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await permissionsOf(context.app, token)).toBe(401);

    const again = await signIn(context.app, firm.users.billing.email);
    await context.database.withFirm(firm.firmId, (tx) =>
      tx.execute(sql`update sessions set revoked_at = now() where user_id = ${firm.users.billing.id} and revoked_at is null`),
    );
    expect(await permissionsOf(context.app, again)).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API instances on one PostgreSQL database', () => {
  let context: TestContext;
  let second: FastifyInstance;
  let apps: [FastifyInstance, FastifyInstance];
  let firm: SeededFirm;
  beforeAll(async () => {
    context = await createTestApp();
    // Another process's view of the same database: its own pool, nothing shared in memory.
    second = await buildApp(context.config, { database: openDatabase({ databaseUrl: context.databaseUrl!, poolSize: 5 }) });
    await second.ready();
    apps = [context.app, second];
    firm = await seedTestFirm(context.database);
  });
  afterAll(async () => {
    await second.close();
    await context.close();
  });

  it("refuses a member deactivated on the other instance on this one's very next request", async () => {
    const [one, other] = apps;
    const memberToken = await signIn(one, firm.users.billing.email);
    expect(Array.isArray(await permissionsOf(one, memberToken))).toBe(true);
    const adminToken = await signIn(other, firm.users.admin.email);
    const deactivated = await other.inject({
      method: 'POST',
      url: `/api/admin/team-member-details/deactivate-user/${firm.users.billing.id}`,
      headers: bearer(adminToken),
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(await permissionsOf(one, memberToken)).toBe(401);
  });

  it("applies a role changed on the other instance to this one's very next request", async () => {
    const [one, other] = apps;
    const memberToken = await signIn(one, firm.users.feeEarner.email);
    const role = await roleOf(context.database, firm.users.feeEarner.id);
    expect(await permissionsOf(one, memberToken)).toEqual(role.permissions);
    const adminToken = await signIn(other, firm.users.admin.email);
    const changed = await updateRole(other, adminToken, role, ['timeEntry', 'clientInfo']);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await permissionsOf(one, memberToken)).toEqual(['timeEntry', 'clientInfo']);
  });
});
