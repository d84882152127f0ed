import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { auditEvents, currencies, firms } from '../../db/schema/index.ts';

export async function currencyExists(tx: Tx, currencyId: number): Promise<boolean> {
  const [row] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, currencyId));
  return Boolean(row);
}

export async function updateFirmSetup(
  tx: Tx,
  firmId: string,
  values: {
    name: string;
    portalSlug: string;
    country: string;
    homeCurrencyId: number;
    multicurrency: boolean;
    timeZone: string;
    logo: string | null;
  },
) {
  await tx
    .update(firms)
    .set({ ...values, setupCompletedAt: sql`coalesce(${firms.setupCompletedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(firms.id, firmId));
}

export async function insertAuditEvent(tx: Tx, values: typeof auditEvents.$inferInsert) {
  await tx.insert(auditEvents).values(values);
}
