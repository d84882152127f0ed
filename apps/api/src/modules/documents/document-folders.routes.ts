import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFolderInputSchema,
  documentFolderSchema,
  documentSearchPageSchema,
  documentSearchQuerySchema,
  documentSettingsSchema,
  folderContentsSchema,
  folderQuerySchema,
  idParamsSchema,
  moveInputSchema,
  pageQuerySchema,
  recycleBinPageSchema,
  renameFolderInputSchema,
} from '@matterhorn/shared';
import { contentDispositionOf } from '../../lib/file-names.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { DOCUMENT_BASE } from './documents.routes.ts';
import type { DocumentModule } from './documents.module.ts';

const tags = ['Documents'];

/** Folders, moving, search, the recycle bin, folder zips and the upload settings. */
export function registerDocumentFolderRoutes(app: FastifyInstance, module: DocumentModule) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { folders, sharing, zips, processing, maxUploadBytes, directUploads } = module;

  api.get(
    `${DOCUMENT_BASE}/get-folder`,
    {
      config: { access: firmAccess('document') },
      schema: {
        tags,
        summary:
          'A folder (FolderId, or ClientId/MatterId for theirs; none for the top level with the firm-wide and Templates folders): ' +
          'its subfolders and a page of its documents, sorted and narrowed by name, Category and ScanStatus',
        querystring: folderQuerySchema,
        response: answers(folderContentsSchema),
      },
    },
    async (request) => ok('Folder', await folders.contents(firmPrincipalOf(request), request.query)),
  );

  api.post(
    `${DOCUMENT_BASE}/create-folder`,
    {
      config: { access: firmAccess('document.create') },
      schema: {
        tags,
        summary: 'Create a folder (at the top level when parentFolderId is null); 409 when the name is taken there',
        body: createFolderInputSchema,
        response: answers(documentFolderSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Folder created', await folders.create(firmPrincipalOf(request), request.body)),
  );

  api.put(
    `${DOCUMENT_BASE}/rename-folder/:id`,
    {
      config: { access: firmAccess('document.edit') },
      schema: {
        tags,
        summary: 'Rename a folder (client, matter, From client and Templates folders are named by the app)',
        params: idParamsSchema,
        body: renameFolderInputSchema,
        response: answers(documentFolderSchema),
      },
    },
    async (request) => ok('Folder renamed', await folders.rename(firmPrincipalOf(request), request.params.id, request.body.name)),
  );

  api.delete(
    `${DOCUMENT_BASE}/delete-folder/:id`,
    {
      config: { access: firmAccess('document.delete') },
      schema: {
        tags,
        summary: 'Move a folder and everything in it to the recycle bin',
        params: idParamsSchema,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await folders.remove(firmPrincipalOf(request), request.params.id);
      return ok('Folder deleted', null);
    },
  );

  api.post(
    `${DOCUMENT_BASE}/restore-folder/:id`,
    {
      config: { access: firmAccess('document.delete') },
      schema: {
        tags,
        summary: 'Bring a folder (and what is in it) back from the recycle bin',
        params: idParamsSchema,
        response: answers(documentFolderSchema),
      },
    },
    async (request) => ok('Folder restored', await folders.restore(firmPrincipalOf(request), request.params.id)),
  );

  api.post(
    `${DOCUMENT_BASE}/move`,
    {
      config: { access: firmAccess('document.edit') },
      schema: {
        tags,
        summary:
          'Move a document or a folder into another folder; client and matter follow the destination (sharing ends if the client changes)',
        body: moveInputSchema,
        response: answers(z.null()),
      },
    },
    async (request) => ok('Moved', await folders.move(firmPrincipalOf(request), request.body)),
  );

  api.get(
    `${DOCUMENT_BASE}/search-documents`,
    {
      config: { access: firmAccess('document') },
      schema: {
        tags,
        summary: 'Search names, tags, descriptions and the text inside files (at least 2 characters), optionally within a client or matter',
        querystring: documentSearchQuerySchema,
        response: answers(documentSearchPageSchema),
      },
    },
    async (request) => ok('Documents', await sharing.search(firmPrincipalOf(request), request.query)),
  );

  api.get(
    `${DOCUMENT_BASE}/get-recycle-bin`,
    {
      config: { access: firmAccess('document') },
      schema: {
        tags,
        summary: 'Deleted documents and folders, newest first',
        querystring: pageQuerySchema,
        response: answers(recycleBinPageSchema),
      },
    },
    async (request) => ok('Recycle bin', await sharing.recycleBin(firmPrincipalOf(request), request.query)),
  );

  api.get(
    `${DOCUMENT_BASE}/download-folder-zip/:id`,
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

  api.get(
    `${DOCUMENT_BASE}/get-document-settings`,
    {
      config: { access: firmAccess('document') },
      schema: {
        tags,
        summary: 'The upload limit and whether scanning, text extraction and OCR run',
        response: answers(documentSettingsSchema),
      },
    },
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
