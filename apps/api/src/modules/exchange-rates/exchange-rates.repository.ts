import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { currencies, exchangeRates, firms } from '../../db/schema/index.ts';
import { firmTodayText } from '../../platform/firm-clock.ts';

const entryColumns = {
  id: exchangeRates.id,
  foreignCurrencyId: exchangeRates.foreignCurrencyId,
  foreignCurrencyCode: currencies.isoCode,
  rate: exchangeRates.rate,
  effectiveDate: exchangeRates.effectiveDate,
};

/** The firm's home currency and today's date where the firm is. */
export async function findFirmCurrencyContext(tx: Tx, firmId: string) {
  const [row] = await tx
    .select({
      homeCurrencyId: firms.homeCurrencyId,
      today: firmTodayText(firms.timeZone),
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row ?? null;
}

export async function currencyExists(tx: Tx, currencyId: number): Promise<boolean> {
  const [row] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, currencyId));
  return Boolean(row);
}

/** The newest rate for the currency effective on or before the date. */
export async function findEffectiveRate(tx: Tx, firmId: string, foreignCurrencyId: number, onDate: string) {
  const [row] = await tx
    .select({ rate: exchangeRates.rate, effectiveDate: exchangeRates.effectiveDate })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.firmId, firmId),
        eq(exchangeRates.foreignCurrencyId, foreignCurrencyId),
        lte(exchangeRates.effectiveDate, onDate),
      ),
    )
    .orderBy(desc(exchangeRates.effectiveDate))
    .limit(1);
  return row ?? null;
}

export async function listRates(tx: Tx, firmId: string, entryId?: string) {
  return tx
    .select(entryColumns)
    .from(exchangeRates)
    .innerJoin(currencies, eq(currencies.id, exchangeRates.foreignCurrencyId))
    .where(and(eq(exchangeRates.firmId, firmId), entryId ? eq(exchangeRates.id, entryId) : undefined))
    .orderBy(asc(currencies.isoCode), desc(exchangeRates.effectiveDate));
}

/** One rate per currency and date: setting it again replaces the rate. */
export async function upsertRate(
  tx: Tx,
  values: { firmId: string; foreignCurrencyId: number; rate: string; effectiveDate: string; createdByUserId: string },
): Promise<string> {
  const [row] = await tx
    .insert(exchangeRates)
    .values(values)
    .onConflictDoUpdate({
      target: [exchangeRates.firmId, exchangeRates.foreignCurrencyId, exchangeRates.effectiveDate],
      set: { rate: values.rate, createdByUserId: values.createdByUserId, createdAt: sql`now()` },
    })
    .returning({ id: exchangeRates.id });
  return row!.id;
}

export async function deleteRate(tx: Tx, firmId: string, id: string) {
  const [row] = await tx
    .delete(exchangeRates)
    .where(and(eq(exchangeRates.firmId, firmId), eq(exchangeRates.id, id)))
    .returning({
      foreignCurrencyId: exchangeRates.foreignCurrencyId,
      rate: exchangeRates.rate,
      effectiveDate: exchangeRates.effectiveDate,
    });
  return row ?? null;
}
