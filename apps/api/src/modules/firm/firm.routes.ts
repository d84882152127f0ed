import type { FastifyInstance } from 'fastify';
import { firmProfileContracts, firmSettingsContracts, firmSetupContracts } from '@matterhorn/shared';
import { ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { FirmSettingsService } from './firm-settings.service.ts';
import type { FirmService } from './firm.service.ts';

export function registerFirmRoutes(app: FastifyInstance, firms: FirmService, settings: FirmSettingsService) {
  const route = contractRoutes(app, ['Firm']);
  route(
    firmSetupContracts.setUp,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'Set up the firm: name, portal address, country, home currency, multicurrency, time zone, logo',
      description:
        'Completes the first-run set-up (it may be sent again). Refused with 409 when the portal address is taken or the home currency would change after money was recorded, ' +
        '400 for an unknown time zone or currency. The body may be up to 1 MB, for the logo.',
    },
    async (request) => {
      await firms.setUp(firmPrincipalOf(request), request.body);
      return ok('Your firm is set up', null);
    },
    { bodyLimit: 1_048_576 },
  );
  route(
    firmProfileContracts.view,
    {
      access: firmAccess(),
      summary: "The firm's profile: name, portal address, country, home currency, multicurrency, time zone, logo, contact details",
      description: 'Answers the firm’s settings as the settings page shows them, its billing increment included.',
    },
    async (request) => ok('Firm profile', await firms.profileOf(firmPrincipalOf(request))),
  );
  route(
    firmProfileContracts.update,
    {
      access: firmAccess('updateAccountSettings'),
      summary: "Update the firm's profile; leaving out logo keeps the current one, null removes it",
      description:
        'Replaces the profile with the body’s and answers it; leaving out billingIncrement, blockTimePastBudget or fiscalYearStartMonth keeps it. Refusals are as for set-up (409 portal address taken or home currency locked; 400 unknown time zone or currency).',
    },
    async (request) => ok('Firm profile updated', await firms.updateProfile(firmPrincipalOf(request), request.body)),
    { bodyLimit: 1_048_576 },
  );
  route(
    firmSettingsContracts.view,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'Settings › General: profile, numbering, terms, trust threshold, sign-in limits and recycle-bin retention',
      description: 'Answers every general setting of the firm as the Settings › General page shows them.',
    },
    async (request) => ok('Firm settings', await settings.view(firmPrincipalOf(request))),
  );
  route(
    firmSettingsContracts.update,
    {
      access: firmAccess('updateAccountSettings'),
      summary: 'Change any of the firm’s general settings; a field left out keeps its value',
      description:
        'Each change is audited by the part of the product that owns it. Refused whole: 409 for a taken portal address, a locked home currency or a next invoice number below one issued; 400 for an invalid value. The body may be up to 1 MB, for the logo.',
    },
    async (request) => ok('Firm settings updated', await settings.update(firmPrincipalOf(request), request.body)),
    { bodyLimit: 1_048_576 },
  );
}
