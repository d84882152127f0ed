import type { FastifyInstance } from 'fastify';
import { matterContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createMatterListService } from './matter-list.service.ts';
import { createMatterService } from './matters.service.ts';
import type { ConflictGate } from '../conflict-checks/conflict-checks.api.ts';

export function registerMatterRoutes(app: FastifyInstance, database: Database, conflictGate: ConflictGate) {
  const route = contractRoutes(app, ['Matters']);
  const matters = createMatterService(database, conflictGate);
  const matterList = createMatterListService(database);

  route(
    contracts.list,
    {
      access: firmAccess('matterMaster'),
      summary: 'Matters: search, filter by client/status/billing type/fee earner, sort and page; IsDownlodCsv=true answers text/csv',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Matters', await matterList.page(principal, request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="matters.csv"')
        .send(await matterList.csv(principal, request.query)); // a stream is piped as is, never serialized
    },
  );

  route(contracts.view, { access: firmAccess('matterMaster'), summary: "One matter with SPEC.md §3's fields" }, async (request) =>
    ok('Matter', await matters.view(firmPrincipalOf(request), request.query.matterid)),
  );

  route(
    contracts.namesOfClient,
    { access: firmAccess('matterMaster'), summary: "A client's matters for dropdowns: open first, then by name" },
    async (request) => ok('Matters', await matters.matterNamesOfClient(firmPrincipalOf(request), request.query.ClientId)),
  );

  route(
    contracts.create,
    {
      access: firmAccess('matterMaster.create'),
      summary: 'Create a matter: the next MAT-number, fee earners with their rates, parties, practice areas, custom fields',
    },
    async (request, reply) => created(reply, 'Matter created', await matters.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.update,
    { access: firmAccess('matterMaster.edit'), summary: "Replace a matter's fields, fee earners, parties and practice areas" },
    async (request) => ok('Matter updated', await matters.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.close,
    { access: firmAccess('matterMaster.edit'), summary: 'Close a matter on the given date (default today); not before its open date' },
    async (request) => ok('Matter closed', await matters.close(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.reopen,
    { access: firmAccess('matterMaster.edit'), summary: 'Reopen a closed matter (clears its close date)' },
    async (request) => ok('Matter reopened', await matters.reopen(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.remove,
    { access: firmAccess('matterMaster.delete'), summary: 'Delete a matter (soft: restorable from the recycle bin)' },
    async (request) => {
      await matters.remove(firmPrincipalOf(request), request.params.id);
      return ok('Matter deleted', null);
    },
  );

  route(contracts.restore, { access: firmAccess('matterMaster.delete'), summary: 'Restore a deleted matter' }, async (request) =>
    ok('Matter restored', await matters.restore(firmPrincipalOf(request), request.params.id)),
  );
}
