import { exchangeRateOnDateRoute } from '@matterhorn/shared';
import { listContract } from '../api/call-contract.ts';

/** Home-currency units one unit of the foreign currency buys today; null when the firm set none. */
export async function getExchangeRate(
  homeCurrencyId: number,
  foreignCurrencyId: number,
  businessId: string | null,
): Promise<string | null> {
  const rate = await listContract(
    exchangeRateOnDateRoute,
    { query: { HomeCurrencyId: homeCurrencyId, ForeignCurrencyId: foreignCurrencyId, BusinessId: businessId ?? undefined } },
    'firm',
  );
  return rate?.exchangeRate ?? null;
}
