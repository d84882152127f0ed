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
      description:
        'Answers the folder, the path down to it, all its live subfolders and one page of its live documents. At the top level (no ' +
        'FolderId, ClientId or MatterId) it answers the firm-wide and Templates folders and no documents, making the Templates folder ' +
        'on first use; 404 for a folder, client or matter the firm does not have.',
    },
    async (request) => ok('Folder', await folders.contents(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.clientFolders,
    {
      access: firmAccess('document'),
      summary: 'Every client’s folder (archived clients’ too), by name: the documents page’s client picker',
      description:
        'Answers each live client’s folder with the client’s id, name, kind (individual or company) and whether the client is archived. ' +
        'It needs only the documents permission, so a member who may open the folders may pick a client’s without the clients list.',
    },
    async (request) => ok('Client folders', await folders.clientFolders(firmPrincipalOf(request))),
  );

  route(
    contracts.createFolder,
    {
      access: firmAccess('document.create'),
      summary: 'Create a folder (at the top level when parentFolderId is null); 409 when the name is taken there',
      description:
        'Makes a firm-wide folder at the top level, or a subfolder that takes its parent’s client and matter, and answers it. ' +
        'Refused with 400 inside the Templates folder, 404 for a parent the firm does not have, 409 for a parent in the recycle bin or a ' +
        'name already used there.',
    },
    async (request, reply) => created(reply, 'Folder created', await folders.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.renameFolder,
    {
      access: firmAccess('document.edit'),
      summary: 'Rename a folder (client, matter, From client and Templates folders are named by the app)',
      description:
        'Renames a firm-wide folder or a member’s subfolder and answers it. Refused with 400 for a folder the app names, 409 when a ' +
        'sibling has the name or the folder is in the recycle bin.',
    },
    async (request) => ok('Folder renamed', await folders.rename(firmPrincipalOf(request), request.params.id, request.body.name)),
  );

  route(
    contracts.removeFolder,
    {
      access: firmAccess('document.delete'),
      summary: 'Move a folder and everything in it to the recycle bin',
      description:
        'Hides the folder, its subfolders and their documents until the folder is restored; answers null. Refused with 400 for a folder ' +
        'the app keeps (client, matter, From client, Templates) and 409 when it is already in the recycle bin.',
    },
    async (request) => {
      await folders.remove(firmPrincipalOf(request), request.params.id);
      return ok('Folder deleted', null);
    },
  );

  route(
    contracts.restoreFolder,
    {
      access: firmAccess('document.delete'),
      summary: 'Bring a folder (and what is in it) back from the recycle bin',
      description:
        'Returns a deleted folder to its parent, with what was in it, and answers the folder. 404 when it is not deleted; 409 when a live ' +
        'sibling now has its name.',
    },
    async (request) => ok('Folder restored', await folders.restore(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.move,
    {
      access: firmAccess('document.edit'),
      summary:
        'Move a document or a folder into another folder; client and matter follow the destination (sharing ends if the client changes)',
      description:
        'Moves the item and answers null. Refused with 400 for a folder the app keeps, a folder into itself or one of its subfolders, or a ' +
        'folder into Templates; 404 for an item or destination the firm does not have; 409 when the destination has the name already or ' +
        'either is in the recycle bin.',
    },
    async (request) => ok('Moved', await folders.move(firmPrincipalOf(request), request.body)),
  );

  route(
    searchContracts.search,
    {
      access: firmAccess('document'),
      summary: 'Search names, tags, descriptions and the text inside files (at least 2 characters), optionally within a client or matter',
      description:
        'Answers a page of live documents (not those in the recycle bin), matches on the name, tags or description first, then the newest ' +
        'changed; each with its folder path and, when the words were found in its text, a snippet with the matches marked. ' +
        '400 for fewer than 2 characters.',
    },
    async (request) => ok('Documents', await sharing.search(firmPrincipalOf(request), request.query)),
  );

  route(
    searchContracts.recycleBin,
    {
      access: firmAccess('document'),
      summary: 'Deleted documents and folders, newest first',
      description:
        'Answers a page of the documents and folders that were deleted themselves (not what is inside a deleted folder), newest deletion ' +
        'first, with where they were and who deleted them; restore them with restore-document or restore-folder.',
    },
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
        description:
          'Answers an application/zip stream (not the JSON envelope) named after the folder, holding the current version of each live ' +
          'document the virus scanner has passed, in its folder’s path. 404 for a folder the firm does not have; 409 when it is in the ' +
          'recycle bin.',
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
    {
      access: firmAccess('document'),
      summary: 'The upload limit and whether scanning, text extraction and OCR run',
      description:
        'Answers this installation’s document settings, for the upload form: the largest file accepted, whether new versions are ' +
        'virus-scanned and their text read (with OCR), and whether files go straight to the bucket (start-upload) or through upload-document.',
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
