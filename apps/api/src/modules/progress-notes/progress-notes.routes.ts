import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROGRESS_NOTE_ATTACHMENT_MAX_BYTES,
  progressNoteAttachmentFilePath,
  progressNoteAttachmentParamsSchema,
  progressNoteContracts as contracts,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { createProgressNoteAttachmentService } from './progress-note-attachments.service.ts';
import { createProgressNoteService } from './progress-notes.service.ts';

const tags = ['Progress notes'];

/** `attachment`, with the name as plain ASCII and as RFC 5987 UTF-8 for the browsers that read it. */
function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export type ProgressNoteRouteDeps = { database: Database; files: FileStore };

/**
 * Progress notes (PRODUCT.md module 6). Who may do what (SPEC.md §6, in the permission engine):
 * progressNote (or activity) reads; progressNote.create/.edit/.delete (or activity.create) write.
 */
export function registerProgressNoteRoutes(app: FastifyInstance, deps: ProgressNoteRouteDeps) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const attachmentUpload = uploadSpec({
    maxBytes: PROGRESS_NOTE_ATTACHMENT_MAX_BYTES,
    what: 'An attachment',
    fields: z.object({}),
    names: [],
    noFile: 'Choose a file to attach',
    notMultipart: 'Send the attachment as multipart/form-data',
  });
  const notes = createProgressNoteService(deps.database);
  const attachments = createProgressNoteAttachmentService(deps.database, deps.files);

  route(
    contracts.list,
    {
      access: firmAccess('progressNote'),
      summary:
        'Progress notes: filter by client, matter, author, date range and whether shared with the client; search the ' +
        'title, body and matter; sort and page. Rows carry an excerpt of the body. IsDownlodCsv=true streams text/csv',
      description:
        'Answers a page of live notes, newest note date first by default; GeneralSearchText matches the title and body only. ' +
        'With IsDownlodCsv=true the whole filtered list, with each note’s full plain text, comes as a CSV file instead of the envelope.',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (!request.query.IsDownlodCsv) return ok('Progress notes', await notes.page(principal, request.query));
      // The CSV is a text stream, not the JSON envelope the route's schema describes.
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="progress-notes.csv"')
        .send(await notes.csv(principal, request.query));
    },
  );

  route(
    contracts.create,
    {
      access: firmAccess('progressNote.create'),
      summary:
        'Add a note to a matter (open or closed), written by the signed-in member. The body is HTML, stored sanitised: ' +
        'paragraphs, line breaks, bold, italics, underline, strike, lists, quotes, h2/h3 and http(s)/mailto links only',
      description:
        'Records the note against the matter’s client and answers it. Refused with 400 when the body holds no text or the clientId given ' +
        'is not the matter’s, and 404 for a matter the firm does not have.',
    },
    async (request, reply) => created(reply, 'Progress note saved', await notes.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.view,
    {
      access: firmAccess('progressNote'),
      summary: 'One progress note, with its attachments',
      description: 'Answers a live note with its whole body (sanitised HTML and plain text) and its attachments. 404 for a deleted note.',
    },
    async (request) => ok('Progress note', await notes.view(firmPrincipalOf(request), request.params.id)),
  );

  route(
    contracts.update,
    {
      access: firmAccess('progressNote.edit'),
      summary: 'Change a progress note (its author stays who wrote it)',
      description:
        'Replaces the note’s matter, date, title, body and sharing and answers it, with the same rules as creating one; the matter it ' +
        'already had may since have been deleted.',
    },
    async (request) => ok('Progress note updated', await notes.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.remove,
    {
      access: firmAccess('progressNote.delete'),
      summary: 'Delete a progress note (restorable)',
      description: 'Moves the note and its attachments to the recycle bin and answers null.',
    },
    async (request) => {
      await notes.remove(firmPrincipalOf(request), request.params.id);
      return ok('Progress note deleted', null);
    },
  );

  // Registered by hand from its contract: its multipart body is declared by `consumes`, which a contract cannot carry.
  const addAttachment = contracts.addAttachment;
  api.route({
    method: addAttachment.method,
    url: addAttachment.path,
    config: { access: firmAccess('progressNote.edit'), upload: attachmentUpload },
    schema: {
      tags,
      summary:
        'Attach a file to a note (multipart/form-data, one file): PDF, JPEG, PNG, HEIC, Word or Excel by its content, at ' +
        'most 20 MB; 415 for another type, 413 when larger',
      description: 'Stores the file and answers the note with its attachments. 404 for a note the firm does not have.',
      consumes: ['multipart/form-data'],
      params: addAttachment.params,
      response: answers(addAttachment.response, addAttachment.status),
    },
    handler: async (request, reply) => {
      const note = await attachments.add(firmPrincipalOf(request), request.params.id, uploadOf(request, attachmentUpload).upload);
      return created(reply, 'Attachment uploaded', note);
    },
  });

  // The file itself, not the envelope: no contract, only the path the contracts share.
  api.get(
    progressNoteAttachmentFilePath.path,
    {
      config: { access: firmAccess('progressNote') },
      schema: {
        tags,
        summary: 'A note’s attachment, as a file download (members of the firm only)',
        description:
          'Answers the attachment’s bytes with its content type as a download (not the JSON envelope). 404 for one removed or not this note’s.',
        params: progressNoteAttachmentParamsSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const file = await attachments.open(firmPrincipalOf(request), request.params.id, request.params.attachmentId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.sizeBytes))
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  route(
    contracts.removeAttachment,
    {
      access: firmAccess('progressNote.edit'),
      summary: 'Remove an attachment from a note (restorable)',
      description: 'Moves the attachment to the recycle bin (its file is kept) and answers the note. 404 for one the note does not have.',
    },
    async (request) =>
      ok('Attachment removed', await attachments.remove(firmPrincipalOf(request), request.params.id, request.params.attachmentId)),
  );
}
