import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { taxRates } from '../../db/schema/index.ts';

const columns = { id: taxRates.id, name: taxRates.name, ratePercent: taxRates.ratePercent, isActive: taxRates.isActive };

export type TaxRateRow = { id: string; name: string; ratePercent: string; isActive: boolean };

export function findTaxRates(tx: Tx, firmId: string): Promise<TaxRateRow[]> {
  return tx
    .select(columns)
    .from(taxRates)
    .where(eq(taxRates.firmId, firmId))
    .orderBy(desc(taxRates.isActive), asc(taxRates.name), desc(taxRates.ratePercent));
}

export async function findTaxRate(tx: Tx, firmId: string, id: string, { lock = false } = {}): Promise<TaxRateRow | null> {
  const query = tx
    .select(columns)
    .from(taxRates)
    .where(and(eq(taxRates.firmId, firmId), eq(taxRates.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export type TaxRateValues = { name: string; ratePercent: string; isActive: boolean };

export async function insertTaxRate(tx: Tx, firmId: string, values: TaxRateValues): Promise<string> {
  const [row] = await tx
    .insert(taxRates)
    .values({ firmId, ...values })
    .returning({ id: taxRates.id });
  return row!.id;
}

export async function updateTaxRate(tx: Tx, firmId: string, id: string, values: TaxRateValues): Promise<void> {
  await tx
    .update(taxRates)
    .set(values)
    .where(and(eq(taxRates.firmId, firmId), eq(taxRates.id, id)));
}
