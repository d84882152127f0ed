import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import {
  progressNoteAttachmentParamsSchema,
  progressNoteInputSchema,
  progressNoteListQuerySchema,
  progressNotePageSchema,
  progressNoteSchema,
} from './progress-note.schemas.ts';

/** Issue 17: progress notes and court updates share one prefix. */
const base = '/api/admin/progress-update';
const attachmentPath = `${base}/progress-note/:id/attachments/:attachmentId`;

/** IsDownlodCsv=true answers the filtered list as text/csv instead of the page. */
export const progressNoteListRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-progress-notes`,
  query: progressNoteListQuerySchema,
  response: progressNotePageSchema,
});

export const progressNoteCreateRoute = defineRoute({
  method: 'POST',
  path: `${base}/create-progress-note`,
  body: progressNoteInputSchema,
  response: progressNoteSchema,
  status: 201,
});

export const progressNoteViewRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-progress-note/:id`,
  params: idParamsSchema,
  response: progressNoteSchema,
});

export const progressNoteUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-progress-note/:id`,
  params: idParamsSchema,
  body: progressNoteInputSchema,
  response: progressNoteSchema,
});

export const progressNoteRemoveRoute = defineRoute({
  method: 'DELETE',
  path: `${base}/delete-progress-note/:id`,
  params: idParamsSchema,
  response: z.null(),
});

/**
 * The body is multipart/form-data with one file (PROGRESS_NOTE_ATTACHMENT_TYPES, at most
 * PROGRESS_NOTE_ATTACHMENT_MAX_BYTES), which a contract's JSON body cannot say: no `body` here.
 */
export const progressNoteAttachmentAddRoute = defineRoute({
  method: 'POST',
  path: `${base}/progress-note/:id/attachments`,
  params: idParamsSchema,
  response: progressNoteSchema,
  status: 201,
});

/** GET of the same path answers the file itself, not the envelope: see progressNoteAttachmentFilePath. */
export const progressNoteAttachmentRemoveRoute = defineRoute({
  method: 'DELETE',
  path: attachmentPath,
  params: progressNoteAttachmentParamsSchema,
  response: progressNoteSchema,
});

/** GET: an attachment's bytes as a download (no envelope, so no contract); fill it in with pathOf. */
export const progressNoteAttachmentFilePath = { path: attachmentPath } as const;

export const progressNoteContracts = {
  list: progressNoteListRoute,
  create: progressNoteCreateRoute,
  view: progressNoteViewRoute,
  update: progressNoteUpdateRoute,
  remove: progressNoteRemoveRoute,
  addAttachment: progressNoteAttachmentAddRoute,
  removeAttachment: progressNoteAttachmentRemoveRoute,
};
