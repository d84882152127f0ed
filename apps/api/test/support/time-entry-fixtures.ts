import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { AppConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { createInvoiceSchema } from '@matterhorn/shared';
import { createInvoiceService } from '../../src/modules/invoices/invoices.service.ts';
import type { FirmPrincipal } from '../../src/plugins/route-access.ts';
import type { SeededFirm } from '../../src/seed/demo-seed.ts';
import { bearer, createTestApp, rowsOf, seedTestFirm, signIn, type TestContext } from './test-app.ts';

export const TIME_ENTRY_BASE = '/api/admin/time-entry';

/** A seeded firm's matters (with their clients) and activity types, as the time-entry tests use them. */
export type FirmReferences = {
  matters: { id: string; clientId: string; status: string; matterName: string }[];
  openMatter: { id: string; clientId: string };
  closedMatter: { id: string; clientId: string };
  activityIds: string[];
};

export type TimeEntryFixture = {
  context: TestContext;
  firm: SeededFirm;
  otherFirm: SeededFirm;
  references: FirmReferences;
  otherReferences: FirmReferences;
  tokens: { admin: string; feeEarner: string; billing: string; otherAdmin: string };
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
};

export async function findFirmReferences(database: Database, firmId: string): Promise<FirmReferences> {
  return database.withFirm(firmId, async (tx) => {
    const matters = await rowsOf<{ id: string; clientId: string; status: string; matterName: string }>(
      tx.execute(sql`select id, client_id as "clientId", status, matter_name as "matterName" from matters order by matter_number`),
    );
    const activities = await rowsOf<{ id: string }>(tx.execute(sql`select id from activity_types order by utbms_code`));
    return {
      matters,
      openMatter: matters.find((matter) => matter.status === 'Open')!,
      closedMatter: matters.find((matter) => matter.status === 'Closed')!,
      activityIds: activities.map((activity) => activity.id),
    };
  });
}

/**
 * A fresh app with two seeded firms, their staff signed in. `billingIncrement: '0'` makes the first
 * firm bill the exact time recorded, for tests of other rules that use durations off the default 0.1 h grid.
 */
export async function setUpTimeEntryFixture(
  options: { billingIncrement?: string; config?: Partial<AppConfig> } = {},
): Promise<TimeEntryFixture> {
  const context = await createTestApp(options.config);
  const firm = await seedTestFirm(context.database);
  if (options.billingIncrement !== undefined) {
    await context.database.db.execute(sql`update firms set billing_increment = ${options.billingIncrement} where id = ${firm.firmId}`);
  }
  const otherFirm = await seedTestFirm(context.database);
  const tokens = {
    admin: await signIn(context.app, firm.users.admin.email),
    feeEarner: await signIn(context.app, firm.users.feeEarner.email),
    billing: await signIn(context.app, firm.users.billing.email),
    otherAdmin: await signIn(context.app, otherFirm.users.admin.email),
  };
  return {
    context,
    firm,
    otherFirm,
    tokens,
    references: await findFirmReferences(context.database, firm.firmId),
    otherReferences: await findFirmReferences(context.database, otherFirm.firmId),
    call: (method, url, token, payload, headers = {}) =>
      context.app.inject({
        method,
        url,
        headers: { ...bearer(token), ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

/** Row counts that a refused request must leave as they were. */
export async function countTimeEntryRows(database: Database, firmId: string) {
  const [row] = await database.withFirm(firmId, (tx) =>
    rowsOf<Record<string, number>>(
      tx.execute(sql`select
        (select count(*)::int from time_entries) as entries,
        (select count(*)::int from time_entries where deleted_at is not null) as deleted,
        (select count(*)::int from time_entry_logs) as logs,
        (select count(*)::int from audit_events) as audits,
        (select coalesce(max(updated_at)::text, '') from time_entries) as "lastUpdate"`),
    ),
  );
  return row!;
}

/** Puts an entry on an invoice as the firm does: a draft invoice of its client takes it (so the books tie out). */
export async function markBilled(database: Database, timeEntryId: string, how: 'invoice' | 'status' = 'invoice') {
  if (how === 'status') {
    await database.db.execute(sql`update time_entries set status = 5 where id = ${timeEntryId}`);
    return;
  }
  const [entry] = await rowsOf<{ firmId: string; clientId: string; userId: string }>(
    database.db.execute(sql`select t.firm_id as "firmId", t.client_id as "clientId",
        (select u.id from users u where u.firm_id = t.firm_id order by u.created_at limit 1) as "userId"
      from time_entries t where t.id = ${timeEntryId}`),
  );
  const { firmId, clientId, userId } = entry!;
  const principal: FirmPrincipal = {
    kind: 'firm',
    sessionId: 'test-fixture',
    firmId,
    userId,
    adminUserId: userId,
    permissions: ['administrator'],
    isVerified: true,
  };
  await createInvoiceService(database).create(principal, createInvoiceSchema.parse({ clientId, timeEntryIds: [timeEntryId] }));
}
