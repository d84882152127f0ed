import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY, type Database } from '../src/db/database.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { openTestDatabase, rowsOf, seedTestFirm } from './support/test-app.ts';

let database: Database;
let drop: () => Promise<void>;
let firmA: SeededFirm;
let firmB: SeededFirm;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
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
  it("runs its first statement, sent with the begin, as the app role inside the firm's scope", async () => {
    expect(await database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(whoAmI)))).toEqual([
      { role: 'matterhorn_app', firmId: firmA.firmId, readOnly: 'off' },
    ]);
  });

  it('runs nothing when its scope cannot be set: the first statement fails with the scope, and writes nothing', async () => {
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

  it('read-only: answers before its commit returns and still hands every connection back (more calls than the pool holds)', async () => {
    const readFirm = (firmId: string) =>
      database.withFirm(firmId, async (tx) => (await rowsOf<{ firmId: string }>(tx.execute(whoAmI)))[0]!.firmId, READ_ONLY);
    for (let call = 0; call < 30; call += 1) expect(await readFirm(firmA.firmId)).toBe(firmA.firmId);
    const together = await Promise.all(Array.from({ length: 60 }, (_, call) => readFirm(call % 2 ? firmA.firmId : firmB.firmId)));
    expect(together).toEqual(Array.from({ length: 60 }, (_, call) => (call % 2 ? firmA.firmId : firmB.firmId)));
    // A write after them finds a connection, and its transaction is not read-only.
    expect(await database.withFirm(firmA.firmId, (tx) => rowsOf(tx.execute(whoAmI)))).toMatchObject([{ readOnly: 'off' }]);
  });
});
