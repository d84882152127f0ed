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
  const documentUpload = uploadSpec({
    maxBytes: maxUploadBytes,
    what: 'A document',
    fields: uploadDocumentFieldsSchema,
    names: UPLOAD_FIELDS,
    noFile,
  });
  const versionUpload = uploadSpec({
    maxBytes: maxUploadBytes,
    what: 'A document',
    fields: versionFieldsSchema,
    names: VERSION_FIELDS,
    noFile,
  });

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
        'Its type is read from its content, or for a text, CSV or email file from its .txt, .csv or .eml name and UTF-8 content ' +
        '(415 otherwise), at most the configured size (413); the name is the file’s, unique in the folder (409)',
      description:
        'Streams the file into the file store and files it as version 1 of a new document in FolderId, answering the document with its versions. ' +
        'Refused with 404 for a folder the firm does not have, 409 when the folder is in the recycle bin or a live document there has the ' +
        'file’s name (upload it as a new version instead), 415 for a type that is not allowed (programs and scripts; a zip is kept ' +
        'as a file, scanned and never opened) and 413 over the limit. ' +
        'The version is scanned for viruses and its text read afterwards when the server does so (scanStatus, textStatus).',
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
      description:
        'Checks the destination first (a new document in FolderId needs document.create; a new version of DocumentId needs document.edit, ' +
        '409 while another member has it checked out) and answers the plan: uploadToken, partSize and one presigned URL per part. ' +
        'Nothing is filed until complete-upload; the token and URLs last an hour.',
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
      description:
        'Asks the bucket to join the parts, reads the object back and files it as start-upload declared, answering the document with its ' +
        'versions. A token that is not this user’s, or has expired, answers 404; a file that fails a check is removed from the bucket.',
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
      description:
        'Files the upload as the document’s next version, which becomes current, and answers the document with every version. ' +
        'Refused with 409 while another member holds an unexpired check-out or the document is in the recycle bin; 415 for a type not ' +
        'allowed, 413 over the limit. The document keeps its name whatever the file is called.',
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
        description:
          'Answers the file’s bytes with its content type (not the JSON envelope): as an attachment, or inline for the browser’s preview. ' +
          '404 for a document or version the firm does not have; 409 while the version is being scanned or once it is quarantined.',
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
    {
      access: firmAccess('document'),
      summary: 'A document with every version (newest first), its path, check-out and the client’s views',
      description:
        'Answers one document (also one in the recycle bin) with its newest version’s file facts, every version with who uploaded it, ' +
        'the folders above it, its check-out and when the client viewed or downloaded it through the portal. 404 for another firm’s.',
    },
    async (request) => ok('Document', await documents.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('document.edit'),
      summary: 'Rename a document or change its category, description and tags',
      description:
        'Replaces the document’s name, category, description and tags (its versions never change) and answers the document. ' +
        'Refused with 409 when another live document in the folder has the name, or while the document is in the recycle bin.',
    },
    async (request) => ok('Document updated', await documents.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.restoreVersion,
    {
      access: firmAccess('document.edit'),
      summary: 'Copy an older version forward as the newest (history is kept; a quarantined version cannot be restored)',
      description:
        'Adds a new version with the bytes of versionNumber (noted "Restored from version n") and answers the document. ' +
        'Refused with 404 for a version it does not have, 409 for a quarantined one, while another member has it checked out, or while ' +
        'it is in the recycle bin.',
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
      description:
        'Reserves the document for the signed-in member from its current version until now + hours, so that nobody else adds versions ' +
        'meanwhile, and answers the document with its check-out. Refused with 409 while another member holds an unexpired check-out; an ' +
        'expired one may be taken.',
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
      description:
        'Files the upload as the next version, releases the check-out and answers the document. Refused with 400 without BaseVersion and ' +
        '409 when the signed-in member does not hold the check-out (an expired one of theirs still counts until someone else takes it); ' +
        'a BaseVersion older than the newest sets isConflict on the version and hasConflict on the document.',
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
    {
      access: firmAccess('document.edit'),
      summary: 'Release another member’s check-out (administrators only)',
      description:
        'Clears the document’s check-out whoever holds it and answers the document. Refused with 403 for anyone but an administrator and ' +
        '409 when it is not checked out.',
    },
    async (request) => ok('Check-out released', await checkouts.releaseCheckOut(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.resolveConflict,
    {
      access: firmAccess('document.edit'),
      summary: 'Mark a conflicting version as resolved',
      description:
        'Records that a person has compared a conflicting check-in with the newest version, and answers the document (hasConflict is false ' +
        'once none is left unresolved). 400 when the version is not a conflicting one, 404 when the document has no such version.',
    },
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
      description:
        'Puts the current version’s text reading back in the queue (textStatus becomes pending) and answers the document; the reading ' +
        'happens later in the document worker. 403 for anyone but an administrator.',
    },
    async (request) => ok('Text extraction queued', await textRetry.retry(firmPrincipalOf(request), request.params.id)),
  );

  route(
    sharingContracts.share,
    {
      access: firmAccess('document.edit'),
      summary: 'Share a document, or a folder with what is added to it later, with the client of its folder',
      description:
        'Makes the document, or every document in the folder and its subfolders, visible to the client in the portal once scanned. ' +
        'Answers the document, or null for a folder. 400 for an item outside a client’s or matter’s folder; 409 while it is in the recycle bin.',
    },
    async (request) =>
      ok('Shared with the client', await sharing.share(firmPrincipalOf(request), request.body.itemType, request.params.id)),
  );

  route(
    sharingContracts.unshare,
    {
      access: firmAccess('document.edit'),
      summary: 'Stop sharing a document or folder with the client',
      description:
        'Ends the item’s own sharing and answers the document, or null for a folder. A document stays visible while a folder above it is ' +
        'shared (isSharedThroughFolder) and a client’s own upload stays theirs.',
    },
    async (request) => ok('No longer shared', await sharing.unshare(firmPrincipalOf(request), request.body.itemType, request.params.id)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess('document.delete'),
      summary: 'Move a document to the recycle bin',
      description:
        'Hides the document and all its versions from folders, search and the portal until it is restored; answers null. ' +
        '409 when it is already in the recycle bin (or in a folder that is).',
    },
    async (request) => {
      await documents.remove(firmPrincipalOf(request), request.params.id);
      return ok('Document deleted', null);
    },
  );

  route(
    contracts.restore,
    {
      access: firmAccess('document.delete'),
      summary: 'Bring a document back from the recycle bin (409 if its name is taken meanwhile)',
      description:
        'Returns a deleted document to its folder and answers it. 404 when it is not deleted; 400 while its folder is itself in the ' +
        'recycle bin (restore the folder first); 409 when a live document in the folder now has its name.',
    },
    async (request) => ok('Document restored', await documents.restore(firmPrincipalOf(request), request.params.id)),
  );
}
