import type { FastifyInstance } from 'fastify';
import { INTAKE_FORM_MESSAGES, intakeFormContracts as calls } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createIntakeFormsService } from './intake-forms.service.ts';

/**
 * The firm's intake forms (issue 45, ADR 80). Reading them needs `clientInfo`; building,
 * publishing and deleting them `clientInfo.edit`: a form is how client information comes in.
 */
export function registerIntakeFormRoutes(app: FastifyInstance, { database, appUrl }: { database: Database; appUrl: string }) {
  const route = contractRoutes(app, ['Intake forms']);
  const forms = createIntakeFormsService(database, appUrl);
  const notFoundNote = '404 for a form that is not the firm’s (or deleted).';

  route(
    calls.list,
    {
      access: firmAccess('clientInfo'),
      summary: 'The firm’s intake forms by name, with their public address and how many leads each brought',
    },
    async (request) => ok('Intake forms', await forms.list(firmPrincipalOf(request), request.query)),
  );
  route(
    calls.view,
    {
      access: firmAccess('clientInfo'),
      summary: 'An intake form with its fields, thank-you text, assignee and version',
      description: notFoundNote,
    },
    async (request) => ok('Intake form', await forms.view(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.create,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Creates an intake form (unpublished, version 1; audited)',
      description:
        '400 for a definition with problems (repeated keys, a show-if rule on a later field, a lead detail filled twice…), an address another form has, or an assignee or practice area that is not the firm’s.',
    },
    async (request, reply) => created(reply, INTAKE_FORM_MESSAGES.created, await forms.create(firmPrincipalOf(request), request.body)),
  );
  route(
    calls.update,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Saves an intake form as its next version: leads already sent keep the version they were sent against (audited)',
      description: `400 as for creating one, or when a published form would lose the fields a lead needs. ${notFoundNote}`,
    },
    async (request) => ok(INTAKE_FORM_MESSAGES.updated, await forms.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    calls.publish,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Publishes an intake form at /intake/{firm}/{form} (audited)',
      description: `400 when it has no field for the lead’s email or name; 409 when the firm has no portal address. ${notFoundNote}`,
    },
    async (request) => ok(INTAKE_FORM_MESSAGES.published, await forms.setPublished(firmPrincipalOf(request), request.params.id, true)),
  );
  route(
    calls.unpublish,
    {
      access: firmAccess('clientInfo.edit'),
      summary: 'Unpublishes an intake form: its address answers not found (audited)',
      description: notFoundNote,
    },
    async (request) => ok(INTAKE_FORM_MESSAGES.unpublished, await forms.setPublished(firmPrincipalOf(request), request.params.id, false)),
  );
  route(
    calls.remove,
    {
      access: firmAccess('clientInfo.edit'),
      summary:
        'Sends an intake form to the recycle bin (audited): unpublished, so its public address answers not found; its leads stay with their answers',
      description: 'Deleting one already in the bin answers the same. 404 for a form that is not the firm’s.',
    },
    async (request) => ok(INTAKE_FORM_MESSAGES.deleted, await forms.remove(firmPrincipalOf(request), request.params.id)),
  );
  route(
    calls.embed,
    {
      access: firmAccess('clientInfo'),
      summary: 'The HTML to put the form on the firm’s website: an iframe, or a link, to its public address',
      description: `409 when the firm has no portal address. ${notFoundNote}`,
    },
    async (request) => ok('Embed snippet', await forms.embed(firmPrincipalOf(request), request.params.id)),
  );
}
