import type { FastifyInstance } from 'fastify';
import { currencyContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmPrincipalOf, unverifiedFirmAccess } from '../../plugins/route-access.ts';
import { listCurrencies } from './currencies.repository.ts';

export function registerCurrencyRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Reference data']);
  route(
    contracts.list,
    {
      access: unverifiedFirmAccess(),
      summary: 'Currencies a firm can bill in',
      description:
        'Answers every currency Matterhorn knows, with the id other calls use (home currency, billing currency, exchange rates); the same list for every firm.',
    },
    async (request) => ok('Currencies', await database.withFirm(firmPrincipalOf(request).firmId, listCurrencies)),
  );
}
