import { exchangeRateSchema } from '@matterhorn/shared';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client.ts';

/** Home-currency units one unit of the foreign currency buys today; null when the firm set none. */
export async function getExchangeRate(
  homeCurrencyId: number,
  foreignCurrencyId: number,
  businessId: string | null,
): Promise<string | null> {
  try {
    const envelope = await apiRequest<ApiEnvelope<unknown>>('/admin/business/get-exchange-rate', {
      query: { HomeCurrencyId: homeCurrencyId, ForeignCurrencyId: foreignCurrencyId, BusinessId: businessId },
      auth: 'firm',
      silent: true,
    });
    const parsed = exchangeRateSchema.safeParse(envelope.data);
    return parsed.success ? parsed.data.exchangeRate : null;
  } catch {
    return null;
  }
}
