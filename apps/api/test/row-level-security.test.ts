import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFirmSession } from '../src/modules/auth/auth.repository.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { createTestApp, rowsOf, seedTestFirm, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firmA: SeededFirm;
let firmB: SeededFirm;
let tenantTables: string[];
let tenantViews: string[];
beforeAll(async () => {
  context = await createTestApp();
  firmA = await seedTestFirm(context.database);
  firmB = await seedTestFirm(context.database);
  const columns = await rowsOf<{ table_name: string; table_type: string }>(
    context.database.db.execute(sql`select distinct c.table_name, t.table_type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'firm_id' order by c.table_name`),
  );
  tenantTables = columns.filter((row) => row.table_type === 'BASE TABLE').map((row) => row.table_name);
  tenantViews = columns.filter((row) => row.table_type === 'VIEW').map((row) => row.table_name);
});
afterAll(() => context.close());

describe('row-level security', () => {
  it('is enabled and forced on the firms table and every table that carries a firm', async () => {
    expect(tenantTables).toEqual(
      expect.arrayContaining([
        'users',
        'roles',
        'clients',
        'matters',
        'sessions',
        'subscriptions',
        'expenses',
        'expense_receipts',
        'expense_categories',
        'ledger_accounts',
        'journal_entries',
        'journal_lines',
        'invoices',
        'invoice_lines',
        'invoice_matters',
        'invoice_payments',
        'invoice_write_offs',
        'invoice_events',
      ]),
    );
    const flags = await rowsOf(
      context.database.db.execute(sql`select relname, relrowsecurity, relforcerowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' and relname = any(${`{${['firms', ...tenantTables].join(',')}}`}::text[])`),
    );
    expect(flags).toHaveLength(tenantTables.length + 1);
    for (const table of flags) expect(table, String(table.relname)).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
  });

  it("reads a view that carries a firm as its reader (security_invoker), so the tables' security applies", async () => {
    expect(tenantViews).toContain('matter_list_names_source');
    const options = await rowsOf<{ relname: string; reloptions: string[] | null }>(
      context.database.db.execute(sql`select relname, reloptions from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'v' and relname = any(${`{${tenantViews.join(',')}}`}::text[])`),
    );
    expect(options).toHaveLength(tenantViews.length);
    for (const view of options) expect(view.reloptions, view.relname).toContain('security_invoker=true');
  });

  it("shows the app role only its own firm's rows in every tenant table and view", async () => {
    for (const table of [...tenantTables, ...tenantViews]) {
      const [counts] = await context.database.withFirm(firmA.firmId, (tx) =>
        rowsOf(
          tx.execute(
            sql`select count(*)::int as mine, count(*) filter (where firm_id <> ${firmA.firmId})::int as others from ${sql.identifier(table)}`,
          ),
        ),
      );
      expect(counts?.others, table).toBe(0);
    }
    const [firms] = await context.database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(sql`select count(*)::int as n from firms`)));
    expect(firms?.n).toBe(1);
  });

  it('shows nothing when no firm is set', async () => {
    const [row] = await context.database
      .withFirm('', (tx) =>
        rowsOf(tx.execute(sql`select (select count(*) from users)::int as users, (select count(*) from clients)::int as clients`)),
      )
      .catch(() => [{ users: 0, clients: 0 }]);
    expect(row).toEqual({ users: 0, clients: 0 });
  });

  it("refuses to write a row into another firm, and to touch another firm's rows", async () => {
    await expect(
      context.database.withFirm(firmA.firmId, (tx) =>
        tx.execute(sql`insert into clients (firm_id, client_type, company_name) values (${firmB.firmId}, 'company', 'Smuggled Ltd')`),
      ),
    ).rejects.toThrow();
    const updated = await context.database.withFirm(firmA.firmId, (tx) =>
      rowsOf(tx.execute(sql`update clients set company_name = 'Hijacked' where firm_id = ${firmB.firmId} returning id`)),
    );
    expect(updated).toHaveLength(0);
  });

  it('lets the app role delete no money record: flat fees, expenses, their receipts and categories, the ledger, payments', async () => {
    const tables = [
      'flat_fees',
      'expenses',
      'expense_receipts',
      'expense_categories',
      'journal_entries',
      'journal_lines',
      'invoice_payments',
    ];
    const privileges = await rowsOf<{ table_name: string; can_delete: boolean; can_truncate: boolean }>(
      context.database.db.execute(sql`select t as table_name, has_table_privilege('matterhorn_app', t, 'DELETE') as can_delete,
        has_table_privilege('matterhorn_app', t, 'TRUNCATE') as can_truncate from unnest(${`{${tables.join(',')}}`}::text[]) as t`),
    );
    expect(privileges).toEqual(tables.map((table_name) => ({ table_name, can_delete: false, can_truncate: false })));
  });

  it('gives the app role no way to switch security off or change the schema', async () => {
    await expect(
      context.database.withFirm(firmA.firmId, (tx) => tx.execute(sql`alter table clients disable row level security`)),
    ).rejects.toThrow();
    await expect(context.database.withFirm(firmA.firmId, (tx) => tx.execute(sql`drop table clients`))).rejects.toThrow();
    await expect(
      context.database.withFirm(firmA.firmId, (tx) =>
        tx.execute(
          sql`insert into plans (name, amount, ngn_amount, duration_in_days, allocated_number_users) values ('Free forever', 0, 0, 1, 1)`,
        ),
      ),
    ).rejects.toThrow();
  });

  it("keeps the session check inside the token's firm, also once its plan is cached", async () => {
    const [session] = await context.database.withFirm(firmA.firmId, (tx) =>
      rowsOf<{ id: string }>(
        tx.execute(
          sql`insert into sessions (firm_id, user_id, kind, expires_at) values (${firmA.firmId}, ${firmA.users.admin.id}, 'firm', now() + interval '1 hour') returning id`,
        ),
      ),
    );
    for (let run = 0; run < 6; run++) {
      expect(await findFirmSession(context.database.db, firmA.firmId, session!.id)).toMatchObject({
        userId: firmA.users.admin.id,
      });
      expect(await findFirmSession(context.database.db, firmB.firmId, session!.id)).toBeNull();
    }
  });

  it("lets a transaction's extra settings change neither its role nor its firm", async () => {
    const [row] = await context.database.withFirm(
      firmA.firmId,
      (tx) => rowsOf<{ role: string; firm: string }>(tx.execute(sql`select current_user as role, current_setting('app.firm_id') as firm`)),
      { settings: { role: 'postgres', 'app.firm_id': firmB.firmId } },
    );
    expect(row).toEqual({ role: 'matterhorn_app', firm: firmA.firmId });
  });

  it('lets no request role call the session-check functions, which bypass row-level security', async () => {
    for (const fn of ['firm_session', 'portal_session']) {
      await expect(
        context.database.withFirm(firmA.firmId, (tx) =>
          tx.execute(sql`select * from ${sql.identifier(fn)}(${firmA.firmId}::uuid, ${firmA.firmId}::uuid)`),
        ),
        fn,
      ).rejects.toThrow();
      await expect(
        context.database.withIdentityLookup((tx) =>
          tx.execute(sql`select * from ${sql.identifier(fn)}(${firmA.firmId}::uuid, ${firmA.firmId}::uuid)`),
        ),
        fn,
      ).rejects.toThrow();
    }
  });

  it('lets the identity-lookup role see identities only, never firm data', async () => {
    const users = await context.database.withIdentityLookup((tx) =>
      rowsOf(tx.execute(sql`select id from users where email = ${firmB.users.admin.email}`)),
    );
    expect(users).toHaveLength(1);
    for (const table of ['matters', 'roles', 'sessions', 'subscriptions', 'audit_events']) {
      await expect(
        context.database.withIdentityLookup((tx) => tx.execute(sql`select count(*) from ${sql.identifier(table)}`)),
        table,
      ).rejects.toThrow();
    }
    // The delivery job finds the firms with mail due this way; what an email says stays out of reach.
    for (const column of ['sealed_content', 'recipient', 'subject']) {
      await expect(
        context.database.withIdentityLookup((tx) => tx.execute(sql`select ${sql.identifier(column)} from outgoing_messages limit 1`)),
        column,
      ).rejects.toThrow();
    }
  });

  it("lets the identity-lookup role read only the client columns sign-in matches on, never a client's details", async () => {
    const lookup = (query: ReturnType<typeof sql>) => context.database.withIdentityLookup((tx) => rowsOf(tx.execute(query)));
    const identities = await lookup(
      sql`select id, firm_id, email, is_portal_enabled, deleted_at from clients where lower(email) = ${firmB.portalClient.email.toLowerCase()}`,
    );
    expect(identities).toHaveLength(1);
    const columns = await rowsOf<{ column_name: string }>(
      context.database.db.execute(
        sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = 'clients'`,
      ),
    );
    const signInColumns = ['id', 'firm_id', 'email', 'is_portal_enabled', 'deleted_at'];
    const otherColumns = columns.map((row) => row.column_name).filter((name) => !signInColumns.includes(name));
    expect(otherColumns).toEqual(expect.arrayContaining(['display_name', 'phone', 'address']));
    for (const column of otherColumns) {
      await expect(lookup(sql`select ${sql.identifier(column)} from clients limit 1`), column).rejects.toThrow();
    }
    await expect(lookup(sql`select * from clients limit 1`)).rejects.toThrow();
  });
});
