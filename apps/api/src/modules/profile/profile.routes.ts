import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, firmScopeQuerySchema, permissionListSchema, profileSchema, subscriptionContracts } from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmPrincipalOf, unverifiedFirmAccess } from '../../plugins/route-access.ts';
import type { ProfileService } from './profile.service.ts';

const tags = ['Profile'];

export function registerProfileRoutes(app: FastifyInstance, profiles: ProfileService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: unverifiedFirmAccess() };

  api.get(
    '/api/users/get-user-profile',
    {
      config: signedIn,
      schema: { tags, summary: 'The signed-in user and their businesses (SPEC.md §3 Profile)', response: answers(z.array(profileSchema)) },
    },
    async (request) => ok('Profile', [await profiles.profileOf(firmPrincipalOf(request))]),
  );
  // SPEC.md §7: the permission list is the whole body, not wrapped in the envelope.
  api.get(
    '/api/me/permissions',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The signed-in user's permission names, as a bare array",
        querystring: firmScopeQuerySchema,
        response: { 200: permissionListSchema, '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => firmPrincipalOf(request).permissions,
  );
  contractRoutes(app, ['Subscriptions'])(
    subscriptionContracts.info,
    { ...signedIn, summary: "The firm's current plan (SPEC.md §3 Subscription info)" },
    async (request) => ok('Subscription info', await profiles.subscriptionOf(firmPrincipalOf(request))),
  );
}
