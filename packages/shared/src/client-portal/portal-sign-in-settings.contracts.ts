import { defineRoute } from '../common/route-contract.ts';
import { portalSignInSettingsSchema } from './portal-access.schemas.ts';

/** The firm's portal sign-in rules (the firm profile page's), apart from the client's portal accounts. */
const base = '/api/admin/client-portal';

export const portalSignInSettingsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-sign-in-settings`,
  response: portalSignInSettingsSchema,
});

export const portalSignInSettingsUpdateRoute = defineRoute({
  method: 'PUT',
  path: `${base}/update-sign-in-settings`,
  body: portalSignInSettingsSchema,
  response: portalSignInSettingsSchema,
});

export const portalSignInSettingsContracts = {
  view: portalSignInSettingsRoute,
  update: portalSignInSettingsUpdateRoute,
};
