import type { FastifyInstance } from 'fastify';
import { privacyNoticeContracts as contracts } from '@matterhorn/shared';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf, portalAccess, portalPrincipalOf, publicAccess } from '../../plugins/route-access.ts';
import type { PrivacyNotice } from './privacy-notice.service.ts';

const ADMINISTRATORS = firmAccess('administrator');

/** Settings › Data protection › Privacy notice (administrators), and the portal's side of it (ADR 92). */
export function registerPrivacyNoticeRoutes(app: FastifyInstance, privacyNotice: PrivacyNotice) {
  const route = contractRoutes(app, ['Data protection']);
  route(
    contracts.settings,
    { access: ADMINISTRATORS, summary: 'The data-protection officer and every published privacy notice version, newest first' },
    async (request) => ok('Privacy notice', await privacyNotice.settings(firmPrincipalOf(request))),
  );
  route(
    contracts.saveOfficer,
    { access: ADMINISTRATORS, summary: 'Names the firm’s data-protection officer (shown on the portal)' },
    async (request) => ok('Data-protection officer saved', await privacyNotice.saveOfficer(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.publish,
    {
      access: ADMINISTRATORS,
      summary: 'Publishes the privacy notice as its next version (1, 2, 3…); a published version is never edited',
      description:
        'Every portal user who has not agreed to the new version is shown it before the portal. 400 when the text is the current version’s.',
    },
    async (request, reply) =>
      created(reply, 'Privacy notice published', await privacyNotice.publish(firmPrincipalOf(request), request.body)),
  );
  route(
    contracts.clientConsents,
    {
      access: ADMINISTRATORS,
      summary: 'A client’s portal accounts and the privacy notice versions each agreed to',
      description: '404 for another firm’s client.',
    },
    async (request) => ok('Consents', await privacyNotice.clientConsents(firmPrincipalOf(request), request.query.ClientId)),
  );

  const portalRoute = contractRoutes(app, ['Client portal']);
  portalRoute(
    contracts.publicNotice,
    {
      access: publicAccess(),
      summary: 'The firm’s current privacy notice and data-protection officer, by its portal address (shown at sign-up)',
      description: 'notice is null when the firm has published none (sign-up then asks nothing). 404 for an unknown portal address.',
    },
    async (request) => ok('Privacy notice', await privacyNotice.publicNotice(request.query.Slug)),
  );
  portalRoute(
    contracts.portalNotice,
    { access: portalAccess(), summary: 'The current privacy notice, the officer, and whether this account still has to agree to it' },
    async (request) => ok('Privacy notice', await privacyNotice.portalNotice(portalPrincipalOf(request))),
  );
  portalRoute(
    contracts.portalConsent,
    {
      access: portalAccess(),
      summary: 'Records this account’s consent to the current privacy notice (once: a second submit keeps the first moment)',
      description: '400 (PRIVACY_CONSENT_REQUIRED) when the version is not the current one.',
    },
    async (request) =>
      ok('Thank you: your consent is recorded', await privacyNotice.consent(portalPrincipalOf(request), request.body.version)),
  );
}
