import { ne } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { currencies, exchangeRates } from '../db/schema/index.ts';
import type { SeededFirm } from './seeded-firm.ts';

/**
 * Naira for one unit of each foreign currency: round illustrative figures for the demo, not market
 * rates. The demo firm has multicurrency on, so choosing USD in the time-entry popup needs a rate.
 */
export const DEMO_EXCHANGE_RATES: Record<string, string> = {
  USD: '1500',
  GBP: '1900',
  EUR: '1620',
  CAD: '1100',
  ZAR: '82',
  GHS: '100',
  KES: '11.6',
};
/** Early enough that every demo time entry's date finds the rate. */
export const DEMO_RATES_EFFECTIVE_DATE = '2024-01-01';

/** A rate for every foreign currency the demo firm can bill in (every currency but its home naira). */
export async function seedDemoExchangeRates(database: Database, firm: SeededFirm): Promise<void> {
  await database.withFirm(firm.firmId, async (tx) => {
    const foreign = await tx
      .select({ id: currencies.id, isoCode: currencies.isoCode })
      .from(currencies)
      .where(ne(currencies.isoCode, 'NGN'));
    const rows = foreign.flatMap((currency) => {
      const rate = DEMO_EXCHANGE_RATES[currency.isoCode];
      return rate
        ? [
            {
              firmId: firm.firmId,
              foreignCurrencyId: currency.id,
              rate,
              effectiveDate: DEMO_RATES_EFFECTIVE_DATE,
              createdByUserId: firm.users.admin.id,
            },
          ]
        : [];
    });
    if (rows.length > 0) await tx.insert(exchangeRates).values(rows).onConflictDoNothing();
  });
}
