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
      description:
        'Answers a page of the firm’s matters (deleted ones, and those of deleted clients, left out), newest first unless sorted otherwise; the total count is capped for large filters (isTotalCountCapped).',
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

  route(
    contracts.view,
    {
      access: firmAccess('matterMaster'),
      summary: "One matter with SPEC.md §3's fields",
      description:
        'Answers the matter with its client, fee earners and their rates, parties, practice areas and custom fields; a deleted or unknown matter answers 404.',
    },
    async (request) => ok('Matter', await matters.view(firmPrincipalOf(request), request.query.matterid)),
  );

  route(
    contracts.namesOfClient,
    {
      access: firmAccess('matterMaster'),
      summary: "A client's matters for dropdowns: open first, then by name",
      description:
        'Answers the client’s matters that are not deleted, each with its billing type and status; an unknown client answers 404.',
    },
    async (request) => ok('Matters', await matters.matterNamesOfClient(firmPrincipalOf(request), request.query.ClientId)),
  );

  route(
    contracts.create,
    {
      access: firmAccess('matterMaster.create'),
      summary: 'Create a matter: the next MAT-number, fee earners with their rates, parties, practice areas, custom fields',
      description:
        'Answers the new matter in full, open from matterOpenDate (default today in the firm’s time zone). Refused with 400 for an archived client, an unknown or inactive fee earner, an unknown practice area, ' +
        'bad custom-field values, or names no conflict check covers; 409 when the conflict check was declined or belongs to another record.',
    },
    async (request, reply) => created(reply, 'Matter created', await matters.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('matterMaster.edit'),
      summary: "Replace a matter's fields, fee earners, parties and practice areas",
      description:
        'Replaces every field and its fee earners, parties, practice areas and custom-field values with the body’s, and answers the matter in full. ' +
        'Only names new to the matter need a conflict check; an open date after the close date is refused (400); other refusals are as for create.',
    },
    async (request) => ok('Matter updated', await matters.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.close,
    {
      access: firmAccess('matterMaster.edit'),
      summary: 'Close a matter on the given date (default today); not before its open date',
      description:
        'Sets the matter Closed with its close date and answers it; a closed matter takes no new time. The body may be left out. Refused with 409 when it is already closed, 400 for a date before it opened.',
    },
    async (request) => ok('Matter closed', await matters.close(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.reopen,
    {
      access: firmAccess('matterMaster.edit'),
      summary: 'Reopen a closed matter (clears its close date)',
      description: 'Sets the matter Open again and answers it; refused with 409 when it is already open.',
    },
    async (request) => ok('Matter reopened', await matters.reopen(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess('matterMaster.delete'),
      summary: 'Delete a matter (soft: restorable from the recycle bin)',
      description:
        'Moves the matter to the recycle bin: it leaves every list and picker. An unknown or already deleted matter answers 404.',
    },
    async (request) => {
      await matters.remove(firmPrincipalOf(request), request.params.id);
      return ok('Matter deleted', null);
    },
  );

  route(
    contracts.restore,
    {
      access: firmAccess('matterMaster.delete'),
      summary: 'Restore a deleted matter',
      description:
        'Brings a deleted matter back and answers it. Refused with 409 when it is not deleted or its client is still deleted (restore the client first).',
    },
    async (request) => ok('Matter restored', await matters.restore(firmPrincipalOf(request), request.params.id)),
  );
}
