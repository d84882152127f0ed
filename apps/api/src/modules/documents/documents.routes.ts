import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentContracts as contracts,
  documentFileContracts as files,
  documentSharingContracts as sharingContracts,
  documentDownloadQuerySchema,
  documentFilePath,
  idParamsSchema,
  uploadDocumentFieldsSchema,
  versionFieldsSchema,
} from '@matterhorn/shared';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { sendFile, uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import type { DocumentModule } from './documents.module.ts';

const tags = ['Documents'];
const UPLOAD_FIELDS = ['FolderId', 'category', 'description', 'tags'];
const VERSION_FIELDS = ['note', 'BaseVersion'];

/** Documents and their versions (PRODUCT.md module 11): reads need `document`; uploads document.create; changes document.edit; deletes document.delete. */
export function registerDocumentRoutes(app: FastifyInstance, module: DocumentModule) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { documents, checkouts, sharing, maxUploadBytes, directUploads, textRetry } = module;
  const multipart = { consumes: ['multipart/form-data'] };
  const noFile = 'Choose a file to upload';
  const documentUpload = uploadSpec({ maxBytes: maxUploadBytes, fields: uploadDocumentFieldsSchema, names: UPLOAD_FIELDS, noFile });
  const versionUpload = uploadSpec({ maxBytes: maxUploadBytes, fields: versionFieldsSchema, names: VERSION_FIELDS, noFile });

  // The three multipart uploads are registered by hand from their contracts: their bodies are declared by `consumes`, which a contract cannot carry.
  api.route({
    method: files.upload.method,
    url: files.upload.path,
    config: { access: firmAccess('document.create'), upload: documentUpload },
    schema: {
      tags,
      ...multipart,
      summary:
        'Upload a document (multipart: FolderId, optional category, description and tags (comma-separated), then one file). ' +
        'Its type is read from its content (415 otherwise), at most the configured size (413); the name is the file’s, unique in the folder (409)',
      response: answers(files.upload.response, files.upload.status),
    },
    handler: async (request, reply) => {
      const { fields, upload } = uploadOf(request, documentUpload);
      const view = await documents.upload(firmPrincipalOf(request), { ...fields, folderId: fields.FolderId }, upload);
      return created(reply, 'Document uploaded', view);
    },
  });

  route(
    files.startUpload,
    {
      // document.create for a new document (FolderId), document.edit for a new version (DocumentId): checked by the service.
      access: firmAccess('document'),
      summary:
        'Where files go to an S3-compatible bucket: start sending one straight from the browser. Answers presigned URLs to PUT ' +
        'consecutive slices of partSize bytes to (expose the ETag header in the bucket’s CORS rule) and a token for complete-upload. ' +
        '409 where files are kept on the server’s disk (use upload-document); 413 over the limit',
    },
    async (request, reply) => created(reply, 'Upload started', await directUploads.start(firmPrincipalOf(request), request.body)),
  );

  route(
    files.completeUpload,
    {
      access: firmAccess('document'),
      summary:
        'Complete a direct upload with each part’s ETag. The file is read back: its type from its content (415), its size and ' +
        'SHA-256 must be those declared (422), and only then is it filed as the new document or version; a second completion answers 409',
    },
    async (request, reply) => created(reply, 'Document uploaded', await directUploads.complete(firmPrincipalOf(request), request.body)),
  );

  api.route({
    method: files.uploadVersion.method,
    url: files.uploadVersion.path,
    config: { access: firmAccess('document.edit'), upload: versionUpload },
    schema: {
      tags,
      ...multipart,
      summary: 'Add a new version (multipart: optional note, then the file); refused while another member has it checked out',
      params: files.uploadVersion.params,
      response: answers(files.uploadVersion.response, files.uploadVersion.status),
    },
    handler: async (request, reply) => {
      const { fields, upload } = uploadOf(request, versionUpload);
      return created(
        reply,
        'New version uploaded',
        await documents.uploadNewVersion(firmPrincipalOf(request), request.params.id, fields.note, upload),
      );
    },
  });

  // The file itself, not the envelope: no contract, only the path the web shares.
  api.get(
    documentFilePath.path,
    {
      config: { access: firmAccess('document') },
      schema: {
        tags,
        summary:
          'A version’s file (the newest unless Version=n); inline=true for a preview. Never while scanning, never when quarantined (409)',
        params: idParamsSchema,
        querystring: documentDownloadQuerySchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const file = await documents.open(firmPrincipalOf(request), request.params.id, request.query.Version);
      return sendFile(reply, file, request.query.inline);
    },
  );

  route(
    contracts.view,
    { access: firmAccess('document'), summary: 'A document with every version (newest first), its path, check-out and the client’s views' },
    async (request) => ok('Document', await documents.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    { access: firmAccess('document.edit'), summary: 'Rename a document or change its category, description and tags' },
    async (request) => ok('Document updated', await documents.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.restoreVersion,
    {
      access: firmAccess('document.edit'),
      summary: 'Copy an older version forward as the newest (history is kept; a quarantined version cannot be restored)',
    },
    async (request, reply) =>
      created(
        reply,
        'Version restored',
        await documents.restoreVersion(firmPrincipalOf(request), request.params.id, request.body.versionNumber),
      ),
  );

  route(
    contracts.checkOut,
    {
      access: firmAccess('document.edit'),
      summary: 'Check a document out for some hours (8 by default, at most 168); its holder may extend it',
    },
    async (request) =>
      ok('Document checked out', await checkouts.checkOut(firmPrincipalOf(request), request.params.id, request.body.hours)),
  );

  api.route({
    method: files.checkIn.method,
    url: files.checkIn.path,
    config: { access: firmAccess('document.edit'), upload: versionUpload },
    schema: {
      tags,
      ...multipart,
      summary:
        'Check in (multipart: BaseVersion, optional note, then the file) by the holder of the check-out. A check-in from an older ' +
        'version than the newest is kept as a version flagged as a conflict, never discarded',
      params: files.checkIn.params,
      response: answers(files.checkIn.response, files.checkIn.status),
    },
    handler: async (request, reply) => {
      const { fields, upload } = uploadOf(request, versionUpload);
      const view = await checkouts.checkIn(
        firmPrincipalOf(request),
        request.params.id,
        { baseVersion: fields.BaseVersion, note: fields.note },
        upload,
      );
      return created(reply, 'Document checked in', view);
    },
  });

  route(
    contracts.releaseCheckOut,
    { access: firmAccess('document.edit'), summary: 'Release another member’s check-out (administrators only)' },
    async (request) => ok('Check-out released', await checkouts.releaseCheckOut(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.resolveConflict,
    { access: firmAccess('document.edit'), summary: 'Mark a conflicting version as resolved' },
    async (request) =>
      ok('Conflict resolved', await checkouts.resolveConflict(firmPrincipalOf(request), request.params.id, request.body.versionNumber)),
  );

  route(
    contracts.retryText,
    {
      // Administrators only: checked by the service, like releasing another member's check-out.
      access: firmAccess('document.edit'),
      summary:
        'Read the text of a document again whose current version was parked as "Text could not be extracted" after three ' +
        'failed attempts (administrators only): it gets three fresh attempts. 400 when its text did not fail',
    },
    async (request) => ok('Text extraction queued', await textRetry.retry(firmPrincipalOf(request), request.params.id)),
  );

  route(
    sharingContracts.share,
    {
      access: firmAccess('document.edit'),
      summary: 'Share a document, or a folder with what is added to it later, with the client of its folder',
    },
    async (request) =>
      ok('Shared with the client', await sharing.share(firmPrincipalOf(request), request.body.itemType, request.params.id)),
  );

  route(
    sharingContracts.unshare,
    { access: firmAccess('document.edit'), summary: 'Stop sharing a document or folder with the client' },
    async (request) => ok('No longer shared', await sharing.unshare(firmPrincipalOf(request), request.body.itemType, request.params.id)),
  );

  route(contracts.remove, { access: firmAccess('document.delete'), summary: 'Move a document to the recycle bin' }, async (request) => {
    await documents.remove(firmPrincipalOf(request), request.params.id);
    return ok('Document deleted', null);
  });

  route(
    contracts.restore,
    {
      access: firmAccess('document.delete'),
      summary: 'Bring a document back from the recycle bin (409 if its name is taken meanwhile)',
    },
    async (request) => ok('Document restored', await documents.restore(firmPrincipalOf(request), request.params.id)),
  );
}
