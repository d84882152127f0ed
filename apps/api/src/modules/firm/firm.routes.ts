import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firmProfileInputSchema, firmProfileSchema, firmSetupRequestSchema } from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { FirmService } from './firm.service.ts';

export function registerFirmRoutes(app: FastifyInstance, firms: FirmService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/firm/setup',
    {
      config: { access: firmAccess('updateAccountSettings') },
      bodyLimit: 1_048_576,
      schema: {
        tags: ['Firm'],
        summary: 'Set up the firm: name, portal address, country, home currency, multicurrency, time zone, logo',
        body: firmSetupRequestSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await firms.setUp(firmPrincipalOf(request), request.body);
      return ok('Your firm is set up', null);
    },
  );
  api.get(
    '/api/admin/business/get-firm-profile',
    {
      config: { access: firmAccess() },
      schema: {
        tags: ['Firm'],
        summary: "The firm's profile: name, portal address, country, home currency, multicurrency, time zone, logo, contact details",
        response: answers(firmProfileSchema),
      },
    },
    async (request) => ok('Firm profile', await firms.profileOf(firmPrincipalOf(request))),
  );
  api.put(
    '/api/admin/business/update-firm-profile',
    {
      config: { access: firmAccess('updateAccountSettings') },
      bodyLimit: 1_048_576,
      schema: {
        tags: ['Firm'],
        summary: "Update the firm's profile; leaving out logo keeps the current one, null removes it",
        body: firmProfileInputSchema,
        response: answers(firmProfileSchema),
      },
    },
    async (request) => ok('Firm profile updated', await firms.updateProfile(firmPrincipalOf(request), request.body)),
  );
}
