import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/plugins/route-access.ts';
import { hashPassword } from '../src/lib/secrets.ts';
import { seedDemoCourtUpdates } from '../src/seed/demo-court-updates.ts';
import { seedDemoInvoices } from '../src/seed/demo-invoices.ts';
import { seedDemoPortalMessages } from '../src/seed/demo-portal-messages.ts';
import { seedDemoProgressNotes } from '../src/seed/demo-progress-notes.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { seedDemoTimeEntries } from '../src/seed/demo-time-entries.ts';
import {
  bearer,
  createTestApp,
  rowsOf,
  seedTestFirm,
  signIn,
  signInOtherPortalClient,
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
let tokens: {
  otherFirmAdmin: string;
  noPermissionMember: string;
  otherFirmPortalClient: string;
  sameFirmOtherClient: string;
  firmAdminOfA: string;
};
let markersOfA: string[];
/** Ids of the records of firm A's portal client (matters, court updates, notes, invoices, documents, messages). */
let idsOfClientA: string[];
let markersOfClientA: string[];

beforeAll(async () => {
  // Gateways configured (never reached): their webhooks check signatures like a live install's.
  context = await createTestApp({
    payments: {
      paystack: { secretKey: 'sk_test_matrix', apiUrl: 'http://127.0.0.1:9' },
      stripe: { secretKey: 'sk_test_matrix', webhookSecret: 'whsec_matrix', apiUrl: 'http://127.0.0.1:9' },
    },
    subscriptionPayments: {
      paystack: { secretKey: 'sk_test_matrix_subscriptions', apiUrl: 'http://127.0.0.1:9' },
      stripe: { secretKey: 'sk_test_matrix_subscriptions', webhookSecret: 'whsec_matrix_subscriptions', apiUrl: 'http://127.0.0.1:9' },
    },
    clientMessaging: {
      termii: {
        apiKey: 'matrix',
        secretKey: 'matrix',
        smsSender: 'Matrix',
        smsChannel: 'dnd',
        whatsappSender: null,
        apiUrl: 'http://127.0.0.1:9',
      },
      twilio: { accountSid: 'ACmatrix', authToken: 'matrix', smsFrom: '+15005550006', whatsappFrom: null, apiUrl: 'http://127.0.0.1:9' },
      retry: { maxAttempts: 1, firstDelaySeconds: 0 },
    },
  });
  firmA = await seedTestFirm(context.database);
  firmB = await seedTestFirm(context.database);
  // The portal client of firm A gets records of every kind a portal route can name.
  await seedDemoTimeEntries(context.database, firmA);
  await seedDemoInvoices(context.database, firmA);
  await seedDemoCourtUpdates(context.database, firmA);
  await seedDemoProgressNotes(context.database, firmA);
  await seedDemoPortalMessages(context.database, firmA);
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
    sameFirmOtherClient: await signInOtherPortalClient(context, firmA),
    firmAdminOfA: await signIn(context.app, firmA.users.admin.email),
  };
  const clientA = firmA.portalClient.clientId;
  const owned = await context.database.withFirm(firmA.firmId, (tx) =>
    rowsOf<{ id: string; name: string | null }>(
      tx.execute(sql`select id, matter_name as name from matters where client_id = ${clientA}
        union all select id, null from court_updates where client_id = ${clientA}
        union all select id, null from progress_notes where client_id = ${clientA}
        union all select id, null from invoices where client_id = ${clientA}
        union all select id, null from documents where client_id = ${clientA}
        union all select id, null from portal_messages where client_id = ${clientA}`),
    ),
  );
  idsOfClientA = owned.map((row) => row.id);
  markersOfClientA = [clientA, firmA.portalClient.email, ...owned.flatMap((row) => (row.name ? [row.name] : []))];
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
      expect(response.json()).toEqual({ success: false, message: 'You are unauthorized', code: 'UNAUTHORIZED', data: null });
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
      // The payment gateways' webhooks answer 400; the SMS providers' delivery callbacks 403, as Twilio's own helpers do (ADR 89).
      expect(response.statusCode, label).toBe(route.url.startsWith('/api/webhooks/client-messages/') ? 403 : 400);
      for (const marker of markersOfA) expect(response.body, label).not.toContain(marker);
    }
  });

  it("refuses a firm token, even firm A's own administrator, on every portal route", async () => {
    const portalRoutes = routes().filter((route) => route.access.kind === 'portal');
    expect(portalRoutes.length).toBeGreaterThan(10);
    for (const route of portalRoutes) {
      const response = await context.app.inject({ ...requestFor(route), headers: bearer(tokens.firmAdminOfA) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("answers another client of the same firm 404 (or nothing of theirs) for every portal route, whichever of the client's ids it names", async () => {
    const portalRoutes = routes().filter((route) => route.access.kind === 'portal');
    // The control: the client's own token reaches their records through the same routes, so the ids are real.
    const ownToken = (await signInToPortal(context.app, firmA.slug, firmA.portalClient.email)).token;
    const reachedByOwner = new Set<string>();
    for (const route of portalRoutes.filter((route) => route.method === 'GET' && route.url.includes(':'))) {
      for (const id of idsOfClientA) {
        const response = await context.app.inject({
          method: 'GET',
          url: route.url.replace(/:(\w+)/g, () => id),
          headers: bearer(ownToken),
        });
        if (response.statusCode === 200) reachedByOwner.add(route.url);
      }
    }
    expect([...reachedByOwner].sort()).toEqual([
      '/api/client-portal/download-invoice-pdf/:id',
      '/api/client-portal/get-invoice/:id',
      '/api/client-portal/get-matter/:id',
    ]);
    for (const route of portalRoutes) {
      const namesAnId = route.url.includes(':') || route.hasQuery || route.hasBody;
      for (const id of route.url.includes(':') ? idsOfClientA : [idsOfClientA[0]!]) {
        const url = route.url.replace(/:(\w+)/g, () => id);
        const query = new URLSearchParams({ ClientId: firmA.portalClient.clientId, MatterId: idsOfClientA[0]!, InvoiceId: id, Id: id });
        const hasBody = !['GET', 'DELETE'].includes(route.method);
        const response = await context.app.inject({
          method: route.method as 'GET',
          url: route.hasQuery ? `${url}?${query}` : url,
          headers: bearer(tokens.sameFirmOtherClient),
          ...(hasBody
            ? {
                payload: {
                  clientId: firmA.portalClient.clientId,
                  matterId: idsOfClientA[0],
                  invoiceId: id,
                  body: 'Hello',
                  attachmentIds: [],
                },
              }
            : {}),
        });
        const label = `${route.method} ${url}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (route.url.includes(':')) expect([400, 404], label).toContain(response.statusCode);
        else if (namesAnId && route.hasQuery) expect(response.statusCode === 404 || response.statusCode === 200, label).toBe(true);
        for (const marker of markersOfClientA) expect(response.body, label).not.toContain(marker);
      }
    }
  });

  it('refuses a member without the permission on every route that needs one', async () => {
    const guarded = routes().filter((route) => route.access.kind === 'firm' && route.access.permissions.length > 0);
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const response = await context.app.inject({ ...requestFor(route), headers: bearer(tokens.noPermissionMember) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().message).toBe("You don't have permission to perform this action. Please contact your admin to provide access");
      expect(response.json().code).toBe('PERMISSION_DENIED');
    }
  });

  it('answers 402 to every firm write of a firm whose subscription ended, but choosing a plan, signing in and out; its reads still answer', async () => {
    const setStatus = (status: string) =>
      context.database.withFirm(firmB.firmId, (tx) =>
        tx.execute(sql`update subscriptions set status = ${status} where firm_id = ${firmB.firmId}`),
      );
    await setStatus('read_only');
    try {
      // A member who lost their phone is let back in, and a lost laptop shut out: two-step resets and sign-outs stay open too.
      const open = [
        '/api/admin/sub-scription-master/',
        '/api/auth/',
        '/api/admin/team/reset-two-step/',
        '/api/admin/team/sign-out-everywhere/',
        '/api/me/',
        '/api/admin/export/',
        '/api/admin/time-entry-log/get-total-hours',
      ];
      const firmRoutes = routes().filter((route) => route.access.kind === 'firm');
      const writes = firmRoutes.filter((route) => route.method !== 'GET' && !open.some((path) => route.url.startsWith(path)));
      expect(writes.length).toBeGreaterThan(100);
      for (const route of writes) {
        const response = await context.app.inject({ ...requestFor(route), headers: bearer(tokens.otherFirmAdmin) });
        expect([response.statusCode, response.json().message, response.json().code], `${route.method} ${route.url}`).toEqual([
          402,
          'Your subscription has ended. Choose a plan to continue.',
          'SUBSCRIPTION_ENDED',
        ]);
      }
      for (const route of firmRoutes.filter((route) => !writes.includes(route))) {
        const response = await context.app.inject({ ...requestFor(route), headers: bearer(tokens.otherFirmAdmin) });
        expect(response.statusCode, `${route.method} ${route.url}`).not.toBe(402);
      }
    } finally {
      await setStatus('trialing');
    }
  });
});
