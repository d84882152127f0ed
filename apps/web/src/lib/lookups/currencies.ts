import { currencyListRoute, type Currency } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { listContract } from '../api/call-contract.ts';
import { lookupKeys } from './lookup-keys.ts';

/** The world's currencies change with a release, not with a firm's work: fetched once. */
export const currenciesQuery = queryOptions({
  queryKey: lookupKeys.currencies(),
  queryFn: async (): Promise<Currency[]> => (await listContract(currencyListRoute, {}, 'firm')) ?? [],
  staleTime: Infinity,
});

export function currencyLabel(currency: Currency): string {
  return `${currency.isoCurrenyCode} — ${currency.currencyName} (${currency.symbol})`;
}
