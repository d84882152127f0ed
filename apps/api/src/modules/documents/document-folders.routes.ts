import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentFolderContracts as contracts,
  documentFolderZipPath,
  documentSearchContracts as searchContracts,
  documentSharingContracts,
  idParamsSchema,
} from '@matterhorn/shared';
import { contentDispositionOf } from '../../lib/file-names.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { DocumentModule } from './documents.module.ts';

const tags = ['Documents'];

/** Folders, moving, search, the recycle bin, folder zips and the upload settings. */
export function registerDocumentFolderRoutes(app: FastifyInstance, module: DocumentModule) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { folders, sharing, zips, processing, maxUploadBytes, directUploads } = module;

  route(
    contracts.folder,
    {
      access: firmAccess('document'),
      summary:
        'A folder (FolderId, or ClientId/MatterId for theirs; none for the top level with the firm-wide and Templates folders): ' +
        'its subfolders and a page of its documents, sorted and narrowed by name, Category and ScanStatus',
    },
    async (request) => ok('Folder', await folders.contents(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.createFolder,
    {
      access: firmAccess('document.create'),
      summary: 'Create a folder (at the top level when parentFolderId is null); 409 when the name is taken there',
    },
    async (request, reply) => created(reply, 'Folder created', await folders.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.renameFolder,
    {
      access: firmAccess('document.edit'),
      summary: 'Rename a folder (client, matter, From client and Templates folders are named by the app)',
    },
    async (request) => ok('Folder renamed', await folders.rename(firmPrincipalOf(request), request.params.id, request.body.name)),
  );

  route(
    contracts.removeFolder,
    { access: firmAccess('document.delete'), summary: 'Move a folder and everything in it to the recycle bin' },
    async (request) => {
      await folders.remove(firmPrincipalOf(request), request.params.id);
      return ok('Folder deleted', null);
    },
  );

  route(
    contracts.restoreFolder,
    { access: firmAccess('document.delete'), summary: 'Bring a folder (and what is in it) back from the recycle bin' },
    async (request) => ok('Folder restored', await folders.restore(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.move,
    {
      access: firmAccess('document.edit'),
      summary:
        'Move a document or a folder into another folder; client and matter follow the destination (sharing ends if the client changes)',
    },
    async (request) => ok('Moved', await folders.move(firmPrincipalOf(request), request.body)),
  );

  route(
    searchContracts.search,
    {
      access: firmAccess('document'),
      summary: 'Search names, tags, descriptions and the text inside files (at least 2 characters), optionally within a client or matter',
    },
    async (request) => ok('Documents', await sharing.search(firmPrincipalOf(request), request.query)),
  );

  route(
    searchContracts.recycleBin,
    { access: firmAccess('document'), summary: 'Deleted documents and folders, newest first' },
    async (request) => ok('Recycle bin', await sharing.recycleBin(firmPrincipalOf(request), request.query)),
  );

  // A zip stream, not the envelope: no contract, only the path the web shares.
  api.get(
    documentFolderZipPath.path,
    {
      config: { access: firmAccess('document') },
      schema: {
        tags,
        summary:
          'A folder’s documents (current scanned versions, subfolders as paths) as a zip, streamed; X-Content-Bytes is the sum of file sizes',
        params: idParamsSchema,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const zip = await zips.open(firmPrincipalOf(request), request.params.id);
      return (reply as FastifyReply)
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDispositionOf(`${zip.name}.zip`))
        .header('x-content-bytes', String(zip.totalBytes))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(zip.archive);
    },
  );

  route(
    documentSharingContracts.settings,
    { access: firmAccess('document'), summary: 'The upload limit and whether scanning, text extraction and OCR run' },
    async () =>
      ok('Document settings', {
        maxUploadBytes,
        isScanningEnabled: processing.isScanningEnabled,
        isTextExtractionEnabled: processing.isTextExtractionEnabled,
        isOcrEnabled: processing.isOcrEnabled,
        isDirectUploadEnabled: directUploads.isEnabled,
      }),
  );
}
