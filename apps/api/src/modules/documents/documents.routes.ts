import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkOutInputSchema,
  completeDirectUploadInputSchema,
  directUploadPlanSchema,
  startDirectUploadInputSchema,
  documentDownloadQuerySchema,
  documentSchema,
  idParamsSchema,
  resolveConflictInputSchema,
  restoreVersionInputSchema,
  shareInputSchema,
  updateDocumentInputSchema,
  uploadDocumentFieldsSchema,
  versionFieldsSchema,
} from '@matterhorn/shared';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { sendFile, uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import type { DocumentModule } from './documents.module.ts';

const tags = ['Documents'];
export const DOCUMENT_BASE = '/api/admin/document';
const UPLOAD_FIELDS = ['FolderId', 'category', 'description', 'tags'];
const VERSION_FIELDS = ['note', 'BaseVersion'];

/** Documents and their versions (PRODUCT.md module 11): reads need `document`; uploads document.create; changes document.edit; deletes document.delete. */
export function registerDocumentRoutes(app: FastifyInstance, module: DocumentModule) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { documents, checkouts, sharing, maxUploadBytes, directUploads, textRetry } = module;
  const multipart = { consumes: ['multipart/form-data'] };
  const noFile = 'Choose a file to upload';
  const documentUpload = uploadSpec({ maxBytes: maxUploadBytes, fields: uploadDocumentFieldsSchema, names: UPLOAD_FIELDS, noFile });
  const versionUpload = uploadSpec({ maxBytes: maxUploadBytes, fields: versionFieldsSchema, names: VERSION_FIELDS, noFile });

  api.post(
    `${DOCUMENT_BASE}/upload-document`,
    {
      config: { access: firmAccess('document.create'), upload: documentUpload },
      schema: {
        tags,
        ...multipart,
        summary:
          'Upload a document (multipart: FolderId, optional category, description and tags (comma-separated), then one file). ' +
          'Its type is read from its content (415 otherwise), at most the configured size (413); the name is the file’s, unique in the folder (409)',
        response: answers(documentSchema, 201),
      },
    },
    async (request, reply) => {
      const { fields, upload } = uploadOf(request, documentUpload);
      const view = await documents.upload(firmPrincipalOf(request), { ...fields, folderId: fields.FolderId }, upload);
      return created(reply, 'Document uploaded', view);
    },
  );

  api.post(
    `${DOCUMENT_BASE}/start-upload`,
    {
      // document.create for a new document (FolderId), document.edit for a new version (DocumentId): checked by the service.
      config: { access: firmAccess('document') },
      schema: {
        tags,
        summary:
          'Where files go to an S3-compatible bucket: start sending one straight from the browser. Answers presigned URLs to PUT ' +
          'consecutive slices of partSize bytes to (expose the ETag header in the bucket’s CORS rule) and a token for complete-upload. ' +
          '409 where files are kept on the server’s disk (use upload-document); 413 over the limit',
        body: startDirectUploadInputSchema,
        response: answers(directUploadPlanSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Upload started', await directUploads.start(firmPrincipalOf(request), request.body)),
  );

  api.post(
    `${DOCUMENT_BASE}/complete-upload`,
    {
      config: { access: firmAccess('document') },
      schema: {
        tags,
        summary:
          'Complete a direct upload with each part’s ETag. The file is read back: its type from its content (415), its size and ' +
          'SHA-256 must be those declared (422), and only then is it filed as the new document or version; a second completion answers 409',
        body: completeDirectUploadInputSchema,
        response: answers(documentSchema, 201),
      },
    },
    async (request, reply) => created(reply, 'Document uploaded', await directUploads.complete(firmPrincipalOf(request), request.body)),
  );

  api.post(
    `${DOCUMENT_BASE}/upload-new-version/:id`,
    {
      config: { access: firmAccess('document.edit'), upload: versionUpload },
      schema: {
        tags,
        ...multipart,
        summary: 'Add a new version (multipart: optional note, then the file); refused while another member has it checked out',
        params: idParamsSchema,
        response: answers(documentSchema, 201),
      },
    },
    async (request, reply) => {
      const { fields, upload } = uploadOf(request, versionUpload);
      return created(
        reply,
        'New version uploaded',
        await documents.uploadNewVersion(firmPrincipalOf(request), request.params.id, fields.note, upload),
      );
    },
  );

  api.get(
    `${DOCUMENT_BASE}/download-document/:id`,
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

  api.get(
    `${DOCUMENT_BASE}/get-document/:id`,
    {
      config: { access: firmAccess('document') },
      schema: {
        tags,
        summary: 'A document with every version (newest first), its path, check-out and the client’s views',
        params: idParamsSchema,
        response: answers(documentSchema),
      },
    },
    async (request) => ok('Document', await documents.view(firmPrincipalOf(request), request.params.id)),
  );

  api.put(
    `${DOCUMENT_BASE}/update-document/:id`,
    {
      config: { access: firmAccess('document.edit') },
      schema: {
        tags,
        summary: 'Rename a document or change its category, description and tags',
        params: idParamsSchema,
        body: updateDocumentInputSchema,
        response: answers(documentSchema),
      },
    },
    async (request) => ok('Document updated', await documents.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  api.post(
    `${DOCUMENT_BASE}/restore-version/:id`,
    {
      config: { access: firmAccess('document.edit') },
      schema: {
        tags,
        summary: 'Copy an older version forward as the newest (history is kept; a quarantined version cannot be restored)',
        params: idParamsSchema,
        body: restoreVersionInputSchema,
        response: answers(documentSchema, 201),
      },
    },
    async (request, reply) =>
      created(
        reply,
        'Version restored',
        await documents.restoreVersion(firmPrincipalOf(request), request.params.id, request.body.versionNumber),
      ),
  );

  api.post(
    `${DOCUMENT_BASE}/check-out/:id`,
    {
      config: { access: firmAccess('document.edit') },
      schema: {
        tags,
        summary: 'Check a document out for some hours (8 by default, at most 168); its holder may extend it',
        params: idParamsSchema,
        body: checkOutInputSchema,
        response: answers(documentSchema),
      },
    },
    async (request) =>
      ok('Document checked out', await checkouts.checkOut(firmPrincipalOf(request), request.params.id, request.body.hours)),
  );

  api.post(
    `${DOCUMENT_BASE}/check-in/:id`,
    {
      config: { access: firmAccess('document.edit'), upload: versionUpload },
      schema: {
        tags,
        ...multipart,
        summary:
          'Check in (multipart: BaseVersion, optional note, then the file) by the holder of the check-out. A check-in from an older ' +
          'version than the newest is kept as a version flagged as a conflict, never discarded',
        params: idParamsSchema,
        response: answers(documentSchema, 201),
      },
    },
    async (request, reply) => {
      const { fields, upload } = uploadOf(request, versionUpload);
      const view = await checkouts.checkIn(
        firmPrincipalOf(request),
        request.params.id,
        { baseVersion: fields.BaseVersion, note: fields.note },
        upload,
      );
      return created(reply, 'Document checked in', view);
    },
  );

  api.post(
    `${DOCUMENT_BASE}/release-check-out/:id`,
    {
      config: { access: firmAccess('document.edit') },
      schema: {
        tags,
        summary: 'Release another member’s check-out (administrators only)',
        params: idParamsSchema,
        response: answers(documentSchema),
      },
    },
    async (request) => ok('Check-out released', await checkouts.releaseCheckOut(firmPrincipalOf(request), request.params.id)),
  );

  api.post(
    `${DOCUMENT_BASE}/resolve-conflict/:id`,
    {
      config: { access: firmAccess('document.edit') },
      schema: {
        tags,
        summary: 'Mark a conflicting version as resolved',
        params: idParamsSchema,
        body: resolveConflictInputSchema,
        response: answers(documentSchema),
      },
    },
    async (request) =>
      ok('Conflict resolved', await checkouts.resolveConflict(firmPrincipalOf(request), request.params.id, request.body.versionNumber)),
  );

  api.post(
    `${DOCUMENT_BASE}/retry-text-extraction/:id`,
    {
      // Administrators only: checked by the service, like releasing another member's check-out.
      config: { access: firmAccess('document.edit') },
      schema: {
        tags,
        summary:
          'Read the text of a document again whose current version was parked as "Text could not be extracted" after three ' +
          'failed attempts (administrators only): it gets three fresh attempts. 400 when its text did not fail',
        params: idParamsSchema,
        response: answers(documentSchema),
      },
    },
    async (request) => ok('Text extraction queued', await textRetry.retry(firmPrincipalOf(request), request.params.id)),
  );

  for (const action of ['share', 'unshare'] as const) {
    api.post(
      `${DOCUMENT_BASE}/${action}/:id`,
      {
        config: { access: firmAccess('document.edit') },
        schema: {
          tags,
          summary:
            action === 'share'
              ? 'Share a document, or a folder with what is added to it later, with the client of its folder'
              : 'Stop sharing a document or folder with the client',
          params: idParamsSchema,
          body: shareInputSchema,
          response: answers(documentSchema.nullable()),
        },
      },
      async (request) =>
        ok(
          action === 'share' ? 'Shared with the client' : 'No longer shared',
          await sharing[action](firmPrincipalOf(request), request.body.itemType, request.params.id),
        ),
    );
  }

  api.delete(
    `${DOCUMENT_BASE}/delete-document/:id`,
    {
      config: { access: firmAccess('document.delete') },
      schema: { tags, summary: 'Move a document to the recycle bin', params: idParamsSchema, response: answers(z.null()) },
    },
    async (request) => {
      await documents.remove(firmPrincipalOf(request), request.params.id);
      return ok('Document deleted', null);
    },
  );

  api.post(
    `${DOCUMENT_BASE}/restore-document/:id`,
    {
      config: { access: firmAccess('document.delete') },
      schema: {
        tags,
        summary: 'Bring a document back from the recycle bin (409 if its name is taken meanwhile)',
        params: idParamsSchema,
        response: answers(documentSchema),
      },
    },
    async (request) => ok('Document restored', await documents.restore(firmPrincipalOf(request), request.params.id)),
  );
}
