import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  matterCloseInputSchema,
  matterInputSchema,
  matterListQuerySchema,
  matterNameSchema,
  matterNamesQuerySchema,
  matterPageSchema,
  matterViewQuerySchema,
  matterViewSchema,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createMatterListService } from './matter-list.service.ts';
import { createMatterService } from './matters.service.ts';
import type { ConflictGate } from '../conflict-checks/conflict-checks.api.ts';

const tags = ['Matters'];
const base = '/api/admin/matter-master';

export function registerMatterRoutes(app: FastifyInstance, database: Database, conflictGate: ConflictGate) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const matters = createMatterService(database, conflictGate);
  const matterList = createMatterListService(database);

  api.get(
    `${base}/get-matter-list`,
    {
      config: { access: firmAccess('matterMaster') },
      schema: {
        tags,
        summary: 'Matters: search, filter by client/status/billing type/fee earner, sort and page; IsDownlodCsv=true answers text/csv',
        querystring: matterListQuerySchema,
        response: answers(matterPageSchema),
      },
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Matters', await matterList.page(principal, request.query));
      // The CSV is text, not the JSON envelope the route's schema describes.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="matters.csv"')
        .send(await matterList.csv(principal, request.query));
    },
  );

  api.get(
    `${base}/get-matter-view`,
    {
      config: { access: firmAccess('matterMaster') },
      schema: {
        tags,
        summary: "One matter with SPEC.md §3's fields",
        querystring: matterViewQuerySchema,
        response: answers(matterViewSchema),
      },
    },
    async (request) => ok('Matter', await matters.view(firmPrincipalOf(request), request.query.matterid)),
  );

  api.get(
    `${base}/get-matter-name-using-client`,
    {
      config: { access: firmAccess('matterMaster') },
      schema: {
        tags,
        summary: "A client's matters for dropdowns: open first, then by name",
        querystring: matterNamesQuerySchema,
        response: answers(z.array(matterNameSchema)),
      },
    },
    async (request) => ok('Matters', await matters.matterNamesOfClient(firmPrincipalOf(request), request.query.ClientId)),
  );

  api.post(
    `${base}/create-matter`,
    {
      config: { access: firmAccess('matterMaster.create') },
      schema: {
        tags,
        summary: 'Create a matter: the next MAT-number, fee earners with their rates, parties, practice areas, custom fields',
        body: matterInputSchema,
        response: answers(matterViewSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Matter created', await matters.create(firmPrincipalOf(request), request.body)),
  );

  api.put(
    `${base}/update-matter/:id`,
    {
      config: { access: firmAccess('matterMaster.edit') },
      schema: {
        tags,
        summary: "Replace a matter's fields, fee earners, parties and practice areas",
        params: idParamsSchema,
        body: matterInputSchema,
        response: answers(matterViewSchema),
      },
    },
    async (request) => ok('Matter updated', await matters.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.post(
    `${base}/close-matter/:id`,
    {
      config: { access: firmAccess('matterMaster.edit') },
      schema: {
        tags,
        summary: 'Close a matter on the given date (default today); not before its open date',
        params: idParamsSchema,
        body: matterCloseInputSchema.nullish(),
        response: answers(matterViewSchema),
      },
    },
    async (request) => ok('Matter closed', await matters.close(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.post(
    `${base}/reopen-matter/:id`,
    {
      config: { access: firmAccess('matterMaster.edit') },
      schema: {
        tags,
        summary: 'Reopen a closed matter (clears its close date)',
        params: idParamsSchema,
        response: answers(matterViewSchema),
      },
    },
    async (request) => ok('Matter reopened', await matters.reopen(firmPrincipalOf(request), request.params.id)),
  );

  api.delete(
    `${base}/delete-matter/:id`,
    {
      config: { access: firmAccess('matterMaster.delete') },
      schema: {
        tags,
        summary: 'Delete a matter (soft: restorable from the recycle bin)',
        params: idParamsSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await matters.remove(firmPrincipalOf(request), request.params.id);
      return ok('Matter deleted', null);
    },
  );

  api.post(
    `${base}/restore-matter/:id`,
    {
      config: { access: firmAccess('matterMaster.delete') },
      schema: { tags, summary: 'Restore a deleted matter', params: idParamsSchema, response: answers(matterViewSchema) },
    },
    async (request) => ok('Matter restored', await matters.restore(firmPrincipalOf(request), request.params.id)),
  );
}
