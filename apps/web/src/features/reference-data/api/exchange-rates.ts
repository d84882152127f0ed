import {
  exchangeRateListRoute,
  exchangeRateRemoveRoute,
  exchangeRateSetRoute,
  type ExchangeRateEntry,
  type exchangeRateInputSchema,
} from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callContract } from '../../../lib/api/call-contract.ts';

export const EXCHANGE_RATES_KEY = ['exchange-rates'] as const;
export type ExchangeRateInput = z.output<typeof exchangeRateInputSchema>;

export async function getExchangeRates(): Promise<ExchangeRateEntry[]> {
  return (await callContract(exchangeRateListRoute, {}, { auth: 'firm' })).data;
}

export const exchangeRatesQuery = queryOptions({ queryKey: EXCHANGE_RATES_KEY, queryFn: getExchangeRates });

export function useExchangeRates() {
  return useQuery(exchangeRatesQuery);
}

export async function setExchangeRate(body: ExchangeRateInput): Promise<void> {
  await callContract(exchangeRateSetRoute, { body }, { auth: 'firm', toastSuccess: true });
}

export async function deleteExchangeRate(id: string): Promise<void> {
  await callContract(exchangeRateRemoveRoute, { params: { id } }, { auth: 'firm', toastSuccess: true });
}
