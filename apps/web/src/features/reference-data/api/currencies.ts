import { currencySchema, type Currency } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

/** Same key as the firm-setup page's list: one cache entry for the whole app. */
export const currencyListQuery = queryOptions({
  queryKey: ['currency-list'],
  queryFn: async (): Promise<Currency[]> =>
    parseList(currencySchema, await apiGet<unknown>('/admin/currency/get-currency-list', undefined, 'firm')),
  staleTime: Infinity,
});

export function useCurrencyList() {
  return useQuery(currencyListQuery);
}

export function currencyLabel(currency: Currency): string {
  return `${currency.isoCurrenyCode} — ${currency.currencyName} (${currency.symbol})`;
}
