import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  markPortalMessagesReadSchema,
  PORTAL_ATTACHMENT_MAX_BYTES,
  portalAttachmentUploadFieldsSchema,
  uploadedPortalAttachmentSchema,
  portalMessageSchema,
  portalMessagesQuerySchema,
  portalMessageThreadSchema,
  sendPortalMessageSchema,
} from '@matterhorn/shared';
import { sendFile, uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf, portalAccess, portalPrincipalOf } from '../../plugins/route-access.ts';
import { createPortalMessageService, type PortalMessageDeps } from './portal-messages.service.ts';

const tags = ['Client portal messages'];
const markedSchema = z.object({ markedCount: z.number() });

/**
 * Secure messages between the firm and its client, one thread per matter: the client's calls under
 * /api/client-portal/, the firm's under /api/admin/client-portal/ (matterMaster: those who may open
 * the matter may write to its client).
 */
export function registerPortalMessageRoutes(app: FastifyInstance, deps: PortalMessageDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const attachmentUpload = uploadSpec({
    maxBytes: PORTAL_ATTACHMENT_MAX_BYTES,
    fields: portalAttachmentUploadFieldsSchema,
    names: ['MatterId'],
    noFile: 'Choose a file to upload',
  });
  const messages = createPortalMessageService(deps);
  const sides = [
    { base: '/api/client-portal', access: portalAccess(), who: 'the signed-in client', sideOf: clientSide },
    { base: '/api/admin/client-portal', access: firmAccess('matterMaster'), who: 'the firm', sideOf: firmSide },
  ] as const;

  for (const { base, access, who, sideOf } of sides) {
    api.get(
      `${base}/get-messages`,
      {
        config: { access },
        schema: {
          tags,
          summary: `A matter's messages between the firm and its client, as ${who} reads them (the newest 200, oldest first, with read receipts)`,
          querystring: portalMessagesQuerySchema,
          response: answers(portalMessageThreadSchema),
        },
      },
      async (request) => ok('Messages', await messages.thread(sideOf(request), request.query.MatterId)),
    );

    api.post(
      `${base}/send-message`,
      {
        config: { access },
        schema: {
          tags,
          summary: `Send a message on a matter from ${who}; the other side is e-mailed that a message waits (never its content), at most every 15 minutes`,
          body: sendPortalMessageSchema,
          response: answers(portalMessageSchema, 201),
        },
      },
      async (request, reply) => created(reply, 'Message sent', await messages.send(sideOf(request), request.body)),
    );

    api.post(
      `${base}/mark-read`,
      {
        config: { access },
        schema: {
          tags,
          summary: `${who === 'the firm' ? 'The firm has' : 'The client has'} read the matter's thread: the other side's messages get their read receipt`,
          body: markPortalMessagesReadSchema,
          response: answers(markedSchema),
        },
      },
      async (request) => ok('Marked read', await messages.markRead(sideOf(request), request.body.matterId)),
    );

    api.post(
      `${base}/upload-message-attachment`,
      {
        config: { access, upload: attachmentUpload },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          summary: `A file for a message ${who} is writing (multipart: MatterId, then the file; PDF, Word, Excel or a photo, at most 10 MB, checked by content and scanned). It is filed in the matter's documents${who === 'the firm' ? '' : ' ("From client")'}; name its id in send-message's attachmentIds`,
          response: answers(uploadedPortalAttachmentSchema, 201),
        },
      },
      async (request, reply) => {
        const { fields, upload } = uploadOf(request, attachmentUpload);
        return created(reply, 'File attached', await messages.uploadAttachment(sideOf(request), fields.MatterId, upload));
      },
    );

    api.get(
      `${base}/download-message-attachment/:id`,
      {
        config: { access },
        schema: {
          tags,
          summary: `A message attachment's file, for ${who}; 409 while it is being scanned or once quarantined`,
          params: idParamsSchema,
          produces: ['application/octet-stream'],
        },
      },
      async (request, reply) => sendFile(reply, await messages.download(sideOf(request), request.params.id)),
    );
  }
}

function clientSide(request: Parameters<typeof portalPrincipalOf>[0]) {
  return { kind: 'client' as const, principal: portalPrincipalOf(request) };
}
function firmSide(request: Parameters<typeof firmPrincipalOf>[0]) {
  return { kind: 'firm' as const, principal: firmPrincipalOf(request) };
}
