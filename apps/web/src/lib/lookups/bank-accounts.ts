import { bankAccountOptionsRoute, type BankAccountOption } from '@matterhorn/shared';
import { queryOptions } from '@tanstack/react-query';
import { listContract } from '../api/call-contract.ts';
import { lookupKeys } from './lookup-keys.ts';

/** Money in one currency (an invoice's), or the currency of an expense about to be paid. */
export type BankAccountMoney = { currencyCode: string } | { expenseId: string };

/** The bank accounts the money may go to or come from, the default first (get-bank-account-options). */
export const bankAccountOptionsQuery = (money: BankAccountMoney) =>
  queryOptions({
    // Under the lookups' root (a save that refreshes every lookup refreshes these), kept here and not in
    // lookupKeys: that factory is on every page, these only in payment forms (the pages' JavaScript budgets).
    queryKey: [
      ...lookupKeys.all,
      'bank-account-options',
      'currencyCode' in money ? `currency:${money.currencyCode}` : `expense:${money.expenseId}`,
    ],
    queryFn: async (): Promise<BankAccountOption[]> =>
      (
        await listContract(
          bankAccountOptionsRoute,
          { query: 'currencyCode' in money ? { CurrencyCode: money.currencyCode } : { ExpenseId: money.expenseId } },
          'firm',
        )
      )?.options ?? [],
  });
