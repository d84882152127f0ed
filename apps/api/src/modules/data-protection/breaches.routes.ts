import type { FastifyInstance } from 'fastify';
import { breachContracts } from '@matterhorn/shared';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { Breaches } from './breaches.service.ts';

const ADMINISTRATORS = firmAccess('administrator');

/** Settings › Data protection › Breaches (ADR 92): the firm's breach register, administrators only. */
export function registerBreachRoutes(app: FastifyInstance, breaches: Breaches) {
  const route = contractRoutes(app, ['Data protection']);
  route(
    breachContracts.list,
    {
      access: ADMINISTRATORS,
      summary: 'The breach register: regulator not yet told first, each with its 72-hour deadline and minutes left',
    },
    async (request) => ok('Breaches', await breaches.list(firmPrincipalOf(request))),
  );
  route(
    breachContracts.record,
    {
      access: ADMINISTRATORS,
      summary:
        'Records a breach: what happened, what and whose data, when found (the regulator’s 72 hours run from then), the clients to tell',
      description: '400 when found in the future; 404 when a client is not the firm’s.',
    },
    async (request, reply) => created(reply, 'Breach recorded', await breaches.record(firmPrincipalOf(request), request.body)),
  );
  route(
    breachContracts.notifyRegulator,
    {
      access: ADMINISTRATORS,
      summary: 'Records when and whom the firm told of the breach (the regulator)',
      description: '409 when already recorded; 400 when before the breach was found.',
    },
    async (request) =>
      ok('Regulator notification recorded', await breaches.notifyRegulator(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    breachContracts.clientTold,
    { access: ADMINISTRATORS, summary: 'Marks a client of the breach as told (once; a second mark keeps the first moment)' },
    async (request) =>
      ok('Client marked as told', await breaches.clientTold(firmPrincipalOf(request), request.params.id, request.params.clientId)),
  );
}
