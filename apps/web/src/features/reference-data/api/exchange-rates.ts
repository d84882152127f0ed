import { exchangeRateEntrySchema, type ExchangeRateEntry, type exchangeRateInputSchema } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiMutate, apiRequest } from '../../../lib/api-client.ts';
import { parseList } from '../../../lib/parse-list.ts';

export const EXCHANGE_RATES_KEY = ['exchange-rates'] as const;
export type ExchangeRateInput = z.output<typeof exchangeRateInputSchema>;

export async function getExchangeRates(): Promise<ExchangeRateEntry[]> {
  return parseList(exchangeRateEntrySchema, await apiGet<unknown>('/admin/business/get-exchange-rates', undefined, 'firm'));
}

export const exchangeRatesQuery = queryOptions({ queryKey: EXCHANGE_RATES_KEY, queryFn: getExchangeRates });

export function useExchangeRates() {
  return useQuery(exchangeRatesQuery);
}

export async function setExchangeRate(body: ExchangeRateInput): Promise<void> {
  await apiMutate<unknown>('/admin/business/set-exchange-rate', body, { auth: 'firm' });
}

export async function deleteExchangeRate(id: string): Promise<void> {
  await apiRequest(`/admin/business/delete-exchange-rate/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: 'firm',
    toastSuccess: true,
  });
}
