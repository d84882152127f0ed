import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATA_EXPORT_MESSAGES, dataExportContracts, dataExportDownloadPath, dataExportFilePath } from '@matterhorn/shared';
import { contentDispositionOf } from '../../lib/file-names.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import { notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import type { DataExportService } from './data-export.service.ts';

/** The full export (issue 39, administrators): start it, follow it, download its zip for 7 days. */
export function registerDataExportRoutes(
  app: FastifyInstance,
  exports: DataExportService,
  firmNameOf: (principal: FirmPrincipal) => Promise<string>,
) {
  const route = contractRoutes(app, ['Export']);
  route(
    dataExportContracts.start,
    {
      access: firmAccess('administrator'),
      summary: 'Starts a full export of the firm’s data in the background; the requester is emailed when it is ready',
      description:
        'One zip: every record as CSV and JSON, every document version, each issued invoice’s PDF and LEDES file, and a README. 409 while another export runs. Open while the firm is read-only.',
    },
    async (request) => {
      const principal = firmPrincipalOf(request);
      return ok(DATA_EXPORT_MESSAGES.started, await exports.start(principal, await firmNameOf(principal)));
    },
  );
  route(
    dataExportContracts.list,
    { access: firmAccess('administrator'), summary: 'The firm’s recent exports, newest first, with their progress' },
    async (request) => ok('Exports', await exports.list(firmPrincipalOf(request))),
  );
  route(
    dataExportContracts.status,
    { access: firmAccess('administrator'), summary: 'One export’s progress: status, percent, step, size once ready' },
    async (request) => ok('Export', await exports.status(firmPrincipalOf(request), request.params.id)),
  );

  route(
    dataExportContracts.downloadLink,
    {
      access: firmAccess('administrator'),
      summary: 'A one-minute link the browser opens to save a ready export’s zip straight to disk',
      description: '409 when the export is not ready or has expired.',
    },
    async (request) => ok('Download link', await exports.downloadLink(firmPrincipalOf(request), request.params.id)),
  );

  const sendZip = (reply: FastifyReply, download: Awaited<ReturnType<DataExportService['download']>>) => {
    const answer = reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDispositionOf(download.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    if (download.sizeBytes !== null) answer.header('content-length', String(download.sizeBytes));
    return answer.send(download.content);
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    dataExportFilePath.path,
    {
      config: { access: publicAccess() },
      schema: {
        tags: ['Export'],
        summary: 'Downloads a ready export’s zip through a link from download-link (valid one minute)',
        description: 'Answers application/zip (not the JSON envelope). 404 for a link that is not this export’s, or has expired.',
        params: z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The export’s id.') }),
        querystring: z.object({ token: z.string().max(2000).describe('The link’s sealed token.') }),
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const principal = exports.principalOfLink(request.params.id, request.query.token);
      if (!principal) throw notFound('Export');
      return sendZip(reply as FastifyReply, await exports.download(principal, request.params.id));
    },
  );

  // A zip stream, not the envelope: no contract, only the path the web shares.
  app.withTypeProvider<ZodTypeProvider>().get(
    dataExportDownloadPath.path,
    {
      config: { access: firmAccess('administrator') },
      schema: {
        tags: ['Export'],
        summary: 'Downloads a ready export’s zip (for 7 days)',
        description:
          'Answers application/zip (not the JSON envelope). 404 for another firm’s export; 409 when it is not ready or has expired.',
        params: z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The export’s id.') }),
        produces: ['application/zip'],
      },
    },
    async (request, reply) => sendZip(reply as FastifyReply, await exports.download(firmPrincipalOf(request), request.params.id)),
  );
}
