import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currencySchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, ok } from '../../lib/reply.ts';
import { firmPrincipalOf, unverifiedFirmAccess } from '../../plugins/route-access.ts';
import { listCurrencies } from './currencies.repository.ts';

export function registerCurrencyRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/currency/get-currency-list',
    {
      config: { access: unverifiedFirmAccess() },
      schema: { tags: ['Reference data'], summary: 'Currencies a firm can bill in', response: answers(z.array(currencySchema)) },
    },
    async (request) => ok('Currencies', await database.withFirm(firmPrincipalOf(request).firmId, listCurrencies)),
  );
}
