import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { portalItemViewSchema, portalItemViewsQuerySchema } from '@matterhorn/shared';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { PortalViews } from './portal-views.service.ts';

/** The firm's read of when its clients opened what it shared (the item's own permission is checked). */
export function registerPortalViewRoutes(app: FastifyInstance, views: PortalViews) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/client-portal/get-client-views',
    {
      config: { access: firmAccess() },
      schema: {
        tags: ['Client portal messages'],
        summary:
          'When the client viewed or downloaded a shared item (a progress note, court update or invoice): first and last time, how often. Needs the item’s own permission',
        querystring: portalItemViewsQuerySchema,
        response: answers(z.array(portalItemViewSchema)),
      },
    },
    async (request) => ok('Client views', await views.list(firmPrincipalOf(request), request.query.ItemKind, request.query.ItemId)),
  );
}
