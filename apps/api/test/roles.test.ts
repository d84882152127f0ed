import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, SPEC_MESSAGES } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './support/test-app.ts';

const BASE = '/api/admin/admin-roles';
const ADMIN_ROLE_LOCKED = 'The Administrator role cannot be changed';

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let tokens: { admin: string; feeEarner: string; otherAdmin: string };

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    feeEarner: await signIn(context.app, firm.users.feeEarner.email),
    otherAdmin: await signIn(context.app, otherFirm.users.admin.email),
  };
});
afterAll(() => context.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  context.app.inject({ method, url: `${BASE}${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const inFirm = <T = Record<string, unknown>>(firmId: string, query: ReturnType<typeof sql>) =>
  context.database.withFirm(firmId, (tx) => rowsOf<T>(tx.execute(query)));

async function roleId(firmId: string, name: string): Promise<string> {
  const [row] = await inFirm<{ id: string }>(firmId, sql`select id from roles where name = ${name}`);
  return row!.id;
}

let roleCounter = 0;
const uniqueName = () => `Paralegal ${roleCounter++}`;

describe('GET get-permission-list', () => {
  it('groups every permission name of SPEC.md §6 exactly once by resource', async () => {
    const response = await call('GET', '/get-permission-list', tokens.admin);
    expect(response.statusCode).toBe(200);
    const groups: { resource: string; permissions: string[] }[] = response.json().data;
    expect(groups.find((group) => group.resource === 'timeEntry')).toEqual({
      resource: 'timeEntry',
      permissions: ['timeEntry', 'timeEntry.create', 'timeEntry.edit', 'timeEntry.delete', 'timeEntry.viewAll'],
    });
    expect(groups.find((group) => group.resource === 'invoice')!.permissions).toContain('invoice.approve');
    const other = groups.find((group) => group.resource === 'Other')!;
    expect(other.permissions).toEqual(expect.arrayContaining(['administrator', 'Reports', 'updateAccountSettings', 'journalEntry']));
    const all = groups.flatMap((group) => group.permissions);
    expect([...all].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('needs adminRoles', async () => {
    const response = await call('GET', '/get-permission-list', tokens.feeEarner);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(SPEC_MESSAGES.noPermission);
  });
});

describe('GET get-roles', () => {
  it("lists the firm's roles with active member counts, never another firm's", async () => {
    const response = await call('GET', '/get-roles', tokens.admin);
    expect(response.statusCode).toBe(200);
    const roles = response.json().data;
    expect(roles.filter((role: { isSystem: boolean }) => role.isSystem).map((role: { name: string }) => role.name)).toEqual([
      'Administrator',
      'Billing',
      'Fee Earner',
    ]);
    expect(roles.find((role: { name: string }) => role.name === 'Administrator')).toEqual({
      id: await roleId(firm.firmId, 'Administrator'),
      name: 'Administrator',
      permissions: ['administrator'],
      isSystem: true,
      memberCount: 1,
    });
    const foreignIds = (await call('GET', '/get-roles', tokens.otherAdmin)).json().data.map((role: { id: string }) => role.id);
    expect(foreignIds).not.toContain(await roleId(firm.firmId, 'Administrator'));
    expect((await call('GET', '/get-roles', tokens.feeEarner)).statusCode).toBe(403);
  });
});

describe('POST create-role', () => {
  it('creates a role with de-duplicated known permissions and an audit row', async () => {
    const name = uniqueName();
    const response = await call('POST', '/create-role', tokens.admin, {
      name: `  ${name} `,
      permissions: ['clientInfo', 'clientInfo', 'timeEntry.create', 'invoice.approve'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name,
      permissions: ['clientInfo', 'timeEntry.create', 'invoice.approve'],
      isSystem: false,
      memberCount: 0,
    });
    const audit = await inFirm(
      firm.firmId,
      sql`select id from audit_events where action = 'role.created' and entity_id = ${response.json().data.id}`,
    );
    expect(audit).toHaveLength(1);
  });

  it('validates names and permissions with exact messages, writing nothing', async () => {
    const cases: [object, string][] = [
      [{ permissions: [] }, 'Role name is required'],
      [{ name: '   ', permissions: [] }, 'Role name is required'],
      [{ name: 'x'.repeat(81), permissions: [] }, 'Role name must be at most 80 characters'],
      [{ name: 'Broken', permissions: ['clientInfo', 'clientInfo.archive'] }, 'Unknown permission: clientInfo.archive'],
      [{ name: 'Broken', permissions: ['Administrator'] }, 'Unknown permission: Administrator'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/create-role', tokens.admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const missingPermissions = await call('POST', '/create-role', tokens.admin, { name: 'Broken' });
    expect(missingPermissions.statusCode).toBe(400);
    expect(await inFirm(firm.firmId, sql`select id from roles where name = 'Broken'`)).toEqual([]);
  });

  it('refuses a duplicate name case-insensitively (409), also on a double submit', async () => {
    const duplicate = await call('POST', '/create-role', tokens.admin, { name: 'billing', permissions: [] });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('A role with this name already exists');
    const name = uniqueName();
    const answers = await Promise.all([1, 2].map(() => call('POST', '/create-role', tokens.admin, { name, permissions: ['clientInfo'] })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    // Another firm may use the same name.
    expect((await call('POST', '/create-role', tokens.otherAdmin, { name, permissions: [] })).statusCode).toBe(200);
  });

  it("needs adminRoles.create, and only an administrator may grant 'administrator'", async () => {
    expect((await call('POST', '/create-role', tokens.feeEarner, { name: uniqueName(), permissions: [] })).statusCode).toBe(403);
    const seeded = await seedTestFirm(context.database);
    await inFirm(
      seeded.firmId,
      sql`update roles set permissions = permissions || string_to_array('adminRoles,adminRoles.create,adminRoles.edit,adminRoles.delete', ',') where name = 'Billing'`,
    );
    const billingToken = await signIn(context.app, seeded.users.billing.email);
    const escalate = await call('POST', '/create-role', billingToken, { name: 'Super', permissions: ['administrator'] });
    expect(escalate.statusCode).toBe(403);
    const plain = await call('POST', '/create-role', billingToken, { name: 'Reader', permissions: ['clientInfo'] });
    expect(plain.statusCode).toBe(200);
    const adminRole = await roleId(seeded.firmId, 'Administrator');
    expect((await call('PUT', `/update-role/${adminRole}`, billingToken, { name: 'Admins', permissions: [] })).statusCode).toBe(409);
  });
});

describe('PUT update-role', () => {
  it("renames a role and changes its permissions; members' access changes at once", async () => {
    const feeEarnerRole = await roleId(firm.firmId, 'Fee Earner');
    const current = (await call('GET', '/get-roles', tokens.admin)).json().data.find((role: { id: string }) => role.id === feeEarnerRole);
    const response = await call('PUT', `/update-role/${feeEarnerRole}`, tokens.admin, {
      name: 'Associate',
      permissions: [...current.permissions, 'Reports'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Associate', memberCount: 1 });
    const permissions = await context.app.inject({ method: 'GET', url: '/api/me/permissions', headers: bearer(tokens.feeEarner) });
    expect(permissions.json()).toContain('Reports');
    const audit = await inFirm<{ details: { before: { name: string } } }>(
      firm.firmId,
      sql`select details from audit_events where action = 'role.updated' and entity_id = ${feeEarnerRole}`,
    );
    expect(audit[0]!.details.before.name).toBe('Fee Earner');
  });

  it("answers 404 for another firm's role and a deleted one, 409 for a taken name, 403 without adminRoles.edit", async () => {
    const foreign = await call('PUT', `/update-role/${await roleId(otherFirm.firmId, 'Billing')}`, tokens.admin, {
      name: 'Mine now',
      permissions: [],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Role not found');
    const created = await call('POST', '/create-role', tokens.admin, { name: uniqueName(), permissions: [] });
    const id = created.json().data.id;
    const taken = await call('PUT', `/update-role/${id}`, tokens.admin, { name: 'BILLING', permissions: [] });
    expect(taken.statusCode).toBe(409);
    const sameNameOtherCase = await call('PUT', `/update-role/${id}`, tokens.admin, {
      name: created.json().data.name.toUpperCase(),
      permissions: [],
    });
    expect(sameNameOtherCase.statusCode).toBe(200);
    expect((await call('PUT', `/update-role/${id}`, tokens.feeEarner, { name: 'x', permissions: [] })).statusCode).toBe(403);
    expect((await call('DELETE', `/delete-role/${id}`, tokens.admin)).statusCode).toBe(200);
    expect((await call('PUT', `/update-role/${id}`, tokens.admin, { name: 'Gone', permissions: [] })).statusCode).toBe(404);
    expect((await call('PUT', '/update-role/not-a-uuid', tokens.admin, { name: 'Gone', permissions: [] })).statusCode).toBe(400);
  });

  it('keeps the Administrator role as it is', async () => {
    const adminRole = await roleId(firm.firmId, 'Administrator');
    for (const payload of [
      { name: 'Administrator', permissions: [] },
      { name: 'Boss', permissions: ['administrator'] },
      { name: 'Administrator', permissions: ['administrator', 'Reports'] },
    ]) {
      const response = await call('PUT', `/update-role/${adminRole}`, tokens.admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
      expect(response.json().message).toBe(ADMIN_ROLE_LOCKED);
    }
    const unchanged = await call('PUT', `/update-role/${adminRole}`, tokens.admin, {
      name: 'Administrator',
      permissions: ['administrator'],
    });
    expect(unchanged.statusCode).toBe(200);
    const deleted = await call('DELETE', `/delete-role/${adminRole}`, tokens.admin);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(ADMIN_ROLE_LOCKED);
    const [row] = await inFirm<{ permissions: string[] }>(firm.firmId, sql`select permissions from roles where id = ${adminRole}`);
    expect(row!.permissions).toEqual(['administrator']);
  });

  it("refuses to take 'administrator' from a custom role whose members are the last administrators", async () => {
    const seeded = await seedTestFirm(context.database);
    const adminToken = await signIn(context.app, seeded.users.admin.email);
    const partners = await call('POST', '/create-role', adminToken, { name: 'Partners', permissions: ['administrator'] });
    const partnersId = partners.json().data.id;
    await inFirm(seeded.firmId, sql`update users set role_id = ${partnersId} where id = ${seeded.users.admin.id}`);
    const demote = await call('PUT', `/update-role/${partnersId}`, adminToken, { name: 'Partners', permissions: ['clientInfo'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('The firm needs at least one administrator');
  });
});

describe('DELETE delete-role', () => {
  it('deletes an unused role, refuses one still held or invited to, and 404s otherwise', async () => {
    const seeded = await seedTestFirm(context.database);
    const adminToken = await signIn(context.app, seeded.users.admin.email);
    const held = await call('DELETE', `/delete-role/${await roleId(seeded.firmId, 'Billing')}`, adminToken);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('1 member holds this role. Give them another role first.');

    const created = await call('POST', '/create-role', adminToken, { name: 'Temporary', permissions: ['clientInfo'] });
    const id = created.json().data.id;
    const invitation = await context.app.inject({
      method: 'POST',
      url: '/api/admin/team-member-details/invite-user',
      headers: bearer(adminToken),
      payload: { email: `temp-${Date.now()}@example.law`, roleId: id },
    });
    expect(invitation.statusCode).toBe(200);
    const invited = await call('DELETE', `/delete-role/${id}`, adminToken);
    expect(invited.statusCode).toBe(409);
    expect(invited.json().message).toBe('Pending invitations use this role. Cancel them first.');
    await context.app.inject({
      method: 'DELETE',
      url: `/api/admin/team-member-details/cancel-invitation/${invitation.json().data.id}`,
      headers: bearer(adminToken),
    });

    expect((await call('DELETE', `/delete-role/${id}`, tokens.otherAdmin)).statusCode).toBe(404);
    const feeEarnerToken = await signIn(context.app, seeded.users.feeEarner.email);
    expect((await call('DELETE', `/delete-role/${id}`, feeEarnerToken)).statusCode).toBe(403);
    const deleted = await call('DELETE', `/delete-role/${id}`, adminToken);
    expect(deleted.statusCode).toBe(200);
    expect((await call('DELETE', `/delete-role/${id}`, adminToken)).statusCode).toBe(404);
    const names = (await call('GET', '/get-roles', adminToken)).json().data.map((role: { name: string }) => role.name);
    expect(names).not.toContain('Temporary');
    expect(await inFirm(seeded.firmId, sql`select id from audit_events where action = 'role.deleted' and entity_id = ${id}`)).toHaveLength(
      1,
    );
  });
});
