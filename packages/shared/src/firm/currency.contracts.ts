import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { currencySchema } from './currency.schemas.ts';

/** The currency picker's call, on its own: the firm set-up page loads it and nothing else of reference data. */
export const currencyListRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/currency/get-currency-list',
  response: z.array(currencySchema),
});
