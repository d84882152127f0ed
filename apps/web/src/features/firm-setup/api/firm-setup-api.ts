import { currencySchema, type Currency, type FirmSetupRequest } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiList, apiMutate } from '../../../lib/api-client.ts';

export async function getCurrencyList(): Promise<Currency[]> {
  const data = await apiList<unknown>('/admin/currency/get-currency-list', undefined, 'firm');
  const parsed = z.array(currencySchema).safeParse(data);
  return parsed.success ? parsed.data : [];
}

export const currencyListQuery = queryOptions({
  queryKey: ['currency-list'],
  queryFn: getCurrencyList,
  staleTime: Infinity,
});

export function useCurrencyList() {
  return useQuery(currencyListQuery);
}

export async function setUpFirm(body: FirmSetupRequest): Promise<void> {
  await apiMutate<unknown>('/firm/setup', body, { auth: 'firm' });
}
