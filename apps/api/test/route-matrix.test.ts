import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/plugins/route-access.ts';
import { hashPassword } from '../src/lib/secrets.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import {
  bearer,
  createTestApp,
  rowsOf,
  seedTestFirm,
  signIn,
  signInToPortal,
  TEST_PASSWORD,
  type TestContext,
} from './support/test-app.ts';

/**
 * Walks every registered route — including routes added after this test was written — as four
 * callers who must be refused: anonymous, a portal client, another firm's administrator and a
 * member whose role grants nothing. Every id in the request belongs to firm A.
 */
let context: TestContext;
let firmA: SeededFirm;
let firmB: SeededFirm;
let tokens: { otherFirmAdmin: string; noPermissionMember: string; otherFirmPortalClient: string };
let markersOfA: string[];

beforeAll(async () => {
  // Gateways configured (never reached): their webhooks check signatures like a live install's.
  context = await createTestApp({
    payments: {
      paystack: { secretKey: 'sk_test_matrix', apiUrl: 'http://127.0.0.1:9' },
      stripe: { secretKey: 'sk_test_matrix', webhookSecret: 'whsec_matrix', apiUrl: 'http://127.0.0.1:9' },
    },
  });
  firmA = await seedTestFirm(context.database);
  firmB = await seedTestFirm(context.database);
  const emptyRoleEmail = `nobody@${firmB.slug}.example`;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  await context.database.withFirm(firmB.firmId, async (tx) => {
    await tx.execute(sql`insert into roles (firm_id, name, permissions) values (${firmB.firmId}, 'Nothing', '{}')`);
    await tx.execute(sql`insert into users (firm_id, email, name, password_hash, role_id, email_verified_at)
      values (${firmB.firmId}, ${emptyRoleEmail}, 'No Rights', ${passwordHash}, (select id from roles where name = 'Nothing'), now())`);
  });
  tokens = {
    otherFirmAdmin: await signIn(context.app, firmB.users.admin.email),
    noPermissionMember: await signIn(context.app, emptyRoleEmail),
    otherFirmPortalClient: (await signInToPortal(context.app, firmB.slug, firmB.portalClient.email)).token,
  };
  const [firmName] = await context.database.withFirm(firmA.firmId, (tx) =>
    rowsOf<{ name: string }>(tx.execute(sql`select name from firms`)),
  );
  markersOfA = [
    firmA.firmId,
    firmA.users.admin.id,
    firmA.users.admin.email,
    firmA.users.feeEarner.email,
    firmA.portalClient.clientId,
    firmA.portalClient.email,
    firmA.otherClientId,
    ...firmA.matterIds,
    firmName!.name,
  ];
});
afterAll(() => context.close());

function requestFor(route: RegisteredRoute) {
  const url = route.url.replace(/:(\w+)/g, () => firmA.portalClient.clientId);
  const query = new URLSearchParams({
    AdminUserId: firmA.users.admin.id,
    BusinessId: firmA.firmId,
    ClientId: firmA.portalClient.clientId,
    MatterId: firmA.matterIds[0]!,
    Slug: firmA.slug,
  });
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  return {
    method: route.method as 'GET',
    url: route.hasQuery ? `${url}?${query}` : url,
    ...(hasBody ? { payload: { adminUserId: firmA.users.admin.id, businessId: firmA.firmId, clientId: firmA.portalClient.clientId } } : {}),
  };
}

const routes = () => context.app.routeCatalog;

describe('tenant route matrix', () => {
  it('covers a meaningful number of routes', () => {
    expect(routes().filter((route) => route.access.kind !== 'public').length).toBeGreaterThanOrEqual(7);
  });

  it('refuses anonymous callers on every non-public route', async () => {
    for (const route of routes().filter((route) => route.access.kind !== 'public')) {
      const response = await context.app.inject(requestFor(route));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'You are unauthorized', data: null });
    }
  });

  it('refuses a portal client on every firm route and shows them nothing of another firm', async () => {
    for (const route of routes().filter((route) => route.access.kind !== 'public')) {
      const response = await context.app.inject({ ...requestFor(route), headers: bearer(tokens.otherFirmPortalClient) });
      const label = `${route.method} ${route.url}`;
      if (route.access.kind === 'firm') expect(response.statusCode, label).toBe(401);
      else expect(response.statusCode, label).toBeLessThan(500);
      for (const marker of markersOfA) expect(response.body, label).not.toContain(marker);
    }
  });

  it("shows another firm's administrator none of firm A's data", async () => {
    for (const route of routes().filter((route) => route.access.kind !== 'public')) {
      const response = await context.app.inject({ ...requestFor(route), headers: bearer(tokens.otherFirmAdmin) });
      const label = `${route.method} ${route.url}`;
      expect(response.statusCode, label).toBeLessThan(500);
      if (route.access.kind === 'portal') expect(response.statusCode, label).toBe(401);
      for (const marker of markersOfA) expect(response.body, label).not.toContain(marker);
    }
  });

  it('refuses every public webhook delivery not signed by its gateway, showing nothing', async () => {
    const webhooks = routes().filter((route) => route.access.kind === 'public' && route.url.startsWith('/api/webhooks/'));
    expect(webhooks.length).toBeGreaterThanOrEqual(2);
    for (const route of webhooks) {
      const response = await context.app.inject({
        ...requestFor(route),
        headers: { 'x-paystack-signature': 'forged', 'stripe-signature': 't=1,v1=forged' },
      });
      const label = `${route.method} ${route.url}`;
      expect(response.statusCode, label).toBe(400);
      for (const marker of markersOfA) expect(response.body, label).not.toContain(marker);
    }
  });

  it('refuses a member without the permission on every route that needs one', async () => {
    const guarded = routes().filter((route) => route.access.kind === 'firm' && route.access.permissions.length > 0);
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const response = await context.app.inject({ ...requestFor(route), headers: bearer(tokens.noPermissionMember) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().message).toBe("You don't have permission to perform this action. Please contact your admin to provide access");
    }
  });
});
