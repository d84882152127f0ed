import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACKUP_MESSAGES, backupDownloadPath, backupsContracts } from '@matterhorn/shared';
import { contentDispositionOf } from '../../lib/file-names.ts';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { BackupsService } from './backups.service.ts';

/** Settings › Backups (issue 65 §3, administrators): the installation's backups and drills, and "Back up now". */
export function registerBackupRoutes(app: FastifyInstance, backups: BackupsService) {
  const route = contractRoutes(app, ['Backups']);
  route(
    backupsContracts.status,
    {
      access: firmAccess('administrator'),
      summary: 'How the backups stand: the last backup and drill with its proofs, the next backup, the recovery point',
      description: 'Backups are the installation’s (every firm’s data in one), so each firm’s administrators see the same runs.',
    },
    async (request) => ok('Backups', await backups.status(firmPrincipalOf(request).firmId)),
  );
  route(
    backupsContracts.backUpNow,
    {
      access: firmAccess('administrator'),
      summary: 'Starts a backup now, in the background',
      description: '409 while a backup is being taken. The run shows in get-status when done.',
    },
    async (request) => ok(BACKUP_MESSAGES.started, await backups.backUpNow(firmPrincipalOf(request))),
  );

  // A zip stream, not the envelope: no contract, only the path the web shares.
  app.withTypeProvider<ZodTypeProvider>().get(
    backupDownloadPath.path,
    {
      config: { access: firmAccess('administrator') },
      schema: {
        tags: ['Backups'],
        summary: 'Downloads one kept backup of the embedded database as a zip of its encrypted parts',
        description:
          'Answers application/zip (not the JSON envelope): the backup folder’s layout, which `npm run restore` reads once unzipped, with the key. 404 on PostgreSQL, on an install of several firms (a backup holds them all), or for a backup not kept.',
        params: z.object({
          backupId: z
            .string()
            .regex(/^[0-9A-Za-z-]{1,64}$/, 'backupId must be a backup’s id')
            .describe('The backup’s id, as get-status lists it.'),
        }),
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const download = await backups.download(firmPrincipalOf(request).firmId, request.params.backupId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDispositionOf(download.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(download.stream);
    },
  );
}
