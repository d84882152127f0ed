import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, PORTAL_ATTACHMENT_MAX_BYTES, portalAttachmentUploadFieldsSchema, portalMessageSides } from '@matterhorn/shared';
import { sendFile, uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, portalAccess, portalPrincipalOf } from '../../plugins/route-access.ts';
import { createPortalMessageService, type PortalMessageDeps } from './portal-messages.service.ts';

const tags = ['Client portal messages'];

/**
 * Secure messages between the firm and its client, one thread per matter: the client's calls under
 * /api/client-portal/, the firm's under /api/admin/client-portal/ (matterMaster: those who may open
 * the matter may write to its client).
 */
export function registerPortalMessageRoutes(app: FastifyInstance, deps: PortalMessageDeps) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const attachmentUpload = uploadSpec({
    maxBytes: PORTAL_ATTACHMENT_MAX_BYTES,
    what: 'An attachment',
    fields: portalAttachmentUploadFieldsSchema,
    names: ['MatterId'],
    noFile: 'Choose a file to upload',
  });
  const messages = createPortalMessageService(deps);
  const sides = [
    { contracts: portalMessageSides.client, access: portalAccess(), who: 'the signed-in client', sideOf: clientSide },
    { contracts: portalMessageSides.firm, access: firmAccess('matterMaster'), who: 'the firm', sideOf: firmSide },
  ] as const;

  for (const { contracts, access, who, sideOf } of sides) {
    route(
      contracts.thread,
      {
        access,
        summary: `A matter's messages between the firm and its client, as ${who} reads them (the newest 200, oldest first, with read receipts)`,
        description:
          'Answers the matter’s thread: its newest 200 messages, oldest first, with their attachments and read receipts, and ' +
          'whether older ones exist. ' +
          (who === 'the firm'
            ? 'Any live matter of the firm; reading does not mark anything read (mark-read does).'
            : 'Only the client’s own matters: any other answers 404. Reading does not mark anything read (mark-read does).'),
      },
      async (request) => ok('Messages', await messages.thread(sideOf(request), request.query.MatterId)),
    );

    route(
      contracts.send,
      {
        access,
        summary: `Send a message on a matter from ${who}; the other side is e-mailed that a message waits (never its content), at most every 15 minutes`,
        description:
          'Adds a message (plain text, with up to 5 files uploaded for it) to the matter’s thread and answers it; messages are never ' +
          'edited or deleted. Refused with 400 when an attachment is not a live document of this matter' +
          (who === 'the firm' ? '.' : ' uploaded by the same portal account.'),
      },
      async (request, reply) => created(reply, 'Message sent', await messages.send(sideOf(request), request.body)),
    );

    route(
      contracts.markRead,
      {
        access,
        summary: `${who === 'the firm' ? 'The firm has' : 'The client has'} read the matter's thread: the other side's messages get their read receipt`,
        description:
          'Stamps the time on every unread message the other side sent on the matter (its read receipt) and answers how many; ' +
          'the caller’s own messages are untouched, and calling again marks none.',
      },
      async (request) => ok('Marked read', await messages.markRead(sideOf(request), request.body.matterId)),
    );

    // Registered by hand from its contract: its multipart body is declared by `consumes`, which a contract cannot carry.
    api.route({
      method: contracts.uploadAttachment.method,
      url: contracts.uploadAttachment.path,
      config: { access, upload: attachmentUpload },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        summary: `A file for a message ${who} is writing (multipart: MatterId, then the file; PDF, Word, Excel or a photo, at most 10 MB, checked by content and scanned). It is filed in the matter's documents${who === 'the firm' ? '' : ' ("From client")'}; name its id in send-message's attachmentIds`,
        description:
          'Stores the file as a new document of the matter (a taken name gets " (2)", " (3)"…) and answers its id, name, type and size. ' +
          'Refused with 415 for a type that is not allowed, 413 for a file over 10 MB, and 404 for a matter the caller cannot reach.',
        response: answers(contracts.uploadAttachment.response, contracts.uploadAttachment.status),
      },
      handler: async (request, reply) => {
        const { fields, upload } = uploadOf(request, attachmentUpload);
        return created(reply, 'File attached', await messages.uploadAttachment(sideOf(request), fields.MatterId, upload));
      },
    });

    // The file itself, not the envelope: no contract, only the path the contracts share.
    api.get(
      contracts.attachmentFile.path,
      {
        config: { access },
        schema: {
          tags,
          summary: `A message attachment's file, for ${who}; 409 while it is being scanned or once quarantined`,
          description:
            'Answers the attachment’s bytes (not the JSON envelope) with its file name and type. Answers 404 for an attachment not on a ' +
            'thread the caller can reach, and 409 while the virus scan runs or once the file is quarantined.',
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
