import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exchangeRateEntrySchema, exchangeRateInputSchema, exchangeRateQuerySchema, exchangeRateSchema } from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Database } from '../../db/database.ts';
import { createExchangeRatesService } from './exchange-rates.service.ts';

const tags = ['Reference data'];
const base = '/api/admin/business';
const idParams = z.object({ id: z.uuid({ error: 'Id must be a valid id' }) });
const manage = { access: firmAccess('updateAccountSettings') };

export function registerExchangeRateRoutes(app: FastifyInstance, database: Database) {
  const rates = createExchangeRatesService(database);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    `${base}/get-exchange-rate`,
    {
      config: { access: firmAccess() },
      schema: {
        tags,
        summary:
          'The rate from a foreign currency to the home currency on a date (default today): the newest set on or before it (SPEC.md §7)',
        querystring: exchangeRateQuerySchema,
        response: answers(exchangeRateSchema),
      },
    },
    async (request) => ok('Exchange rate', await rates.rateFor(firmPrincipalOf(request), request.query)),
  );
  api.get(
    `${base}/get-exchange-rates`,
    {
      config: { access: firmAccess() },
      schema: { tags, summary: "The firm's exchange rates by currency, newest first", response: answers(z.array(exchangeRateEntrySchema)) },
    },
    async (request) => ok('Exchange rates', await rates.list(firmPrincipalOf(request))),
  );
  api.post(
    `${base}/set-exchange-rate`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Set the rate of a foreign currency from a date on; setting the same currency and date again replaces it',
        body: exchangeRateInputSchema,
        response: answers(exchangeRateEntrySchema),
      },
    },
    async (request) => ok('Exchange rate saved', await rates.set(firmPrincipalOf(request), request.body)),
  );
  api.delete(
    `${base}/delete-exchange-rate/:id`,
    {
      config: manage,
      schema: { tags, summary: 'Delete an exchange rate', params: idParams, response: answers(z.null()) },
    },
    async (request) => {
      await rates.remove(firmPrincipalOf(request), request.params.id);
      return ok('Exchange rate deleted', null);
    },
  );
}
