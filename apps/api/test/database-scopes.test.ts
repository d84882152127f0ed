import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, READ_ONLY, type Database } from '../src/db/database.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { openTestDatabase, rowsOf, seedTestFirm } from './support/test-app.ts';

let database: Database;
let drop: () => Promise<void>;
let databaseUrl: string | undefined;
let firmA: SeededFirm;
let firmB: SeededFirm;
beforeAll(async () => {
  ({ database, drop, databaseUrl } = await openTestDatabase());
  firmA = await seedTestFirm(database);
  firmB = await seedTestFirm(database);
});
afterAll(async () => {
  await database.close();
  await drop();
});

const clientCount = async (firmId: string) => {
  const [row] = await rowsOf<{ n: number }>(database.db.execute(sql`select count(*)::int as n from clients where firm_id = ${firmId}`));
  return row!.n;
};
const whoAmI = sql`select current_user as "role", current_setting('app.firm_id') as "firmId", current_setting('transaction_read_only') as "readOnly"`;

describe('a firm transaction (withFirm)', () => {
  it("runs as the app role inside the firm's scope", async () => {
    expect(await database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(whoAmI)))).toEqual([
      { role: 'matterhorn_app', firmId: firmA.firmId, readOnly: 'off' },
    ]);
  });

  it('runs nothing when its scope cannot be set, and writes nothing', async () => {
    const before = await clientCount(firmB.firmId);
    // As the database owner, with no firm scope, this insert into another firm would succeed.
    const smuggle = database.withFirm(
      firmA.firmId,
      (tx) => tx.execute(sql`insert into clients (firm_id, client_type, company_name) values (${firmB.firmId}, 'company', 'Smuggled Ltd')`),
      { settings: { work_mem: 'not a size' } },
    );
    await expect(smuggle).rejects.toThrow(/work_mem/);
    expect(await clientCount(firmB.firmId)).toBe(before);
    // The connection is whole again for the next transaction.
    expect(await database.withFirm(firmB.firmId, (tx) => rowsOf(tx.execute(whoAmI)))).toMatchObject([{ firmId: firmB.firmId }]);
  });

  it('read-only: reads as the firm, and PostgreSQL refuses any write in it', async () => {
    expect(await database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(whoAmI)), READ_ONLY)).toEqual([
      { role: 'matterhorn_app', firmId: firmA.firmId, readOnly: 'on' },
    ]);
    const before = await clientCount(firmA.firmId);
    const write = database.withFirm(
      firmA.firmId,
      (tx) => tx.execute(sql`insert into clients (firm_id, client_type, company_name) values (${firmA.firmId}, 'company', 'Written Ltd')`),
      READ_ONLY,
    );
    // 25006: read_only_sql_transaction.
    await expect(write).rejects.toMatchObject({ cause: expect.objectContaining({ code: '25006' }) });
    expect(await clientCount(firmA.firmId)).toBe(before);
  });

  it('hands every connection back, read-only or not (more calls than the pool holds)', async () => {
    const readFirm = (firmId: string) =>
      database.withFirm(firmId, async (tx) => (await rowsOf<{ firmId: string }>(tx.execute(whoAmI)))[0]!.firmId, READ_ONLY);
    for (let call = 0; call < 30; call += 1) expect(await readFirm(firmA.firmId)).toBe(firmA.firmId);
    const together = await Promise.all(Array.from({ length: 60 }, (_, call) => readFirm(call % 2 ? firmA.firmId : firmB.firmId)));
    expect(together).toEqual(Array.from({ length: 60 }, (_, call) => (call % 2 ? firmA.firmId : firmB.firmId)));
    // A write after them finds a connection, and its transaction is not read-only.
    expect(await database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(whoAmI)))).toMatchObject([{ readOnly: 'off' }]);
  });

  it('is atomic: an error after a write leaves nothing written, and the connection is whole again', async () => {
    const before = await clientCount(firmA.firmId);
    const failing = database.withFirm(firmA.firmId, async (tx) => {
      await tx.execute(
        sql`insert into clients (firm_id, client_type, company_name) values (${firmA.firmId}, 'company', 'Half Written Ltd')`,
      );
      throw new Error('stopped after the write');
    });
    await expect(failing).rejects.toThrow('stopped after the write');
    expect(await clientCount(firmA.firmId)).toBe(before);
    expect(await database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(whoAmI)))).toMatchObject([{ firmId: firmA.firmId }]);
  });

  it('runs at the isolation asked: repeatable read for a snapshot, read committed otherwise', async () => {
    const isolation = sql`select current_setting('transaction_isolation') as "isolation"`;
    expect(await database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(isolation)))).toEqual([{ isolation: 'read committed' }]);
    expect(
      await database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(isolation)), { readOnly: true, isolation: 'repeatable read' }),
    ).toEqual([{ isolation: 'repeatable read' }]);
  });

  it("plans with the database's settings, not per transaction", async () => {
    const planner = sql`select current_setting('random_page_cost') as "randomPageCost", current_setting('plan_cache_mode') as "planCacheMode"`;
    expect(await database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(planner)))).toEqual([
      { randomPageCost: '1.1', planCacheMode: 'auto' },
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('named prepared statements (PostgreSQL)', () => {
  const prepared = sql`select count(*)::int as "named" from pg_prepared_statements where name like 'q\_%'`;

  it('are off by default, so a transaction-mode pooler can stand between the API and PostgreSQL', async () => {
    await database.withFirm(firmA.firmId, (tx) => tx.execute(sql`select 1 from clients where firm_id = ${firmA.firmId} limit 1`));
    expect(await database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(prepared)))).toEqual([{ named: 0 }]);
  });

  it('name each statement once per connection when asked for', async () => {
    const preparing = openDatabase({ databaseUrl: databaseUrl!, poolSize: 1, preparedStatements: true });
    try {
      await preparing.withFirm(firmA.firmId, (tx) => tx.execute(sql`select 1 from clients where firm_id = ${firmA.firmId} limit 1`));
      const [row] = await preparing.withFirm(firmA.firmId, (tx) => rowsOf<{ named: number }>(tx.execute(prepared)));
      expect(row!.named).toBeGreaterThan(0);
      // Planned for each call's values, as one large firm among small ones needs.
      const [mode] = await preparing.withFirm(firmA.firmId, (tx) =>
        rowsOf(tx.execute(sql`select current_setting('plan_cache_mode') as mode`)),
      );
      expect(mode).toEqual({ mode: 'force_custom_plan' });
    } finally {
      await preparing.close();
    }
  });
});
