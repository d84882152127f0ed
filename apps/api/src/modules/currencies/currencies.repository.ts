import { asc } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { currencies } from '../../db/schema/index.ts';

export async function listCurrencies(tx: Tx) {
  return tx
    .select({ id: currencies.id, currencyName: currencies.currencyName, isoCurrenyCode: currencies.isoCode, symbol: currencies.symbol })
    .from(currencies)
    .orderBy(asc(currencies.currencyName));
}
