import type { FastifyInstance } from 'fastify';
import { recycleBinContracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { RecycleBin } from './recycle-bin.service.ts';

/** Settings › Recycle bin (issue 39): what the firm deleted, restorable until its retention ends. */
export function registerRecycleBinRoutes(app: FastifyInstance, bin: RecycleBin) {
  const route = contractRoutes(app, ['Recycle bin']);
  route(
    recycleBinContracts.list,
    {
      access: firmAccess('recycleBin'),
      summary: 'What the firm deleted: type, name, what it belonged to, who deleted it and when, days left',
      description:
        'Most recently deleted first. What was deleted with a client or matter is not listed on its own: it comes back with its parent. Filters: Kind, Search, DeletedBy.',
    },
    async (request) => ok('Recycle bin', await bin.list(firmPrincipalOf(request), request.query)),
  );
  route(
    recycleBinContracts.restore,
    {
      access: firmAccess('recycleBin'),
      summary: 'Puts a deleted record back where it was, with what was deleted with it',
      description:
        '404 when the id is not in the bin; 409 when its client or matter is in the bin (restore that first), a document’s name or an intake form’s address is now taken, or a draft’s items are billed elsewhere.',
    },
    async (request) => ok('Restored', await bin.restore(firmPrincipalOf(request), request.params.id)),
  );
  route(
    recycleBinContracts.purge,
    {
      access: firmAccess('recycleBin.delete'),
      summary: 'Deletes a record in the bin for good, with its children and files; its name must be typed again',
      description:
        '400 when confirmName is not the item’s name; 404 when it is not in the bin; 409 when it holds money history, a lead has consultations, an engagement or signature requests, or leads came in through an intake form.',
    },
    async (request) => {
      await bin.purge(firmPrincipalOf(request), request.params.id, request.body.confirmName);
      return ok('Deleted permanently', null);
    },
  );
}
