import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_MESSAGES } from '@matterhorn/shared';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import {
  bearer,
  createTestApp,
  lastLinkTo,
  readOutbox,
  rowsOf,
  seedTestFirm,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from './support/test-app.ts';

const BASE = '/api/admin/team-member-details';
const LAST_ADMIN = 'The firm needs at least one administrator';
const seatsFull = (seats: number) => `Your plan allows ${seats} users. Upgrade the plan or deactivate a member to invite more.`;

let context: TestContext;
let firm: SeededFirm;
let otherFirm: SeededFirm;
let tokens: { admin: string; feeEarner: string; billing: string; otherAdmin: string };
let emailCounter = 0;
const uniqueEmail = () => `invitee${emailCounter++}-${Date.now()}@example.law`;

beforeAll(async () => {
  context = await createTestApp();
  firm = await seedTestFirm(context.database);
  otherFirm = await seedTestFirm(context.database);
  tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    feeEarner: await signIn(context.app, firm.users.feeEarner.email),
    billing: await signIn(context.app, firm.users.billing.email),
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

async function grant(firmId: string, roleName: string, ...permissions: string[]) {
  await inFirm(
    firmId,
    sql`update roles set permissions = permissions || string_to_array(${permissions.join(',')}, ',') where name = ${roleName}`,
  );
}

/** A fresh firm for tests that change its members, so the shared firm stays as seeded. */
async function freshFirm() {
  const seeded = await seedTestFirm(context.database);
  return { seeded, adminToken: await signIn(context.app, seeded.users.admin.email) };
}

describe('GET get-all-user', () => {
  it("lists the firm's active members by name to any member, with no permission needed", async () => {
    const response = await call('GET', `/get-all-user?AdminUserId=${firm.users.admin.id}&BusinessId=${firm.firmId}`, tokens.feeEarner);
    expect(response.statusCode).toBe(200);
    const members = response.json().data;
    expect(members.map((member: { name: string }) => member.name)).toEqual(['Ada Okafor', 'Grace Eze', 'Tunde Bakare']);
    expect(members[0]).toEqual({
      id: firm.users.admin.id,
      name: 'Ada Okafor',
      email: firm.users.admin.email,
      roleId: await roleId(firm.firmId, 'Administrator'),
      roleName: 'Administrator',
      // No authenticator app yet.
      hasTwoStep: false,
      defaultHourlyRate: '75000.00',
      // The firm's first member: timekeeper TK-001 on LEDES invoices, a partner.
      timekeeperCode: 'TK-001',
      ledesClassification: 'PT',
      // Not set: no cost rate, and the firm's available hours.
      costRate: null,
      costRateFrom: null,
      availableHoursPerDay: null,
      isActive: true,
      isOwner: true,
    });
    expect(members[2]).toMatchObject({ roleName: 'Fee Earner', isOwner: false });
  });

  it('shows another firm only its own members and refuses a foreign BusinessId', async () => {
    const own = await call('GET', '/get-all-user', tokens.otherAdmin);
    expect(own.json().data.map((member: { id: string }) => member.id)).not.toContain(firm.users.admin.id);
    expect(own.body).not.toContain(firm.users.admin.email);
    const foreign = await call('GET', `/get-all-user?BusinessId=${firm.firmId}`, tokens.otherAdmin);
    expect(foreign.statusCode).toBe(403);
    const anonymous = await context.app.inject({ method: 'GET', url: `${BASE}/get-all-user` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('narrows to invoice or trust-request approvers (administrators always qualify)', async () => {
    const { seeded, adminToken } = await freshFirm();
    const names = async (query: string) =>
      (await call('GET', `/get-all-user?${query}`, adminToken)).json().data.map((member: { name: string }) => member.name);
    expect(await names('IsForInvoiceApproval=true')).toEqual(['Ada Okafor']);
    expect(await names('IsForTrustRequestApproval=true')).toEqual(['Ada Okafor']);
    await grant(seeded.firmId, 'Billing', 'invoice.approve');
    expect(await names('IsForInvoiceApproval=true')).toEqual(['Ada Okafor', 'Grace Eze']);
    expect(await names('isforinvoiceapproval=true')).toEqual(['Ada Okafor', 'Grace Eze']);
    expect(await names('IsForTrustRequestApproval=true')).toEqual(['Ada Okafor']);
    expect(await names('IsForInvoiceApproval=true&IsForTrustRequestApproval=true')).toEqual(['Ada Okafor']);
    expect(await names('IsForInvoiceApproval=false')).toEqual(['Ada Okafor', 'Grace Eze', 'Tunde Bakare']);
  });
});

describe('inviting a member', () => {
  it('emails a join-team link that creates a member who is then listed', async () => {
    const { seeded, adminToken } = await freshFirm();
    const email = uniqueEmail();
    const feeEarnerRole = await roleId(seeded.firmId, 'Fee Earner');
    const response = await call('POST', '/invite-user', adminToken, { email: email.toUpperCase(), roleId: feeEarnerRole });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ email, roleName: 'Fee Earner', invitedBy: 'Ada Okafor' });
    const expiresInDays = (Date.parse(response.json().data.expiresAt) - Date.now()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(6.9);
    expect(expiresInDays).toBeLessThanOrEqual(7);

    const link = await lastLinkTo(context.config, email);
    expect(link).toMatch(/^http:\/\/matterhorn\.test\/join-team\/[A-Za-z0-9_-]{40,}$/);
    const invitationId = link.split('/').at(-1)!;
    const [stored] = await inFirm<{ token_hash: string; created_by_user_id: string }>(
      seeded.firmId,
      sql`select token_hash, created_by_user_id from auth_tokens where email = ${email}`,
    );
    expect(stored!.token_hash).not.toContain(invitationId);
    expect(stored!.created_by_user_id).toBe(seeded.users.admin.id);

    const pending = await call('GET', '/get-invitations', adminToken);
    expect(pending.json().data.map((invitation: { email: string }) => invitation.email)).toEqual([email]);

    const joined = await context.app.inject({
      method: 'POST',
      url: '/api/auth/join-team',
      payload: { invitationId, name: 'Bola Adeyemi', password: TEST_PASSWORD },
    });
    expect(joined.statusCode).toBe(200);
    const members = (await call('GET', '/get-all-user', adminToken)).json().data;
    expect(members.find((member: { email: string }) => member.email === email)).toMatchObject({
      name: 'Bola Adeyemi',
      roleName: 'Fee Earner',
      isActive: true,
    });
    expect((await call('GET', '/get-invitations', adminToken)).json().data).toEqual([]);
    const [audit] = await inFirm(seeded.firmId, sql`select details from audit_events where action = 'teamInvitation.sent'`);
    expect(audit).toBeDefined();
  });

  it('replaces an earlier invitation to the same email', async () => {
    const { seeded, adminToken } = await freshFirm();
    const email = uniqueEmail();
    const role = await roleId(seeded.firmId, 'Billing');
    await call('POST', '/invite-user', adminToken, { email, roleId: role });
    const firstLink = await lastLinkTo(context.config, email);
    const again = await call('POST', '/invite-user', adminToken, { email, roleId: await roleId(seeded.firmId, 'Fee Earner') });
    expect(again.statusCode).toBe(200);
    const secondLink = await lastLinkTo(context.config, email);
    expect(secondLink).not.toBe(firstLink);

    const first = await context.app.inject({ method: 'GET', url: `/api/auth/invitation/${firstLink.split('/').at(-1)}` });
    expect(first.statusCode).toBe(404);
    const second = await context.app.inject({ method: 'GET', url: `/api/auth/invitation/${secondLink.split('/').at(-1)}` });
    expect(second.json().data).toMatchObject({ email, roleName: 'Fee Earner' });
    expect((await call('GET', '/get-invitations', adminToken)).json().data).toHaveLength(1);
  });

  it('validates the body with exact messages', async () => {
    const role = await roleId(firm.firmId, 'Fee Earner');
    const cases: [object, string][] = [
      [{ roleId: role }, 'Email is required'],
      [{ email: 'not-an-email', roleId: role }, 'Enter a valid email address'],
      [{ email: 42, roleId: role }, 'Email is required'],
      [{ email: uniqueEmail() }, 'Role is required'],
      [{ email: uniqueEmail(), roleId: 'abc' }, 'Role is required'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/invite-user', tokens.admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it("refuses another firm's role (404), a member's email (409) and members without adminUsers.create (403)", async () => {
    const before = (await readOutbox(context.config)).length;
    const foreignRole = await call('POST', '/invite-user', tokens.admin, {
      email: uniqueEmail(),
      roleId: await roleId(otherFirm.firmId, 'Fee Earner'),
    });
    expect(foreignRole.statusCode).toBe(404);
    expect(foreignRole.json().message).toBe('Role not found');

    const role = await roleId(firm.firmId, 'Fee Earner');
    const member = await call('POST', '/invite-user', tokens.admin, { email: firm.users.feeEarner.email, roleId: role });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe('This person is already a member of your firm');
    const forbidden = await call('POST', '/invite-user', tokens.feeEarner, { email: uniqueEmail(), roleId: role });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(SPEC_MESSAGES.noPermission);
    expect((await readOutbox(context.config)).length).toBe(before);
  });

  it("answers an invitation to another firm's user as any other, and tells that user by email, with no link", async () => {
    const { seeded } = await freshFirm();
    const adminToken = await signIn(context.app, seeded.users.admin.email);
    const role = await roleId(seeded.firmId, 'Fee Earner');
    const stranger = await call('POST', '/invite-user', adminToken, { email: uniqueEmail(), roleId: role });
    const elsewhere = await call('POST', '/invite-user', adminToken, { email: otherFirm.users.billing.email, roleId: role });
    expect(elsewhere.statusCode).toBe(stranger.statusCode);
    expect(elsewhere.json().message).toBe(stranger.json().message);
    expect(Object.keys(elsewhere.json().data).sort()).toEqual(Object.keys(stranger.json().data).sort());

    const notice = (await readOutbox(context.config)).filter((message) => message.to === otherFirm.users.billing.email).at(-1);
    expect(notice?.subject).toBe('An invitation to join a firm on Matterhorn');
    expect(notice?.text).toContain('already has a Matterhorn account');
    expect(notice?.link).toBeUndefined();
    // Nothing to accept: the account stays in its own firm.
    const pending = (await call('GET', '/get-invitations', adminToken))
      .json()
      .data.map((invitation: { email: string }) => invitation.email);
    expect(pending).toContain(otherFirm.users.billing.email);
  });

  it('only lets an administrator invite someone into the Administrator role', async () => {
    const { seeded } = await freshFirm();
    await grant(seeded.firmId, 'Billing', 'adminUsers', 'adminUsers.create');
    const billingToken = await signIn(context.app, seeded.users.billing.email);
    const response = await call('POST', '/invite-user', billingToken, {
      email: uniqueEmail(),
      roleId: await roleId(seeded.firmId, 'Administrator'),
    });
    expect(response.statusCode).toBe(403);
    const allowed = await call('POST', '/invite-user', billingToken, {
      email: uniqueEmail(),
      roleId: await roleId(seeded.firmId, 'Billing'),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it("counts active members and pending invitations against the plan's seats", async () => {
    const { seeded, adminToken } = await freshFirm();
    await inFirm(seeded.firmId, sql`update subscriptions set allocated_number_users = 4`);
    const role = await roleId(seeded.firmId, 'Fee Earner');
    const fourth = await call('POST', '/invite-user', adminToken, { email: uniqueEmail(), roleId: role });
    expect(fourth.statusCode).toBe(200);

    const fifthEmail = uniqueEmail();
    const fifth = await call('POST', '/invite-user', adminToken, { email: fifthEmail, roleId: role });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe(seatsFull(4));
    const written = await inFirm(seeded.firmId, sql`select id from auth_tokens where email = ${fifthEmail}`);
    expect(written).toEqual([]);

    // Re-inviting the pending email does not need a second seat.
    const reinvite = await call('POST', '/invite-user', adminToken, { email: fourth.json().data.email, roleId: role });
    expect(reinvite.statusCode).toBe(200);

    const cancelled = await call('DELETE', `/cancel-invitation/${reinvite.json().data.id}`, adminToken);
    expect(cancelled.statusCode).toBe(200);
    expect((await call('POST', '/invite-user', adminToken, { email: fifthEmail, roleId: role })).statusCode).toBe(200);

    // An expired invitation frees its seat.
    await inFirm(seeded.firmId, sql`update auth_tokens set expires_at = now() - interval '1 minute' where email = ${fifthEmail}`);
    expect((await call('POST', '/invite-user', adminToken, { email: uniqueEmail(), roleId: role })).statusCode).toBe(200);
  });
  it('gives the last seat to only one of two simultaneous invitations', async () => {
    const { seeded, adminToken } = await freshFirm();
    await inFirm(seeded.firmId, sql`update subscriptions set allocated_number_users = 4`);
    const role = await roleId(seeded.firmId, 'Fee Earner');
    const answers = await Promise.all([1, 2].map(() => call('POST', '/invite-user', adminToken, { email: uniqueEmail(), roleId: role })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await call('GET', '/get-invitations', adminToken)).json().data).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('cancels a pending invitation so its link stops working; other firms and repeats get 404', async () => {
    const { seeded, adminToken } = await freshFirm();
    const email = uniqueEmail();
    const invited = await call('POST', '/invite-user', adminToken, { email, roleId: await roleId(seeded.firmId, 'Billing') });
    const id = invited.json().data.id as string;

    expect((await call('DELETE', `/cancel-invitation/${id}`, tokens.otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/get-invitations', tokens.otherAdmin)).body).not.toContain(email);
    const feeEarnerToken = await signIn(context.app, seeded.users.feeEarner.email);
    expect((await call('DELETE', `/cancel-invitation/${id}`, feeEarnerToken)).statusCode).toBe(403);
    expect((await call('GET', '/get-invitations', feeEarnerToken)).statusCode).toBe(403);
    expect((await call('DELETE', '/cancel-invitation/not-a-uuid', adminToken)).statusCode).toBe(400);

    const cancelled = await call('DELETE', `/cancel-invitation/${id}`, adminToken);
    expect(cancelled.statusCode).toBe(200);
    const link = await lastLinkTo(context.config, email);
    const lookup = await context.app.inject({ method: 'GET', url: `/api/auth/invitation/${link.split('/').at(-1)}` });
    expect(lookup.statusCode).toBe(404);
    const again = await call('DELETE', `/cancel-invitation/${id}`, adminToken);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Invitation not found');
  });
});

describe('updating a member', () => {
  it('changes name, role and default hourly rate exactly, with an audit row', async () => {
    const { seeded, adminToken } = await freshFirm();
    const billingRole = await roleId(seeded.firmId, 'Billing');
    const response = await call('PUT', `/update-user/${seeded.users.feeEarner.id}`, adminToken, {
      name: '  Tunde B. Bakare ',
      roleId: billingRole,
      defaultHourlyRate: '123456789012.05',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Tunde B. Bakare', roleName: 'Billing', defaultHourlyRate: '123456789012.05' });
    const cleared = await call('PUT', `/update-user/${seeded.users.feeEarner.id}`, adminToken, {
      name: 'Tunde Bakare',
      roleId: billingRole,
      defaultHourlyRate: '',
    });
    expect(cleared.json().data.defaultHourlyRate).toBeNull();
    const audits = await inFirm(seeded.firmId, sql`select id from audit_events where action = 'teamMember.updated'`);
    expect(audits).toHaveLength(2);
    // The new role applies to the member's next request.
    const memberToken = await signIn(context.app, seeded.users.feeEarner.email);
    const permissions = await context.app.inject({ method: 'GET', url: '/api/me/permissions', headers: bearer(memberToken) });
    expect(permissions.json()).toContain('invoice.create');
  });

  it('validates the body with exact messages', async () => {
    const role = await roleId(firm.firmId, 'Fee Earner');
    const url = `/update-user/${firm.users.feeEarner.id}`;
    const cases: [object, string][] = [
      [{ roleId: role }, 'Name is required'],
      [{ name: '   ', roleId: role }, 'Name is required'],
      [{ name: 'A', roleId: role, defaultHourlyRate: '12.345' }, 'Default hourly rate must be an amount with at most 2 decimals'],
      [{ name: 'A', roleId: role, defaultHourlyRate: '-5' }, 'Default hourly rate must be an amount with at most 2 decimals'],
      [{ name: 'A' }, 'Role is required'],
      [{ name: 'A', roleId: role, extra: true }, 'Unknown field: "extra"'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('PUT', url, tokens.admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it("answers 404 for another firm's member or role, and 403 without adminUsers.edit", async () => {
    const role = await roleId(firm.firmId, 'Fee Earner');
    const foreignMember = await call('PUT', `/update-user/${otherFirm.users.feeEarner.id}`, tokens.admin, { name: 'X', roleId: role });
    expect(foreignMember.statusCode).toBe(404);
    const foreignRole = await call('PUT', `/update-user/${firm.users.feeEarner.id}`, tokens.admin, {
      name: 'X',
      roleId: await roleId(otherFirm.firmId, 'Billing'),
    });
    expect(foreignRole.statusCode).toBe(404);
    const forbidden = await call('PUT', `/update-user/${firm.users.feeEarner.id}`, tokens.feeEarner, { name: 'X', roleId: role });
    expect(forbidden.statusCode).toBe(403);
    const [unchanged] = await inFirm<{ name: string }>(firm.firmId, sql`select name from users where id = ${firm.users.feeEarner.id}`);
    expect(unchanged!.name).toBe('Tunde Bakare');
  });

  it('never takes the Administrator role from the last active administrator', async () => {
    const { seeded, adminToken } = await freshFirm();
    const administrator = await roleId(seeded.firmId, 'Administrator');
    const feeEarnerRole = await roleId(seeded.firmId, 'Fee Earner');
    const demoteSelf = await call('PUT', `/update-user/${seeded.users.admin.id}`, adminToken, {
      name: 'Ada Okafor',
      roleId: feeEarnerRole,
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().message).toBe(LAST_ADMIN);

    // Someone who may edit users but is not an administrator hits the same rule.
    await grant(seeded.firmId, 'Billing', 'adminUsers', 'adminUsers.edit', 'adminUsers.delete');
    const billingToken = await signIn(context.app, seeded.users.billing.email);
    const byBilling = await call('PUT', `/update-user/${seeded.users.admin.id}`, billingToken, { name: 'Ada', roleId: feeEarnerRole });
    expect(byBilling.statusCode).toBe(409);
    const promoteByBilling = await call('PUT', `/update-user/${seeded.users.billing.id}`, billingToken, {
      name: 'Grace Eze',
      roleId: administrator,
    });
    expect(promoteByBilling.statusCode).toBe(403);

    const promote = await call('PUT', `/update-user/${seeded.users.feeEarner.id}`, adminToken, {
      name: 'Tunde Bakare',
      roleId: administrator,
    });
    expect(promote.statusCode).toBe(200);
    // With two administrators a non-administrator still may not demote one.
    const demoteByBilling = await call('PUT', `/update-user/${seeded.users.admin.id}`, billingToken, {
      name: 'Ada',
      roleId: feeEarnerRole,
    });
    expect(demoteByBilling.statusCode).toBe(403);
    const demote = await call('PUT', `/update-user/${seeded.users.admin.id}`, adminToken, { name: 'Ada Okafor', roleId: feeEarnerRole });
    expect(demote.statusCode).toBe(200);
    expect(demote.json().data.roleName).toBe('Fee Earner');
  });
});

describe('deactivating and reactivating', () => {
  it('signs the member out at once, hides them from the list and lets them back in on reactivation', async () => {
    const { seeded, adminToken } = await freshFirm();
    const memberToken = await signIn(context.app, seeded.users.feeEarner.email);
    const before = await context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(memberToken) });
    expect(before.statusCode).toBe(200);

    const response = await call('POST', `/deactivate-user/${seeded.users.feeEarner.id}`, adminToken);
    expect(response.statusCode).toBe(200);
    const after = await context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(memberToken) });
    expect(after.statusCode).toBe(401);
    const [revoked] = await inFirm<{ open: number }>(
      seeded.firmId,
      sql`select count(*)::int as open from sessions where user_id = ${seeded.users.feeEarner.id} and revoked_at is null`,
    );
    expect(revoked!.open).toBe(0);
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: seeded.users.feeEarner.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(400);

    const active = (await call('GET', '/get-all-user', adminToken)).json().data;
    expect(active.map((member: { id: string }) => member.id)).not.toContain(seeded.users.feeEarner.id);
    const everyone = (await call('GET', '/get-all-user?IncludeInactive=true', adminToken)).json().data;
    expect(everyone.find((member: { id: string }) => member.id === seeded.users.feeEarner.id)).toMatchObject({ isActive: false });

    const reactivated = await call('POST', `/reactivate-user/${seeded.users.feeEarner.id}`, adminToken);
    expect(reactivated.statusCode).toBe(200);
    expect(await signIn(context.app, seeded.users.feeEarner.email)).toBeTruthy();
    const actions = await inFirm<{ action: string }>(
      seeded.firmId,
      sql`select action from audit_events where entity_id = ${seeded.users.feeEarner.id} order by id`,
    );
    expect(actions.map((row) => row.action)).toEqual(['teamMember.deactivated', 'teamMember.reactivated']);
  });

  it('refuses to deactivate yourself (400) or the last administrator (409)', async () => {
    const { seeded, adminToken } = await freshFirm();
    const self = await call('POST', `/deactivate-user/${seeded.users.admin.id}`, adminToken);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate yourself');

    await grant(seeded.firmId, 'Billing', 'adminUsers', 'adminUsers.edit', 'adminUsers.delete');
    const billingToken = await signIn(context.app, seeded.users.billing.email);
    const last = await call('POST', `/deactivate-user/${seeded.users.admin.id}`, billingToken);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(LAST_ADMIN);
    const [admin] = await inFirm<{ is_active: boolean }>(
      seeded.firmId,
      sql`select is_active from users where id = ${seeded.users.admin.id}`,
    );
    expect(admin!.is_active).toBe(true);
    expect((await call('GET', '/get-all-user', adminToken)).statusCode).toBe(200);
  });

  it('checks seats on reactivation', async () => {
    const { seeded, adminToken } = await freshFirm();
    expect((await call('POST', `/deactivate-user/${seeded.users.billing.id}`, adminToken)).statusCode).toBe(200);
    await call('POST', '/invite-user', adminToken, { email: uniqueEmail(), roleId: await roleId(seeded.firmId, 'Billing') });
    await inFirm(seeded.firmId, sql`update subscriptions set allocated_number_users = 3`);
    const response = await call('POST', `/reactivate-user/${seeded.users.billing.id}`, adminToken);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(seatsFull(3));
    // An already active member is simply left active.
    expect((await call('POST', `/reactivate-user/${seeded.users.feeEarner.id}`, adminToken)).statusCode).toBe(200);
  });

  it("answers 404 for another firm's member and 403 without the permission", async () => {
    expect((await call('POST', `/deactivate-user/${otherFirm.users.feeEarner.id}`, tokens.admin)).statusCode).toBe(404);
    expect((await call('POST', `/reactivate-user/${otherFirm.users.feeEarner.id}`, tokens.admin)).statusCode).toBe(404);
    expect((await call('POST', `/deactivate-user/${firm.users.billing.id}`, tokens.feeEarner)).statusCode).toBe(403);
    expect((await call('POST', `/reactivate-user/${firm.users.billing.id}`, tokens.feeEarner)).statusCode).toBe(403);
    const otherMember = await signIn(context.app, otherFirm.users.feeEarner.email);
    expect((await context.app.inject({ method: 'GET', url: '/api/users/get-user-profile', headers: bearer(otherMember) })).statusCode).toBe(
      200,
    );
  });
});

describe('handing over on deactivation, and transferring ownership', () => {
  const timerSeconds = (firmId: string, userId: string) =>
    inFirm<{ seconds: number; open: number }>(
      firmId,
      sql`select coalesce(sum(extract(epoch from coalesce(paused_at, now()) - started_at)), 0)::float8 as seconds,
                 count(*) filter (where paused_at is null)::int as open
            from time_entry_logs where user_id = ${userId}`,
    ).then((rows) => rows[0]!);
  const openMatterIdsOf = (firmId: string, userId: string) =>
    inFirm<{ matter_id: string }>(
      firmId,
      sql`select a.matter_id from matter_assignees a join matters m on m.id = a.matter_id
           where a.user_id = ${userId} and m.status = 'Open' and m.deleted_at is null order by a.matter_id`,
    ).then((rows) => rows.map((row) => row.matter_id));

  it('says what will be handed over, then gives a colleague the open matters and the stopped timer’s time', async () => {
    const { seeded, adminToken } = await freshFirm();
    const leaver = seeded.users.feeEarner.id;
    const successor = seeded.users.billing.id;
    // The leaver's open matters: every seeded matter, one of them closed (which keeps its history as it was).
    await inFirm(
      seeded.firmId,
      sql`insert into matter_assignees (firm_id, matter_id, user_id, hourly_rate)
      select firm_id, id, ${leaver}, 150 from matters on conflict do nothing`,
    );
    const closedMatter = seeded.matterIds[0]!;
    await inFirm(seeded.firmId, sql`update matters set status = 'Closed' where id = ${closedMatter}`);
    const openMatters = await openMatterIdsOf(seeded.firmId, leaver);
    expect(openMatters.length).toBeGreaterThan(0);
    await inFirm(
      seeded.firmId,
      sql`insert into time_entry_logs (firm_id, user_id, started_at) values (${seeded.firmId}, ${leaver}, now() - interval '25 minutes')`,
    );

    const preview = await call('GET', `/deactivation-preview/${leaver}`, adminToken);
    expect(preview.json().data).toMatchObject({ openMatters: openMatters.length, timerRunning: true, isOwner: false });
    expect(preview.json().data.timerSeconds).toBeGreaterThanOrEqual(25 * 60);

    const inactive = await call('POST', `/deactivate-user/${leaver}`, adminToken, { reassignToUserId: leaver });
    expect(inactive.statusCode).toBe(400);
    const response = await call('POST', `/deactivate-user/${leaver}`, adminToken, { reassignToUserId: successor });
    expect(response.statusCode).toBe(200);
    expect(await openMatterIdsOf(seeded.firmId, successor)).toEqual(expect.arrayContaining(openMatters));
    expect(await openMatterIdsOf(seeded.firmId, leaver)).toEqual([]);
    const [closedKept] = await inFirm<{ count: number }>(
      seeded.firmId,
      sql`select count(*)::int as count from matter_assignees where matter_id = ${closedMatter} and user_id = ${leaver}`,
    );
    expect(closedKept!.count).toBe(1);
    expect(await timerSeconds(seeded.firmId, leaver)).toEqual({ seconds: 0, open: 0 });
    const handed = await timerSeconds(seeded.firmId, successor);
    expect(handed.open).toBe(0);
    expect(handed.seconds).toBeGreaterThanOrEqual(25 * 60);
    const [event] = await inFirm<{ details: { reassignedTo: string; mattersReassigned: number } }>(
      seeded.firmId,
      sql`select details from audit_events where entity_id = ${leaver} and action = 'teamMember.deactivated'`,
    );
    expect(event!.details).toMatchObject({ reassignedTo: successor, mattersReassigned: openMatters.length });
  });

  it('lets only the owner transfer ownership, to an active member who becomes an administrator; the owner cannot be deactivated', async () => {
    const { seeded, adminToken } = await freshFirm();
    const owner = seeded.users.admin.id;
    await grant(seeded.firmId, 'Billing', 'administrator');
    const billingToken = await signIn(context.app, seeded.users.billing.email);
    expect((await call('POST', `/transfer-ownership/${seeded.users.feeEarner.id}`, billingToken)).statusCode).toBe(403);
    const ownerRefused = await call('POST', `/deactivate-user/${owner}`, billingToken);
    expect([ownerRefused.statusCode, ownerRefused.json().message]).toEqual([
      409,
      'Transfer the firm’s ownership to someone else before deactivating its owner',
    ]);

    const transferred = await call('POST', `/transfer-ownership/${seeded.users.feeEarner.id}`, adminToken);
    expect(transferred.statusCode).toBe(200);
    const members = (await call('GET', '/get-all-user', adminToken)).json().data as { id: string; isOwner: boolean; roleName: string }[];
    expect(members.find((member) => member.id === seeded.users.feeEarner.id)).toMatchObject({ isOwner: true, roleName: 'Administrator' });
    expect(members.find((member) => member.id === owner)).toMatchObject({ isOwner: false });
    // The former owner is now an ordinary administrator: they may be deactivated by the new owner.
    const newOwnerToken = await signIn(context.app, seeded.users.feeEarner.email);
    expect((await call('POST', `/transfer-ownership/${owner}`, adminToken)).statusCode).toBe(403);
    expect((await call('POST', `/deactivate-user/${owner}`, newOwnerToken)).statusCode).toBe(200);
    expect((await call('POST', `/transfer-ownership/${owner}`, newOwnerToken)).statusCode).toBe(400);
  });
});
