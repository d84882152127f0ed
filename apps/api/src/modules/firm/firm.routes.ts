import type { FastifyInstance } from 'fastify';
import { firmProfileContracts, firmSetupContracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { FirmService } from './firm.service.ts';

export function registerFirmRoutes(app: FastifyInstance, firms: FirmService) {
  const route = contractRoutes(app, ['Firm']);
  route(
    firmSetupContracts.setUp,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'Set up the firm: name, portal address, country, home currency, multicurrency, time zone, logo',
    },
    async (request) => {
      await firms.setUp(firmPrincipalOf(request), request.body);
      return ok('Your firm is set up', null);
    },
    { bodyLimit: 1_048_576 },
  );
  route(
    firmProfileContracts.view,
    {
      access: firmAccess(),
      summary: "The firm's profile: name, portal address, country, home currency, multicurrency, time zone, logo, contact details",
    },
    async (request) => ok('Firm profile', await firms.profileOf(firmPrincipalOf(request))),
  );
  route(
    firmProfileContracts.update,
    {
      access: firmAccess('updateAccountSettings'),
      summary: "Update the firm's profile; leaving out logo keeps the current one, null removes it",
    },
    async (request) => ok('Firm profile updated', await firms.updateProfile(firmPrincipalOf(request), request.body)),
    { bodyLimit: 1_048_576 },
  );
}
