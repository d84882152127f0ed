import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, firmScopeQuerySchema, permissionListSchema, profileSchema } from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
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
      schema: {
        tags,
        summary: 'The signed-in user and their businesses (SPEC.md §3 Profile)',
        description:
          'Answers a one-item list: the caller, their role and their firm (currency, multicurrency, billing increment, set-up state). It answers before the email is verified, so the web can tell what to show.',
        response: answers(z.array(profileSchema)),
      },
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
        description:
          'Answers the names the caller’s role grants (administrator passes every check), not wrapped in the envelope (SPEC.md §7); the web shows and hides pages by them, the server checks each call anyway.',
        querystring: firmScopeQuerySchema,
        response: { 200: permissionListSchema, '4xx': errorEnvelopeSchema },
      },
    },
    async (request) => firmPrincipalOf(request).permissions,
  );
}
