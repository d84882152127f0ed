import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { currencies, firms } from '../../db/schema/index.ts';

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

export async function findFirmProfile(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      firmName: firms.name,
      portalSlug: firms.portalSlug,
      country: firms.country,
      homeCurrencyId: firms.homeCurrencyId,
      multicurrency: firms.multicurrency,
      timeZone: firms.timeZone,
      logo: firms.logo,
      address: firms.address,
      phone: firms.phone,
      email: firms.email,
      billingIncrement: firms.billingIncrement,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? null;
}

export async function updateFirmProfile(
  tx: Tx,
  firmId: string,
  values: Parameters<typeof updateFirmSetup>[2] & {
    address: string | null;
    phone: string | null;
    email: string | null;
    billingIncrement: string;
  },
) {
  await tx
    .update(firms)
    .set({ ...values, setupCompletedAt: sql`coalesce(${firms.setupCompletedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(firms.id, firmId));
}
