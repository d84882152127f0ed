import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentSearchContracts as contracts, envelopeSchema, errorEnvelopeSchema, templateDryRunSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createDocumentTemplateService } from './document-templates.service.ts';
import type { TemplateDocuments } from './document-templates.ts';
import type { TemplateWork } from './document-templates.service.ts';
import type { WordPreviewDeps } from './document-word-preview.ts';

const tags = ['Documents'];

export type DocumentTemplateRouteDeps = {
  database: Database;
  documents: TemplateDocuments & WordPreviewDeps['documents'];
  work: TemplateWork & WordPreviewDeps['work'];
};

/**
 * Word templates (issue 18): the Templates folder's .docx documents and documents generated from
 * them for a matter. Reading templates needs `document`; generating one needs `document.create`.
 */
export function registerDocumentTemplateRoutes(app: FastifyInstance, deps: DocumentTemplateRouteDeps) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const templates = createDocumentTemplateService(deps.database, deps.documents, deps.work);

  route(
    contracts.templates,
    {
      access: firmAccess('document'),
      summary:
        'The Word (.docx) documents in the firm’s Templates folder, by name, each with its current version and the merge ' +
        'fields it uses ({client.name}, {matter.custom.<Label>}, …). The Templates folder is made on first use',
      description:
        'Answers every live .docx document in the Templates folder with the merge fields its current version uses; a template that cannot ' +
        'be read lists no fields rather than failing the list.',
    },
    async (request) => ok('Templates', await templates.list(firmPrincipalOf(request))),
  );

  // Registered by hand from its contract: a dry run answers 200 with the merge fields, which the contract's one status cannot say.
  const generate = contracts.generate;
  api.route({
    method: generate.method,
    url: generate.path,
    config: { access: firmAccess('document.create') },
    schema: {
      tags,
      summary:
        'Fill a template from a matter: client, matter, firm, today, trust balance and custom fields, with the values given ' +
        'here filling or overriding them. isDryRun=true answers 200 with every field the template uses, its value and the ' +
        'missing ones, and saves nothing; otherwise the filled .docx is saved in the matter’s folder (201), recording the ' +
        'template, its version and the values used. A field with no value prints as nothing',
      description:
        'Reads the template’s current version and the matter’s values in the document worker. Refused with 400 when the document is not a ' +
        '.docx in the Templates folder, and 404 for a template or matter the firm does not have. A name already taken in the matter’s ' +
        'folder gets " (2)", " (3)"….',
      body: generate.body,
      response: {
        200: envelopeSchema(
          templateDryRunSchema.describe('A dry run’s answer: every merge field the template uses, its value and the missing ones.'),
        ),
        [generate.status]: envelopeSchema(generate.response.describe('The generated document, saved in the matter’s folder.')),
        '4xx': errorEnvelopeSchema,
      },
    },
    handler: async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (request.body.isDryRun) return ok('Merge fields', await templates.generate(principal, request.body));
      return created(reply, 'Document generated', await templates.generate(principal, request.body));
    },
  });
}
