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
      description:
        'Answers how many home-currency units one foreign unit buys on that date, or 1 for the home currency itself. ' +
        'Refused with 404 when no rate is set on or before the date, 400 when the firm has no home currency or HomeCurrencyId is another currency.',
    },
    async (request) => ok('Exchange rate', await rates.rateFor(firmPrincipalOf(request), request.query)),
  );
  route(
    contracts.list,
    {
      access: firmAccess(),
      summary: "The firm's exchange rates by currency, newest first",
      description: 'Answers every rate the firm has set, by currency code, and for each currency the newest effective date first.',
    },
    async (request) => ok('Exchange rates', await rates.list(firmPrincipalOf(request))),
  );
  route(
    contracts.set,
    {
      access: manage,
      summary: 'Set the rate of a foreign currency from a date on; setting the same currency and date again replaces it',
      description:
        'Answers the rate as saved (with 200 either way). Entries already recorded keep the rate they were saved with. ' +
        'Refused with 400 for the home currency, an unknown currency, or a firm without a home currency.',
    },
    async (request) => ok('Exchange rate saved', await rates.set(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.remove,
    {
      access: manage,
      summary: 'Delete an exchange rate',
      description:
        'Deletes the rate for good; from then on the dates it covered take the next older rate of the currency. Entries already recorded keep theirs. An unknown rate answers 404.',
    },
    async (request) => {
      await rates.remove(firmPrincipalOf(request), request.params.id);
      return ok('Exchange rate deleted', null);
    },
  );
}
