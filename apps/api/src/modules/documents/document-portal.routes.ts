import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentDownloadQuerySchema, idParamsSchema, portalBillingContracts } from '@matterhorn/shared';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { portalAccess, portalPrincipalOf } from '../../plugins/route-access.ts';
import { sendFile, uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import type { DocumentModule } from './documents.module.ts';

const tags = ['Client portal'];
const portalUploadFieldsSchema = z.object({
  MatterId: z.uuid({ error: 'Choose the matter the file is for' }).describe('The client’s own matter the file is for.'),
});

/** The client's documents through the portal; the firm and the client come from the portal session alone. */
export function registerDocumentPortalRoutes(app: FastifyInstance, module: DocumentModule) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { portal, maxUploadBytes } = module;
  const portalUpload = uploadSpec({
    maxBytes: maxUploadBytes,
    what: 'A document',
    fields: portalUploadFieldsSchema,
    names: ['MatterId'],
    noFile: 'Choose a file to upload',
  });

  contractRoutes(app, tags)(
    portalBillingContracts.documents,
    {
      access: portalAccess(),
      summary: 'Documents the firm shared with the signed-in client (and their own uploads)',
      description:
        'Answers one page (page, size) of the documents the client may open: those the firm shared with them and the files they sent.',
    },
    async (request) => ok('Documents', await portal.list(portalPrincipalOf(request), request.query)),
  );

  api.get(
    '/api/client-portal/download-document/:id',
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary: 'A shared document’s file (inline=true to view it); the firm sees when it was viewed or downloaded',
        description:
          'Answers the newest version of the document that passed the virus scan (not the JSON envelope), as an attachment or, ' +
          'with inline=true, to show in the browser, and records the view or download for the firm. 404 for a document the ' +
          'client may not open.',
        params: idParamsSchema,
        querystring: documentDownloadQuerySchema.pick({ inline: true }),
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) =>
      sendFile(reply, await portal.open(portalPrincipalOf(request), request.params.id, request.query.inline), request.query.inline),
  );

  api.post(
    '/api/client-portal/upload-document',
    {
      config: { access: portalAccess(), upload: portalUpload },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        summary: 'Send the firm a file for one of your matters (multipart: MatterId, then the file)',
        description:
          'Files the upload in the matter’s "From client" folder, scanned like every upload, and answers the new document’s id and ' +
          'name. 404 for a matter that is not the client’s own; 413 or 415 for a file too large or of a type not allowed.',
        response: answers(
          z.object({
            id: z.string().describe('The new document’s id.'),
            name: z.string().describe('The document’s name in the folder (" (2)", " (3)"… added when the name was taken).'),
          }),
          201,
        ),
      },
    },
    async (request, reply) => {
      const { fields, upload } = uploadOf(request, portalUpload);
      return created(reply, 'File sent to the firm', await portal.upload(portalPrincipalOf(request), fields.MatterId, upload));
    },
  );
}
