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
const portalUploadFieldsSchema = z.object({ MatterId: z.uuid({ error: 'Choose the matter the file is for' }) });

/** The client's documents through the portal; the firm and the client come from the portal session alone. */
export function registerDocumentPortalRoutes(app: FastifyInstance, module: DocumentModule) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { portal, maxUploadBytes } = module;
  const portalUpload = uploadSpec({
    maxBytes: maxUploadBytes,
    fields: portalUploadFieldsSchema,
    names: ['MatterId'],
    noFile: 'Choose a file to upload',
  });

  contractRoutes(app, tags)(
    portalBillingContracts.documents,
    { access: portalAccess(), summary: 'Documents the firm shared with the signed-in client (and their own uploads)' },
    async (request) => ok('Documents', await portal.list(portalPrincipalOf(request), request.query)),
  );

  api.get(
    '/api/client-portal/download-document/:id',
    {
      config: { access: portalAccess() },
      schema: {
        tags,
        summary: 'A shared document’s file (inline=true to view it); the firm sees when it was viewed or downloaded',
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
        response: answers(z.object({ id: z.string(), name: z.string() }), 201),
      },
    },
    async (request, reply) => {
      const { fields, upload } = uploadOf(request, portalUpload);
      return created(reply, 'File sent to the firm', await portal.upload(portalPrincipalOf(request), fields.MatterId, upload));
    },
  );
}
