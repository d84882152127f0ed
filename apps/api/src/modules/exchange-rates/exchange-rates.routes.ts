import type { FastifyInstance } from 'fastify';
import { exchangeRateContracts as contracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Database } from '../../db/database.ts';
import { createExchangeRatesService } from './exchange-rates.service.ts';

export function registerExchangeRateRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Reference data']);
  const rates = createExchangeRatesService(database);
  const manage = firmAccess('updateAccountSettings');

  route(
    contracts.onDate,
    {
      access: firmAccess(),
      summary:
        'The rate from a foreign currency to the home currency on a date (default today): the newest set on or before it (SPEC.md §7)',
    },
    async (request) => ok('Exchange rate', await rates.rateFor(firmPrincipalOf(request), request.query)),
  );
  route(contracts.list, { access: firmAccess(), summary: "The firm's exchange rates by currency, newest first" }, async (request) =>
    ok('Exchange rates', await rates.list(firmPrincipalOf(request))),
  );
  route(
    contracts.set,
    { access: manage, summary: 'Set the rate of a foreign currency from a date on; setting the same currency and date again replaces it' },
    async (request) => ok('Exchange rate saved', await rates.set(firmPrincipalOf(request), request.body)),
  );
  route(contracts.remove, { access: manage, summary: 'Delete an exchange rate' }, async (request) => {
    await rates.remove(firmPrincipalOf(request), request.params.id);
    return ok('Exchange rate deleted', null);
  });
}
