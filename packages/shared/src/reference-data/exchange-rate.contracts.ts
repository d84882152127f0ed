import { defineRoute } from '../common/route-contract.ts';
import { exchangeRateQuerySchema, exchangeRateSchema } from './exchange-rate.schemas.ts';

/** The rate a foreign-currency entry converts at, on its own: the time-entry and expense forms load it. */
export const exchangeRateOnDateRoute = defineRoute({
  method: 'GET',
  path: '/api/admin/business/get-exchange-rate',
  query: exchangeRateQuerySchema,
  response: exchangeRateSchema,
});
