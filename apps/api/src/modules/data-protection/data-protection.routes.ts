import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATA_PROTECTION_MESSAGES, dataProtectionContracts, dataSubjectRequestPdfPath } from '@matterhorn/shared';
import { created, ok, sendPdf } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { DataSubjectRequests } from './data-subject-requests.service.ts';

const ADMINISTRATORS = firmAccess('administrator');

/** Settings › Data protection (NDPA 2023, ADR 92): administrators only. */
export function registerDataProtectionRoutes(app: FastifyInstance, requests: DataSubjectRequests) {
  const route = contractRoutes(app, ['Data protection']);
  route(
    dataProtectionContracts.settings,
    {
      access: ADMINISTRATORS,
      summary: 'The firm’s data-protection settings: days to answer a request, years to keep closed matters’ files',
    },
    async (request) => ok('Data-protection settings', await requests.settings(firmPrincipalOf(request))),
  );
  route(
    dataProtectionContracts.updateSettings,
    { access: ADMINISTRATORS, summary: 'Changes the days to answer a request and the years closed matters’ files are kept' },
    async (request) => ok('Settings saved', await requests.updateSettings(firmPrincipalOf(request), request.body)),
  );
  route(
    dataProtectionContracts.findSubjects,
    {
      access: ADMINISTRATORS,
      summary: 'People the firm holds data on whose name or email contains the text: clients, contacts, leads, opposing parties',
    },
    async (request) => ok('People', await requests.findSubjects(firmPrincipalOf(request), request.query.Search)),
  );
  route(
    dataProtectionContracts.listRequests,
    { access: ADMINISTRATORS, summary: 'Data-subject requests: open ones first, soonest due first, then closed ones' },
    async (request) => ok('Data-subject requests', await requests.list(firmPrincipalOf(request), request.query)),
  );
  route(
    dataProtectionContracts.logRequest,
    {
      access: ADMINISTRATORS,
      summary: 'Logs a person’s request (access/export, correction, erasure); due = received + the firm’s days to answer',
      description: '404 when the person is not the firm’s; 400 when the received date is in the future.',
    },
    async (request, reply) => created(reply, DATA_PROTECTION_MESSAGES.logged, await requests.log(firmPrincipalOf(request), request.body)),
  );
  route(
    dataProtectionContracts.request,
    { access: ADMINISTRATORS, summary: 'One data-subject request, with where the person’s record is corrected' },
    async (request) => ok('Data-subject request', await requests.get(firmPrincipalOf(request), request.params.id)),
  );
  route(
    dataProtectionContracts.exportData,
    {
      access: ADMINISTRATORS,
      summary: 'The person’s personal data as JSON, section by section (audited)',
      description: 'Privileged work product is left out and said so in notIncluded.',
    },
    async (request) => ok('Personal data', await requests.exportData(firmPrincipalOf(request), request.params.id)),
  );
  route(
    dataProtectionContracts.erase,
    {
      access: ADMINISTRATORS,
      summary: 'Erases the person’s data by anonymising the record, or refuses with what blocks it (the request closes either way)',
      description:
        'Refused (status refused, blockers listed) for a client with open invoices, money held in trust, or financial records inside ' +
        'their 7-year retention. 409 when the request is not an erasure or is already closed.',
    },
    async (request) => {
      const { request: answer, isErased } = await requests.erase(firmPrincipalOf(request), request.params.id);
      return ok(isErased ? DATA_PROTECTION_MESSAGES.erased : DATA_PROTECTION_MESSAGES.erasureRefused, answer);
    },
  );
  route(
    dataProtectionContracts.complete,
    {
      access: ADMINISTRATORS,
      summary: 'Closes an access or correction request once answered',
      description: '409 for an erasure (closed by erasing) or a closed request.',
    },
    async (request) =>
      ok(DATA_PROTECTION_MESSAGES.completed, await requests.complete(firmPrincipalOf(request), request.params.id, request.body.outcome)),
  );

  // The file itself, not the envelope: no contract, only the path the web shares.
  app.withTypeProvider<ZodTypeProvider>().get(
    dataSubjectRequestPdfPath.path,
    {
      config: { access: ADMINISTRATORS },
      schema: {
        tags: ['Data protection'],
        summary: 'The person’s personal data as a readable PDF (attachment; audited)',
        description: 'The same data as the JSON export, as a PDF file, not the JSON envelope. 404 for another firm’s request.',
        params: z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The request’s id.') }),
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await requests.exportPdf(firmPrincipalOf(request), request.params.id);
      return sendPdf(reply as FastifyReply, pdf, fileName);
    },
  );
}
