import { defineRoute } from '../common/route-contract.ts';
import { idParamsSchema } from '../common/fields.ts';
import { portalAccountInviteSchema, portalAccountListSchema, portalAccountsQuerySchema } from './portal-access.schemas.ts';

/** The firm's side of a client's portal accounts (the client's Portal access section). */
const base = '/api/admin/client-portal';

export const portalAccountsRoute = defineRoute({
  method: 'GET',
  path: `${base}/get-portal-accounts`,
  query: portalAccountsQuerySchema,
  response: portalAccountListSchema,
});

/** Answers 200 with the client's accounts (as each change below does). */
export const portalAccountInviteRoute = defineRoute({
  method: 'POST',
  path: `${base}/invite-portal-account`,
  body: portalAccountInviteSchema,
  response: portalAccountListSchema,
});

export const portalAccountDisableRoute = defineRoute({
  method: 'POST',
  path: `${base}/disable-portal-account/:id`,
  params: idParamsSchema,
  response: portalAccountListSchema,
});

export const portalAccountEnableRoute = defineRoute({
  method: 'POST',
  path: `${base}/enable-portal-account/:id`,
  params: idParamsSchema,
  response: portalAccountListSchema,
});

export const portalAccountRemoveRoute = defineRoute({
  method: 'POST',
  path: `${base}/remove-portal-account/:id`,
  params: idParamsSchema,
  response: portalAccountListSchema,
});

/** Forgets the account's authenticator app (a lost phone). */
export const portalAccountResetAuthenticatorRoute = defineRoute({
  method: 'POST',
  path: `${base}/reset-authenticator-portal-account/:id`,
  params: idParamsSchema,
  response: portalAccountListSchema,
});

export const portalAccessContracts = {
  list: portalAccountsRoute,
  invite: portalAccountInviteRoute,
  disable: portalAccountDisableRoute,
  enable: portalAccountEnableRoute,
  remove: portalAccountRemoveRoute,
  resetAuthenticator: portalAccountResetAuthenticatorRoute,
};
