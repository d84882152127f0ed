import type { FastifyInstance } from 'fastify';
import { portalItemViewContracts as contracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { PortalViews } from './portal-views.service.ts';

/** The firm's read of when its clients opened what it shared (the item's own permission is checked). */
export function registerPortalViewRoutes(app: FastifyInstance, views: PortalViews) {
  contractRoutes(app, ['Client portal messages'])(
    contracts.list,
    {
      access: firmAccess(),
      summary:
        'When the client viewed or downloaded a shared item (a progress note, court update or invoice): first and last time, how often. Needs the item’s own permission',
      description:
        'One row per portal account and action (viewed or downloaded) on the item, the latest first; empty when no client has opened it. ' +
        'Refused with 403 unless the caller has the permission of the item’s kind (progressNote, courtUpdate or invoice).',
    },
    async (request) => ok('Client views', await views.list(firmPrincipalOf(request), request.query.ItemKind, request.query.ItemId)),
  );
}
