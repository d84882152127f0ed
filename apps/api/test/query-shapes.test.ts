import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runShaped } from '../src/db/query-shapes.ts';
import { users } from '../src/db/schema/index.ts';
import type { SeededFirm } from '../src/seed/demo-seed.ts';
import { createTestApp, seedTestFirm, type TestContext } from './support/test-app.ts';

let context: TestContext;
let firmA: SeededFirm;
let firmB: SeededFirm;
beforeAll(async () => {
  context = await createTestApp();
  firmA = await seedTestFirm(context.database);
  firmB = await seedTestFirm(context.database);
});
afterAll(() => context.close());

describe('runShaped', () => {
  it('builds a shape once and runs it with each call’s values, in each call’s transaction, rows mapped', async () => {
    const key = `test-user-by-email:${Math.random()}`;
    const build = vi.fn();
    const userByEmail = (firm: SeededFirm, email: string) =>
      context.database.withFirm(firm.firmId, (tx) =>
        runShaped(
          tx,
          key,
          () => {
            build();
            return tx
              .select({ id: users.id, firmId: users.firmId, createdAt: users.createdAt })
              .from(users)
              .where(eq(users.email, sql.placeholder('email')));
          },
          { email },
        ),
      );

    const [adminA] = await userByEmail(firmA, firmA.users.admin.email);
    const [adminB] = await userByEmail(firmB, firmB.users.admin.email);
    expect(adminA).toMatchObject({ id: firmA.users.admin.id, firmId: firmA.firmId });
    expect(adminA!.createdAt).toBeInstanceOf(Date);
    expect(adminB).toMatchObject({ id: firmB.users.admin.id, firmId: firmB.firmId });
    // Row-level security still applies: the shape carries no firm of its own.
    expect(await userByEmail(firmB, firmA.users.admin.email)).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
