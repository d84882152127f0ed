import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENGAGEMENT_MESSAGES, engagementContracts as calls } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { StepOrigin } from '../signature-requests/signature-requests.api.ts';
import type { EngagementService } from './engagements.service.ts';

/** Where the sender acted from, for the request's history (as the signing module records its own calls). */
const originOf = (request: FastifyRequest): StepOrigin => {
  const userAgent = request.headers['user-agent'];
  return { ipAddress: request.ip || null, userAgent: typeof userAgent === 'string' && userAgent ? userAgent.slice(0, 400) : null };
};

const notFoundNote = '404 for a lead that is not the firm’s (or deleted).';

/**
 * A lead's engagement (issue 45, ADR 84). Seeing it needs `clientInfo`; its terms, letter and
 * sending it `clientInfo.edit` (working the lead, as its other calls); Convert opens a client and a
 * matter, so it needs both `clientInfo.create` and `matterMaster.create`.
 */
export function registerEngagementRoutes(app: FastifyInstance, engagements: EngagementService) {
  const route = contractRoutes(app, ['Engagements']);
  route(
    calls.view,
    {
      access: firmAccess('clientInfo'),
      summary:
        'A lead’s engagement: its terms (or the defaults from the lead), letter, signature, what Convert will create, and after it the client and matter',
      description: notFoundNote,
    },
    async (request) => ok('Engagement', await engagements.view(firmPrincipalOf(request), request.params.leadId)),
  );
  route(
    calls.saveTerms,
    {
      access: firmAccess('clientInfo.edit'),
      summary:
        'Saves the engagement terms: practice area, responsible fee earner, matter name and description, billing and rate, retainer, template (audited)',
      description: `${notFoundNote} 400 for a fee earner, practice area or template that is not the firm’s; 409 once the lead is converted, or for a change of fees (billing type, rate, retainer) while the letter stating them is out for signature or signed.`,
    },
    async (request) =>
      ok(ENGAGEMENT_MESSAGES.termsSaved, await engagements.saveTerms(firmPrincipalOf(request), request.params.leadId, request.body)),
  );
  route(
    calls.generateLetter,
    {
      access: firmAccess('clientInfo.edit'),
      summary:
        'Makes the engagement letter from the Word template (a .docx and a PDF to sign), filed in the firm’s “Engagement letters” folder',
      description: `${notFoundNote} 409 without saved terms or a template, or once the letter is out for signature or signed; 422 for a template the worker cannot read.`,
    },
    async (request) =>
      ok(ENGAGEMENT_MESSAGES.letterGenerated, await engagements.generateLetter(firmPrincipalOf(request), request.params.leadId)),
  );
  route(
    calls.sendLetter,
    {
      access: firmAccess('clientInfo.edit', 'document.create'),
      summary: 'Sends the letter’s PDF to the lead to sign online (a signature place and the date on its acceptance page)',
      description: `${notFoundNote} 409 until a conflict decision lets the firm act, without a letter or an email, or while it is out for signature.`,
    },
    async (request) =>
      ok(
        ENGAGEMENT_MESSAGES.letterSent,
        await engagements.sendLetter(firmPrincipalOf(request), request.params.leadId, request.body, originOf(request)),
      ),
  );
  route(
    calls.convert,
    {
      access: firmAccess('clientInfo.create', 'matterMaster.create'),
      summary:
        'Converts the lead: its client, matter, portal invitation, documents folder with the letter and the retainer’s trust request, in one go',
      description: `${notFoundNote} Idempotent: a converted lead answers the same client and matter. 409 without terms or a conflict decision that lets the firm act.`,
    },
    async (request) => ok(ENGAGEMENT_MESSAGES.converted, await engagements.convert(firmPrincipalOf(request), request.params.leadId)),
  );
}
