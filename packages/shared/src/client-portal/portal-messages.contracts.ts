import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';
import {
  markPortalMessagesReadSchema,
  portalMessageSchema,
  portalMessagesQuerySchema,
  portalMessageThreadSchema,
  sendPortalMessageSchema,
  uploadedPortalAttachmentSchema,
} from './portal-views.schemas.ts';

/**
 * Secure messages between the firm and its client, one thread per matter: the same calls on each
 * side, the client's under /api/client-portal/, the firm's under /api/admin/client-portal/.
 */
const clientBase = '/api/client-portal';
const firmBase = '/api/admin/client-portal';

export const portalMessagesMarkedSchema = z.object({
  markedCount: z.number().describe('How many of the other side’s unread messages got their read receipt now (0 when none was unread).'),
});

export const portalMessagesRoute = defineRoute({
  method: 'GET',
  path: `${clientBase}/get-messages`,
  query: portalMessagesQuerySchema,
  response: portalMessageThreadSchema,
});

export const portalMessageSendRoute = defineRoute({
  method: 'POST',
  path: `${clientBase}/send-message`,
  body: sendPortalMessageSchema,
  response: portalMessageSchema,
  status: 201,
});

export const portalMessagesMarkReadRoute = defineRoute({
  method: 'POST',
  path: `${clientBase}/mark-read`,
  body: markPortalMessagesReadSchema,
  response: portalMessagesMarkedSchema,
});

/**
 * The body is multipart/form-data (MatterId, then the file), which a contract's JSON body cannot
 * say: no `body` here; the server registers it by hand from this contract.
 */
export const portalMessageAttachmentUploadRoute = defineRoute({
  method: 'POST',
  path: `${clientBase}/upload-message-attachment`,
  response: uploadedPortalAttachmentSchema,
  status: 201,
});

/** GET: an attachment's bytes (no envelope, so no contract); fill it in with pathOf. */
export const portalMessageAttachmentFilePath = { path: `${clientBase}/download-message-attachment/:id` } as const;

export const firmPortalMessagesRoute = defineRoute({
  method: 'GET',
  path: `${firmBase}/get-messages`,
  query: portalMessagesQuerySchema,
  response: portalMessageThreadSchema,
});

export const firmPortalMessageSendRoute = defineRoute({
  method: 'POST',
  path: `${firmBase}/send-message`,
  body: sendPortalMessageSchema,
  response: portalMessageSchema,
  status: 201,
});

export const firmPortalMessagesMarkReadRoute = defineRoute({
  method: 'POST',
  path: `${firmBase}/mark-read`,
  body: markPortalMessagesReadSchema,
  response: portalMessagesMarkedSchema,
});

/** Multipart, like the client's: registered by hand from this contract. */
export const firmPortalMessageAttachmentUploadRoute = defineRoute({
  method: 'POST',
  path: `${firmBase}/upload-message-attachment`,
  response: uploadedPortalAttachmentSchema,
  status: 201,
});

export const firmPortalMessageAttachmentFilePath = { path: `${firmBase}/download-message-attachment/:id` } as const;

/** Each side's calls, in the order the server registers them. */
export const portalMessageSides = {
  client: {
    thread: portalMessagesRoute,
    send: portalMessageSendRoute,
    markRead: portalMessagesMarkReadRoute,
    uploadAttachment: portalMessageAttachmentUploadRoute,
    attachmentFile: portalMessageAttachmentFilePath,
  },
  firm: {
    thread: firmPortalMessagesRoute,
    send: firmPortalMessageSendRoute,
    markRead: firmPortalMessagesMarkReadRoute,
    uploadAttachment: firmPortalMessageAttachmentUploadRoute,
    attachmentFile: firmPortalMessageAttachmentFilePath,
  },
} as const;

export const portalMessageContracts = {
  thread: portalMessagesRoute,
  send: portalMessageSendRoute,
  markRead: portalMessagesMarkReadRoute,
  uploadAttachment: portalMessageAttachmentUploadRoute,
  firmThread: firmPortalMessagesRoute,
  firmSend: firmPortalMessageSendRoute,
  firmMarkRead: firmPortalMessagesMarkReadRoute,
  firmUploadAttachment: firmPortalMessageAttachmentUploadRoute,
};
